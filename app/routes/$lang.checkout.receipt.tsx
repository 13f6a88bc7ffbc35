import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AddressView, CheckoutLines, CheckoutTotals, DeliveryTime } from '~/components/checkout/CheckoutParts'
import { useShell } from '~/components/useShell'
import type { Address } from '~/models/address'
import type { CheckoutBasket } from '~/models/checkout'
import { noindexMeta } from '~/models/seo'
import { order } from '~/services/checkout.server'
import { namedLines } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { PRIVATE_NO_STORE } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/**
 * The receipt: the order as placed (number, lines, addresses, shipping, payment, totals). A guest reads it
 * through the order token the session keeps; anyone else's order id finds nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Back from the card payment page after the order (`?redirect=success&orderId=`).
  const returned = await handlePaymentReturn(request, params)
  if (returned) throw returned
  const { scope, session, locale } = await shopperOf(request, params)
  const orderId = new URL(request.url).searchParams.get('orderId') ?? session.get('orderId')
  if (!orderId) throw redirect(`/${locale.lang}/basket`)
  const placed = await order(scope, orderId)
  if (!placed) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const lines = await namedLines(scope, placed)
  const t = fixedT(locale.id)
  return data(
    { title: t('checkout.receipt.title'), order: placed, lines },
    { headers: { 'Cache-Control': PRIVATE_NO_STORE, Vary: 'Cookie' } },
  )
}

export default function Receipt() {
  const { order, lines } = useLoaderData<typeof loader>()
  const o = order as unknown as CheckoutBasket
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('checkout.receipt.title')}</h1>
      <p className="receipt-intro" role="status">
        {t('checkout.receipt.thanks')}{' '}
        <strong data-testid="order-number">
          {t('checkout.receipt.number', { number: o.documentNumber ?? o.id })}
        </strong>
      </p>
      {o.email ? <p>{t('checkout.receipt.email', { email: o.email })}</p> : null}
      <div className="checkout-review">
        <section>
          <h2>{t('checkout.address.invoice')}</h2>
          {o.invoiceAddress ? <AddressView address={o.invoiceAddress as Address} /> : null}
        </section>
        <section>
          <h2>{t('checkout.address.shipping')}</h2>
          {o.shipToAddress ? <AddressView address={o.shipToAddress as Address} /> : null}
        </section>
        <section>
          <h2>{t('checkout.shipping.method')}</h2>
          {o.shippingMethod ? (
            <p>
              {o.shippingMethod.name}
              {o.shippingMethod.days ? (
                <>
                  {' '}
                  (<DeliveryTime days={o.shippingMethod.days} />)
                </>
              ) : null}
            </p>
          ) : null}
        </section>
        <section>
          <h2>{t('checkout.payment.method')}</h2>
          {o.payment ? (
            <p data-testid="receipt-payment">
              {o.payment.methodName}
              {o.payment.accountIdentifier ? ` (${o.payment.accountIdentifier})` : ''}
            </p>
          ) : null}
        </section>
      </div>
      <h2>{t('checkout.review.items')}</h2>
      <CheckoutLines lines={lines} />
      <CheckoutTotals basket={o} />
      <p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
