import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { OrderDetails } from '~/components/order/OrderDetails'
import { useShell } from '~/components/useShell'
import type { Order } from '~/models/order'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { PRIVATE_NO_STORE } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { getOrder } from '~/services/orders.server'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/**
 * The receipt: the order as placed (number, lines, addresses, shipping, payment, totals), shown with the
 * account's order view. A guest reads it through the order token the session keeps; anyone else's order id
 * finds nothing (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Back from the card payment page after the order (`?redirect=success&orderId=`).
  const returned = await handlePaymentReturn(request, params)
  if (returned) throw returned
  const { scope, session, locale } = await shopperOf(request, params)
  const orderId = new URL(request.url).searchParams.get('orderId') ?? session.get('orderId')
  if (!orderId) throw redirect(`/${locale.lang}/basket`)
  // An old receipt link without the session that placed the order shows nobody's order.
  if (!scope.token) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const order = await getOrder(scope, orderId)
  const t = fixedT(locale.id)
  return data(
    { title: t('checkout.receipt.title'), order },
    { headers: { 'Cache-Control': PRIVATE_NO_STORE, Vary: 'Cookie' } },
  )
}

export default function Receipt() {
  const { order } = useLoaderData<typeof loader>()
  const o = order as unknown as Order
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
      <OrderDetails order={o} />
      <p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
