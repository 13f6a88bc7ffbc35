import { useTranslation } from '~/components/useTranslation'
import { orderTotalsRows } from '~/models/checkout-totals'
import type { Order } from '~/models/order'
import type { PriceDisplay } from '~/models/price'
import { PricesHiddenNote } from '../Price'
import { TotalsList } from '../TotalsList'

/** Totals of an order: items, rebates, shipping, payment costs, surcharges, then the tax and what was payable. */
export function OrderTotals({ order, display }: { order: Order; display: PriceDisplay }) {
  const { t } = useTranslation()
  return (
    <section className="order-totals basket-totals" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title">{t('basket.totals.title')}</h2>
      <PricesHiddenNote />
      <dl>
        <TotalsList rows={orderTotalsRows(order, display)} totalTestId="order-total" />
      </dl>
    </section>
  )
}
