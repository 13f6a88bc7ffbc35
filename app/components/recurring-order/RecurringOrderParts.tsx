import '~/browser/account-texts'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate } from '~/components/order/OrderStatus'
import { SubmitButton } from '~/components/form-controls'
import { useShell } from '~/components/useShell'
import { orderStatusText } from '~/components/order/OrderStatus'
import {
  lastOrderLink,
  type RecurringOrder,
  type RecurringOrderRow,
  type RecurringOrderStatus as Status,
} from '~/models/recurring-order'
import { useScheduleText } from './RecurrenceForm'

/** The status as a badge: active, inactive, inactive (error), expired. */
export function RecurringOrderStatus({ status }: { status: Status }) {
  const { t } = useTranslation()
  return (
    <span className={`recurring-order-status recurring-order-status-${status}`}>
      {t(`account.recurring_orders.status.${status}`)}
    </span>
  )
}

/**
 * Why the shop switched a recurring order off (ERROR): the API's code in the shop's words where it has them,
 * ICM's sentence otherwise.
 */
export function RecurringOrderError({
  order,
}: {
  order: Pick<RecurringOrderRow, 'errorCode' | 'errorMessage'>
}) {
  const { t } = useTranslation()
  if (!order.errorCode && !order.errorMessage) return null
  const known = order.errorCode ? t(order.errorCode) : ''
  const reason = known && known !== order.errorCode ? known : (order.errorMessage ?? order.errorCode ?? '')
  return (
    <p className="recurring-order-error" role="status" data-testid="recurring-order-error">
      {t('account.recurring_orders.error', { reason })}
    </p>
  )
}

/**
 * Switching on or off: a plain form posting the state wanted (`intent=toggle`, `active`); the action sends
 * a PATCH only when that differs from the current state.
 */
export function ActiveToggle({
  order,
  action,
}: {
  order: Pick<RecurringOrderRow, 'id' | 'number' | 'active' | 'status'>
  action: string
}) {
  const { t } = useTranslation()
  if (order.status === 'expired') return null
  return (
    <Form method="post" action={action} className="recurring-order-toggle">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="active" value={order.active ? 'false' : 'true'} />
      <SubmitButton
        aria-label={t(
          order.active ? 'account.recurring_orders.deactivate_of' : 'account.recurring_orders.activate_of',
          { number: order.number },
        )}
      >
        {t(order.active ? 'account.recurring_orders.deactivate' : 'account.recurring_orders.activate')}
      </SubmitButton>
    </Form>
  )
}

/**
 * The confirmation step of a delete (spec §4 "Deletion shows a confirmation"), a state of the page reached by
 * a link: "Yes, delete" posts the delete, "Cancel" goes back. Works without JavaScript.
 */
export function DeleteConfirmation({
  order,
  action,
  cancelUrl,
}: {
  order: Pick<RecurringOrderRow, 'id' | 'number'>
  action: string
  cancelUrl: string
}) {
  const { t } = useTranslation()
  return (
    <section
      className="recurring-order-delete"
      role="alertdialog"
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
    >
      <h2 id="delete-title">{t('account.recurring_orders.delete.title', { number: order.number })}</h2>
      <p id="delete-text">{t('account.recurring_orders.delete.question', { number: order.number })}</p>
      <Form method="post" action={action} className="page-actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={order.id} />
        <SubmitButton className="danger" autoFocus>
          {t('account.recurring_orders.delete.confirm')}
        </SubmitButton>{' '}
        <Link to={cancelUrl}>{t('account.recurring_orders.delete.cancel')}</Link>
      </Form>
    </section>
  )
}

/** The facts of a recurring order: schedule, status, dates, count, buyer, cost center. */
export function RecurringOrderSummary({ order, showBuyer }: { order: RecurringOrder; showBuyer: boolean }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const schedule = useScheduleText()
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  )
  return (
    <dl className="recurring-order-summary">
      {fact(t('account.recurring_orders.column.schedule'), schedule(order.recurrence), 'recurring-schedule')}
      {fact(
        t('account.recurring_orders.column.status'),
        <RecurringOrderStatus status={order.status} />,
        'recurring-status',
      )}
      {order.creationDate
        ? fact(t('account.recurring_orders.column.created'), formatDate(order.creationDate, locale.tag))
        : null}
      {fact(
        t('account.recurring_orders.column.next'),
        order.nextOrderDate
          ? formatDate(order.nextOrderDate, locale.tag)
          : t('account.recurring_orders.none'),
        'recurring-next',
      )}
      {fact(
        t('account.recurring_orders.column.last'),
        order.lastOrderDate
          ? formatDate(order.lastOrderDate, locale.tag)
          : t('account.recurring_orders.none'),
      )}
      {fact(t('account.recurring_orders.column.count'), String(order.orderCount), 'recurring-count')}
      {showBuyer && order.buyer
        ? fact(
            t('account.recurring_orders.column.buyer'),
            [order.buyer.name, order.buyer.email].filter(Boolean).join(', '),
          )
        : null}
      {order.costCenter
        ? fact(
            t('checkout.cost_center.label'),
            order.costCenter.name ? `${order.costCenter.id} ${order.costCenter.name}` : order.costCenter.id,
          )
        : null}
    </dl>
  )
}

/** The last orders it placed: the order, or the requisition while it waits for approval. */
export function LastOrders({ order }: { order: RecurringOrder }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (!order.lastOrders.length) return null
  return (
    <section className="recurring-order-last-orders">
      <h2>{t('account.recurring_orders.last_orders')}</h2>
      <ul>
        {order.lastOrders.map((placed) => {
          const link = lastOrderLink(locale.lang, placed)
          const pending = placed.statusCode === 'PENDING_APPROVAL' && placed.requisitionNo
          return (
            <li key={placed.id} data-testid="last-order">
              <Link to={link.url}>
                {t(
                  pending
                    ? 'account.recurring_orders.last_requisition'
                    : 'account.recurring_orders.last_order',
                  {
                    number: link.label,
                  },
                )}
              </Link>
              {placed.creationDate ? ` · ${formatDate(placed.creationDate, locale.tag)}` : null}
              {placed.statusCode ? (
                <>
                  {' · '}
                  {orderStatusText(t, placed.statusCode)}
                </>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The approval decisions on the requisitions it placed. */
export function ApprovalStatuses({ order }: { order: RecurringOrder }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (!order.approvalStatuses.length) return null
  return (
    <section className="recurring-order-approvals">
      <h2>{t('account.recurring_orders.approvals')}</h2>
      <ul>
        {order.approvalStatuses.map((status, i) => (
          <li key={i} data-testid="approval-status">
            {t(
              `account.recurring_orders.approval.${status.statusCode === 'REJECTED' ? 'rejected' : 'approved'}`,
              {
                approver: status.approver ?? '',
                date: status.date ? formatDate(status.date, locale.tag) : '',
              },
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
