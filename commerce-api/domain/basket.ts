/**
 * Baskets: finding and creating them, what a basket is made of (priced lines, rebates, addresses, shipping,
 * payment and totals, ADR 0010), what it tells the shopper, and adding items. Plain values in, typed values
 * or domain errors out; ICM's JSON for all of it is icm/basket.ts.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cachedPrincipal } from '../db/read-cache'
import { readTogether } from '../db/reads'
import {
  basketPayments,
  baskets,
  customers,
  inventories,
  lineItems,
  paymentInstruments,
  paymentSessions,
  products,
  salesReps,
  users,
} from '../db/schema'
import { approvalPlan, type ApprovalPlan } from './approvers'
import { addressesById, type AddressRow } from './addresses'
import { priceRows, pricedSkus } from './catalog'
import type { Currency, Locale } from './channel'
import { notFoundError, refusedError } from './errors'
import type { MessageCode } from './message-codes'
import { isUuid } from './ids'
import {
  isMandatoryFor,
  mandatoryLinksBySku,
  mandatoryStates,
  type MandatoryLinks,
  type MandatoryState,
} from './mandatory'
import { multiply, sumAmounts, withTax, ZERO, type Amount } from './money'
import { everyPaymentMethod, paymentCostsNet } from './payment-methods'
import { fitQuantity, quantityProblem, type QuantityProblem, type QuantityRules } from './quantity'
import { basketRebates, type BasketRebates } from './rebates'
import { allShippingMethods, shippingCostNet, type ShippingMethodRow } from './shipping'
import type { ActingSalesRep, Principal } from './tokens'
import { basketTotals, taxDestination, taxRateChanged, type TaxDestination, type Totals } from './totals'
import { lineWarranties, offeredWarranties, warrantyPrice, type WarrantyRow } from './warranties'

export type BasketRow = typeof baskets.$inferSelect
export type LineRow = typeof lineItems.$inferSelect

export const basketNotFound = () => notFoundError('basket.not_found.error', 'The basket could not be found.')

export async function createBasket(db: Db, principal: Principal, currency: Currency): Promise<BasketRow> {
  const [row] = await db
    .insert(baskets)
    .values({
      owner: principal.subject,
      userId: principal.anonymous ? null : principal.userId,
      customerNo: principal.anonymous ? null : principal.customerNo,
      currency,
      // A basket a sales representative makes through co-browse is theirs from the start (issue 35).
      salesRepId: principal.anonymous ? null : (principal.salesRep?.id ?? null),
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

/** The caller's open basket `id` (or `current`); anyone else's is not found, never forbidden. */
export async function requireBasket(db: Db, principal: Principal, id: string): Promise<BasketRow> {
  const basket = await findBasket(db, principal, id)
  if (!basket) throw basketNotFound()
  return basket
}

/** Serialises concurrent changes of one basket: the caller's transaction holds the basket row until it ends. */
export const lockBasket = (t: Db, id: string) =>
  t.execute(sql`select id from ${baskets} where id = ${id} for update`)

/** An ICM custom field of a line (`{name, value, type}`), e.g. the buyer's own product code `pcode` (spec §5). */
export type CustomField = { name: string; value: string; type: string }

/** The custom fields a line keeps (line_items.custom_fields). */
export const customFieldsOf = (row: LineRow): CustomField[] => row.customFields ?? []

/** The columns that store a line's custom fields. */
export const customFieldColumns = (fields: CustomField[]): Partial<typeof lineItems.$inferInsert> => ({
  customFields: fields,
})

/** A later add's fields replace the line's fields of the same name; the line's others stay. */
export const mergeCustomFields = (kept: CustomField[], added: CustomField[]): CustomField[] => [
  ...kept.filter((field) => !added.some((a) => a.name === field.name)),
  ...added,
]

type Tier = { minQuantity: number; net: number }

/** The sale price tier that applies to a quantity: the one with the highest minimum quantity reached. */
export function tierFor(tiers: Tier[], quantity: number): Tier | undefined {
  let best: Tier | undefined
  for (const tier of tiers)
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier
  return best
}

/** The sale price tiers of the products in `currency` (net, minor units), by sku; unpriced skus are left out. */
export async function tiersBySku(db: Db, currency: Currency, skus: string[]) {
  const map = new Map<string, Tier[]>()
  for (const row of (await priceRows(db, currency, skus)).values())
    map.set(row.sku, [{ minQuantity: 1, net: row.saleNet }, ...row.scaled])
  return map
}

