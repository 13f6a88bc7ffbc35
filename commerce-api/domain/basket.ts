import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  basketPayments,
  baskets,
  inventories,
  lineItems,
  paymentInstruments,
  paymentMethods,
  paymentSessions,
  prices,
  products,
} from '../db/schema'
import { ApiError } from '../http'
import { addressJson, addressesById, addressUrn } from './addresses'
import { MAX_ITEM_QUANTITY, TAX_RATES, type Currency, type Locale } from './channel'
import { countryOf } from './countries'
import { money, multiply, priceItem, subtract, sumAmounts, taxIn, withTax, ZERO, type Amount } from './money'
import {
  methodInstrumentJson,
  paymentCostsNet,
  paymentInstrumentJson,
  paymentMethodJson,
  redirectsAfterCheckout,
  redirectsBeforeCheckout,
} from './payment-methods'
import { basketRebates, type AppliedRebate } from './rebates'
import { allShippingMethods, shippingCostNet, shippingMethodJson } from './shipping'
import { basketTotals } from './totals'
import type { Principal } from './tokens'
import { lineItemWarranty, offeredWarranties, warrantyPrice, lineWarranties } from './warranties'
import {
  isMandatoryFor,
  mandatoryJson,
  mandatoryLinksBySku,
  mandatoryStates,
  type MandatoryState,
} from './mandatory'
import { readTogether } from '../db/reads'
import { isUuid } from './ids'

type BasketRow = typeof baskets.$inferSelect
type LineRow = typeof lineItems.$inferSelect

export const basketNotFound = () =>
  new ApiError(404, 'basket.not_found.error', 'The basket could not be found.')

export async function createBasket(db: Db, principal: Principal, currency: Currency): Promise<BasketRow> {
  const [row] = await db
    .insert(baskets)
    .values({
      owner: principal.subject,
      userId: principal.anonymous ? null : principal.userId,
      customerNo: principal.anonymous ? null : principal.customerNo,
      currency,
    })
    .returning()
  return row!
}

/** `current` is the principal's most recently changed open basket. */
export async function findBasket(db: Db, principal: Principal, id: string): Promise<BasketRow | undefined> {
  const owned = and(eq(baskets.owner, principal.subject), eq(baskets.status, 'open'))
  if (id === 'current') {
    const [row] = await db.select().from(baskets).where(owned).orderBy(desc(baskets.updatedAt)).limit(1)
    return row
  }
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(baskets)
    .where(and(owned, eq(baskets.id, id)))
  return row
}

type Tier = { minQuantity: number; net: number; gross: number }

/** The sale price tier that applies to a quantity: the one with the highest minimum quantity reached. */
export function tierFor(tiers: Tier[], quantity: number): Tier | undefined {
  let best: Tier | undefined
  for (const tier of tiers)
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier
  return best
}

async function tiersBySku(db: Db, currency: Currency, skus: string[]) {
  const map = new Map<string, Tier[]>()
  if (skus.length === 0) return map
  const rows = await db
    .select()
    .from(prices)
    .where(and(eq(prices.currency, currency), inArray(prices.sku, skus)))
  for (const row of rows) {
    map.set(row.sku, [{ minQuantity: 1, net: row.saleNet, gross: row.saleGross }, ...row.scaled])
  }
  return map
}

type LineWarranty = ReturnType<typeof lineItemWarranty>
type PricedLine = { row: LineRow; unit: Tier; net: number; gross: number; warranty?: LineWarranty }

/**
 * Prices lines: the product's tier for the quantity, plus the chosen warranty's price for every piece. The
 * line total holds both, so item totals and the basket total include warranties. With a tax rate (the
 * ship-to country's) the gross is net plus that tax, rounded per line; without one the price list's gross
 * (the currency's market rate) applies.
 */
