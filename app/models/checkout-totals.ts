import type { CheckoutBasket } from './checkout-basket'
import { pick, type Money, type PriceDisplay, type PriceItem } from './price'

export type TotalsRow = {
  /** Translation key of the row's label. */
  key: string
  values?: Record<string, string>
  amount: Money
  /** Rebates are taken off; the grand total is the last row. */
  kind: 'amount' | 'rebate' | 'total'
}

const isZero = (item: PriceItem | undefined) => !item || (item.gross.value === 0 && item.net.value === 0)

/**
 * The totals of a basket or order as checkout, review and receipt print them: items, order rebates, shipping
 * (shown once a method is chosen, also when free), payment costs (when there are any), tax, total; and whether
 * the total is still an estimate (addresses or shipping method missing, spec §3 Totals).
 */
export function totalsRows(
  basket: CheckoutBasket,
  display: PriceDisplay,
): { rows: TotalsRow[]; estimated: boolean } {
  const rows: TotalsRow[] = [
    { key: 'checkout.totals.items', amount: pick(basket.totals.items, display), kind: 'amount' },
  ]
  for (const rebate of basket.valueRebates)
    rows.push({
      key: 'basket.totals.rebate',
      values: { name: rebate.name },
      amount: pick(rebate.amount, display),
      kind: 'rebate',
    })
  if (basket.totals.shipping && (basket.shippingMethod || !isZero(basket.totals.shipping)))
    rows.push({
      key: 'checkout.totals.shipping',
      amount: pick(basket.totals.shipping, display),
      kind: 'amount',
    })
  if (!isZero(basket.paymentCosts))
    rows.push({
      key: 'checkout.totals.payment_costs',
      amount: pick(basket.paymentCosts!, display),
      kind: 'amount',
    })
  if (basket.totals.tax)
    rows.push({
      key: display === 'net' ? 'checkout.totals.tax_added' : 'checkout.totals.tax_included',
      amount: basket.totals.tax,
      kind: 'amount',
    })
  rows.push({ key: 'checkout.totals.total', amount: pick(basket.totals.total, display), kind: 'total' })
  return { rows, estimated: basket.totals.estimated }
}
