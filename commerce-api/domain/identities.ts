/**
 * Single sign-on (issue 35, ICM's `POST users/processtoken`): an identity of an OpenID provider (issuer and
 * subject of a verified id token, domain/id-tokens.ts) is linked to one user of the shop (`user_identities`),
 * and signs that user in.
 *
 * - A linked identity signs its user in, as a password login would (a deactivated user, or a customer that
 *   waits for the shop's approval, is refused in the same words).
 * - `CREATE_USER` for an identity nobody has: a new user from the token's claims (e-mail address, names; the
 *   login is the e-mail address; a random password nobody knows), with no customer yet: their customer number
 *   is REGISTRANT_CUSTOMER_NO until they complete the registration (`completeRegistration` in
 *   registration.ts), and their token is good for nothing else. An e-mail address that names a user already is
 *   never linked silently (whoever controls an identity with that address would take the account over): 409.
 * - `UPDATE` with an invitation (`secure_user_ref`: the invited user's id and the secret of their invitation
 *   link, password-tokens.ts purpose `invitation`) links the identity to the invited user and uses the link up.
 *   `UPDATE` without one signs in a linked identity and is 404 for an unknown one (clients then try
 *   `CREATE_USER`).
 *
 * The id token's nonce is recorded in the transaction that signs the user in (consumeNonce): a refusal
 * leaves it unused, so that a client may try `UPDATE` and then `CREATE_USER` with the same token, and a
 * second sign-in with it is refused.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, passwordTokens, userIdentities, users } from '../db/schema'
import type { Locale } from './channel'
import { conflictError, forbiddenError, notFoundError, refusedError } from './errors'
import { consumeNonce, IdTokenRejected, type VerifiedIdToken } from './id-tokens'
import { revokePasswordTokens, secretHash } from './password-tokens'
import { hashPassword } from './passwords'
import { issueUserToken, REGISTRANT_CUSTOMER_NO, type TokenGrant } from './tokens'
import { isUniqueViolation, takenNames } from './users'

export type UserRow = typeof users.$inferSelect

export type SsoRequest =
  | { option: 'CREATE_USER'; locale: Locale }
  | { option: 'UPDATE'; invitation?: { userId: string; secureCode: string } }

export type SsoSignIn = {
  user: UserRow
  grant: TokenGrant
  /** A user was made for the identity (CREATE_USER). */
  created: boolean
  /** The user has no customer yet: the client sends them to complete the registration. */
  registrant: boolean
}

/** How long an abandoned single sign-on registration (a user without customer) is kept. */
export const REGISTRANT_LIFETIME_DAYS = 30

export const IDENTITY_UNKNOWN = 'account.sso.identity.unknown.error'
export const EMAIL_IN_USE = 'account.sso.email_in_use.error'
export const INVITATION_INVALID = 'account.sso.invitation.invalid.error'

const userDisabled = () =>
  forbiddenError('account.login.user_disabled.error', 'The user has been deactivated.')
const approvalPending = () =>
  forbiddenError('account.login.customer_approval.error', 'The account has not been approved yet.')
const invitationInvalid = (message: string) => refusedError(INVITATION_INVALID, message)

/** Whether a user may be signed in: active, and their customer (if any yet) not waiting for approval. */
async function requireSignInAllowed(db: Db, user: UserRow) {
  if (!user.active) throw userDisabled()
  if (user.customerNo === REGISTRANT_CUSTOMER_NO) return
  const [customer] = await db
    .select({ approvalPending: customers.approvalPending })
    .from(customers)
    .where(eq(customers.customerNo, user.customerNo))
  if (customer?.approvalPending) throw approvalPending()
}

/** The user the identity is linked to, if any. */
export async function linkedUser(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
  return row?.user
}

/** In the sign-in's transaction: the nonce recorded (a replayed token refused) and a token issued. */
async function finishSignIn(tx: Db, token: VerifiedIdToken, userId: string): Promise<TokenGrant> {
  if (!(await consumeNonce(tx, token)))
    throw new IdTokenRejected('replayed', 'This id token has been used to sign in already.')
  return issueUserToken(tx, userId)
}

const signedIn = (user: UserRow, grant: TokenGrant, created: boolean): SsoSignIn => ({
  user,
  grant,
  created,
  registrant: user.customerNo === REGISTRANT_CUSTOMER_NO,
})

/** Signs in the identity of a verified id token, as `request` asks (see the module's comment). */
export async function signInWithIdToken(
  db: Db,
  token: VerifiedIdToken,
  request: SsoRequest,
): Promise<SsoSignIn> {
  if (request.option === 'UPDATE' && request.invitation)
    return acceptInvitation(db, token, request.invitation)
  const linked = await linkedUser(db, token.issuer, token.subject)
  if (linked) {
    await requireSignInAllowed(db, linked)
    const grant = await db.transaction((tx) => finishSignIn(tx, token, linked.id))
    return signedIn(linked, grant, false)
  }
  if (request.option === 'UPDATE')
    throw notFoundError(IDENTITY_UNKNOWN, 'This identity is not linked to a user of the shop.')
  return createRegistrant(db, token, request.locale)
}

