import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { CheckoutBasket } from '~/models/checkout-basket'
import { AddressView, DeliveryTime } from './CheckoutParts'
import { costCenterLabel } from './CostCenterSelection'

/** What is ordered how: addresses, shipping method and payment, each with a link back to its step. */
export function ReviewSummary({ basket, lang }: { basket: CheckoutBasket; lang: string }) {
  const { t } = useTranslation()
  const change = (step: string) => <Link to={`/${lang}/checkout/${step}`}>{t('checkout.change')}</Link>
  return (
    <div className="checkout-review">
      <section>
        <h2>{t('checkout.address.invoice')}</h2>
        {basket.invoiceAddress ? <AddressView address={basket.invoiceAddress} /> : null}
        {change('address')}
      </section>
      <section>
        <h2>{t('checkout.address.shipping')}</h2>
        {basket.shipToAddress ? <AddressView address={basket.shipToAddress} /> : null}
        {change('address')}
      </section>
      <section>
        <h2>{t('checkout.shipping.method')}</h2>
        {basket.shippingMethod ? (
          <p>
            {basket.shippingMethod.name}
            {basket.shippingMethod.days ? (
              <>
                {' '}
                (<DeliveryTime days={basket.shippingMethod.days} />)
              </>
            ) : null}
          </p>
        ) : null}
        {change('shipping')}
      </section>
      <section>
        <h2>{t('checkout.payment.method')}</h2>
        {basket.payment ? (
          <p data-testid="review-payment">
            {basket.payment.methodName}
            {basket.payment.accountIdentifier ? ` (${basket.payment.accountIdentifier})` : ''}
          </p>
        ) : null}
        {change('payment')}
      </section>
      {basket.costCenter ? (
        <section>
          <h2>{t('checkout.cost_center.label')}</h2>
          <p data-testid="review-cost-center">{costCenterLabel(basket.costCenter)}</p>
          <Link to={`/${lang}/basket`}>{t('checkout.change')}</Link>
        </section>
      ) : null}
    </div>
  )
}
