import '~/browser/account-texts'
import { useTranslation } from '~/components/useTranslation'
import type { RequisitionStatus as Status } from '~/models/requisition'

/** A requisition's status as a badge in words (pending, approved, rejected). */
export function RequisitionStatus({ status }: { status: Status }) {
  const { t } = useTranslation()
  return (
    <span className={`order-status requisition-status requisition-status-${status.toLowerCase()}`}>
      {t(`account.requisitions.status.${status}`)}
    </span>
  )
}
