/**
 * Data-protection requests (issue 33; ICM's personal data requests, `PUT gdpr-requests/{id}/confirmations`):
 * a logged-in user asks for a copy of their data or for its deletion; the shop mails a link to the user's
 * address, and only opening it (the storefront's `/gdpr-requests?Hash=&PersonalDataRequestID=`) carries the
 * request out, so that a stolen session alone neither reads nor deletes anyone's data.
 *
 * - The link's secret is random; only its SHA-256 is stored. It works until it expires (24 hours), and
 *   carries its request out once: a second confirmation answers "already confirmed" and does nothing.
 *   A new request of the same type replaces the user's unconfirmed one (its link stops working).
 * - Confirming a copy stores the document (personal-data-copy.ts) for its owner to download, logged in, for
 *   seven days (ADR 0031); then it is emptied.
 * - Confirming a deletion anonymises the user in one transaction (anonymiseUser): names, e-mail address,
 *   login, phone and title replaced, password unusable, login disabled, tokens and links revoked, their
 *   addresses, saved payment instruments, open baskets and recurring orders deleted, pending requisitions
 *   withdrawn. Orders are kept as placed: invoices and the records of trade must be kept (HGB §257, AO §147).
 * - Business customers: only the user's own personal data goes; the company (its profile, shared addresses,
 *   cost centers, other users) stays. The last active account administrator of a company with other active
 *   users cannot delete themselves (someone must manage the company): refused when asking and again when
 *   confirming.
 *
 * Outcomes of a confirmation (spec §8): first confirmation → info `gdpr_request.confirmed.info`; again →
 * info `gdpr_request.already_confirmed.info`; unknown request, wrong secret or expired link → 404
 * `personal.data.request.confirmation_link_expired.error`; a request that cannot be carried out now → 422
 * `personal.data.request.unprocessable.error`.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  addresses,
  apiTokens,
  baskets,
  costCenterBuyers,
  costCenters,
  customers,
  newsletterSubscriptions,
  passkeys,
  passwordTokens,
  paymentInstruments,
  personalDataRequests,
  users,
  wishlists,
} from '../db/schema'
import { DomainError, notFoundError, refusedError } from './errors'
import { publish } from './events'
import { secretHash } from './password-tokens'
import { personalDataCopy } from './personal-data-copy'
import { refreshPendingApprovers, withdrawRequisitionsOf } from './requisition-authority'
import { isAdministrator, lockCompany, requireAnotherAdministrator } from './users'

export type PersonalDataRequestType = 'copy' | 'deletion'
export const PERSONAL_DATA_REQUEST_TYPES = ['copy', 'deletion'] as const

/** How long the mailed link works, and how long a confirmed copy can be downloaded. */
export const CONFIRMATION_LINK_SECONDS = 24 * 3600
export const COPY_AVAILABLE_SECONDS = 7 * 24 * 3600

/** The longest secret the confirmation reads (real ones have 43 characters). */
export const MAX_HASH_LENGTH = 128

/** Requests a user's list shows (newest first). */
export const MAX_LISTED_REQUESTS = 20

export const CONFIRMED_INFO = 'gdpr_request.confirmed.info'
export const ALREADY_CONFIRMED_INFO = 'gdpr_request.already_confirmed.info'
export const LINK_EXPIRED = 'personal.data.request.confirmation_link_expired.error'
export const UNPROCESSABLE = 'personal.data.request.unprocessable.error'

/** What an anonymised user is called from then on (the login and address are unique per user). */
export const ANONYMOUS_FIRST_NAME = 'Deleted'
export const ANONYMOUS_LAST_NAME = 'user'

export type PersonalDataRequestRow = typeof personalDataRequests.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const linkExpired = () =>
  notFoundError(LINK_EXPIRED, 'The confirmation link is not valid or has expired. Please ask again.')
const unprocessable = (message: string) => refusedError(UNPROCESSABLE, message)

/**
 * Whether the user may ask for the deletion of their data now: the last active administrator of a company
 * with other active users may not (refused with `customer.user.last_account_owner`).
 */
async function requireDeletable(tx: Db, user: typeof users.$inferSelect) {
  const [customer] = await tx
    .select({ type: customers.type })
    .from(customers)
    .where(eq(customers.customerNo, user.customerNo))
  if (customer?.type !== 'SMBCustomer' || !(await isAdministrator(tx, user))) return
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerNo, user.customerNo), eq(users.active, true)))
    .limit(2)
  if (others.some((other) => other.id !== user.id))
    await requireAnotherAdministrator(tx, user.customerNo, user.id, 'deleted')
}

