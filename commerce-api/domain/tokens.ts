import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cachedPrincipalRow } from '../db/read-cache'
import { apiTokens, customers, salesReps, users } from '../db/schema'
import { REFRESH_LIFETIME, TOKEN_LIFETIME } from './channel'
import { verifyPasswordOf } from './passwords'
import { permissionIdsOfRoles } from './permissions'

export type TokenGrant = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  refresh_token: string
  refresh_expires_in: number
  /**
   * The sales representative a co-browse token acts for the user as (issue 35): an addition to ICM's token
   * answer, so that an ICM client can show who is acting; absent for the user's own tokens.
   */
  sales_rep_id?: string
  /** That representative's name, for the same purpose. */
  sales_rep_name?: string
}

/** The sales representative acting for a user through co-browse (sales_reps), as the principal names them. */
export type ActingSalesRep = { id: string; firstName: string; lastName: string }

/** Who is calling: an anonymous shopper or a user of a customer. */
export type Principal =
  | { anonymous: true; subject: string; token: string }
  | {
      anonymous: false
      subject: string
      token: string
      userId: string
      customerNo: string
      customerType: 'PrivateCustomer' | 'SMBCustomer'
      login: string
      /** The user's role ids (users.roles); empty for private customers. */
      roleIds: string[]
      /** The union of the permissions of the user's roles, sorted (domain/permissions.ts). */
      permissionIds: string[]
      /**
       * The sales representative acting for the user through co-browse (the token's `sales_rep_id`): what
       * the user's baskets and orders record as made by them. Absent for the user themselves.
       */
      salesRep?: ActingSalesRep
    }

/**
 * The customer number of a user who signed in through an OpenID provider and has not completed the
 * registration yet (issue 35, domain/identities.ts): no customer has it. Such a user's token is a
 * `Registrant`'s, good only for completing the registration (authorization.ts, rule `registrant`).
 */
export const REGISTRANT_CUSTOMER_NO = '~registrant'

/** A user without a customer yet, signed in through an OpenID provider (see REGISTRANT_CUSTOMER_NO). */
export type Registrant = { registrant: true; subject: string; token: string; userId: string; login: string }

const newSecret = () => randomBytes(32).toString('base64url')

async function issue(
  db: Db,
  subject: string,
  userId: string | null,
  { now = new Date(), salesRep = null }: { now?: Date; salesRep?: { id: string; name: string } | null } = {},
): Promise<TokenGrant> {
  const salesRepId = salesRep?.id ?? null
  const grant: TokenGrant = {
    access_token: newSecret(),
    token_type: 'bearer',
    expires_in: TOKEN_LIFETIME,
    refresh_token: newSecret(),
    refresh_expires_in: REFRESH_LIFETIME,
    ...(salesRep ? { sales_rep_id: salesRep.id, sales_rep_name: salesRep.name } : {}),
  }
  await db.insert(apiTokens).values({
    token: grant.access_token,
    subject,
    anonymous: userId === null,
    userId,
    refreshToken: grant.refresh_token,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME * 1000),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_LIFETIME * 1000),
    salesRepId,
  })
  return grant
}

/**
 * Whether a sales representative may (still) act for the user of `customerNo`: the representative is active
 * and looks after that customer. Asked when a co-browse token is minted, refreshed and used, so that a
 * representative deactivated or moved to other customers stops acting at once.
 */
const salesRepActsFor = (customerNo: typeof users.customerNo) =>
  sql<boolean>`coalesce(${salesReps.active} and ${salesReps.customerNos} @> jsonb_build_array(${customerNo}::text), false)`

/**
 * The representative a token acts through and whether they still may, read with the token wherever it is
 * presented (in a query that joins the token's user and, on its `salesRepId`, `sales_reps`).
 */
const actingSalesRepColumns = {
  salesRepId: apiTokens.salesRepId,
  salesRepFirstName: salesReps.firstName,
  salesRepLastName: salesReps.lastName,
  salesRepActs: salesRepActsFor(users.customerNo),
}

export const issueAnonymousToken = (db: Db) => issue(db, `anonymous:${randomUUID()}`, null)

/** A user's token pair, as a login gives it (single sign-on signs in through here; domain/identities.ts). */
export const issueUserToken = (db: Db, userId: string, now = new Date()) => issue(db, userId, userId, { now })

export type PasswordLoginResult =
  | { ok: true; grant: TokenGrant }
  /** `pending`: the user's customer registered and waits for the shop's approval (domain/registration.ts). */
  | { ok: false; reason: 'invalid' | 'inactive' | 'pending' }

/**
 * Whom a login name names: the one user whose login or e-mail address it is (case-insensitive), or nobody.
 * A name that matched two users (data from before they were kept apart) names nobody: a login never picks
 * one of two people. `key` is the account the login throttle counts under: the user, however they name
 * themselves (login or e-mail address), or the name itself when it names nobody.
 */