async function priceLines(
  db: Db,
  currency: Currency,
  locale: Locale,
  lines: LineRow[],
  taxRate: number | null = null,
): Promise<PricedLine[]> {
  const [tiers, warrantyById] = await readTogether(db, [
    () =>
      tiersBySku(
        db,
        currency,
        lines.map((l) => l.sku),
      ),
    () => lineWarranties(db, lines),
  ])
  return lines.map((row) => {
    const tier = tierFor(tiers.get(row.sku) ?? [], row.quantity) ?? { minQuantity: 1, net: 0, gross: 0 }
    const unit = taxRate === null ? tier : { ...tier, gross: withTax(tier.net, taxRate).gross }
    const warrantyRow = row.warrantyId ? warrantyById.get(row.warrantyId) : undefined
    const cover = warrantyRow && warrantyPrice(warrantyRow, currency)
    const perPiece = { net: unit.net + (cover?.net ?? 0), gross: unit.gross + (cover?.gross ?? 0) }
    const net = multiply(perPiece.net, row.quantity)
    return {
      row,
      unit,
      net,
      gross: taxRate === null ? multiply(perPiece.gross, row.quantity) : withTax(net, taxRate).gross,
      warranty: warrantyRow && cover ? lineItemWarranty(warrantyRow, cover, currency, locale) : undefined,
    }
  })
}

function lineItemJson(
  line: PricedLine,
  currency: Currency,
  rebate?: Amount,
  totals?: { total: Amount; salesTax: number },
  mandatory?: MandatoryState,
) {
  const undiscounted = priceItem(line.net, line.gross, currency)
  const totalAmount = totals?.total ?? subtract(line, rebate ?? ZERO)
  const single = priceItem(line.unit.net, line.unit.gross, currency)
  return {
    id: line.row.id,
    position: line.row.position,
    calculated: true,
    product: line.row.sku,
    quantity: { type: 'Quantity', value: line.row.quantity, unit: '' },
    pricing: {
      singleBasePrice: single,
      undiscountedSingleBasePrice: single,
      price: undiscounted,
      undiscountedPrice: undiscounted,
      total: priceItem(totalAmount.net, totalAmount.gross, currency),
      valueRebatesTotal: priceItem(rebate?.net ?? 0, rebate?.gross ?? 0, currency),
      salesTaxTotal: money(totals?.salesTax ?? taxIn(totalAmount), currency),
      shippingTotal: priceItem(0, 0, currency),
    },
    ...(line.row.desiredDelivery ? { desiredDelivery: line.row.desiredDelivery } : {}),
    ...(line.warranty ? { warranty: line.warranty } : {}),
    ...mandatoryJson(line.row, mandatory),
    hiddenGift: false,
    freeGift: false,
    quantityFixed: false,
  }
}

function rebateJson(rebate: AppliedRebate, currency: Currency) {
  return {
    name: rebate.name,
    promotionType: rebate.scope === 'order' ? 'ORDER_VALUE_REBATE' : 'ITEM_VALUE_REBATE',
    promotion: rebate.promotionId,
    code: rebate.code ?? undefined,
    amount: priceItem(rebate.amount.net, rebate.amount.gross, currency),
  }
}

/** The basket's payment (open tender) with its method, instrument and hosted-page session. */
async function basketPayment(db: Db, basketId: string) {
  const [row] = await db
    .select({
      payment: basketPayments,
      method: paymentMethods,
      instrument: paymentInstruments,
      session: paymentSessions,
    })
    .from(basketPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, basketPayments.paymentMethodId))
    .leftJoin(paymentInstruments, eq(paymentInstruments.id, basketPayments.paymentInstrumentId))
    .leftJoin(paymentSessions, eq(paymentSessions.id, basketPayments.sessionId))
    .where(eq(basketPayments.basketId, basketId))
  return row
}

export type BasketState = Awaited<ReturnType<typeof basketState>>

/**
 * Everything a basket's answer, its validation and its order are made of: priced lines, rebates, addresses,
 * shipping method, payment and the totals (ADR 0010: tax by ship-to country, shipping and payment costs).
 */
