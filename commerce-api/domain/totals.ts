/**
 * Basket and order totals in whole minor units (ADR 0010). Tax follows the ship-to country (else the invoice
 * country); without an address the currency's default destination applies and the totals are estimates.
 * Every amount is computed once and the rest is derived from it, so that
 *   Σ line salesTaxTotal + shipping tax + payment costs tax = salesTaxTotal = grandTotal.gross − grandTotal.net
 * and grandTotal = itemTotal − valueRebatesTotal + shippingTotal + paymentCostsTotal hold exactly.
 */
import type { Currency } from './channel'
import { countryOf, type Country } from './countries'
import {
  add,
  defaultDestination,
  distribute,
  subtract,
  sumAmounts,
  taxIn,
  withTax,
  ZERO,
  type Amount,
} from './money'

/** Where a basket's goods are taxed, and which country its prices were shown for before any address. */
export type TaxDestination = {
  country: Country
  source: 'ship-to' | 'invoice-to' | 'default'
  /** The currency's default destination: the prices of the catalog and of a basket without an address. */
  shownFor: Country
}

/**
 * The ship-to country, else the invoice country (the best guess while only that is known), else the
 * currency's default destination. An address in a country the shop no longer sells to counts as none.
 */
export function taxDestination(
  currency: Currency,
  shipToCountry?: string | null,
  invoiceToCountry?: string | null,
): TaxDestination {
  const shownFor = defaultDestination(currency)
  const shipTo = countryOf(shipToCountry)
  if (shipTo) return { country: shipTo, source: 'ship-to', shownFor }
  const invoiceTo = countryOf(invoiceToCountry)
  if (invoiceTo) return { country: invoiceTo, source: 'invoice-to', shownFor }
  return { country: shownFor, source: 'default', shownFor }
}

/** The destination taxes the goods at another rate than the prices were shown with. */
export const taxRateChanged = (destination: TaxDestination) =>
  destination.country.taxRate !== destination.shownFor.taxRate

export type TotalsLine = {
  id: string
  /** The line before item rebates. */
  undiscounted: Amount
  /** What item promotions took off the line. */
  itemRebate: Amount
}

export type TotalsInput = {
  lines: TotalsLine[]
  /** What order promotions took off the item total. */
  valueRebate: Amount
  /** Net shipping costs of the chosen method (0 when free), or null when no method is chosen. */
  shippingNet: number | null
  /** Net payment costs of the chosen payment, or null when none applies. */
  paymentCostsNet: number | null
  /** Tax rate in percent for shipping and payment costs (the tax destination's). */
  taxRate: number
  /** Invoice address, ship-to address and shipping method are all set. */
  complete: boolean
}

export type Totals = {
  undiscountedItems: Amount
  itemRebates: Amount
  items: Amount
  valueRebates: Amount
  shipping: Amount
  paymentCosts: Amount
  grand: Amount
  salesTax: number
  /** Per line id: the line's total after item rebates, and the tax it carries after its share of order rebates. */
  lines: Map<string, { total: Amount; salesTax: number }>
  isEstimated: boolean
}

export function basketTotals(input: TotalsInput): Totals {
  const totals = input.lines.map((l) => subtract(l.undiscounted, l.itemRebate))
  const items = sumAmounts(totals)
  // Order rebates are shared out over the lines by their value, so that each line's tax is what it really carries.
  const netShares = distribute(
    input.valueRebate.net,
    totals.map((t) => t.net),
  )
  const grossShares = distribute(
    input.valueRebate.gross,
    totals.map((t) => t.gross),
  )
  const lines = new Map(
    input.lines.map((l, i) => {
      const total = totals[i]!
      const share = { net: netShares[i]!, gross: grossShares[i]! }
      return [l.id, { total, salesTax: taxIn(subtract(total, share)) }]
    }),
  )
  const shipping = input.shippingNet === null ? ZERO : withTax(input.shippingNet, input.taxRate)
  const paymentCosts = input.paymentCostsNet === null ? ZERO : withTax(input.paymentCostsNet, input.taxRate)
  const grand = add(add(subtract(items, input.valueRebate), shipping), paymentCosts)
  return {
    undiscountedItems: sumAmounts(input.lines.map((l) => l.undiscounted)),
    itemRebates: sumAmounts(input.lines.map((l) => l.itemRebate)),
    items,
    valueRebates: input.valueRebate,
    shipping,
    paymentCosts,
    grand,
    salesTax: taxIn(grand),
    lines,
    isEstimated: !input.complete,
  }
}
