import '~/browser/account-texts'
import { useTranslation } from 'react-i18next'
import type { ShopLocale } from '~/models/locale'
import type { Order } from '~/models/order'
import { formatMoney, pick, type PriceDisplay, type PriceItem } from '~/models/price'

/** Totals of an order: items, rebates, shipping, payment costs, surcharges, tax and the total. */
export function OrderTotals({
  order,
  display,
  locale,
}: {
  order: Order
  display: PriceDisplay
  locale: ShopLocale
}) {
  const { t } = useTranslation()
  const amount = (item: PriceItem) => formatMoney(pick(item, display), locale.tag)
  const { totals } = order
  return (
    <section className="order-totals basket-totals" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title">{t('basket.totals.title')}</h2>
      <dl>
        <dt>{t('basket.totals.items')}</dt>
        <dd>{amount(totals.items)}</dd>
        {order.valueRebates.length > 0
          ? order.valueRebates.map((rebate) => (
              <div key={rebate.name} style={{ display: 'contents' }}>
                <dt>{t('basket.totals.rebate', { name: rebate.name })}</dt>
                <dd>−{amount(rebate.amount)}</dd>
              </div>
            ))
          : totals.valueRebates && (
              <>
                <dt>{t('account.orders.totals.rebates')}</dt>
                <dd>−{amount(totals.valueRebates)}</dd>
              </>
            )}
        {totals.shipping ? (
          <>
            <dt>{t('basket.totals.shipping')}</dt>
            <dd>{amount(totals.shipping)}</dd>
          </>
        ) : null}
        {totals.paymentCosts ? (
          <>
            <dt>{t('account.orders.totals.payment_costs')}</dt>
            <dd>{amount(totals.paymentCosts)}</dd>
          </>
        ) : null}
        {totals.surcharges ? (
          <>
            <dt>{t('account.orders.totals.surcharges')}</dt>
            <dd>{amount(totals.surcharges)}</dd>
          </>
        ) : null}
        {totals.tax ? (
          <>
            <dt>{t('basket.totals.tax')}</dt>
            <dd>{formatMoney(totals.tax, locale.tag)}</dd>
          </>
        ) : null}
        <dt className="grand">{t('basket.totals.total')}</dt>
        <dd className="grand" data-testid="order-total">
          {amount(totals.total)}
        </dd>
      </dl>
    </section>
  )
}
