import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { formatDate } from '~/components/order/OrderStatus'
import { useShell } from '~/components/useShell'
import {
  requisitionAmountsText,
  requisitionListPath,
  requisitionPath,
  type RequisitionView,
  type RequisitionWidgetData,
} from '~/models/requisition'

/** One widget: how many requisitions are pending in a view, the latest linked, and the way to the list. */
function PendingWidget({ view, widget }: { view: RequisitionView; widget: RequisitionWidgetData }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const headingId = useId()
  const { latest, count } = widget
  const prefix = `account.requisitions.widget.${view}`
  return (
    <section aria-labelledby={headingId} className={`requisition-widget requisition-widget-${view}`}>
      <h2 id={headingId}>{t(`${prefix}.heading`)}</h2>
      <p data-testid="requisition-widget-count">
        {count > 0 ? t(`${prefix}.pending`, { count }) : t(`${prefix}.none`)}
      </p>
      {latest ? (
        <p>
          {t(`${prefix}.latest`, {
            date: latest.creationDate ? formatDate(latest.creationDate, locale.tag) : '–',
            total: requisitionAmountsText(t, latest.total, locale.tag),
            buyer: latest.buyer ?? '–',
          })}{' '}
          <Link to={requisitionPath(locale.lang, view, latest.id)}>
            {t('account.requisitions.detail.crumb', { number: latest.requisitionNo })}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={requisitionListPath(locale.lang, view, { status: 'PENDING' })}>{t(`${prefix}.link`)}</Link>
      </p>
    </section>
  )
}

/**
 * The approval widget (spec org §2): for an approver, how many requisitions wait for their approval and the
 * latest of them, with the way to the approver list. Data: `requisitionWidgets(scope, user).approval`.
 */
export function ApprovalWidget({ widget }: { widget: RequisitionWidgetData }) {
  return <PendingWidget view="approver" widget={widget} />
}

/**
 * The requisition widget (spec org §2): for a buyer, how many of their requisitions wait for approval and the
 * latest of them, with the way to their list. Data: `requisitionWidgets(scope, user).requisition`.
 */
export function RequisitionWidget({ widget }: { widget: RequisitionWidgetData }) {
  return <PendingWidget view="buyer" widget={widget} />
}