export async function basketState(db: Db, basket: BasketRow, locale: Locale) {
  const currency = basket.currency as Currency
  const [lines, addressMap, shippingMethods, payment] = await readTogether(db, [
    () =>
      db.select().from(lineItems).where(eq(lineItems.basketId, basket.id)).orderBy(asc(lineItems.position)),
    () => addressesById(db, [basket.invoiceToAddressId, basket.commonShipToAddressId]),
    () => allShippingMethods(db),
    () => basketPayment(db, basket.id),
  ])
  const mandatory = mandatoryStates(
    lines,
    await mandatoryLinksBySku(
      db,
      lines.map((l) => l.sku),
    ),
  )
  const invoiceToAddress = basket.invoiceToAddressId ? addressMap.get(basket.invoiceToAddressId) : undefined
  const shipToAddress = basket.commonShipToAddressId
    ? addressMap.get(basket.commonShipToAddressId)
    : undefined
  const country = countryOf(shipToAddress?.countryCode)
  const taxRate = country?.taxRate ?? TAX_RATES[currency]
  const priced = await priceLines(db, currency, locale, lines, country ? country.taxRate : null)
  const rebates = await basketRebates(
    db,
    basket.id,
    currency,
    locale,
    priced.map((l) => ({ id: l.row.id, sku: l.row.sku, net: l.net, gross: l.gross })),
  )
  const itemsNet = priced.reduce((total, l) => total + l.net - (rebates.lines.get(l.row.id)?.net ?? 0), 0)
  const shippingMethod = shippingMethods.find((m) => m.id === basket.shippingMethodId)
  const totals = basketTotals({
    lines: priced.map((l) => ({
      id: l.row.id,
      undiscounted: { net: l.net, gross: l.gross },
      itemRebate: rebates.lines.get(l.row.id) ?? ZERO,
    })),
    valueRebate: sumAmounts(rebates.valueRebates.map((r) => r.amount)),
    shippingNet: shippingMethod ? shippingCostNet(shippingMethod, currency, itemsNet) : null,
    paymentCostsNet: payment ? paymentCostsNet(payment.method, currency, itemsNet) : null,
    taxRate,
    complete: !!invoiceToAddress && !!shipToAddress && !!shippingMethod,
  })
  return {
    basket,
    currency,
    locale,
    lines,
    priced,
    rebates,
    invoiceToAddress,
    shipToAddress,
    shipToCountry: country,
    taxRate,
    itemsNet,
    shippingMethods,
    shippingMethod,
    payment,
    totals,
    /** Per line whose product asks for mandatory items: which of them the basket holds (ADR 0011). */
    mandatory,
  }
}

/** The payment of a basket or order as ICM's `PaymentData`. */
export function paymentJson(state: BasketState) {
  const { payment, currency, totals } = state
  if (!payment) return undefined
  const open = payment.session && payment.session.status === 'open'
  return {
    id: payment.payment.id,
    paymentInstrument: payment.instrument?.id ?? payment.method.id,
    paymentMethod: payment.method.id,
    paymentCosts: priceItem(totals.paymentCosts.net, totals.paymentCosts.gross, currency),
    redirectRequired: redirectsBeforeCheckout(payment.method) || redirectsAfterCheckout(payment.method),
    ...(open ? { redirect: { redirectUrl: payment.session!.pageUrl } } : {}),
    totalAmount: { gross: money(totals.grand.gross, currency) },
    status: payment.payment.status,
  }
}

export const BASKET_INCLUDES = [
  'lineItems',
  'invoiceToAddress',
  'commonShipToAddress',
  'commonShippingMethod',
  'payments',
  'payments_paymentMethod',
  'payments_paymentInstrument',
] as const

