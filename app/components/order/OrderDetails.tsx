import type { ReactNode } from 'react'
import type { Order, OrderLine } from '~/models/order'
import { useShell } from '../useShell'
import { OrderFacts } from './OrderFacts'
import { OrderLines } from './OrderLines'
import { PriceNotes } from '../PriceNotes'
import { OrderTotals } from './OrderTotals'

/**
 * What was ordered: lines (name linking to the product, SKU, warranty, desired delivery, fulfilment status,
 * unit price, quantity, total), addresses, shipping method, payment, message to merchant, reference and totals.
 * Used by the receipt and the account's order detail; `lineAction` adds a control under each line's name.
 */
export function OrderDetails({
  order,
  lineAction,
}: {
  order: Order
  lineAction?: (line: OrderLine) => ReactNode
}) {
  const { display } = useShell()
  return (
    <div className="order-details">
      <PriceNotes infos={order.infos} />
      <OrderLines lines={order.lines} lineAction={lineAction} />
      <OrderFacts order={order} />
      <OrderTotals order={order} display={display} />
    </div>
  )
}
