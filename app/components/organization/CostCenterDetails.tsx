import '~/browser/account-texts'
import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { SubmitButton } from '~/components/form-controls'
import { formatDate } from '~/components/order/OrderStatus'
import { ScrollRegion } from '~/components/ScrollRegion'
import { TableHead } from '~/components/TableHead'
import { useShell } from '~/components/useShell'
import { personName, type CostCenter } from '~/models/cost-center'
import { orderStatusText } from '~/components/order/OrderStatus'
import { formatMoney, pick } from '~/models/price'
import { useBudgetText, useSpentText } from './CostCenterTable'

/** The buyers of a cost center with their own budgets (spent / remaining of it); cards on phones (`card-table`). */
export function CostCenterBuyersTable({ buyers }: { buyers: CostCenter['buyers'] }) {
  const { t } = useTranslation()
  const budgetText = useBudgetText()
  const spentText = useSpentText()
  if (buyers.length === 0) return <p>{t('account.costcenter.buyers.empty')}</p>
  return (
    <ScrollRegion label={t('account.costcenter.buyers.title')}>
      <table className="cost-center-buyers card-table">
        <TableHead
          columns={[
            { label: t('account.costcenter.column.buyer') },
            { label: t('account.costcenter.column.budget'), numeric: true },
            { label: t('account.costcenter.column.spent_remaining'), numeric: true },
            { label: t('account.costcenter.column.orders'), numeric: true },
          ]}
        />
        <tbody>
          {buyers.map((buyer) => (
            <tr key={buyer.login}>
              <td data-label={t('account.costcenter.column.buyer')}>
                {personName(buyer)}
                {buyer.email ? <div className="muted">{buyer.email}</div> : null}
              </td>
              <td className="num" data-label={t('account.costcenter.column.budget')}>
                {budgetText(buyer.budget)}
              </td>
              <td className="num" data-label={t('account.costcenter.column.spent_remaining')}>
                {spentText(buyer.budget)}
              </td>
              <td className="num" data-label={t('account.costcenter.column.orders')}>
                {t('account.costcenter.orders.counts', {
                  pending: buyer.pendingOrders,
                  approved: buyer.approvedOrders,
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/**
 * The orders placed on a cost center: number, date, buyer, status, total (in the shop's price display); cards
 * on phones (`card-table`).
 */
export function CostCenterOrdersTable({ orders }: { orders: CostCenter['orders'] }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  if (orders.length === 0) return <p>{t('account.costcenter.orders.empty')}</p>
  return (
    <ScrollRegion label={t('account.costcenter.orders.heading')}>
      <table className="cost-center-orders card-table">
        <TableHead
          columns={[
            { label: t('account.costcenter.column.order_number') },
            { label: t('account.costcenter.column.order_date') },
            { label: t('account.costcenter.column.buyer') },
            { label: t('account.costcenter.column.order_status') },
            { label: t('account.costcenter.column.order_total'), numeric: true },
          ]}
        />
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNo}>
              <td data-label={t('account.costcenter.column.order_number')}>{order.orderNo}</td>
              <td data-label={t('account.costcenter.column.order_date')}>
                {order.orderDate ? formatDate(order.orderDate, locale.tag) : null}
              </td>
              <td data-label={t('account.costcenter.column.buyer')}>{personName(order.buyer)}</td>
              <td data-label={t('account.costcenter.column.order_status')}>
                {orderStatusText(t, order.status)}
              </td>
              <td className="num" data-label={t('account.costcenter.column.order_total')}>
                {formatMoney(pick({ gross: order.totalGross, net: order.totalNet }, display), locale.tag)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** The API's refusal of the page's last post (ICM's messages, already in the shopper's language). */
export function ActionErrors() {
  const answer = useActionData<{ result?: { error?: Record<string, string[] | null> | null } }>()
  const messages = Object.values(answer?.result?.error ?? {}).flatMap((list) => list ?? [])
  if (!messages.length) return null
  return (
    <ul className="form-errors" role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

/**
 * Deactivate or activate, and delete with a confirmation step that works without JavaScript: the delete link
 * opens `?delete=confirm`, where a form asks once more before it posts.
 */
export function CostCenterActions({
  costCenter,
  confirmDelete,
  base,
}: {
  costCenter: Pick<CostCenter, 'name' | 'active'>
  confirmDelete: boolean
  base: string
}) {
  const { t } = useTranslation()
  if (confirmDelete)
    return (
      <Form method="post" action={base} className="cost-center-delete-confirm" aria-labelledby="delete-q">
        <p id="delete-q">{t('account.costcenter.delete.confirm', { name: costCenter.name })}</p>
        <SubmitButton intent="delete" className="danger">
          {t('account.costcenter.delete.confirm_button')}
        </SubmitButton>{' '}
        <Link to={base}>{t('account.costcenter.cancel')}</Link>
      </Form>
    )
  return (
    <Form method="post" action={base} className="cost-center-actions">
      <SubmitButton intent={costCenter.active ? 'deactivate' : 'activate'}>
        {costCenter.active ? t('account.costcenter.deactivate') : t('account.costcenter.activate')}
      </SubmitButton>{' '}
      <Link to={`${base}?delete=confirm`} className="button danger">
        {t('account.costcenter.delete')}
      </Link>
    </Form>
  )
}