/** The ICM basket envelope of a state: `data` and the `included` maps asked for. */
export function basketEnvelope(state: BasketState, include: Set<string>) {
  const { basket, currency, locale, priced, rebates, totals } = state
  const pi = (a: Amount) => priceItem(a.net, a.gross, currency)
  const invoiceUrn = state.invoiceToAddress && addressUrn(state.invoiceToAddress)
  const shipToUrn = state.shipToAddress && addressUrn(state.shipToAddress)
  const payment = paymentJson(state)
  const ctx = {
    locale,
    currency,
    itemsNet: state.itemsNet,
    taxRate: state.taxRate,
    anonymous: basket.userId === null,
  }
  const included: Record<string, Record<string, unknown>> = {}
  if (include.has('lineItems')) {
    included.lineItems = Object.fromEntries(
      priced.map((l) => [
        l.row.id,
        lineItemJson(
          l,
          currency,
          rebates.lines.get(l.row.id),
          totals.lines.get(l.row.id),
          state.mandatory.get(l.row.id),
        ),
      ]),
    )
  }
  if (include.has('invoiceToAddress') && state.invoiceToAddress)
    included.invoiceToAddress = { [invoiceUrn!]: addressJson(state.invoiceToAddress, locale) }
  if (include.has('commonShipToAddress') && state.shipToAddress)
    included.commonShipToAddress = { [shipToUrn!]: addressJson(state.shipToAddress, locale) }
  if (include.has('commonShippingMethod') && state.shippingMethod) {
    included.commonShippingMethod = {
      [state.shippingMethod.id]: shippingMethodJson(
        state.shippingMethod,
        locale,
        currency,
        state.itemsNet,
        state.taxRate,
      ),
    }
  }
  if (payment && state.payment) {
    if (include.has('payments')) included.payments = { [payment.id]: payment }
    if (include.has('payments_paymentMethod'))
      included.payments_paymentMethod = {
        [state.payment.method.id]: paymentMethodJson(state.payment.method, ctx),
      }
    if (include.has('payments_paymentInstrument')) {
      included.payments_paymentInstrument = {
        [payment.paymentInstrument]: state.payment.instrument
          ? paymentInstrumentJson(state.payment.instrument)
          : methodInstrumentJson(state.payment.method),
      }
    }
  }
  return {
    data: {
      id: basket.id,
      purchaseCurrency: currency,
      calculated: true,
      customer: basket.customerNo ?? undefined,
      email: basket.email ?? undefined,
      invoiceToAddress: invoiceUrn,
      commonShipToAddress: shipToUrn,
      commonShippingMethod: state.shippingMethod?.id,
      payments: payment ? [payment.id] : [],
      lineItems: state.lines.map((l) => l.id),
      totalProductQuantity: state.lines.reduce((total, l) => total + l.quantity, 0),
      promotionCodes: rebates.codes,
      messageToMerchant: basket.messageToMerchant ?? undefined,
      externalOrderReference: basket.externalOrderReference ?? undefined,
      discounts: {
        itemValueRebates: rebates.itemRebates.map((r) => rebateJson(r, currency)),
        valueRebates: rebates.valueRebates.map((r) => rebateJson(r, currency)),
      },
      totals: {
        itemTotal: pi(totals.items),
        undiscountedItemTotal: pi(totals.undiscountedItems),
        shippingTotal: pi(totals.shipping),
        undiscountedShippingTotal: pi(totals.shipping),
        paymentCostsTotal: pi(totals.paymentCosts),
        dutiesAndSurchargesTotal: pi(ZERO),
        itemRebatesTotal: pi(totals.itemRebates),
        valueRebatesTotal: pi(totals.valueRebates),
        salesTaxTotal: money(totals.salesTax, currency),
        grandTotal: { ...pi(totals.grand), tax: money(totals.salesTax, currency) },
        // Estimated until invoice address, shipping address and shipping method are all set.
        isEstimated: totals.isEstimated,
      },
    },
    ...(Object.keys(included).length ? { included } : {}),
  }
}

/** Infos about promotion codes in the basket that do not apply yet. */
function pendingInfos(state: BasketState) {
  return state.rebates.pending.map((p) => ({
    code: 'basket.promotion.min_order_value_not_reached.info',
    message: `The promotion '${p.name}' (code ${p.code}) applies from an item total of ${(p.minimum / 100).toFixed(2)} ${state.currency}.`,
    causes: [],
  }))
}

/** The basket in ICM's envelope: `data`, `included` (for the requested includes), `infos`, `errors`. */
export async function basketJson(
  db: Db,
  basket: BasketRow,
  locale: Locale,
  include: Set<string>,
  infos: unknown[] = [],
) {
  const state = await basketState(db, basket, locale)
  return { ...basketEnvelope(state, include), infos: [...infos, ...pendingInfos(state)], errors: [] }
}

