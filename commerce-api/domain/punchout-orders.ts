/**
 * cXML order intake (issue 34): after a buyer transferred a punchout basket, the procurement system sends its
 * purchase order as a cXML OrderRequest (parsed by commerce-api/punchout/cxml.ts), server to server, signed
 * with the cXML punchout user's credentials. The order refers back to the transferred basket: each ItemOut's
 * SupplierPartAuxiliaryID is the line id the transfer sent (cXML echoes it), or the OrderRequest names the
 * basket. The purchase order is what the buyer's company approved, so it decides:
 *
 * - the lines it names are ordered in its quantities; basket lines it does not name are not ordered;
 * - its unit prices must be the shop's for those quantities (a price that changed since the transfer refuses
 *   the order: the buyer punches out again), in the basket's currency;
 * - it brings its own bill-to and ship-to addresses (kept with the basket, not in the address book), the
 *   purchase order number (the order's external order reference) and comments (the message to the merchant);
 * - the shipping method is the cXML user's configuration's, the payment an invoice.
 *
 * Everything happens in one transaction: a refused purchase order leaves the basket as it was. The same
 * purchase order sent again answers the order placed for it; another one for an ordered basket is refused.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baskets, lineItems, orders } from '../db/schema'
import { createBasketAddress, type AddressInput } from './addresses'
import { lockBasket, type BasketRow } from './basket'
import { deleteItem, updateBasket, updateItem } from './basket-edits'
import type { Locale } from './channel'
import { conflictError, notFoundError, refusedError, type DomainErrorCause } from './errors'
import { isUuid } from './ids'
import { createOrder, viewOf, type CreateOrderResult } from './orders'
import type { OrderView, SnapshotOf } from './order-types'
import { setOpenTender } from './payments'
import { cxmlSettings } from './punchout-cxml-configuration'
import { punchoutTransferBasket } from './punchout-transfer'
import { authenticatePunchoutUser, punchoutPrincipal, type UserPrincipal } from './punchout-users'
import type { UserRow } from './users'

/** A cXML postal address (`Address/Name`, `PostalAddress/DeliverTo|Street|City|State|PostalCode|Country`). */
export type PunchoutOrderAddress = {
  /** `Address/Name`: usually the buying company or site. */
  name: string
  deliverTo?: string[]
  street: string[]
  city: string
  postalCode: string
  /** `State`: the region code where the country's addresses name one. */
  state?: string
  /** `Country@isoCountryCode`. */
  countryCode: string
  email?: string
  phone?: string
}

export type PunchoutOrderItem = {
  /** `ItemID/SupplierPartID`. */
  sku: string
  /** `ItemID/SupplierPartAuxiliaryID`: the basket line the transfer sent. */
  lineId?: string
  quantity: number
  /** `ItemDetail/UnitPrice/Money` in minor units. */
  unitPrice: { amount: number; currency: string }
}

/** What a parsed OrderRequest tells the shop (the cXML parser's result, without the XML). */
export type PunchoutOrderRequest = {
  senderIdentity: string
  sharedSecret: string
  /** `OrderRequestHeader@orderID`: the purchase order number. */
  orderId: string
  /** The basket, where the request names it (otherwise found by the items' line ids). */
  basketId?: string
  total: { amount: number; currency: string }
  billTo: PunchoutOrderAddress
  shipTo: PunchoutOrderAddress
  items: PunchoutOrderItem[]
  comments?: string
}

export const MAX_ORDER_ITEMS = 200
export const MAX_ORDER_ID_LENGTH = 100

export type PunchoutOrderResult = {
  order: OrderView
  created: boolean
  outcome: CreateOrderResult['outcome']
}

const basketNotFound = () =>
  notFoundError(
    'punchout.order.basket.not_found',
    'The order request names no punchout basket of this user (its SupplierPartAuxiliaryIDs are the line ids the transfer sent).',
  )

const orderRefused = (causes: DomainErrorCause[]) =>
  refusedError(
    'punchout.order.invalid',
    'The order request does not match the transferred basket; please punch out again.',
    causes,
  )

