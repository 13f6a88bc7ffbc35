import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { BuyAgainButton } from '~/components/order/BuyAgain'
import { OrderDetails } from '~/components/order/OrderDetails'
import { SaveAsOrderTemplate } from '~/components/OrderTemplateForms'
import { formatDate, OrderStatus } from '~/components/order/OrderStatus'
import { useShell } from '~/components/useShell'
import { BUY_AGAIN_INTENT } from '~/models/order'
import { noindexMeta } from '~/models/seo'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { namedCostCenter } from '~/services/basket-cost-center.server'
import { buyAgain } from '~/services/buy-again.server'
import { formText, readForm } from '~/services/form.server'
import { getOrder } from '~/services/orders.server'

export const headers = pageHeaders

/** One of the user's orders; an unknown or someone else's order is a 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const found = await loginAgainIfRefused(request, shopper, getOrder(shopper.scope, params.orderId ?? ''))
  const order = { ...found, costCenter: await namedCostCenter(shopper, found.costCenter) }
  const number = order.documentNumber ?? order.id
  return data({ title: t('account.orders.detail.title', { number }), order }, { headers: privateHeaders() })
}

/** "Buy again" (issue 19): the order's items, or one line's (`line`), into the basket; then the basket. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const form = await readForm(request)
  if (formText(form, 'intent') !== BUY_AGAIN_INTENT)
    throw new Response(null, { status: 400, statusText: 'Bad Request' })
  return buyAgain(request, shopper, params.orderId ?? '', formText(form, 'line') ?? undefined)
}

export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const base = `/${locale.lang}/account/orders`
  const number = order.documentNumber ?? order.id
  return (
    <>
      <Breadcrumb
        items={[
          { name: t('account.orders.title'), url: base },
          { name: t('account.orders.detail.title', { number }) },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.orders.detail.title', { number })}</h1>
      <dl className="order-summary">
        {order.creationDate ? (
          <>
            <dt>{t('account.orders.column.date')}</dt>
            <dd>{formatDate(order.creationDate, locale.tag)}</dd>
          </>
        ) : null}
        {order.requisition ? (
          <>
            <dt>{t('account.orders.requisition.label')}</dt>
            <dd data-testid="order-requisition">
              {order.requisition.approvedAt
                ? t('account.orders.requisition.approved', {
                    number: order.requisition.number,
                    date: formatDate(order.requisition.approvedAt, locale.tag),
                    approver: order.requisition.approver ?? '',
                  })
                : order.requisition.number}
            </dd>
          </>
        ) : null}
        {order.salesRep ? (
          <>
            <dt>{t('account.orders.sales_rep.label')}</dt>
            <dd data-testid="order-sales-rep">
              {order.salesRep.name
                ? t('account.orders.sales_rep.text', { name: order.salesRep.name, id: order.salesRep.id })
                : t('account.orders.sales_rep.id', { id: order.salesRep.id })}
            </dd>
          </>
        ) : null}
        <dt>{t('account.orders.column.status')}</dt>
        <dd data-testid="order-status">
          <OrderStatus order={order} />
        </dd>
        {order.email ? (
          <>
            <dt>{t('account.orders.email')}</dt>
            <dd>{order.email}</dd>
          </>
        ) : null}
        {order.trackingLinks.length > 0 ? (
          <>
            <dt>{t('account.orders.tracking')}</dt>
            <dd>
              <ul className="tracking-links" data-testid="tracking-links">
                {order.trackingLinks.map((link, index) => (
                  <li key={index}>
                    {'url' in link ? (
                      <a href={link.url} rel="noopener noreferrer" target="_blank">
                        {t('account.orders.tracking.link', { number: index + 1, host: link.host })}
                      </a>
                    ) : (
                      t('account.orders.tracking.number', { number: index + 1, trackingNumber: link.number })
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="order-actions">
        <BuyAgainButton orderId={order.id} number={number} />{' '}
        <a href={`${base}/csv?ids=${encodeURIComponent(order.id)}`} download>
          {t('account.orders.download_csv')}
        </a>{' '}
        <Link to={base}>{t('account.orders.detail.back')}</Link>
      </div>
      <OrderDetails order={order} lineAction={(line) => <BuyAgainButton orderId={order.id} line={line} />} />
      <SaveAsOrderTemplate source={{ orderId: order.id }} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