export type ItemRequest = {
  sku: string
  quantity: number
  warrantyId?: string
  /** The id of the line this item is a mandatory selection or accessory of (ADR 0011). */
  mandatorySelectionItemOf?: string
}

/** A product's order quantity rules: minimum, maximum (the channel's limit at most) and step. */
export type QuantityRules = { min: number; max: number | null; step: number }

/** Why a line cannot hold this quantity of the product, or undefined when it can. */
export function quantityProblem(sku: string, rules: QuantityRules, quantity: number) {
  const max = Math.min(rules.max ?? MAX_ITEM_QUANTITY, MAX_ITEM_QUANTITY)
  if (quantity < rules.min) {
    return {
      code: 'basket.line_item.quantity.min_order_quantity.error',
      message: `The minimum order quantity of '${sku}' is ${rules.min}.`,
    }
  }
  if (quantity > max) {
    return {
      code: 'basket.line_item.quantity.max_order_quantity.error',
      message: `The maximum order quantity of '${sku}' is ${max}.`,
    }
  }
  if ((quantity - rules.min) % rules.step !== 0) {
    return {
      code: 'basket.line_item.quantity.step_quantity.error',
      message: `'${sku}' can only be ordered in steps of ${rules.step}, starting at ${rules.min}.`,
    }
  }
  return undefined
}

/**
 * Lines are one per product, warranty and parent line: the same product with another (or no) warranty, or
 * chosen for another line (or for none), is another line.
 */
const lineKey = (sku: string, warrantyId: string | null | undefined, parent?: string | null) =>
  `${sku}\u0000${warrantyId ?? ''}\u0000${parent ?? ''}`

type Cause = { code: string; message: string; paths: string[] }

/**
 * Adds items to a basket, all or nothing: every item is checked (product exists, has a price and can be
 * ordered, the warranty is one the product is offered with, quantity within minimum, maximum, step and the
 * channel's limit) before anything is written. An item for a product (and warranty) already in the basket
 * raises that line's quantity.
 */