/** The basket the request refers to: named, or the one holding its items' lines; the user's only. */
async function basketOfRequest(db: Db, principal: UserPrincipal, request: PunchoutOrderRequestOf) {
  const owned = eq(baskets.owner, principal.subject)
  if (request.basketId !== undefined) {
    if (!isUuid(request.basketId)) throw basketNotFound()
    const [basket] = await db
      .select()
      .from(baskets)
      .where(and(owned, eq(baskets.id, request.basketId)))
    if (!basket) throw basketNotFound()
    return basket
  }
  const lineIds = [
    ...new Set(request.items.flatMap((item) => (item.lineId && isUuid(item.lineId) ? [item.lineId] : []))),
  ]
  const found = lineIds.length
    ? await db
        .selectDistinct({ basket: baskets })
        .from(lineItems)
        .innerJoin(baskets, eq(baskets.id, lineItems.basketId))
        .where(and(owned, inArray(lineItems.id, lineIds)))
    : []
  if (found.length !== 1) throw basketNotFound()
  return found[0]!.basket
}

/** A purchase order address as the basket keeps it: the person from DeliverTo (else the name), street lines. */
export function addressInputOf(address: PunchoutOrderAddress): AddressInput {
  const person = (address.deliverTo?.find((line) => line.trim()) ?? address.name).trim()
  const split = person.lastIndexOf(' ')
  return {
    companyName1: address.name,
    firstName: split > 0 ? person.slice(0, split) : person,
    lastName: split > 0 ? person.slice(split + 1) : person,
    addressLine1: address.street[0],
    addressLine2: address.street[1],
    addressLine3: address.street.slice(2).join(', ') || undefined,
    postalCode: address.postalCode,
    city: address.city,
    mainDivisionCode: address.state,
    countryCode: address.countryCode,
    email: address.email,
    phoneBusiness: address.phone,
  }
}

/**
 * Matches the request's items to the basket's lines (by line id, else by the one unmatched line of the SKU),
 * each line once, in the basket's currency; answers the wanted quantity per line id.
 */
function matchItems(
  request: PunchoutOrderRequestOf,
  basket: BasketRow,
  lines: (typeof lineItems.$inferSelect)[],
) {
  const causes: DomainErrorCause[] = []
  const wanted = new Map<string, number>()
  const currencies = [request.total.currency, ...request.items.map((item) => item.unitPrice.currency)]
  if (currencies.some((currency) => currency !== basket.currency))
    causes.push({
      code: 'punchout.order.currency.mismatch',
      message: `The basket is in ${basket.currency}; the order request must be too.`,
      paths: ['total'],
    })
  request.items.forEach((item, index) => {
    const line =
      lines.find((l) => l.id === item.lineId && l.sku === item.sku) ??
      (item.lineId === undefined || !lines.some((l) => l.id === item.lineId)
        ? lines.find((l) => l.sku === item.sku && !wanted.has(l.id))
        : undefined)
    if (!line || wanted.has(line.id))
      return void causes.push({
        code: 'punchout.order.item.unknown',
        message: `The item '${item.sku}' is not a line of the transferred basket, or is named twice.`,
        paths: [`items.${index}`],
      })
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      causes.push({
        code: 'punchout.order.quantity.invalid',
        message: `The quantity ${item.quantity} of '${item.sku}' is not a whole number of at least 1.`,
        paths: [`items.${index}.quantity`],
      })
    wanted.set(line.id, item.quantity)
  })
  return { causes, wanted }
}

/**
 * Places the order of a cXML OrderRequest for the punchout basket it refers to (see the file's comment).
 * Refusals: `punchout.login.invalid` (credentials), `punchout.order.basket.not_found`, `punchout.order.invalid`
 * (items, quantities, prices or currency that do not match, one cause each), `punchout.order.already_ordered`
 * (another purchase order for an ordered basket), and the basket's own rules (addresses, order value).
 */
export async function placePunchoutOrder(
  db: Db,
  request: PunchoutOrderRequest,
  locale: Locale,
  snapshotOf: SnapshotOf,
): Promise<PunchoutOrderResult> {
  const user = await authenticatePunchoutUser(db, 'cxml1.2', request.senderIdentity, request.sharedSecret)
  return placePunchoutOrderFor(db, user, request, locale, snapshotOf)
}

/** Request without its credentials: what placing the order of an authenticated cXML user takes. */
export type PunchoutOrderRequestOf = Omit<PunchoutOrderRequest, 'senderIdentity' | 'sharedSecret'>

/**
 * placePunchoutOrder for the cXML punchout user `user`, authenticated by the caller (the API does, under its
 * login throttle).
 */
