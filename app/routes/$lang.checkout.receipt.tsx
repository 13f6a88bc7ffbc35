import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { OrderDetails } from '~/components/order/OrderDetails'
import { useShell } from '~/components/useShell'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders, notFound } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { tokenOf } from '~/services/icm.server'
import { namedCostCenter } from '~/services/basket-cost-center.server'
import { getOrder } from '~/services/orders.server'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/**
 * The receipt: the order as placed (number, lines, addresses, shipping, payment, totals), shown with the
 * account's order view. A guest reads it through the order token the session keeps; anyone else's order id
 * finds nothing (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Back from the card payment page after the order (`?redirect=success&orderId=`).
  const returned = await handlePaymentReturn({ request, params, context })
  if (returned) throw returned
  const shopper = await shopperOf({ request, params, context })
  const { scope, session, locale } = shopper
  const orderId = new URL(request.url).searchParams.get('orderId') ?? session.get('orderId')
  if (!orderId) throw redirect(`/${locale.lang}/basket`)
  // An old receipt link without the session that placed the order shows nobody's order.
  if (!tokenOf(scope)) throw notFound()
  const found = await getOrder(scope, orderId)
  const order = { ...found, costCenter: await namedCostCenter(shopper, found.costCenter) }
  const t = fixedT(locale.id)
  return data({ title: t('checkout.receipt.title'), order }, { headers: cacheHeaders(request, 'private') })
}

export default function Receipt() {
  const { order } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('checkout.receipt.title')}</h1>
      <p className="receipt-intro" role="status">
        {t('checkout.receipt.thanks')}{' '}
        <strong data-testid="order-number">
          {t('checkout.receipt.number', { number: order.documentNumber ?? order.id })}
        </strong>
      </p>
      {order.email ? <p>{t('checkout.receipt.email', { email: order.email })}</p> : null}
      <OrderDetails order={order} />
      <p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