/** A line with its prices: one piece (`unit`, product only) and the line (product and warranty cover). */
export type PricedLine = {
  row: LineRow
  unit: Amount
  net: number
  gross: number
  /** The warranty chosen for the line and the price of one piece's cover. */
  warranty?: { row: WarrantyRow; price: Amount }
  customFields: CustomField[]
}

/**
 * Prices lines from their net prices: the product's tier for the quantity plus the warranty's cover for every
 * piece, taxed at the basket's rate on the line's total (rounded once per line, as the totals are).
 */
async function priceLines(db: Db, currency: Currency, lines: LineRow[], taxRate: number) {
  const [tiers, warrantyById] = await readTogether(db, [
    () =>
      tiersBySku(
        db,
        currency,
        lines.map((l) => l.sku),
      ),
    () => lineWarranties(db, lines),
  ])
  return lines.map((row): PricedLine => {
    // A quoted line (issue 36, ADR 0040) has the quote's price per piece instead of the price list's.
    const unitNet =
      row.quoteId !== null && row.quotedNet !== null
        ? row.quotedNet
        : (tierFor(tiers.get(row.sku) ?? [], row.quantity)?.net ?? 0)
    const warrantyRow = row.warrantyId ? warrantyById.get(row.warrantyId) : undefined
    const coverNet = warrantyRow && warrantyPrice(warrantyRow, currency)?.net
    const net = multiply(unitNet + (coverNet ?? 0), row.quantity)
    return {
      row,
      unit: withTax(unitNet, taxRate),
      net,
      gross: withTax(net, taxRate).gross,
      ...(warrantyRow && coverNet !== undefined
        ? { warranty: { row: warrantyRow, price: withTax(coverNet, taxRate) } }
        : {}),
      customFields: customFieldsOf(row),
    }
  })
}

/** The basket's payment (open tender) with its method, instrument and hosted-page session. */
async function basketPayment(db: Db, basketId: string) {
  const [[row], methods] = await readTogether(db, [
    () =>
      db
        .select({ payment: basketPayments, instrument: paymentInstruments, session: paymentSessions })
        .from(basketPayments)
        .leftJoin(paymentInstruments, eq(paymentInstruments.id, basketPayments.paymentInstrumentId))
        .leftJoin(paymentSessions, eq(paymentSessions.id, basketPayments.sessionId))
        .where(eq(basketPayments.basketId, basketId)),
    () => everyPaymentMethod(db),
  ])
  const method = row && methods.find((m) => m.id === row.payment.paymentMethodId)
  return row && method ? { ...row, method } : undefined
}

export type BasketPayment = NonNullable<Awaited<ReturnType<typeof basketPayment>>>

/** Everything a basket's answer, its validation and its order are made of. */
export type BasketState = {
  basket: BasketRow
  currency: Currency
  locale: Locale
  /** The lines in position order. */
  lines: LineRow[]
  priced: PricedLine[]
  rebates: BasketRebates
  invoiceToAddress?: AddressRow
  shipToAddress?: AddressRow
  /** Where the goods are taxed (ADR 0010), and for which country the prices were shown before. */
  destination: TaxDestination
  taxRate: number
  /** The net item total after item rebates: what shipping and payment costs are figured on. */
  itemsNet: number
  shippingMethods: ShippingMethodRow[]
  shippingMethod?: ShippingMethodRow
  payment?: BasketPayment
  totals: Totals
  /** Per line whose product asks for mandatory items: which of them the basket holds (ADR 0011). */
  mandatory: Map<string, MandatoryState>
  /** The registered user whose basket it is (ICM's `buyer`); none for an anonymous basket. */
  buyer?: Buyer
  /** The sales representative who changed the basket last through co-browse (issue 35); none: the shopper. */
  salesRep?: ActingSalesRep
  /**
   * Whether a business user's basket needs approval, why and by whom (approvers.ts), when read with
   * `withApproval`; none for private and anonymous baskets, which never do.
   */
  approval?: ApprovalPlan
}

/** Who buys with a user's basket: the user and their customer, as ICM names the basket's buyer. */
export type Buyer = {
  login: string
  customerNo: string
  email: string
  title: string | null
  firstName: string
  lastName: string
  companyName: string | null
  customerType: string
}