export async function placePunchoutOrderFor(
  db: Db,
  user: UserRow,
  request: PunchoutOrderRequestOf,
  locale: Locale,
  snapshotOf: SnapshotOf,
): Promise<PunchoutOrderResult> {
  const orderId = request.orderId.trim()
  if (
    !orderId ||
    orderId.length > MAX_ORDER_ID_LENGTH ||
    !request.items.length ||
    request.items.length > MAX_ORDER_ITEMS
  )
    throw orderRefused([
      {
        code: 'punchout.order.request.invalid',
        message: `An order request has an orderID of 1 to ${MAX_ORDER_ID_LENGTH} characters and 1 to ${MAX_ORDER_ITEMS} items.`,
        paths: [request.items.length ? 'orderId' : 'items'],
      },
    ])
  const principal = await punchoutPrincipal(db, user)
  const found = await basketOfRequest(db, principal, request)
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockBasket(t, found.id)
    const [basket] = await t.select().from(baskets).where(eq(baskets.id, found.id))
    const [earlier] = await t
      .select()
      .from(orders)
      .where(and(eq(orders.basketId, found.id), eq(orders.owner, principal.subject)))
    if (earlier && basket!.externalOrderReference === orderId)
      return { order: await viewOf(t, earlier), created: false, outcome: 'existing' as const }
    if (earlier || basket!.status !== 'open')
      throw conflictError(
        'punchout.order.already_ordered',
        'The transferred basket has been ordered already, by another order request.',
      )
    const lines = await t.select().from(lineItems).where(eq(lineItems.basketId, basket!.id))
    const { causes, wanted } = matchItems(request, basket!, lines)
    if (causes.length) throw orderRefused(causes)
    for (const line of lines) {
      const quantity = wanted.get(line.id)
      if (quantity === undefined) await deleteItem(t, basket!, line.id)
      else if (quantity !== line.quantity) await updateItem(t, basket!, line.id, { quantity })
    }
    await checkPrices(t, request, basket!, principal, locale)
    const billTo = await createBasketAddress(t, basket!, principal, addressInputOf(request.billTo))
    const sameAddress = JSON.stringify(request.billTo) === JSON.stringify(request.shipTo)
    const shipTo = sameAddress
      ? billTo
      : await createBasketAddress(t, basket!, principal, addressInputOf(request.shipTo))
    const settings = await cxmlSettings(t, user.id)
    await updateBasket(
      t,
      basket!,
      {
        invoiceToAddress: billTo.id,
        commonShipToAddress: shipTo.id,
        commonShippingMethod: settings['orderRequest.shippingMethod'],
        externalOrderReference: orderId,
        messageToMerchant: request.comments?.slice(0, 1000) ?? null,
      },
      principal,
    )
    await setOpenTender(t, basket!, principal, locale, { paymentInstrument: 'INVOICE' }, '')
    const result = await createOrder(
      t,
      principal,
      locale,
      { basketId: basket!.id, termsAccepted: true },
      snapshotOf,
    )
    if (result.outcome === 'requisition')
      return { order: result.order, created: result.created, outcome: result.outcome }
    if (result.outcome === 'created' || result.outcome === 'existing')
      return { order: result.order, created: result.outcome === 'created', outcome: result.outcome }
    // Neither happens to an invoice-paid basket without a recurrence; refused rather than answered wrongly.
    throw orderRefused([
      { code: 'punchout.order.request.invalid', message: 'The basket could not be ordered.', paths: [] },
    ])
  })
}

/** The request's unit prices against the shop's for the ordered quantities (what a transfer would send now). */
async function checkPrices(
  t: Db,
  request: PunchoutOrderRequestOf,
  basket: BasketRow,
  principal: UserPrincipal,
  locale: Locale,
) {
  const transfer = await punchoutTransferBasket(t, basket.id, principal, locale)
  const causes: DomainErrorCause[] = []
  request.items.forEach((item, index) => {
    const line =
      transfer.lines.find((l) => l.lineId === item.lineId && l.sku === item.sku) ??
      transfer.lines.find((l) => l.sku === item.sku)
    if (line && line.unitPrice.amount !== item.unitPrice.amount)
      causes.push({
        code: 'punchout.order.price.changed',
        message: `The price of '${item.sku}' is ${(line.unitPrice.amount / 100).toFixed(2)} ${line.unitPrice.currency}, not ${(item.unitPrice.amount / 100).toFixed(2)}.`,
        paths: [`items.${index}.unitPrice`],
      })
  })
  if (causes.length) throw orderRefused(causes)
}