export async function addItems(db: Db, basket: BasketRow, locale: Locale, items: ItemRequest[]) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // Serialise concurrent adds to the same basket.
    await t.execute(sql`select id from ${baskets} where id = ${basket.id} for update`)
    const skus = [...new Set(items.map((i) => i.sku))]
    const productRows = await t
      .select({
        sku: products.sku,
        kind: products.kind,
        online: products.online,
        min: products.minOrderQuantity,
        max: products.maxOrderQuantity,
        step: products.stepQuantity,
        stock: inventories.stock,
        alwaysInStock: inventories.alwaysInStock,
      })
      .from(products)
      .leftJoin(inventories, eq(inventories.sku, products.sku))
      .where(inArray(products.sku, skus))
    const bySku = new Map(productRows.map((p) => [p.sku, p]))
    const existing = await t.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    const lineByKey = new Map(
      existing.map((l) => [lineKey(l.sku, l.warrantyId, l.mandatorySelectionItemOf), l]),
    )
    const lineById = new Map(existing.map((l) => [l.id, l]))
    const parentLinks = await mandatoryLinksBySku(
      t,
      items.flatMap((i) => {
        const parent = i.mandatorySelectionItemOf && lineById.get(i.mandatorySelectionItemOf)
        return parent ? [parent.sku] : []
      }),
    )
    const currency = basket.currency as Currency
    const [tiers, warrantiesBySku] = await readTogether(t, [
      () => tiersBySku(t, currency, skus),
      () => offeredWarranties(t, currency, items.some((i) => i.warrantyId) ? skus : []),
    ])

    const causes: Cause[] = []
    const planned = new Map<string, { sku: string; warrantyId?: string; parent?: string; quantity: number }>()
    items.forEach((item, index) => {
      const path = `[${index}]`
      const parentId = item.mandatorySelectionItemOf
      if (parentId !== undefined) {
        const parent = lineById.get(parentId)
        if (!parent) {
          causes.push({
            code: 'basket.line_item.mandatory_parent.not_found.error',
            message: `The line item '${parentId}' that '${item.sku}' should belong to is not in the basket.`,
            paths: [path + '.mandatorySelectionItemOf'],
          })
          return
        }
        if (!isMandatoryFor(parentLinks.get(parent.sku), item.sku)) {
          causes.push({
            code: 'basket.line_item.mandatory_item.not_linked.error',
            message: `The product '${item.sku}' is not a mandatory selection or accessory of '${parent.sku}'.`,
            paths: [path + '.mandatorySelectionItemOf'],
          })
          return
        }
      }
      const product = bySku.get(item.sku)
      if (!product || !product.online) {
        causes.push({
          code: 'basket.line_item.product_not_found.error',
          message: `The product '${item.sku}' does not exist.`,
          paths: [path + '.product'],
        })
        return
      }
      if (product.kind === 'master' || product.kind === 'retailset') {
        causes.push({
          code: 'basket.line_item.product_not_orderable.error',
          message: `The product '${item.sku}' cannot be ordered as such; choose a variation or one of its parts.`,
          paths: [path + '.product'],
        })
        return
      }
      if (!tiers.has(item.sku)) {
        causes.push({
          code: 'basket.line_item.product_price_on_request.error',
          message: `The product '${item.sku}' has no price in ${currency}; its price is on request, so it cannot be ordered online.`,
          paths: [path + '.product'],
        })
        return
      }
      if (item.warrantyId && !warrantiesBySku.get(item.sku)?.some((w) => w.id === item.warrantyId)) {
        causes.push({
          code: 'basket.line_item.warranty_not_available.error',
          message: `The warranty '${item.warrantyId}' is not available for the product '${item.sku}'.`,
          paths: [path + '.warranty'],
        })
        return
      }
      if (!product.alwaysInStock && (product.stock ?? 0) <= 0) {
        causes.push({
          code: 'basket.line_item.product_out_of_stock.error',
          message: `The product '${item.sku}' is out of stock.`,
          paths: [path + '.product'],
        })
        return
      }
      const key = lineKey(item.sku, item.warrantyId, parentId)
      const quantity = (planned.get(key)?.quantity ?? lineByKey.get(key)?.quantity ?? 0) + item.quantity
      const problem = quantityProblem(item.sku, product, quantity)
      if (problem) causes.push({ ...problem, paths: [path + '.quantity.value'] })
      else planned.set(key, { sku: item.sku, warrantyId: item.warrantyId, parent: parentId, quantity })
    })
    if (causes.length > 0) {
      throw new ApiError(
        422,
        'basket.line_item.creation.failed',
        'The items could not be added to the basket.',
        causes,
      )
    }

    let position = existing.reduce((max, l) => Math.max(max, l.position), 0)
    const touched: string[] = []
    for (const [key, { sku, warrantyId, parent, quantity }] of planned) {
      const line = lineByKey.get(key)
      if (line) {
        await t.update(lineItems).set({ quantity }).where(eq(lineItems.id, line.id))
        touched.push(line.id)
      } else {
        const [row] = await t
          .insert(lineItems)
          .values({
            basketId: basket.id,
            sku,
            warrantyId: warrantyId ?? null,
            mandatorySelectionItemOf: parent ?? null,
            quantity,
            position: ++position,
          })
          .returning({ id: lineItems.id })
        touched.push(row!.id)
      }
    }
    await t.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basket.id))
    const all = await t.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    const lines = touched.flatMap((id) => all.filter((l) => l.id === id))
    const mandatory = mandatoryStates(
      all,
      await mandatoryLinksBySku(
        t,
        all.map((l) => l.sku),
      ),
    )
    const priced = await priceLines(t, currency, locale, lines)
    return {
      data: priced.map((l) => lineItemJson(l, currency, undefined, undefined, mandatory.get(l.row.id))),
      infos: [...planned.entries()]
        .filter(([key]) => lineByKey.has(key))
        .map(([, { sku }]) => ({
          code: 'basket.line_item.add_item_added_to_existing_line_item.info',
          message: `The quantity of '${sku}' in the basket was increased.`,
          causes: [],
        })),
      errors: [],
    }
  })
}