export type LoginAccount = {
  key: string
  user?: { id: string; passwordHash: string; active: boolean; approvalPending: boolean; registrant: boolean }
}

export async function findLoginAccount(db: Db, username: string): Promise<LoginAccount> {
  const name = username.trim().toLowerCase()
  const found = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      active: users.active,
      approvalPending: customers.approvalPending,
      customerNo: users.customerNo,
    })
    .from(users)
    .leftJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(or(eq(sql`lower(${users.login})`, name), eq(sql`lower(${users.email})`, name)))
    .limit(2)
  const row = found.length === 1 ? found[0] : undefined
  const user = row && {
    id: row.id,
    passwordHash: row.passwordHash,
    active: row.active,
    approvalPending: row.approvalPending === true,
    registrant: row.customerNo === REGISTRANT_CUSTOMER_NO,
  }
  return { key: user ? `user:${user.id}` : `name:${name}`, user }
}

/** Password grant for the account a name names (findLoginAccount). */
export async function loginAs(db: Db, account: LoginAccount, password: string): Promise<PasswordLoginResult> {
  const { user } = account
  // Unknown and inactive users cost one scrypt like everyone else (see verifyPasswordOf).
  // A user of single sign-on without a customer yet has no password that works (domain/identities.ts).
  if (!(await verifyPasswordOf(password, user?.passwordHash)) || !user || user.registrant)
    return { ok: false, reason: 'invalid' }
  if (!user.active) return { ok: false, reason: 'inactive' }
  if (user.approvalPending) return { ok: false, reason: 'pending' }
  return { ok: true, grant: await issue(db, user.id, user.id) }
}

/** Password grant: `username` may be the login or the e-mail address, case-insensitive. */
export async function loginWithPassword(
  db: Db,
  username: string,
  password: string,
): Promise<PasswordLoginResult> {
  return loginAs(db, await findLoginAccount(db, username), password)
}

/**
 * A refresh grant, as ICM answers it: the presented token may be a refresh token (within its refresh lifetime)
 * or a live access token, because ICM storefronts keep only the access token (the PWA's `apiToken` cookie)
 * and refresh with it on every full page load. The presented pair is not revoked: requests still under way
 * with it keep working, and it runs out at its own expiry. The new pair keeps the subject (and so its baskets).
 */
export async function refresh(db: Db, presented: string): Promise<TokenGrant | null> {
  const [row] = await db
    .select({
      token: apiTokens.token,
      subject: apiTokens.subject,
      userId: apiTokens.userId,
      singleUse: apiTokens.singleUse,
      ...actingSalesRepColumns,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(salesReps, eq(salesReps.id, apiTokens.salesRepId))
    .where(
      and(
        isNull(apiTokens.revokedAt),
        or(
          and(eq(apiTokens.refreshToken, presented), sql`${apiTokens.refreshExpiresAt} > now()`),
          and(eq(apiTokens.token, presented), sql`${apiTokens.expiresAt} > now()`),
        ),
      ),
    )
    .limit(1)
  if (!row) return null
  // A co-browse chain lives only while its representative may act for the user's customer.
  if (row.salesRepId && !row.salesRepActs) return null
  if (row.singleUse) {
    // A start token is exchanged once: of two refreshes racing with it, only the one that revokes it goes on.
    const consumed = await db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.token, row.token), isNull(apiTokens.revokedAt)))
      .returning({ token: apiTokens.token })
    if (!consumed.length) return null
  }
  const salesRep = row.salesRepId
    ? { id: row.salesRepId, name: `${row.salesRepFirstName ?? ''} ${row.salesRepLastName ?? ''}`.trim() }
    : null
  return issue(db, row.subject, row.userId, { salesRep })
}

/** How long a punchout start token works (seconds): the buyer's browser opens the start URL at once. */
export const START_TOKEN_LIFETIME = 300

/**
 * A punchout start token for a user (issue 34; the `access-token` of a cXML start URL): an access token of
 * the user, as a login would give, that works for START_TOKEN_LIFETIME and is exchanged once: the first
 * refresh grant with it (or its refresh token) revokes it and answers an ordinary token pair, any later one is
 * refused. A client that uses it directly (the Intershop PWA) keeps it until it runs out.
 */
export const issueStartToken = (db: Db, userId: string, now = new Date()) =>
  issueSingleUse(db, userId, START_TOKEN_LIFETIME, now)

/**
 * A token of a user that works for `lifetime` seconds and is exchanged once (see issueStartToken), acting
 * through `salesRepId` where a representative minted it.
 */
async function issueSingleUse(
  db: Db,
  userId: string,
  lifetime: number,
  now: Date,
  salesRepId: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret()
  const expiresAt = new Date(now.getTime() + lifetime * 1000)
  await db.insert(apiTokens).values({
    token,
    subject: userId,
    anonymous: false,
    userId,
    refreshToken: newSecret(),
    expiresAt,
    refreshExpiresAt: expiresAt,
    singleUse: true,
    salesRepId,
  })
  return { token, expiresAt }
}