/**
 * The user of a registered basket with their customer's company name; undefined for anonymous baskets. Kept
 * on the embedded database until a principal table is written (db/read-cache.ts `cachedPrincipal`): every
 * answer of a user's basket names them. Callers do not change it.
 */
async function buyerOf(db: Db, userId: string | null): Promise<Buyer | undefined> {
  if (userId === null) return undefined
  return cachedPrincipal(db, 'buyers', userId, (d) => readBuyer(d, userId))
}

async function readBuyer(db: Db, userId: string): Promise<Buyer | undefined> {
  const [row] = await db
    .select({
      login: users.login,
      customerNo: users.customerNo,
      email: users.email,
      title: users.title,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: customers.companyName,
      customerType: customers.type,
    })
    .from(users)
    .innerJoin(customers, eq(customers.customerNo, users.customerNo))
    .where(eq(users.id, userId))
  return row
}

/** The sales representative a basket names (baskets.sales_rep_id), read only when it names one. */
async function salesRepOf(db: Db, id: string | null): Promise<ActingSalesRep | undefined> {
  if (id === null) return undefined
  const [row] = await db
    .select({ id: salesReps.id, firstName: salesReps.firstName, lastName: salesReps.lastName })
    .from(salesReps)
    .where(eq(salesReps.id, id))
  return row
}

export async function basketState(db: Db, basket: BasketRow, locale: Locale): Promise<BasketState> {
  const currency = basket.currency as Currency
  const [lines, addressMap, shippingMethods, payment, buyer, salesRep] = await readTogether(db, [
    () =>
      db.select().from(lineItems).where(eq(lineItems.basketId, basket.id)).orderBy(asc(lineItems.position)),
    () => addressesById(db, [basket.invoiceToAddressId, basket.commonShipToAddressId]),
    () => allShippingMethods(db),
    () => basketPayment(db, basket.id),
    () => buyerOf(db, basket.userId),
    () => salesRepOf(db, basket.salesRepId),
  ])
  const links = await mandatoryLinksBySku(
    db,
    lines.map((l) => l.sku),
  )
  const address = (id: string | null) => (id ? addressMap.get(id) : undefined)
  const invoiceToAddress = address(basket.invoiceToAddressId)
  const shipToAddress = address(basket.commonShipToAddressId)
  const destination = taxDestination(currency, shipToAddress?.countryCode, invoiceToAddress?.countryCode)
  const taxRate = destination.country.taxRate
  const priced = await priceLines(db, currency, lines, taxRate)
  const rebates = await basketRebates(
    db,
    basket.id,
    currency,
    locale,
    priced.map((l) => ({
      id: l.row.id,
      sku: l.row.sku,
      net: l.net,
      gross: l.gross,
      quoted: l.row.quoteId !== null,
    })),
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
    destination,
    taxRate,
    itemsNet,
    shippingMethods,
    shippingMethod,
    payment,
    totals,
    mandatory: mandatoryStates(lines, links),
    ...(buyer ? { buyer } : {}),
    ...(salesRep ? { salesRep } : {}),
  }
}

/**
 * The state with its `approval` (approvers.ts): whether the business user's basket needs approval, why and by
 * whom. Read apart from `basketState`, which every basket change and validation reads, because it costs a
 * query per budget: the basket's answers and placing the order ask for it.
 */
export async function withApproval(db: Db, state: BasketState, at = new Date()): Promise<BasketState> {
  const { basket, buyer } = state
  if (buyer?.customerType !== 'SMBCustomer' || !basket.userId || !state.lines.length) return state
  const approval = await approvalPlan(
    db,
    {
      userId: basket.userId,
      customerNo: buyer.customerNo,
      costCenter: basket.costCenter,
      total: state.totals.grand,
      currency: state.currency,
    },
    at,
  )
  return { ...state, approval }
}

/**
 * Something a basket or a change of it tells the shopper (ICM's `infos`): a stable code clients translate, an
 * English message, and the values a translation needs.
 */
export type BasketNotice = { code: MessageCode; message: string; parameters?: Record<string, string> }

const percent = (rate: number) => `${rate} %`

/**
 * What the basket itself tells the shopper on every answer: promotion codes that do not apply yet, and a tax
 * destination whose rate differs from the one the prices were shown with (catalog and basket before an
 * address), so that basket and review can say why the prices changed.
 */
