import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { BuyersSelect } from '~/components/organization/BuyersSelect'
import { BuyAgainButton, BuyAgainForm } from '~/components/order/BuyAgain'
import { formatDate, OrderStatus } from '~/components/order/OrderStatus'
import { TableHead } from '~/components/TableHead'
import { Amount } from '~/components/Price'
import { useShell } from '~/components/useShell'
import {
  ALL_BUYERS,
  displayStatusOf,
  ORDER_STATUS_CODES,
  ORDERS_MAX_LIMIT,
  ORDERS_PAGE_SIZE,
  orderFilterOf,
  ordersLimit,
  type OrderFilter,
} from '~/models/order'
import { orderStatusText } from '~/components/order/OrderStatus'
import { noindexMeta } from '~/models/seo'
import { hasPermission, loginAgainIfRefused, requireLogin, type LoggedIn } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { listOrders, orderingUsers, type OrderingUser } from '~/services/orders.server'
import type { SessionUser } from '~/services/session.server'

export const headers = pageHeaders

/**
 * Who sees the company's orders besides their own (issue 17): order managers (APP_B2B_MANAGE_ORDERS) and
 * account owners (their role, or user management, APP_B2B_MANAGE_USERS). The API decides again.
 */
const managesOrders = (user: SessionUser) =>
  hasPermission(user, 'APP_B2B_MANAGE_ORDERS') ||
  hasPermission(user, 'APP_B2B_MANAGE_USERS') ||
  user.roles.includes('APP_B2B_ACCOUNT_OWNER')

/**
 * The buyers an order manager can filter by: the company's ordering users where the user may list them
 * (ICM answers `customers/{no}/users` to APP_B2B_MANAGE_USERS only), else the user alone ("my orders").
 */
async function buyerChoices(shopper: LoggedIn, myOrders: string): Promise<OrderingUser[]> {
  const { user } = shopper
  const me = { login: user.login, name: myOrders }
  if (!hasPermission(user, 'APP_B2B_MANAGE_USERS')) return [me]
  const users = await orderingUsers(shopper.scope, user.customerNo).catch(() => [])
  return users.some((u) => u.login.toLowerCase() === user.login.toLowerCase()) ? users : [me, ...users]
}

/** A filter naming a buyer the choices do not offer is the user's own orders. */
const offered = (filter: OrderFilter, users: OrderingUser[]): OrderFilter =>
  filter.buyer.kind !== 'user' ||
  users.some(
    (u) => filter.buyer.kind === 'user' && u.login.toLowerCase() === filter.buyer.login.toLowerCase(),
  )
    ? filter
    : { ...filter, buyer: { kind: 'own' } }

/**
 * The user's orders, newest first, 30 a page (spec §9); "load more" asks for the next 30 with a larger
 * `limit`, so the page works as a plain link without JavaScript. Order managers and account owners filter by
 * buyer (all, or one) and status with a GET form (`buyer`, `status`), passed to ICM as `allBuyers=true`,
 * `buyer=<login>` and `statusCode`.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const query = new URL(request.url).searchParams
  const limit = ordersLimit(query.get('limit'))
  const mayFilter = managesOrders(shopper.user)
  const users = mayFilter ? await buyerChoices(shopper, t('account.orders.filter.my_orders')) : []
  const filter = offered(orderFilterOf(query, shopper.user.login, mayFilter), users)
  const page = await loginAgainIfRefused(request, shopper, listOrders(shopper.scope, { limit, filter }))
  const buyer =
    filter.buyer.kind === 'all'
      ? ALL_BUYERS
      : filter.buyer.kind === 'user'
        ? filter.buyer.login
        : shopper.user.login
  return data(
    {
      title: t('account.orders.title'),
      total: page.total,
      limit,
      filters: mayFilter ? { users, buyer, status: filter.status ?? '' } : null,
      /** Every buyer's orders: the list names who placed each. */
      showBuyer: filter.buyer.kind === 'all',
      orders: page.orders.map((order) => ({
        buyer: order.buyer?.name,
        id: order.id,
        documentNumber: order.documentNumber ?? order.id,
        creationDate: order.creationDate,
        status: order.status,
        // The lines stay here: the list shows "partly shipped" for an order in progress with lines shipped.
        statusCode: displayStatusOf(order),
        itemCount: order.itemCount,
        total: order.totals.total,
        requisitionNo: order.requisition?.number,
      })),
    },
    { headers: privateHeaders() },
  )
}

