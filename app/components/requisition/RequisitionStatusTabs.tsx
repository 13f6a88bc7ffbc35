import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import {
  REQUISITION_STATUSES,
  requisitionListPath,
  type RequisitionStatus,
  type RequisitionView,
} from '~/models/requisition'

/**
 * The statuses of a list as links (`?status=`), the current one marked: plain links that work without
 * JavaScript, each status a list of its own.
 */
export function RequisitionStatusTabs({
  view,
  current,
}: {
  view: RequisitionView
  current: RequisitionStatus
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <nav aria-label={t('account.requisitions.status.filter_label')} className="requisition-status-tabs">
      <ul>
        {REQUISITION_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={requisitionListPath(locale.lang, view, { status })}
              aria-current={status === current ? 'page' : undefined}
            >
              {t(`account.requisitions.status.${status}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