export function basketNotices(state: BasketState): BasketNotice[] {
  const notices: BasketNotice[] = state.rebates.pending.map((p) => ({
    code: 'basket.promotion.min_order_value_not_reached.info',
    message: `The promotion '${p.name}' (code ${p.code}) applies from an item total of ${(p.minimum / 100).toFixed(2)} ${state.currency}.`,
  }))
  return [...notices, ...taxNotices(state)]
}

/** The tax note of a basket, which its order keeps: the destination is taxed at another rate than shown. */
export function taxNotices({ destination }: Pick<BasketState, 'destination'>): BasketNotice[] {
  const notices: BasketNotice[] = []
  if (destination.source !== 'default' && taxRateChanged(destination)) {
    const { country, shownFor } = destination
    notices.push({
      code: 'basket.tax.destination_changed.info',
      message: `Prices include ${percent(country.taxRate)} tax for ${country.names.en_US} instead of the ${percent(shownFor.taxRate)} for ${shownFor.names.en_US} they were shown with.`,
      parameters: {
        previousCountry: shownFor.code,
        previousTaxRate: String(shownFor.taxRate),
        country: country.code,
        taxRate: String(country.taxRate),
      },
    })
  }
  return notices
}

export type ItemRequest = {
  sku: string
  quantity: number
  warrantyId?: string
  /** The id of the line this item is a mandatory selection or accessory of (ADR 0011). */
  mandatorySelectionItemOf?: string
  customFields?: CustomField[]
}

/**
 * Lines are one per product, warranty and parent line: the same product with another (or no) warranty, or
 * chosen for another line (or for none), is another line. Custom fields do not make another line.
 */
export const lineKey = (sku: string, warrantyId: string | null | undefined, parent?: string | null) =>
  `${sku}\u0000${warrantyId ?? ''}\u0000${parent ?? ''}`

/** A refusal of one item, with the path of the item in the request (`[2].quantity.value`). */
export type ItemCause = { code: MessageCode; message: string; paths: string[] }

/** An item whose quantity was fitted to the rules (quantity.ts) because it broke them. */
export type QuantityAdjustment = {
  /** The item's index in the request. */
  index: number
  sku: string
  /** The quantity the item asked for. */
  requested: number
  /** What the item added to its line after fitting. */
  added: number
  /** The line's quantity after the add. */
  lineQuantity: number
  toExistingLine: boolean
  /** The rule the requested quantity broke. */
  reason: QuantityProblem
  /** The line the item went into. */
  lineItemId: string
}

export type AddItemsResult = {
  /** The basket after the add: the added lines are priced as the basket prices them. */
  state: BasketState
  /** The lines the items went into, in the order of the items. */
  lineIds: string[]
  /** The products whose existing line was raised instead of a new line added. */
  increased: string[]
  adjusted: QuantityAdjustment[]
  /** Items left out; only with adjustments allowed, as without them one refusal refuses the whole add. */
  refused: ItemCause[]
}

/** What the basket's rules need to know of a product: whether it can be ordered, its rules, its stock. */
export type ProductFacts = QuantityRules & {
  sku: string
  kind: string
  online: boolean
  stock: number | null
  alwaysInStock: boolean | null
}

/** The facts of the products with these skus, by sku; unknown skus are left out. */
export async function productFacts(t: Db, skus: string[]): Promise<Map<string, ProductFacts>> {
  if (!skus.length) return new Map()
  const rows = await t
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
  return new Map(rows.map((row) => [row.sku, row]))
}

/** Step 1 reads everything the rules need, inside the add's transaction. */
type AddContext = {
  currency: Currency
  products: Map<string, ProductFacts>
  priced: Set<string>
  offered: Map<string, WarrantyRow[]>
  lineById: Map<string, LineRow>
  lineByKey: Map<string, LineRow>
  parentLinks: Map<string, MandatoryLinks>
  lastPosition: number
}

