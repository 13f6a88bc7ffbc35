/**
 * The basket as a punchout transfer carries it (issue 34): the protocol-neutral TransferBasket of
 * commerce-api/punchout/transfer-basket.ts, which the cXML, OCI and IDS writers turn into their formats. Every
 * amount is the basket's own (domain/basket.ts basketState): lines at what the basket charges for them (net,
 * after the line's promotions and its share of order promotions), tax and shipping as the basket estimates
 * them, so that the total is the basket's grand total. Products add what procurement systems classify and
 * plan by: the UN/CEFACT unit of the packing unit, the UNSPSC code of the category, the lead time.
 */
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { products } from '../db/schema'
import { writePunchOutOrderMessage, type CxmlStamp } from '../punchout/cxml'
import { writeIdsReturnCart } from '../punchout/ids'
import { writeOciFields, type OciField } from '../punchout/oci'
import type { TransferBasket, TransferLine, TransferProblem } from '../punchout/transfer-basket'
import { basketState, requireBasket, tierFor, tiersBySku } from './basket'
import { localize, type Currency, type Locale } from './channel'
import { distribute, multiply } from './money'
import { cxmlSettings } from './punchout-cxml-configuration'
import { ociConfiguration } from './punchout-oci'
import { cxmlSession } from './punchout-sessions'
import type { UserPrincipal } from './punchout-users'
import type { Principal } from './tokens'
import { taxDestination } from './totals'

/**
 * UN/CEFACT Recommendation 20 codes of the packing units products are sold in ('' is pieces). A packing unit
 * the table does not know counts in pieces: the catalog has no other (db/seed/catalog-data.ts).
 */
export const UNIT_CODES: Readonly<Record<string, TransferLine['unit']>> = {
  '': 'C62',
  box: 'BX',
  bag: 'BG',
  pair: 'PR',
  roll: 'RO',
  set: 'SET',
  m: 'MTR',
  kg: 'KGM',
  l: 'LTR',
}

/** lineTotal / quantity, rounded half up (quantities are whole and at least 1, amounts not negative). */
export const unitPriceOf = (lineTotal: number, quantity: number) =>
  Math.floor((2 * lineTotal + quantity) / (2 * quantity))

/** The cXML xml:lang of a locale: `de_DE` → `de-DE`. */
export const languageTag = (locale: Locale) => locale.replace('_', '-')

/**
 * The UNSPSC code of each category: its own, or its nearest ancestor's; categories without either are left
 * out. One recursive query for all of them.
 */
export async function unspscOfCategories(db: Db, categoryIds: string[]): Promise<Map<string, string>> {
  if (!categoryIds.length) return new Map()
  const ids = sql.join(
    [...new Set(categoryIds)].map((id) => sql`${id}`),
    sql`, `,
  )
  const result = await db.execute(sql`
    with recursive chain(start, parent, unspsc, depth) as (
      select unique_id, parent_id, unspsc, 0 from categories where unique_id in (${ids})
      union all
      select chain.start, c.parent_id, c.unspsc, chain.depth + 1
        from chain join categories c on c.unique_id = chain.parent
        where chain.unspsc is null and chain.depth < 20
    )
    select distinct on (start) start, unspsc from chain where unspsc is not null order by start, depth`)
  const rows = (result as unknown as { rows: { start: string; unspsc: string }[] }).rows
  return new Map(rows.map((row) => [row.start, row.unspsc]))
}

/** What a transfer line takes from the basket (or, for OCI's validation and search, from the price list). */
type LineSource = {
  position: number
  sku: string
  lineId: string
  quantity: number
  /** Net, in minor units, as the line is charged. */
  lineTotal: number
  /** A warranty's name, added to the description. */
  warranty?: string
}

/**
 * The TransferLines of `sources` in `currency` and `locale`: the products' texts, unit, manufacturer, EAN,
 * UNSPSC code (their category's or its nearest ancestor's) and lead time, the unit price the line total per
 * piece. One query for the products and one for the categories.
 */