/** How long a co-browse token works (seconds): the representative's browser opens the link at once. */
export const COBROWSE_TOKEN_LIFETIME = 120

/**
 * A co-browse token (issue 35; the `access-token` of the storefront's `/cobrowse` link): a start token like
 * issueStartToken's, for COBROWSE_TOKEN_LIFETIME and exchanged once, that names the sales representative
 * acting for the user; every token issued for it inherits the representative. Whether the representative may
 * act for this user is domain/sales-reps.ts's to decide before.
 */
export const issueCobrowseToken = (db: Db, userId: string, salesRepId: string, now = new Date()) =>
  issueSingleUse(db, userId, COBROWSE_TOKEN_LIFETIME, now, salesRepId)

/**
 * Logout, as ICM does it: every token issued for the presented token's subject stops working, refresh tokens
 * included. Refreshes do not revoke, so a user's subject covers the whole chain of tokens a session went
 * through; an anonymous subject is one shopper's chain. An unknown token revokes nothing. A co-browse chain
 * shares its user's subject (and so their baskets) but is a session of its own: a representative ending
 * co-browse revokes the tokens acting as them, and the user's own logout leaves those alone.
 */
export async function revoke(db: Db, token: string): Promise<void> {
  const [presented] = await db
    .select({ subject: apiTokens.subject, salesRepId: apiTokens.salesRepId })
    .from(apiTokens)
    .where(eq(apiTokens.token, token))
  if (!presented) return
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiTokens.subject, presented.subject),
        presented.salesRepId === null
          ? isNull(apiTokens.salesRepId)
          : eq(apiTokens.salesRepId, presented.salesRepId),
        isNull(apiTokens.revokedAt),
      ),
    )
}

export type TokenCheck =
  | { status: 'valid'; principal: Principal }
  /** A user of single sign-on who has not completed the registration (REGISTRANT_CUSTOMER_NO). */
  | { status: 'registrant'; registrant: Registrant }
  | { status: 'invalid' | 'expired' }

/** A token's row with its user, customer, permissions and acting representative, as checkToken judges it. */
const principalRow = async (db: Db, token: string) => {
  const [row] = await db
    .select({
      subject: apiTokens.subject,
      anonymous: apiTokens.anonymous,
      userId: apiTokens.userId,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      customerNo: users.customerNo,
      login: users.login,
      active: users.active,
      customerType: customers.type,
      roleIds: users.roles,
      // Read with the user in this one query: every authorized call needs them.
      permissionIds: permissionIdsOfRoles(users.roles),
      ...actingSalesRepColumns,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(customers, eq(customers.customerNo, users.customerNo))
    .leftJoin(salesReps, eq(salesReps.id, apiTokens.salesRepId))
    .where(eq(apiTokens.token, token))
    .limit(1)
  return row
}

/**
 * What a presented token is worth now. Its row is kept in memory on the embedded database until a principal
 * table changes (db/read-cache.ts): every call with a token asks, about 45 times per checkout.
 */
export async function checkToken(db: Db, token: string): Promise<TokenCheck> {
  const row = await cachedPrincipalRow(db, token, (db) => principalRow(db, token))
  if (!row || row.revokedAt) return { status: 'invalid' }
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' }
  if (row.anonymous || !row.userId)
    return { status: 'valid', principal: { anonymous: true, subject: row.subject, token } }
  if (!row.active || !row.customerNo || !row.login) return { status: 'invalid' }
  if (row.customerNo === REGISTRANT_CUSTOMER_NO)
    return {
      status: 'registrant',
      registrant: { registrant: true, subject: row.subject, token, userId: row.userId, login: row.login },
    }
  // A representative deactivated, or no longer looking after the customer, acts for nobody any more.
  if (row.salesRepId && !row.salesRepActs) return { status: 'invalid' }
  return {
    status: 'valid',
    principal: {
      anonymous: false,
      subject: row.subject,
      token,
      userId: row.userId,
      customerNo: row.customerNo,
      customerType: row.customerType === 'SMBCustomer' ? 'SMBCustomer' : 'PrivateCustomer',
      login: row.login,
      roleIds: row.roleIds ?? [],
      permissionIds: row.permissionIds,
      ...(row.salesRepId
        ? {
            salesRep: {
              id: row.salesRepId,
              firstName: row.salesRepFirstName ?? '',
              lastName: row.salesRepLastName ?? '',
            },
          }
        : {}),
    },
  }
}

/**
 * Drops tokens that can no longer be used or refreshed: past their refresh expiry, or revoked (by a logout).
 * Answers how many went.
 */
export async function purgeDeadTokens(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(apiTokens)
    .where(or(lt(apiTokens.refreshExpiresAt, now), isNotNull(apiTokens.revokedAt)))
    .returning({ token: apiTokens.token })
  return purged.length
}