async function resolveItems(t: Db, basket: BasketRow, items: ItemRequest[]): Promise<AddContext> {
  const currency = basket.currency as Currency
  const skus = [...new Set(items.map((i) => i.sku))]
  const [facts, existing, priced, offered] = await readTogether(t, [
    () => productFacts(t, skus),
    () => t.select().from(lineItems).where(eq(lineItems.basketId, basket.id)),
    () => pricedSkus(t, currency, skus),
    () => offeredWarranties(t, currency, items.some((i) => i.warrantyId) ? skus : []),
  ])
  const lineById = new Map(existing.map((l) => [l.id, l]))
  const parentSkus = items.flatMap((i) => {
    const parent = i.mandatorySelectionItemOf && lineById.get(i.mandatorySelectionItemOf)
    return parent ? [parent.sku] : []
  })
  return {
    currency,
    products: facts,
    priced,
    offered,
    lineById,
    // A quoted line keeps its quote's quantity: an add of the same product makes or raises another line.
    lineByKey: new Map(
      existing
        .filter((l) => l.quoteId === null)
        .map((l) => [lineKey(l.sku, l.warrantyId, l.mandatorySelectionItemOf), l]),
    ),
    parentLinks: await mandatoryLinksBySku(t, parentSkus),
    lastPosition: existing.reduce((max, l) => Math.max(max, l.position), 0),
  }
}

/** Step 2a: why an item cannot be added at all, whatever its quantity; undefined when it can. */
function itemRefusal(ctx: AddContext, item: ItemRequest, path: string): ItemCause | undefined {
  const cause = (code: MessageCode, message: string, field: string) => ({
    code,
    message,
    paths: [path + field],
  })
  const parentId = item.mandatorySelectionItemOf
  if (parentId !== undefined) {
    const parent = ctx.lineById.get(parentId)
    if (!parent)
      return cause(
        'basket.line_item.mandatory_parent.not_found.error',
        `The line item '${parentId}' that '${item.sku}' should belong to is not in the basket.`,
        '.mandatorySelectionItemOf',
      )
    if (!isMandatoryFor(ctx.parentLinks.get(parent.sku), item.sku))
      return cause(
        'basket.line_item.mandatory_item.not_linked.error',
        `The product '${item.sku}' is not a mandatory selection or accessory of '${parent.sku}'.`,
        '.mandatorySelectionItemOf',
      )
  }
  const product = ctx.products.get(item.sku)
  if (!product || !product.online)
    return cause(
      'basket.line_item.product_not_found.error',
      `The product '${item.sku}' does not exist.`,
      '.product',
    )
  if (product.kind === 'master' || product.kind === 'retailset')
    return cause(
      'basket.line_item.product_not_orderable.error',
      `The product '${item.sku}' cannot be ordered as such; choose a variation or one of its parts.`,
      '.product',
    )
  if (!ctx.priced.has(item.sku))
    return cause(
      'basket.line_item.product_price_on_request.error',
      `The product '${item.sku}' has no price in ${ctx.currency}; its price is on request, so it cannot be ordered online.`,
      '.product',
    )
  if (item.warrantyId && !ctx.offered.get(item.sku)?.some((w) => w.id === item.warrantyId))
    return cause(
      'basket.line_item.warranty_not_available.error',
      `The warranty '${item.warrantyId}' is not available for the product '${item.sku}'.`,
      '.warranty',
    )
  if (!product.alwaysInStock && (product.stock ?? 0) <= 0)
    return cause(
      'basket.line_item.product_out_of_stock.error',
      `The product '${item.sku}' is out of stock.`,
      '.product',
    )
  return undefined
}

/**
 * Step 2b: the quantity a line holds after adding `requested` to its `before`, or the rule that refuses it.
 * With adjustments allowed a quantity that breaks the rules is fitted (quantity.ts), as long as the item
 * still adds something.
 */
function lineQuantity(
  sku: string,
  rules: QuantityRules,
  before: number,
  requested: number,
  adjustmentsAllowed: boolean,
): { quantity: number; reason?: QuantityProblem } | { problem: QuantityProblem } {
  const wanted = before + requested
  const problem = quantityProblem(sku, rules, wanted)
  if (!problem) return { quantity: wanted }
  if (!adjustmentsAllowed) return { problem }
  const fitted = fitQuantity(rules, wanted)
  return fitted === undefined || fitted <= before ? { problem } : { quantity: fitted, reason: problem }
}

type PlannedLine = {
  sku: string
  warrantyId?: string
  parent?: string
  quantity: number
  customFields: CustomField[]
  existing?: LineRow
}

type Plan = {
  lines: Map<string, PlannedLine>
  /** Fitted items, with the key of their line until the line has an id. */
  adjusted: (Omit<QuantityAdjustment, 'lineItemId'> & { key: string })[]
  refused: ItemCause[]
}