/**
 * A new request of the user's, with the mail of its link (event `personal_data_request.created`) in the same
 * transaction; an unconfirmed one of the same type is replaced.
 */
export async function createPersonalDataRequest(
  db: Db,
  userId: string,
  type: PersonalDataRequestType,
  now = new Date(),
): Promise<PersonalDataRequestRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId))
    if (!user?.active) throw notFoundError('resource.not_found', 'The user is not known.')
    if (type === 'deletion') {
      await lockCompany(tx, user.customerNo)
      await requireDeletable(tx, user)
    }
    await tx
      .delete(personalDataRequests)
      .where(
        and(
          eq(personalDataRequests.userId, userId),
          eq(personalDataRequests.type, type),
          eq(personalDataRequests.status, 'PENDING'),
        ),
      )
    const secret = randomBytes(32).toString('base64url')
    const expiresAt = new Date(now.getTime() + CONFIRMATION_LINK_SECONDS * 1000)
    const [request] = await tx
      .insert(personalDataRequests)
      .values({
        userId,
        customerNo: user.customerNo,
        type,
        hash: secretHash(secret),
        expiresAt,
        createdAt: now,
      })
      .returning()
    await publish(tx, {
      type: 'personal_data_request.created',
      request: { id: request!.id, type, secret, expiresAt },
      user: {
        id: user.id,
        login: user.login,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        preferredLanguage: user.preferredLanguage,
      },
    })
    return request!
  })
}

/** The user's requests, newest first; a copy's document is left out (copyOf reads it). */
export async function listPersonalDataRequests(db: Db, userId: string) {
  return db
    .select({
      id: personalDataRequests.id,
      type: personalDataRequests.type,
      status: personalDataRequests.status,
      createdAt: personalDataRequests.createdAt,
      expiresAt: personalDataRequests.expiresAt,
      confirmedAt: personalDataRequests.confirmedAt,
      copyExpiresAt: personalDataRequests.copyExpiresAt,
    })
    .from(personalDataRequests)
    .where(eq(personalDataRequests.userId, userId))
    .orderBy(desc(personalDataRequests.createdAt))
    .limit(MAX_LISTED_REQUESTS)
}

/** The document of the user's confirmed copy request while it can be downloaded; 404 otherwise. */
export async function copyOf(db: Db, userId: string, requestId: string, now = new Date()) {
  const notFound = () => notFoundError('resource.not_found', 'There is no copy of this request to download.')
  if (!UUID.test(requestId)) throw notFound()
  const [row] = await db
    .select({ copy: personalDataRequests.copy, until: personalDataRequests.copyExpiresAt })
    .from(personalDataRequests)
    .where(and(eq(personalDataRequests.id, requestId), eq(personalDataRequests.userId, userId)))
  if (!row?.copy || !row.until || row.until <= now) throw notFound()
  return row.copy
}

/** Empties the copies whose download time is over (the cleanup job calls it; reads refuse them anyway). */
export async function expireCopies(db: Db, now = new Date()) {
  const emptied = await db
    .update(personalDataRequests)
    .set({ copy: null })
    .where(and(lt(personalDataRequests.copyExpiresAt, now), isNotNull(personalDataRequests.copy)))
    .returning({ id: personalDataRequests.id })
  return emptied.length
}

const sameHash = (stored: string, secret: string) => {
  const given = Buffer.from(secretHash(secret), 'hex')
  const kept = Buffer.from(stored, 'hex')
  return given.length === kept.length && timingSafeEqual(given, kept)
}

export type Confirmation = {
  code: typeof CONFIRMED_INFO | typeof ALREADY_CONFIRMED_INFO
  request: { id: string; type: PersonalDataRequestType; status: 'CONFIRMED' }
  /** The user whose request it is (whose tokens a deletion revoked). */
  userId: string
}

/**
 * Confirms a request with its link's secret and carries it out, in one transaction that holds the request's
 * row, so that of two confirmations at the same time only the first carries it out.
 */
