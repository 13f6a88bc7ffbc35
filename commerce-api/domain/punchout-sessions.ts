/**
 * cXML punchout sessions (issue 34, shell spec §4.7): a procurement system's PunchOutSetupRequest, parsed by
 * commerce-api/punchout/cxml.ts, opens one for one of the customer's cXML punchout users. The session holds
 * what the transfer back needs (BuyerCookie, BrowserFormPost URL, operation) and a basket of its own, filled
 * again from the request's ItemOut lines when the buyer edits or inspects an earlier transfer. The setup
 * answers a one-time start URL: the session id (`sid`) and a start token (`access-token`,
 * domain/tokens.ts issueStartToken) with which the buyer's browser signs in as the punchout user and reads
 * the session (`GET …/cxml1.2/sessions/{sid}` → basket id and return URL).
 */
import { randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baskets, punchoutSessions, type PunchoutSessionDetails } from '../db/schema'
import { addItems, createBasket, type ItemCause, type QuantityAdjustment } from './basket'
import type { Currency, Locale } from './channel'
import { DomainError, forbiddenError, invalidError, notFoundError } from './errors'
import { cxmlSettings } from './punchout-cxml-configuration'
import { authenticatePunchoutUser, punchoutPrincipal, type UserPrincipal } from './punchout-users'
import { allShippingMethods, servesCountry } from './shipping'
import { issueStartToken } from './tokens'
import type { UserRow } from './users'

export type PunchoutSessionRow = typeof punchoutSessions.$inferSelect

/** How long a session's basket can be transferred back (seconds). */
export const PUNCHOUT_SESSION_LIFETIME = 8 * 3600

/** Bounds of what a setup request may carry (the parser bounds the document; these bound what is kept). */
export const MAX_SETUP_ITEMS = 200
export const MAX_URL_LENGTH = 2048
export const MAX_BUYER_COOKIE_LENGTH = 1000
export const MAX_EXTRINSICS = 50
export const MAX_EXTRINSIC_LENGTH = 1000

/** An ItemOut line of an edit or inspect request: the shop's product number and the quantity. */
export type PunchoutSetupItem = {
  sku: string
  quantity: number
  /** The SupplierPartAuxiliaryID sent back (the line id of the earlier transfer); kept for the record only. */
  lineId?: string
}

/** What a parsed PunchOutSetupRequest tells the shop (the cXML parser's result, without the XML). */
export type PunchoutSetup = {
  /** `Header/Sender/Credential`: the punchout user's login and password. */
  senderIdentity: string
  sharedSecret: string
  operation: 'create' | 'edit' | 'inspect'
  deploymentMode?: 'production' | 'test'
  buyerCookie: string
  /** `BrowserFormPost/URL`. */
  browserFormPostUrl: string
  from?: { domain: string; identity: string }
  extrinsics?: Record<string, string>
  contact?: { name?: string; email?: string }
  /** The SupplierPartID of `SelectedItem`. */
  selectedItem?: string
  /** `ItemOut` lines (edit and inspect). */
  items?: PunchoutSetupItem[]
}

/** A session opened for a setup request, with its start token and what became of the ItemOut lines. */
export type OpenedSession = {
  session: PunchoutSessionRow
  user: UserRow
  /** The start URL's `access-token` (single use, short-lived). */
  accessToken: string
  tokenExpiresAt: Date
  /** ItemOut lines that could not go into the basket, each naming its line (`[index]…`) and why. */
  refused: ItemCause[]
  /** ItemOut lines whose quantity was fitted to the product's rules. */
  adjusted: QuantityAdjustment[]
}

const setupInvalid = (
  code: 'punchout.session.return_url.invalid' | 'punchout.session.request.invalid',
  message: string,
  path: string,
) => invalidError(code, message, [{ code, message, paths: [path] }])

