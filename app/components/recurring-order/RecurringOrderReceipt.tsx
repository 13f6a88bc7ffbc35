import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { OrderDetails } from '~/components/order/OrderDetails'
import { formatDate } from '~/components/order/OrderStatus'
import { useShell } from '~/components/useShell'
import { recurringOrderPath, type RecurringOrder } from '~/models/recurring-order'
import { useScheduleText } from './RecurrenceForm'

/** The receipt of a basket set up as a recurring order: number, schedule, next order day, the template. */
export function RecurringOrderReceipt({ recurringOrder }: { recurringOrder: RecurringOrder }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const schedule = useScheduleText()
  return (
    <>
      <h1>{t('checkout.receipt.recurring.title', { number: recurringOrder.number })}</h1>
      <p className="receipt-intro" role="status" data-testid="recurring-receipt">
        {t('checkout.receipt.recurring.thanks', { schedule: schedule(recurringOrder.recurrence) })}
      </p>
      {recurringOrder.nextOrderDate ? (
        <p data-testid="recurring-next">
          {t('checkout.receipt.recurring.next', {
            date: formatDate(recurringOrder.nextOrderDate, locale.tag),
          })}
        </p>
      ) : null}
      <OrderDetails order={recurringOrder.order} />
      <p className="page-actions">
        <Link to={recurringOrderPath(locale.lang, recurringOrder.id)}>
          {t('checkout.receipt.recurring.view')}
        </Link>{' '}
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </p>
    </>
  )
}