export async function confirmPersonalDataRequest(
  db: Db,
  requestId: string,
  secret: string,
  now = new Date(),
): Promise<Confirmation> {
  if (!UUID.test(requestId) || !secret || secret.length > MAX_HASH_LENGTH) throw linkExpired()
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(personalDataRequests)
      .where(eq(personalDataRequests.id, requestId))
      .for('update')
    if (!request || !sameHash(request.hash, secret)) throw linkExpired()
    const answer = (code: Confirmation['code']): Confirmation => ({
      code,
      request: { id: request.id, type: request.type, status: 'CONFIRMED' },
      userId: request.userId,
    })
    if (request.status === 'CONFIRMED') return answer(ALREADY_CONFIRMED_INFO)
    if (request.expiresAt <= now) throw linkExpired()
    const [user] = await tx.select().from(users).where(eq(users.id, request.userId))
    if (!user?.active) throw unprocessable('The account of this request is disabled.')
    if (request.type === 'deletion') {
      await lockCompany(tx, user.customerNo)
      try {
        await requireDeletable(tx, user)
      } catch (error) {
        if (error instanceof DomainError) throw unprocessable(error.message)
        throw error
      }
    }
    const copy = request.type === 'copy' ? await personalDataCopy(tx, user.id, now) : null
    await tx
      .update(personalDataRequests)
      .set({
        status: 'CONFIRMED',
        confirmedAt: now,
        copy,
        copyExpiresAt: copy ? new Date(now.getTime() + COPY_AVAILABLE_SECONDS * 1000) : null,
      })
      .where(eq(personalDataRequests.id, request.id))
    if (request.type === 'deletion') await anonymiseUser(tx, user.id, now)
    return answer(CONFIRMED_INFO)
  })
}

/**
 * Anonymises a user in the caller's transaction (see the module's comment for what goes and what stays).
 * Their other requests go too: a copy made before would hold the data just deleted.
 */
export async function anonymiseUser(tx: Db, userId: string, now = new Date()) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId))
  if (!user) return
  const [customer] = await tx
    .select({ type: customers.type })
    .from(customers)
    .where(eq(customers.customerNo, user.customerNo))
  const marker = `deleted-${randomUUID()}`
  await withdrawRequisitionsOf(tx, user.id, 'buyer-deleted', now)
  await tx
    .update(users)
    .set({
      login: marker,
      email: `${marker}@deleted.invalid`,
      passwordHash: `deleted$${randomBytes(16).toString('base64url')}`,
      title: null,
      firstName: ANONYMOUS_FIRST_NAME,
      lastName: ANONYMOUS_LAST_NAME,
      phone: null,
      phoneBusiness: null,
      phoneMobile: null,
      fax: null,
      birthday: null,
      department: null,
      preferredPriceDisplayType: null,
      preferredInvoiceToAddressId: null,
      preferredShipToAddressId: null,
      active: false,
    })
    .where(eq(users.id, user.id))
  // The newsletter and the wishlists (their items go with them) are the user's alone.
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, user.id))
  await tx.delete(wishlists).where(eq(wishlists.userId, user.id))
  // Whom pending requisitions waited for is asked again without them (ADR 0028).
  await refreshPendingApprovers(tx, user.customerNo)
  await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)))
  await tx.delete(passwordTokens).where(eq(passwordTokens.userId, user.id))
  // The user's passkeys: the names they gave their devices are theirs, and no passkey signs them in again.
  await tx.delete(passkeys).where(eq(passkeys.userId, user.id))
  // Open baskets and recurring orders (their template baskets); submitted ones stay with their orders.
  await tx
    .delete(baskets)
    .where(and(eq(baskets.userId, user.id), inArray(baskets.status, ['open', 'recurring'])))
  await tx
    .delete(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, user.id), isNull(paymentInstruments.basketId)))
  // A private customer's address book is theirs; a business user's are the addresses they created.
  await tx
    .delete(addresses)
    .where(
      and(
        eq(addresses.customerNo, user.customerNo),
        isNull(addresses.basketId),
        customer?.type === 'SMBCustomer' ? eq(addresses.ownerUserId, user.id) : undefined,
      ),
    )
  await tx.delete(costCenterBuyers).where(eq(costCenterBuyers.userId, user.id))
  await tx.update(costCenters).set({ ownerId: null }).where(eq(costCenters.ownerId, user.id))
  await tx
    .update(personalDataRequests)
    .set({ copy: null, copyExpiresAt: null })
    .where(eq(personalDataRequests.userId, user.id))
  await tx
    .delete(personalDataRequests)
    .where(and(eq(personalDataRequests.userId, user.id), eq(personalDataRequests.status, 'PENDING')))
}