/** Step 2: checks every item against the rules (items for one line add up) and plans each line's quantity. */
function planLines(ctx: AddContext, items: ItemRequest[], adjustmentsAllowed: boolean): Plan {
  const plan: Plan = { lines: new Map(), adjusted: [], refused: [] }
  items.forEach((item, index) => {
    const path = `[${index}]`
    const refusal = itemRefusal(ctx, item, path)
    if (refusal) return void plan.refused.push(refusal)
    const key = lineKey(item.sku, item.warrantyId, item.mandatorySelectionItemOf)
    const existing = ctx.lineByKey.get(key)
    const earlier = plan.lines.get(key)
    const before = earlier?.quantity ?? existing?.quantity ?? 0
    const outcome = lineQuantity(
      item.sku,
      ctx.products.get(item.sku)!,
      before,
      item.quantity,
      adjustmentsAllowed,
    )
    if ('problem' in outcome)
      return void plan.refused.push({ ...outcome.problem, paths: [path + '.quantity.value'] })
    if (outcome.reason) {
      plan.adjusted.push({
        key,
        index,
        sku: item.sku,
        requested: item.quantity,
        added: outcome.quantity - before,
        lineQuantity: outcome.quantity,
        toExistingLine: before > 0,
        reason: outcome.reason,
      })
    }
    const kept = earlier?.customFields ?? (existing ? customFieldsOf(existing) : [])
    plan.lines.set(key, {
      sku: item.sku,
      warrantyId: item.warrantyId,
      parent: item.mandatorySelectionItemOf,
      quantity: outcome.quantity,
      customFields: mergeCustomFields(kept, item.customFields ?? []),
      existing,
    })
  })
  return plan
}

/** Step 3: raises the existing lines and inserts the new ones after the last position; the lines' ids by key. */
async function writeLines(t: Db, basket: BasketRow, ctx: AddContext, lines: Map<string, PlannedLine>) {
  let position = ctx.lastPosition
  const ids = new Map<string, string>()
  for (const [key, line] of lines) {
    const fields = customFieldColumns(line.customFields)
    if (line.existing) {
      await t
        .update(lineItems)
        .set({ quantity: line.quantity, ...fields })
        .where(eq(lineItems.id, line.existing.id))
      ids.set(key, line.existing.id)
      continue
    }
    const [row] = await t
      .insert(lineItems)
      .values({
        basketId: basket.id,
        sku: line.sku,
        warrantyId: line.warrantyId ?? null,
        mandatorySelectionItemOf: line.parent ?? null,
        quantity: line.quantity,
        position: ++position,
        ...fields,
      })
      .returning({ id: lineItems.id })
    ids.set(key, row!.id)
  }
  await t.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basket.id))
  return ids
}

/**
 * Adds items to a basket in three steps: resolve the products, check every item against the rules (product
 * exists, has a price and can be ordered, the warranty is one it is offered with, a mandatory item belongs to
 * its parent's product, the quantity keeps minimum, step, maximum and the channel's cap), then merge into
 * existing lines and insert the rest. An item for a product (and warranty and parent) already in the basket
 * raises that line's quantity.
 *
 * Without `adjustmentsAllowed` the add is all or nothing: any refusal refuses it and nothing is written. With
 * it, a quantity that breaks the rules is fitted (each fit reported), and items that cannot be added are
 * reported while the others are added; only when no item can be added is the whole add refused.
 */
export async function addItems(
  db: Db,
  basket: BasketRow,
  locale: Locale,
  items: ItemRequest[],
  { adjustmentsAllowed = false }: { adjustmentsAllowed?: boolean } = {},
): Promise<AddItemsResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockBasket(t, basket.id)
    const ctx = await resolveItems(t, basket, items)
    const plan = planLines(ctx, items, adjustmentsAllowed)
    if (plan.refused.length > 0 && (!adjustmentsAllowed || plan.lines.size === 0))
      throw refusedError(
        'basket.line_item.creation.failed',
        'The items could not be added to the basket.',
        plan.refused,
      )
    const ids = await writeLines(t, basket, ctx, plan.lines)
    return {
      state: await basketState(t, basket, locale),
      lineIds: [...ids.values()],
      increased: [...plan.lines.values()].filter((l) => l.existing).map((l) => l.sku),
      adjusted: plan.adjusted.map(({ key, ...adjustment }) => ({ ...adjustment, lineItemId: ids.get(key)! })),
      refused: plan.refused,
    }
  })
}