/** `name` split at its last space, for a provider that sends no given and family name. */
function namesOf(token: VerifiedIdToken): { firstName: string; lastName: string } {
  if (token.givenName || token.familyName)
    return { firstName: token.givenName ?? '', lastName: token.familyName ?? '' }
  const name = token.name ?? ''
  const at = name.lastIndexOf(' ')
  return at > 0
    ? { firstName: name.slice(0, at), lastName: name.slice(at + 1) }
    : { firstName: name, lastName: '' }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** CREATE_USER for an identity nobody has: a user without customer, linked to it, signed in. */
async function createRegistrant(db: Db, token: VerifiedIdToken, locale: Locale): Promise<SsoSignIn> {
  const email = token.email
  if (!email || !EMAIL.test(email) || email.length > 254 || token.emailVerified === false)
    throw refusedError(
      'account.sso.email.required.error',
      'The identity provider named no confirmed e-mail address for this identity.',
    )
  const emailInUse = () =>
    conflictError(
      EMAIL_IN_USE,
      'A user of the shop has this e-mail address already: sign in with the password, or accept an invitation.',
    )
  if ((await takenNames(db, [email])).size) throw emailInUse()
  const { firstName, lastName } = namesOf(token)
  // Nobody knows this password: the user signs in through the provider (and password logins of a user
  // without customer are refused anyway, tokens.ts loginAs).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          customerNo: REGISTRANT_CUSTOMER_NO,
          login: email,
          email,
          passwordHash,
          firstName: firstName.slice(0, 100),
          lastName: lastName.slice(0, 100),
          preferredLanguage: locale,
          roles: [],
        })
        .returning()
      await tx
        .insert(userIdentities)
        .values({ issuer: token.issuer, subject: token.subject, userId: user!.id, email })
      return signedIn(user!, await finishSignIn(tx, token, user!.id), true)
    })
  } catch (error) {
    // Another sign-in took the address (or linked this identity) between the check and the insert.
    if (isUniqueViolation(error)) throw emailInUse()
    throw error
  }
}

/**
 * UPDATE with an invitation: the identity is linked to the invited user, whose invitation link is used up
 * with any other open link of theirs. Refused: a secret that is unknown, used, expired, of another purpose
 * or another user's (422 `account.sso.invitation.invalid.error`); an identity linked to someone else (409).
 */
async function acceptInvitation(
  db: Db,
  token: VerifiedIdToken,
  invitation: { userId: string; secureCode: string },
  now = new Date(),
): Promise<SsoSignIn> {
  const found = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.hash, secretHash(invitation.secureCode)),
        eq(passwordTokens.purpose, 'invitation'),
        isNull(passwordTokens.usedAt),
      ),
    )
  const row = found[0]
  const named =
    row &&
    (row.user.id === invitation.userId || row.user.login.toLowerCase() === invitation.userId.toLowerCase())
  if (!row || !named) throw invitationInvalid('The invitation is not valid or has been used already.')
  if (row.token.expiresAt <= now) throw invitationInvalid('The invitation has expired.')
  await requireSignInAllowed(db, row.user)
  const user = row.user
  const identityInUse = () =>
    conflictError(
      'account.sso.identity.in_use.error',
      'This identity is linked to another user of the shop already.',
    )
  const linked = await linkedUser(db, token.issuer, token.subject)
  if (linked && linked.id !== user.id) throw identityInUse()
  const grant = await db.transaction(async (tx) => {
    // Again, holding the link: of two acceptances at the same time only the first goes on.
    const [held] = await tx
      .select({ hash: passwordTokens.hash })
      .from(passwordTokens)
      .where(and(eq(passwordTokens.hash, row.token.hash), isNull(passwordTokens.usedAt)))
      .for('update')
    if (!held) throw invitationInvalid('The invitation has been used already.')
    await tx
      .insert(userIdentities)
      .values({ issuer: token.issuer, subject: token.subject, userId: user.id, email: token.email ?? null })
      .onConflictDoNothing()
    if ((await linkedUser(tx, token.issuer, token.subject))?.id !== user.id) throw identityInUse()
    await revokePasswordTokens(tx, user.id, now)
    return finishSignIn(tx, token, user.id)
  })
  return signedIn(user, grant, false)
}

/** A user of single sign-on who has no customer yet, as their registrant token names them. */
export async function registrantUser(db: Db, userId: string): Promise<{ user: UserRow; registrant: true }> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerNo, REGISTRANT_CUSTOMER_NO)))
  if (!user) throw notFoundError('customer.user.not_found', 'The user could not be found.')
  return { user, registrant: true }
}

/**
 * Links an identity to the user of a login, unless the identity is linked already (the development
 * provider's known identity, linked at the API's start); answers whether it is linked to that user now.
 */
export async function linkIdentity(
  db: Db,
  link: { issuer: string; subject: string; login: string },
): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.login})`, link.login.toLowerCase()))
  if (!user) return false
  await db
    .insert(userIdentities)
    .values({ issuer: link.issuer, subject: link.subject, userId: user.id, email: user.email })
    .onConflictDoNothing()
  return (await linkedUser(db, link.issuer, link.subject))?.id === user.id
}

/**
 * Drops users of single sign-on who never completed the registration within REGISTRANT_LIFETIME_DAYS (their
 * identity links go with them), so that an abandoned start does not hold an e-mail address for ever.
 */
export async function purgeAbandonedRegistrants(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REGISTRANT_LIFETIME_DAYS * 86_400_000)
  const purged = await db
    .delete(users)
    .where(and(eq(users.customerNo, REGISTRANT_CUSTOMER_NO), lt(users.createdAt, before)))
    .returning({ id: users.id })
  return purged.length
}
