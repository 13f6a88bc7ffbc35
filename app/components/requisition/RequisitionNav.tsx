import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import {
  LIST_TITLE_KEYS,
  requisitionListPath,
  type RequisitionStatus,
  type RequisitionView,
} from '~/models/requisition'

/**
 * The requisition area's navigation: the user's own requisitions and, for approvers, the approvals; the current
 * view carries `aria-current="page"`. A status given is kept in the links (each view and status is a list of
 * its own).
 */
export function RequisitionNav({
  current,
  mayApprove,
  status,
}: {
  current?: RequisitionView
  mayApprove: boolean
  status?: RequisitionStatus
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const views: RequisitionView[] = mayApprove ? ['buyer', 'approver'] : ['buyer']
  if (views.length < 2) return null
  return (
    <nav aria-label={t('account.requisitions.navigation.label')} className="organization-nav requisition-nav">
      <ul>
        {views.map((view) => (
          <li key={view}>
            <Link
              to={requisitionListPath(locale.lang, view, { status })}
              aria-current={view === current ? 'page' : undefined}
            >
              {t(LIST_TITLE_KEYS[view])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
