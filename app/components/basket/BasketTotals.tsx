import { useTranslation } from '~/components/useTranslation'
import type { BasketView } from '~/models/basket-view'
import type { DeliveryEstimate } from '~/models/delivery-date'
import { payableRows } from '~/models/checkout-totals'
import { pick } from '~/models/price'
import { showsPrices } from '~/models/price-visibility'
import type { ShippingPreview } from '~/models/shipping-method'
import { DeliveryDate } from '../DeliveryDate'
import { MoneyText, PricesHiddenNote, usePriceText } from '../Price'
import { TotalsList } from '../TotalsList'
import { useShell } from '../useShell'

/**
 * Items, order rebates, shipping, and the tax and total payable of the basket (estimated until checkout knows more), and
 * how far the items are from free shipping (issue 19: every cost in view before checkout), and by when the
 * order arrives.
 */
export function BasketTotals({
  basket,
  shipping,
  delivery,
}: {
  basket: Pick<BasketView, 'totals' | 'valueRebates'>
  shipping?: ShippingPreview | null
  /** When the order arrives (issue 19), with the method it is computed for. */
  delivery?: { estimate: DeliveryEstimate; method?: string } | null
}) {
  const { t } = useTranslation()
  const { locale, display, prices } = useShell()
  const { totals } = basket
  const money = usePriceText().item
  if (!showsPrices(prices))
    return (
      <section className="basket-totals" aria-labelledby="totals-title">
        <h2 id="totals-title">{t('basket.totals.title')}</h2>
        <PricesHiddenNote />
        {delivery ? (
          <DeliveryDate estimate={delivery.estimate} method={delivery.method} scope="basket" />
        ) : null}
      </section>
    )
  const shippingFree = shipping && pick(shipping.costs, display).value === 0
  return (
    <section className="basket-totals" aria-labelledby="totals-title">
      <h2 id="totals-title">{t('basket.totals.title')}</h2>
      <dl>
        <dt>{t('checkout.totals.items')}</dt>
        <dd>
          <MoneyText money={pick(totals.items, display)} locale={locale} />
        </dd>
        {basket.valueRebates.map((rebate) => (
          <div key={rebate.name} style={{ display: 'contents' }}>
            <dt>{t('basket.totals.rebate', { name: rebate.name })}</dt>
            <dd data-testid="basket-rebate">−{money(rebate.amount)}</dd>
          </div>
        ))}
        {shipping ? (
          <>
            <dt>{t(shipping.from ? 'basket.totals.shipping_from' : 'basket.totals.shipping')}</dt>
            <dd data-testid="basket-shipping">
              {t('basket.totals.shipping_of', {
                amount: shippingFree ? t('basket.totals.shipping_free') : money(shipping.costs),
                method: shipping.method,
              })}
            </dd>
          </>
        ) : null}
        <TotalsList rows={payableRows(totals, display)} totalTestId="basket-total" />
      </dl>
      {shipping?.free ? (
        <p className="free-shipping" data-testid="free-shipping">
          {shipping.free.missing
            ? t('basket.totals.free_shipping.missing', {
                amount: money(shipping.free.missing),
                method: shipping.free.method,
                threshold: money(shipping.free.threshold),
              })
            : t('basket.totals.free_shipping.reached', { method: shipping.free.method })}
        </p>
      ) : null}
      {delivery ? (
        <DeliveryDate estimate={delivery.estimate} method={delivery.method} scope="basket" />
      ) : null}
      {totals.estimated ? (
        <p className="hint">
          {t(
            // A total without the method's costs leaves them out, unless the shipping it shows is free.
            shipping && !shipping.chosen && !shippingFree
              ? 'basket.totals.estimated_without_shipping'
              : 'basket.totals.estimated',
          )}
        </p>
      ) : null}
    </section>
  )
}