/** The return URL if the browser may be sent there: http or https, absolute, bounded. */
function returnUrlOf(text: string): string {
  const trimmed = text.trim()
  let url: URL | undefined
  try {
    url = trimmed.length <= MAX_URL_LENGTH ? new URL(trimmed) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw setupInvalid(
      'punchout.session.return_url.invalid',
      'The BrowserFormPost URL must be an absolute http or https address of at most 2048 characters.',
      'browserFormPostUrl',
    )
  return trimmed
}

/** The setup's details as kept with the session, bounded; anything out of bounds refuses the request. */
function detailsOf(setup: PunchoutSetupRequest): PunchoutSessionDetails {
  const extrinsics = Object.entries(setup.extrinsics ?? {})
  if (
    extrinsics.length > MAX_EXTRINSICS ||
    extrinsics.some(([name, value]) => name.length > 100 || value.length > MAX_EXTRINSIC_LENGTH)
  )
    throw setupInvalid(
      'punchout.session.request.invalid',
      `At most ${MAX_EXTRINSICS} Extrinsic elements, names of at most 100 and values of at most ${MAX_EXTRINSIC_LENGTH} characters.`,
      'extrinsics',
    )
  return {
    ...(setup.from ? { from: setup.from } : {}),
    ...(extrinsics.length ? { extrinsics: Object.fromEntries(extrinsics) } : {}),
    ...(setup.contact ? { contact: setup.contact } : {}),
    ...(setup.selectedItem ? { selectedItem: setup.selectedItem } : {}),
  }
}

/** The operations a cXML user's `operationAllowed` permits: edit allows inspect, inspect allows create. */
const OPERATION_RANK = { create: 0, inspect: 1, edit: 2 } as const

/** What a setup request keeps, checked against the bounds before anyone is authenticated. */
function preparedSetup(setup: PunchoutSetupRequest) {
  const returnUrl = returnUrlOf(setup.browserFormPostUrl)
  if (setup.buyerCookie.length > MAX_BUYER_COOKIE_LENGTH)
    throw setupInvalid(
      'punchout.session.request.invalid',
      `The BuyerCookie has at most ${MAX_BUYER_COOKIE_LENGTH} characters.`,
      'buyerCookie',
    )
  const items = setup.operation === 'create' ? [] : (setup.items ?? [])
  if (items.length > MAX_SETUP_ITEMS)
    throw setupInvalid(
      'punchout.session.request.invalid',
      `A setup request reloads at most ${MAX_SETUP_ITEMS} ItemOut lines.`,
      'items',
    )
  return { returnUrl, items, details: detailsOf(setup) }
}

/** A setup request without its credentials: what opening a session for an authenticated user takes. */
export type PunchoutSetupRequest = Omit<PunchoutSetup, 'senderIdentity' | 'sharedSecret'>

/**
 * Opens a cXML punchout session for a setup request (`POST …/cxml1.2/setuprequest`): the Sender's Identity
 * and SharedSecret must be a cXML punchout user's login and password (of `customerNo` when the request names
 * one), refused alike otherwise (`punchout.login.invalid`); then as openCxmlSessionFor.
 */
export async function openCxmlSession(
  db: Db,
  setup: PunchoutSetup,
  { customerNo, currency, locale }: { customerNo?: string; currency: Currency; locale: Locale },
  now = new Date(),
): Promise<OpenedSession> {
  const prepared = preparedSetup(setup)
  const user = await authenticatePunchoutUser(db, 'cxml1.2', setup.senderIdentity, setup.sharedSecret)
  if (customerNo !== undefined && user.customerNo !== customerNo)
    throw new DomainError(
      'unauthenticated',
      'punchout.login.invalid',
      'The punchout login or its password (shared secret) is not correct.',
    )
  return openPrepared(db, user, setup, prepared, { currency, locale }, now)
}

/**
 * Opens a cXML punchout session for the cXML punchout user `user` (authenticated by the caller, as the API
 * does under its login throttle). The operation must be one the user's configuration allows
 * (`operationAllowed`: edit allows edit, inspect and create; inspect allows inspect and create; create only
 * create), else `punchout.session.operation.forbidden`. The session gets a new basket of the user in the
 * request's currency; an edit or inspect request puts its ItemOut lines into it at today's prices (lines that
 * cannot be ordered any more are reported, not dropped silently). Answers the session with a start token.
 */
export async function openCxmlSessionFor(
  db: Db,
  user: UserRow,
  setup: PunchoutSetupRequest,
  scope: { currency: Currency; locale: Locale },
  now = new Date(),
): Promise<OpenedSession> {
  return openPrepared(db, user, setup, preparedSetup(setup), scope, now)
}

async function openPrepared(
  db: Db,
  user: UserRow,
  setup: PunchoutSetupRequest,
  { returnUrl, items, details }: ReturnType<typeof preparedSetup>,
  { currency, locale }: { currency: Currency; locale: Locale },
  now: Date,
): Promise<OpenedSession> {
  const settings = await cxmlSettings(db, user.id)
  const allowed = settings.operationAllowed as keyof typeof OPERATION_RANK
  if (OPERATION_RANK[setup.operation] > (OPERATION_RANK[allowed] ?? 0))
    throw forbiddenError(
      'punchout.session.operation.forbidden',
      `This punchout user may not start '${setup.operation}' sessions (its configuration allows '${allowed}').`,
    )
  const principal = await punchoutPrincipal(db, user)
  const basket = await createBasket(db, principal, currency)
  // The shipping method the user's orders will have makes the transfer's shipping estimate the order's.
  const method = (await allShippingMethods(db)).find((m) => m.id === settings['orderRequest.shippingMethod'])
  if (method && servesCountry(method, undefined))
    await db.update(baskets).set({ shippingMethodId: method.id }).where(eq(baskets.id, basket.id))
  const reload = await reloadItems(db, basket, locale, items)
  const start = await issueStartToken(db, user.id, now)
  const [session] = await db
    .insert(punchoutSessions)
    .values({
      id: randomBytes(24).toString('base64url'),
      customerNo: user.customerNo,
      userId: user.id,
      basketId: basket.id,
      operation: setup.operation,
      deploymentMode: setup.deploymentMode ?? 'production',
      buyerCookie: setup.buyerCookie,
      returnUrl,
      details,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PUNCHOUT_SESSION_LIFETIME * 1000),
    })
    .returning()
  return {
    session: session!,
    user,
    accessToken: start.token,
    tokenExpiresAt: start.expiresAt,
    ...reload,
  }
}

