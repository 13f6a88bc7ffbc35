import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate } from '~/components/order/OrderStatus'
import { Pager } from '~/components/Pager'
import { ScrollRegion } from '~/components/ScrollRegion'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import {
  recurringOrderPath,
  recurringOrdersPath,
  type RecurringOrderContext,
  type RecurringOrderRow,
} from '~/models/recurring-order'
import { useScheduleText } from './RecurrenceForm'
import { ActiveToggle, RecurringOrderStatus } from './RecurringOrderParts'

/**
 * The recurring orders: number (to its page, with the list's context), created, buyer (admin view), schedule
 * in words, next and last order, how many were placed, status, and the switch and delete of each. On phones
 * each recurring order is a card, its values labelled (`card-table`); wider, a table that scrolls sideways in
 * a named region when it does not fit.
 */
export function RecurringOrderTable({
  rows,
  showBuyer,
  context,
  action,
  deleteUrl,
}: {
  rows: RecurringOrderRow[]
  showBuyer: boolean
  context?: RecurringOrderContext
  action: string
  deleteUrl: (id: string) => string
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const schedule = useScheduleText()
  const caption = t('account.recurring_orders.title')
  const date = (value?: string) => (value ? formatDate(value, locale.tag) : '–')
  return (
    <ScrollRegion label={caption}>
      <table className="recurring-orders-table card-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            { label: t('account.recurring_orders.column.number') },
            { label: t('account.recurring_orders.column.created') },
            ...(showBuyer ? [{ label: t('account.recurring_orders.column.buyer') }] : []),
            { label: t('account.recurring_orders.column.schedule') },
            { label: t('account.recurring_orders.column.next') },
            { label: t('account.recurring_orders.column.last') },
            { label: t('account.recurring_orders.column.count'), numeric: true },
            { label: t('account.recurring_orders.column.status') },
            { label: t('account.recurring_orders.column.actions'), hidden: true },
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="recurring-order-row">
              <td data-label={t('account.recurring_orders.column.number')}>
                <Link
                  to={recurringOrderPath(locale.lang, row.id, context)}
                  aria-label={t('account.recurring_orders.view', { number: row.number })}
                >
                  {row.number}
                </Link>
              </td>
              <td data-label={t('account.recurring_orders.column.created')}>{date(row.creationDate)}</td>
              {showBuyer ? (
                <td data-label={t('account.recurring_orders.column.buyer')}>{row.buyer?.name}</td>
              ) : null}
              <td data-label={t('account.recurring_orders.column.schedule')}>{schedule(row.recurrence)}</td>
              <td data-label={t('account.recurring_orders.column.next')}>{date(row.nextOrderDate)}</td>
              <td data-label={t('account.recurring_orders.column.last')}>{date(row.lastOrderDate)}</td>
              <td className="num" data-label={t('account.recurring_orders.column.count')}>
                {row.orderCount}
              </td>
              <td data-label={t('account.recurring_orders.column.status')}>
                <RecurringOrderStatus status={row.status} />
              </td>
              <td>
                <div className="recurring-order-actions">
                  <ActiveToggle order={row} action={action} />
                  <Link
                    to={deleteUrl(row.id)}
                    aria-label={t('account.recurring_orders.delete_of', { number: row.number })}
                  >
                    {t('account.recurring_orders.delete')}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** Page links of the list (`?page=`): previous, the page numbers, next (the shop's pager). */
export function RecurringOrderPager({ page, pages }: { page: number; pages: number }) {
  const { locale } = useShell()
  const list = recurringOrdersPath(locale.lang)
  return (
    <Pager
      page={page}
      pages={pages}
      href={(to) => (to > 1 ? `${list}?page=${to}` : list)}
      texts="account.recurring_orders.list"
    />
  )
}
