import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate, OrderStatus } from '~/components/order/OrderStatus'
import { Amount } from '~/components/Price'
import { useShell } from '~/components/useShell'
import type { AccountSummaryData } from '~/services/account-summary.server'

/** The customer's and user's data on the account overview, with the way to change them. */
export function AccountSummary({ summary, profileUrl }: { summary: AccountSummaryData; profileUrl: string }) {
  const { t } = useTranslation()
  const facts = [
    { term: 'account.overview.name', value: summary.name },
    { term: 'account.overview.email', value: summary.email },
    { term: 'account.overview.customer_no', value: summary.customerNo },
    ...(summary.companyName ? [{ term: 'account.overview.company', value: summary.companyName }] : []),
  ]
  return (
    <section aria-labelledby="account-data-heading" className="account-summary">
      <h2 id="account-data-heading">{t('account.overview.data.heading')}</h2>
      <dl>
        {facts.map((fact) => (
          <div key={fact.term}>
            <dt>{t(fact.term)}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={profileUrl}>{t('account.overview.data.edit')}</Link>
      </p>
    </section>
  )
}

/** The latest few orders, each linked to its page, and the way to all of them. */
export function LatestOrders({
  orders,
  ordersUrl,
}: {
  orders: AccountSummaryData['latestOrders']
  ordersUrl: string
}) {
  const { t } = useTranslation()
  const { locale, prices } = useShell()
  return (
    <section aria-labelledby="latest-orders-heading" className="latest-orders">
      <h2 id="latest-orders-heading">{t('account.overview.orders.heading')}</h2>
      {orders.length ? (
        <ul className="plain-list">
          {orders.map((order) => (
            <li key={order.id} data-testid="latest-order">
              <Link to={`${ordersUrl}/${encodeURIComponent(order.id)}`}>{order.documentNumber}</Link>
              {order.creationDate ? ` · ${formatDate(order.creationDate, locale.tag)}` : null} ·{' '}
              <OrderStatus order={order} />
              {prices === 'blank' ? null : (
                <>
                  {' · '}
                  <Amount item={order.total} />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('account.overview.orders.none')}</p>
      )}
      <p>
        <Link to={ordersUrl}>{t('account.overview.orders.all')}</Link>
      </p>
    </section>
  )
}
