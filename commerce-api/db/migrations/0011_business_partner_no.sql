ALTER TABLE "users" ADD COLUMN "business_partner_no" text;--> statement-breakpoint
UPDATE "users" SET "business_partner_no" = numbered."no" FROM (
  SELECT u."id", 'U' || lpad((row_number() OVER (PARTITION BY u."customer_no" ORDER BY u."created_at", lower(u."login")))::text, 5, '0') AS "no"
  FROM "users" u JOIN "customers" c ON c."customer_no" = u."customer_no"
  WHERE c."type" = 'SMBCustomer'
) numbered WHERE "users"."id" = numbered."id";--> statement-breakpoint
CREATE UNIQUE INDEX "users_business_partner_no_idx" ON "users" USING btree ("customer_no","business_partner_no");
