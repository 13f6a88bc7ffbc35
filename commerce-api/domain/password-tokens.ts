/**
 * Password links (a new user's "set your password", a forgotten password's reminder): a random secret goes
 * into the link, only its SHA-256 into `password_tokens`, so a copy of the database opens no account. A
 * token works once and only until it expires; setting the password with it is ICM's `POST security/password`
 * `{userID, secureCode, password}`, whose refusals name the attribute at fault (the PWA maps them to its
 * messages, spec shell-and-cross-cutting §8).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { apiTokens, passwordTokens, users } from '../db/schema'
import { DomainError } from './errors'
import type { MessageCode } from './message-codes'
import { hashPassword } from './passwords'

/**
 * `welcome`: a new user sets a first password; `reminder`: a forgotten one; `invitation`: a new user accepts
 * their company's invitation, signing in through the shop's OpenID provider (domain/identities.ts) or, where
 * the shop has none, setting a first password with it like a welcome link.
 */
export type PasswordTokenPurpose = 'welcome' | 'reminder' | 'invitation'

/**
 * How long a link works: a new user gets three days to find the mail, an invitation a week, a reminder two
 * hours.
 */
export const PASSWORD_TOKEN_LIFETIME_SECONDS: Record<PasswordTokenPurpose, number> = {
  welcome: 72 * 3600,
  reminder: 2 * 3600,
  invitation: 7 * 24 * 3600,
}

/** The longest secret, user id and password the endpoint reads: far above any real one, bounded. */
export const MAX_SECURE_CODE_LENGTH = 128
export const MAX_USER_ID_LENGTH = 256
export const MAX_PASSWORD_LENGTH = 256

/**
 * ICM's default password rule (its `PasswordExpression`, the PWA's `password` validator): at least seven
 * characters, at least one letter and one digit, no white space.
 */
export const MIN_PASSWORD_LENGTH = 7
const PASSWORD_EXPRESSION = /^(?=\S*[A-Za-z\u00C0-\u024F])(?=\S*\d)\S+$/u

/** Why a password breaks the rule, or undefined when it keeps it. */
export function passwordRuleViolation(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`
  if (!PASSWORD_EXPRESSION.test(password))
    return 'The password must contain letters and digits and no spaces.'
  return undefined
}

/** The stored form of a secret. */
export const secretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex')

/**
 * Makes a token for the user (in the caller's transaction, next to the change that asks for it) and answers
 * the secret for the link; only its hash is kept.
 */
export async function issuePasswordToken(
  tx: Db,
  userId: string,
  purpose: PasswordTokenPurpose,
  now = new Date(),
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + PASSWORD_TOKEN_LIFETIME_SECONDS[purpose] * 1000)
  await tx.insert(passwordTokens).values({ hash: secretHash(secret), userId, purpose, expiresAt })
  return { secret, expiresAt }
}

/**
 * Revokes the user's unused password links (marked used, so none of them sets a password any more), in the
 * caller's transaction; answers the purposes of the links revoked.
 */
export async function revokePasswordTokens(
  tx: Db,
  userId: string,
  now = new Date(),
): Promise<PasswordTokenPurpose[]> {
  const revoked = await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
    .returning({ purpose: passwordTokens.purpose })
  return revoked.map((row) => row.purpose as PasswordTokenPurpose)
}

/** A refusal naming the attribute at fault, as ICM's `error-invalid-attributes` header does. */
function refusal(
  kind: 'invalid' | 'refused',
  code: MessageCode,
  message: string,
  attribute?: 'secureCode' | 'userID' | 'password',
) {
  return new DomainError(kind, code, message, [
    { code, message, ...(attribute ? { paths: [attribute] } : {}) },
  ])
}

export const INVALID_HASH = 'account.forgotdata.consumer_invalid_hash.error'
export const USER_DISABLED = 'account.forgotdata.consumer_disabled.error'
export const PASSWORD_VIOLATION =
  'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation'
export const LINK_EXPIRED = 'account.forgotdata.consumer_password_timeout.error'

const invalidHash = () =>
  refusal('invalid', INVALID_HASH, 'The link is not valid or has already been used.', 'secureCode')

/** The attribute a refusal of `setPasswordWithToken` names, if any (for the `error-*-attributes` header). */
export const attributeOf = (error: DomainError) => error.causes[0]?.paths?.[0]

type TokenRow = typeof passwordTokens.$inferSelect

/** The token of the secret if it is the given user's and unused; the user named by id or login. */
async function tokenFor(db: Db, userID: string, secureCode: string, lock: boolean) {
  const query = db
    .select({ token: passwordTokens, user: { id: users.id, login: users.login, active: users.active } })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(and(eq(passwordTokens.hash, secretHash(secureCode)), isNull(passwordTokens.usedAt)))
  const [row] = lock ? await query.for('update', { of: passwordTokens }) : await query
  if (!row) return undefined
  const named = row.user.id === userID || row.user.login.toLowerCase() === userID.toLowerCase()
  return named ? row : undefined
}

/** Refuses a token that cannot set a password now: unknown, used, someone else's, expired, inactive user. */
function checkToken(
  row: { token: TokenRow; user: { active: boolean } } | undefined,
  now: Date,
): asserts row is { token: TokenRow; user: { id: string; login: string; active: boolean } } {
  if (!row) throw invalidHash()
  if (row.token.expiresAt <= now)
    throw refusal('refused', LINK_EXPIRED, 'The link has expired. Please ask for a new one.')
  if (!row.user.active)
    throw refusal('refused', USER_DISABLED, 'The account of this link is disabled.', 'userID')
}

/**
 * Sets the user's password with the secret of their link, in one transaction: the new hash, the token (and
 * any other open link of the user) used up, the user's API tokens revoked (a reminder means someone else may
 * know the old password). Refusals: unknown, used or foreign secret → `secureCode`; disabled user →
 * `userID`; password against the rule → `password`; expired link → no attribute (ICM's "timeout").
 */
export async function setPasswordWithToken(
  db: Db,
  input: { userID: string; secureCode: string; password: string },
  now = new Date(),
): Promise<{ userId: string }> {
  if (!input.secureCode || input.secureCode.length > MAX_SECURE_CODE_LENGTH) throw invalidHash()
  if (!input.userID || input.userID.length > MAX_USER_ID_LENGTH)
    throw refusal('invalid', USER_DISABLED, 'The user of this link is not known.', 'userID')
  checkToken(await tokenFor(db, input.userID, input.secureCode, false), now)
  const violation = passwordRuleViolation(input.password)
  if (violation) throw refusal('refused', PASSWORD_VIOLATION, violation, 'password')
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    // Again, holding the row: of two uses of one link at the same time, only the first sets a password.
    const row = await tokenFor(tx, input.userID, input.secureCode, true)
    checkToken(row, now)
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.user.id))
    await revokePasswordTokens(tx, row.user.id, now)
    await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, row.user.id), isNull(apiTokens.revokedAt)))
    return { userId: row.user.id }
  })
}