async function transferLines(
  db: Db,
  sources: readonly LineSource[],
  { currency, locale, taxRate }: { currency: string; locale: Locale; taxRate: number },
): Promise<TransferLine[]> {
  const skus = [...new Set(sources.map((line) => line.sku))]
  const rows = skus.length ? await db.select().from(products).where(inArray(products.sku, skus)) : []
  const bySku = new Map(rows.map((row) => [row.sku, row]))
  const unspsc = await unspscOfCategories(
    db,
    rows.map((row) => row.defaultCategoryId),
  )
  const money = (amount: number) => ({ amount, currency })
  return sources.map((line): TransferLine => {
    const product = bySku.get(line.sku)
    const short = product ? localize(product.shortDescriptions, locale) : ''
    return {
      position: line.position,
      sku: line.sku,
      lineId: line.lineId,
      name: product ? localize(product.names, locale) : line.sku,
      description: line.warranty ? [short, line.warranty].filter(Boolean).join(' + ') : short,
      quantity: line.quantity,
      unit: UNIT_CODES[product?.packingUnit ?? ''] ?? 'C62',
      unitPrice: money(unitPriceOf(line.lineTotal, line.quantity)),
      lineTotal: money(line.lineTotal),
      taxRate,
      manufacturer: product?.manufacturer ?? '',
      manufacturerPartId: product?.manufacturerSku ?? null,
      ean: product?.ean ?? null,
      unspsc: (product && unspsc.get(product.defaultCategoryId)) ?? '',
      leadTimeDays: product?.readyForShipmentMax ?? null,
    }
  })
}

/**
 * The TransferBasket of the caller's open basket `basketId`, its texts in `locale` (another's basket is not
 * found). An empty basket transfers as one without lines: the procurement system reads that as a cancel.
 */
export async function punchoutTransferBasket(
  db: Db,
  basketId: string,
  user: Principal,
  locale: Locale,
): Promise<TransferBasket> {
  const basket = await requireBasket(db, user, basketId)
  const state = await basketState(db, basket, locale)
  const { currency, totals } = state
  const money = (amount: number) => ({ amount, currency })
  // The order promotions' share of each line, as basketTotals shares them out (same weights, same order).
  const afterItemRebates = state.priced.map((line) => totals.lines.get(line.row.id)!.total.net)
  const shares = distribute(totals.valueRebates.net, afterItemRebates)
  const lines = await transferLines(
    db,
    state.priced.map((line, index) => ({
      position: line.row.position,
      sku: line.row.sku,
      lineId: line.row.id,
      quantity: line.row.quantity,
      lineTotal: afterItemRebates[index]! - shares[index]!,
      ...(line.warranty ? { warranty: localize(line.warranty.row.names, locale) } : {}),
    })),
    { currency, locale, taxRate: state.taxRate },
  )
  const subtotal = totals.items.net - totals.valueRebates.net
  // Payment costs, should a basket have them, count with the charges (a punchout basket is not paid here).
  const shipping = totals.shipping.net + totals.paymentCosts.net
  return {
    basketId: basket.id,
    currency,
    locale: languageTag(locale),
    lines,
    subtotal: money(subtotal),
    tax: money(totals.salesTax),
    shipping: money(shipping),
    total: money(subtotal + totals.salesTax + shipping),
  }
}

/**
 * Products at quantities as a TransferBasket without a basket (OCI's VALIDATE and BACKGROUND_SEARCH): each
 * line at the price list's tier for its quantity in `currency` (what a basket charges before promotions), the
 * channel's tax rate for the currency, positions in the given order, no line id, no basket id; tax and
 * shipping are not estimated. The caller checks that the products can be ordered.
 */