/**
 * The ItemOut lines back into the session's basket, as the basket adds items with adjustments allowed: a
 * quantity is fitted to the product's rules, a product that cannot be ordered any more is reported with its
 * line's index. A fraction or a quantity below 1 is reported too (the shop sells whole pieces).
 */
async function reloadItems(
  db: Db,
  basket: Awaited<ReturnType<typeof createBasket>>,
  locale: Locale,
  items: readonly PunchoutSetupItem[],
): Promise<{ refused: ItemCause[]; adjusted: QuantityAdjustment[] }> {
  const whole = items.flatMap((item, index) =>
    Number.isInteger(item.quantity) && item.quantity >= 1 ? [{ item, index }] : [],
  )
  const fractions: ItemCause[] = items.flatMap((item, index) =>
    Number.isInteger(item.quantity) && item.quantity >= 1
      ? []
      : [
          {
            code: 'punchout.session.item.quantity.invalid' as const,
            message: `The quantity ${item.quantity} of '${item.sku}' is not a whole number of at least 1.`,
            paths: [`[${index}].quantity.value`],
          },
        ],
  )
  if (!whole.length) return { refused: fractions, adjusted: [] }
  // The basket names items by their index in its request: map them back to the ItemOut lines.
  const back = (path: string) =>
    path.replace(/^\[(\d+)\]/, (_, at: string) => `[${whole[Number(at)]!.index}]`)
  try {
    const added = await addItems(
      db,
      basket,
      locale,
      whole.map(({ item }) => ({ sku: item.sku, quantity: item.quantity })),
      { adjustmentsAllowed: true },
    )
    return {
      refused: [...fractions, ...added.refused.map((cause) => ({ ...cause, paths: cause.paths.map(back) }))],
      adjusted: added.adjusted.map((adjustment) => ({
        ...adjustment,
        index: whole[adjustment.index]!.index,
      })),
    }
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'basket.line_item.creation.failed') throw error
    const causes = error.causes.map((cause) => ({ ...cause, paths: (cause.paths ?? []).map(back) }))
    return { refused: [...fractions, ...causes], adjusted: [] }
  }
}

const sessionNotFound = () =>
  notFoundError('punchout.session.not_found', 'The punchout session could not be found or has ended.')

/**
 * The caller's cXML session by its id (`GET …/cxml1.2/sessions/{sid}`): only the punchout user it was opened
 * for reads it, and only until it ends; anyone else's, or an ended one, is not found.
 */
export async function cxmlSession(
  db: Db,
  caller: Pick<UserPrincipal, 'userId' | 'customerNo'>,
  sid: string,
  now = new Date(),
): Promise<PunchoutSessionRow> {
  if (sid.length > 100) throw sessionNotFound()
  const [session] = await db
    .select()
    .from(punchoutSessions)
    .where(
      and(
        eq(punchoutSessions.id, sid),
        eq(punchoutSessions.userId, caller.userId),
        eq(punchoutSessions.customerNo, caller.customerNo),
        gt(punchoutSessions.expiresAt, now),
      ),
    )
  if (!session) throw sessionNotFound()
  return session
}
