import type { CheckoutBasket } from './checkout-basket'
import { pick, type Money, type PriceDisplay, type PriceItem } from './price'

export type TotalsRow = {
  /** Translation key of the row's label. */
  key: string
  values?: Record<string, string>
  amount: Money
  /**
   * Rebates are taken off; `subtotal` is the net sum the tax is added to, `total` the amount payable, and
   * `included` the tax a gross total already contains (it follows the total and is not added).
   */
  kind: 'amount' | 'rebate' | 'subtotal' | 'total' | 'included'
}

/** What every kind of totals ends in: the tax and the amount payable. */
export type Payable = { tax?: Money; total: PriceItem }

const isZero = (item: PriceItem | undefined) => !item || (item.gross.value === 0 && item.net.value === 0)

/**
 * How a total ends, in one wording for basket, checkout, receipt, order and requisition, so that the rows add
 * up as written and the amount payable is always there: shown gross, the total and the tax it includes; shown
 * net (business customers, spec §1 preferred display type), the net total, the tax added, and the gross total
 * payable, labelled as such.
 */
export function payableRows({ tax, total }: Payable, display: PriceDisplay): TotalsRow[] {
  if (display === 'gross')
    return [
      { key: 'checkout.totals.total', amount: total.gross, kind: 'total' },
      ...(tax ? [{ key: 'checkout.totals.tax_included', amount: tax, kind: 'included' as const }] : []),
    ]
  return [
    { key: 'checkout.totals.net_total', amount: total.net, kind: 'subtotal' },
    ...(tax ? [{ key: 'checkout.totals.tax_added', amount: tax, kind: 'amount' as const }] : []),
    { key: 'checkout.totals.total_payable', amount: total.gross, kind: 'total' },
  ]
}

/** The totals of a placed order: the costs it was made of, as far as there were any, and what was payable. */
export type OrderTotalsSource = {
  totals: Payable & {
    items: PriceItem
    valueRebates?: PriceItem
    shipping?: PriceItem
    paymentCosts?: PriceItem
    surcharges?: PriceItem
  }
  valueRebates: { name: string; amount: PriceItem }[]
}

export function orderTotalsRows({ totals, valueRebates }: OrderTotalsSource, display: PriceDisplay) {
  const rows: TotalsRow[] = [
    { key: 'checkout.totals.items', amount: pick(totals.items, display), kind: 'amount' },
  ]
  // Each order rebate by name where the order names them, else their sum.
  if (valueRebates.length)
    for (const rebate of valueRebates)
      rows.push({
        key: 'basket.totals.rebate',
        values: { name: rebate.name },
        amount: pick(rebate.amount, display),
        kind: 'rebate',
      })
  else if (totals.valueRebates)
    rows.push({
      key: 'checkout.totals.rebates',
      amount: pick(totals.valueRebates, display),
      kind: 'rebate',
    })
  if (totals.shipping)
    rows.push({ key: 'checkout.totals.shipping', amount: pick(totals.shipping, display), kind: 'amount' })
  if (!isZero(totals.paymentCosts))
    rows.push({
      key: 'checkout.totals.payment_costs',
      amount: pick(totals.paymentCosts!, display),
      kind: 'amount',
    })
  if (!isZero(totals.surcharges))
    rows.push({
      key: 'checkout.totals.surcharges',
      amount: pick(totals.surcharges!, display),
      kind: 'amount',
    })
  return [...rows, ...payableRows(totals, display)]
}

/**
 * The totals of a basket as checkout, review and receipt print them: items, order rebates, shipping (shown
 * once a method is chosen, also when free), payment costs (when there are any), then what is payable; and
 * whether the total is still an estimate (addresses or shipping method missing, spec §3 Totals).
 */
export function totalsRows(
  basket: CheckoutBasket,
  display: PriceDisplay,
): { rows: TotalsRow[]; estimated: boolean } {
  const { totals } = basket
  const rows = orderTotalsRows(
    {
      totals: {
        ...totals,
        // A shipping total of nothing before a method is chosen is not a cost yet.
        shipping:
          totals.shipping && (basket.shippingMethod || !isZero(totals.shipping))
            ? totals.shipping
            : undefined,
        paymentCosts: basket.paymentCosts,
      },
      valueRebates: basket.valueRebates,
    },
    display,
  )
  return { rows, estimated: totals.estimated }
}