export async function productTransferBasket(
  db: Db,
  items: readonly { sku: string; quantity: number }[],
  currency: Currency,
  locale: Locale,
): Promise<TransferBasket> {
  const tiers = await tiersBySku(
    db,
    currency,
    items.map((item) => item.sku),
  )
  const lines = await transferLines(
    db,
    items.map((item, index) => ({
      position: index + 1,
      sku: item.sku,
      lineId: '',
      quantity: item.quantity,
      lineTotal: multiply(tierFor(tiers.get(item.sku) ?? [], item.quantity)?.net ?? 0, item.quantity),
    })),
    { currency, locale, taxRate: taxDestination(currency).country.taxRate },
  )
  const money = (amount: number) => ({ amount, currency })
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal.amount, 0)
  return {
    basketId: '',
    currency,
    locale: languageTag(locale),
    lines,
    subtotal: money(subtotal),
    tax: money(0),
    shipping: money(0),
    total: money(subtotal),
  }
}

/** The header's estimate labels of a PunchOutOrderMessage, in the session's language. */
const ESTIMATE_LABELS: Record<Locale, { tax: string; shipping: string }> = {
  en_US: { tax: 'Tax (estimate)', shipping: 'Shipping (estimate)' },
  de_DE: { tax: 'Steuer (geschätzt)', shipping: 'Versand (geschätzt)' },
  fr_FR: { tax: 'Taxe (estimation)', shipping: 'Livraison (estimation)' },
  pl_PL: { tax: 'Podatek (szacunkowo)', shipping: 'Wysyłka (szacunkowo)' },
  ro_RO: { tax: 'Taxă (estimare)', shipping: 'Livrare (estimare)' },
}

/** A transfer's XML (cXML, IDS) and the lines it could not carry as they are. */
export type XmlTransfer = { xml: string; problems: TransferProblem[] }

/**
 * The PunchOutOrderMessage of the caller's cXML session `sid` (`POST …/cxml1.2/transfer?sid=`): the session's
 * basket, the BuyerCookie echoed, the buyer's credential (the setup request's From) as To, the shop's
 * credential and `operationAllowed` from the cXML user's configuration. Another user's session, or an ended
 * one, is not found.
 */
export async function transferCxmlSession(
  db: Db,
  caller: UserPrincipal,
  sid: string,
  locale: Locale,
  stamp: CxmlStamp,
): Promise<XmlTransfer> {
  const session = await cxmlSession(db, caller, sid)
  const [basket, settings] = await Promise.all([
    punchoutTransferBasket(db, session.basketId, caller, locale),
    cxmlSettings(db, caller.userId),
  ])
  const from = session.details.from
  const operationAllowed = settings.operationAllowed as 'create' | 'edit' | 'inspect'
  return writePunchOutOrderMessage(
    basket,
    {
      buyerCookie: session.buyerCookie,
      buyer: from ? [{ ...from, sharedSecret: null }] : [],
      supplier: [
        { domain: settings.supplierDomain!, identity: settings.supplierIdentity!, sharedSecret: null },
      ],
      deploymentMode: session.deploymentMode as 'production' | 'test',
      operationAllowed,
    },
    stamp,
    { labels: ESTIMATE_LABELS[locale] },
  )
}

/**
 * The OCI fields of the caller's basket (`POST …/oci5/transfer?basketId=`), shaped by the customer's OCI
 * field mapping, OCI 5.0 (the `~` fields of the entry are the storefront's to echo).
 */
export async function transferOciBasket(
  db: Db,
  caller: UserPrincipal,
  basketId: string,
  locale: Locale,
): Promise<{ fields: OciField[]; problems: TransferProblem[] }> {
  const [basket, configuration] = await Promise.all([
    punchoutTransferBasket(db, basketId, caller, locale),
    ociConfiguration(db, caller.customerNo),
  ])
  return writeOciFields(basket, { configuration, version: '5.0' })
}

/** The IDS WKE cart (`warenkorb`) of the caller's basket (`POST …/ids/transfer?basketId=`), for review. */
export async function transferIdsBasket(
  db: Db,
  caller: UserPrincipal,
  basketId: string,
  locale: Locale,
  now = new Date(),
): Promise<XmlTransfer> {
  return writeIdsReturnCart(await punchoutTransferBasket(db, basketId, caller, locale), { now })
}
