-- One name, one person (issue 31): a login is unique shop-wide and an e-mail address names one user, across
-- both columns. The unique indexes users_login_idx and users_email_idx keep each column unique on its own; this
-- trigger refuses a login that is another user's e-mail address and an e-mail address that is another user's
-- login, with the unique violation (23505) the indexes raise. The advisory locks on the lower-cased names make
-- two writers of one name (one as a login, one as an e-mail address) run one after the other, so neither can
-- slip past the other's check.
CREATE FUNCTION users_names_unique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('users.name:' || lower(NEW.login)));
  IF lower(NEW.email) <> lower(NEW.login) THEN
    PERFORM pg_advisory_xact_lock(hashtext('users.name:' || lower(NEW.email)));
  END IF;
  IF EXISTS (
    SELECT 1 FROM users
    WHERE id <> NEW.id
      AND (lower(email) = lower(NEW.login) OR lower(login) = lower(NEW.email))
  ) THEN
    RAISE EXCEPTION 'a login or e-mail address names another user'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_names_unique';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_names_unique BEFORE INSERT OR UPDATE OF login, email ON users
  FOR EACH ROW EXECUTE FUNCTION users_names_unique();
