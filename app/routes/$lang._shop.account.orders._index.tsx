import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Breadcrumb } from '~/components/Breadcrumb'
import { formatDate, OrderStatus } from '~/components/order/OrderStatus'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import { ORDERS_MAX_LIMIT, ORDERS_PAGE_SIZE, ordersLimit } from '~/models/order'
import { formatMoney, pick } from '~/models/price'
import { noindexMeta } from '~/models/seo'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { listOrders } from '~/services/orders.server'

export const headers = pageHeaders

/**
 * The user's orders, newest first, 30 a page (spec §9); "load more" asks for the next 30 with a larger
 * `limit`, so the page works as a plain link without JavaScript.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const limit = ordersLimit(new URL(request.url).searchParams.get('limit'))
  const page = await loginAgainIfRefused(request, shopper, listOrders(shopper.scope, { limit }))
  return data(
    {
      title: t('account.orders.title'),
      total: page.total,
      limit,
      orders: page.orders.map((order) => ({
        id: order.id,
        documentNumber: order.documentNumber ?? order.id,
        creationDate: order.creationDate,
        status: order.status,
        statusCode: order.statusCode,
        itemCount: order.itemCount,
        total: order.totals.total,
      })),
    },
    { headers: privateHeaders() },
  )
}

export default function OrdersPage() {
  const { orders, total, limit } = useLoaderData<typeof loader>()
  const { locale, display } = useShell()
  const { t } = useTranslation()
  const base = `/${locale.lang}/account/orders`
  const nextLimit = limit + ORDERS_PAGE_SIZE
  const hasMore = orders.length < total && limit < ORDERS_MAX_LIMIT
  return (
    <>
      <Breadcrumb items={[{ name: t('account.orders.title') }]} homeUrl={`/${locale.lang}/home`} />
      <h1>{t('account.orders.title')}</h1>
      {orders.length === 0 ? (
        <p className="orders-empty">{t('account.orders.empty')}</p>
      ) : (
        <Form method="post" action={`${base}/csv`} reloadDocument className="orders-export">
          <p className="orders-count">{t('account.orders.count', { shown: orders.length, total })}</p>
          <table className="orders-table">
            <TableHead
              columns={[
                { label: t('account.orders.column.select'), hidden: true },
                { label: t('account.orders.column.date') },
                { label: t('account.orders.column.number') },
                { label: t('account.orders.column.status') },
                { label: t('account.orders.column.items'), numeric: true },
                { label: t('account.orders.column.total'), numeric: true },
                { label: t('account.orders.column.actions'), hidden: true },
              ]}
            />
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td>
                    <input
                      type="checkbox"
                      name="ids"
                      value={order.id}
                      aria-label={t('account.orders.select', { number: order.documentNumber })}
                    />
                  </td>
                  <td>{order.creationDate ? formatDate(order.creationDate, locale.tag) : null}</td>
                  <td>
                    <Link
                      to={`${base}/${encodeURIComponent(order.id)}`}
                      aria-label={t('account.orders.view', { number: order.documentNumber })}
                    >
                      {order.documentNumber}
                    </Link>
                  </td>
                  <td>
                    <OrderStatus order={order} />
                  </td>
                  <td className="num">{t('account.orders.items', { count: order.itemCount })}</td>
                  <td className="num">{formatMoney(pick(order.total, display), locale.tag)}</td>
                  <td>
                    <a
                      href={`${base}/csv?ids=${encodeURIComponent(order.id)}`}
                      download
                      aria-label={t('account.orders.download_csv_of', { number: order.documentNumber })}
                    >
                      {t('account.orders.download_csv')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit">{t('account.orders.export_selected')}</button>
        </Form>
      )}
      {hasMore ? (
        <p className="orders-more">
          <Link to={`${base}?limit=${nextLimit}`} preventScrollReset replace>
            {t('account.orders.load_more')}
          </Link>
        </p>
      ) : null}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