export default function OrdersPage() {
  const { orders, total, limit, filters, showBuyer } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const base = `/${locale.lang}/account/orders`
  const nextLimit = limit + ORDERS_PAGE_SIZE
  const hasMore = orders.length < total && limit < ORDERS_MAX_LIMIT
  // "Load more" keeps the filter.
  const more = new URLSearchParams({
    ...(filters ? { buyer: filters.buyer, ...(filters.status ? { status: filters.status } : {}) } : {}),
    limit: String(nextLimit),
  })
  return (
    <>
      <Breadcrumb items={[{ name: t('account.orders.title') }]} homeUrl={`/${locale.lang}/home`} />
      <h1>{t('account.orders.title')}</h1>
      {filters ? <OrderFilters {...filters} action={base} /> : null}
      {orders.length === 0 ? (
        <p className="orders-empty">
          {filters ? t('account.orders.filter.empty') : t('account.orders.empty')}
        </p>
      ) : (
        <Form method="post" action={`${base}/csv`} reloadDocument className="orders-export">
          <p className="orders-count">{t('account.orders.count', { shown: orders.length, count: total })}</p>
          <table className="orders-table card-table">
            <TableHead
              columns={[
                { label: t('account.orders.column.select'), hidden: true },
                { label: t('account.orders.column.date') },
                { label: t('account.orders.column.number') },
                ...(showBuyer ? [{ label: t('account.orders.column.buyer') }] : []),
                { label: t('account.orders.column.status') },
                { label: t('account.orders.column.items'), numeric: true },
                { label: t('account.orders.column.total'), numeric: true },
                { label: t('account.orders.column.actions'), hidden: true },
              ]}
            />
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td data-label={t('account.orders.column.select')}>
                    <input
                      type="checkbox"
                      name="ids"
                      value={order.id}
                      aria-label={t('account.orders.select', { number: order.documentNumber })}
                    />
                  </td>
                  <td data-label={t('account.orders.column.date')}>
                    {order.creationDate ? formatDate(order.creationDate, locale.tag) : null}
                  </td>
                  <td data-label={t('account.orders.column.number')}>
                    <Link
                      to={`${base}/${encodeURIComponent(order.id)}`}
                      aria-label={t('account.orders.view', { number: order.documentNumber })}
                    >
                      {order.documentNumber}
                    </Link>
                    {order.requisitionNo ? (
                      // A line of its own under the number, and a space in the cell's text ("100045 aus …").
                      <small className="order-requisition">
                        {' '}
                        {t('account.orders.requisition.from', { number: order.requisitionNo })}
                      </small>
                    ) : null}
                  </td>
                  {showBuyer ? <td data-label={t('account.orders.column.buyer')}>{order.buyer}</td> : null}
                  <td data-label={t('account.orders.column.status')}>
                    <OrderStatus order={order} />
                  </td>
                  <td className="num" data-label={t('account.orders.column.items')}>
                    {t('account.orders.items', { count: order.itemCount })}
                  </td>
                  <td className="num" data-label={t('account.orders.column.total')}>
                    <Amount item={order.total} />
                  </td>
                  <td>
                    <div className="order-row-actions">
                      <BuyAgainButton
                        orderId={order.id}
                        number={order.documentNumber}
                        formId={`buy-again-${order.id}`}
                      />{' '}
                      <a
                        href={`${base}/csv?ids=${encodeURIComponent(order.id)}`}
                        download
                        aria-label={t('account.orders.download_csv_of', { number: order.documentNumber })}
                      >
                        {t('account.orders.download_csv')}
                      </a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit">{t('account.orders.export_selected')}</button>
        </Form>
      )}
      {/* The rows' "Buy again" forms: outside the export form, which a form cannot be nested in. */}
      {orders.map((order) => (
        <BuyAgainForm key={order.id} orderId={order.id} formId={`buy-again-${order.id}`} />
      ))}
      {hasMore ? (
        <p className="orders-more">
          <Link to={`${base}?${more}`} preventScrollReset replace>
            {t('account.orders.load_more')}
          </Link>
        </p>
      ) : null}
    </>
  )
}

/** The order managers' filter: buyer and status, a GET form (the filter is in the URL, works without JS). */
function OrderFilters({
  users,
  buyer,
  status,
  action,
}: {
  users: OrderingUser[]
  buyer: string
  status: string
  action: string
}) {
  const { t } = useTranslation()
  return (
    <Form
      method="get"
      action={action}
      className="orders-filter"
      aria-label={t('account.orders.filter.title')}
    >
      <BuyersSelect name="buyer" label={t('account.orders.filter.buyer')} users={users} value={buyer} />
      <div className="form-field">
        <label htmlFor="orders-status">{t('account.orders.filter.status')}</label>
        <select id="orders-status" name="status" defaultValue={status} key={status}>
          <option value="">{t('account.orders.filter.all_statuses')}</option>
          {ORDER_STATUS_CODES.map((code) => (
            <option key={code} value={code}>
              {orderStatusText(t, code)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">{t('account.orders.filter.apply')}</button>
    </Form>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
