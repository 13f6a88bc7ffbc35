import '~/browser/account-texts'
import { Pager } from '~/components/Pager'
import { useShell } from '~/components/useShell'
import { requisitionListPath, type RequisitionStatus, type RequisitionView } from '~/models/requisition'

/** Page links of a requisition list (`?page=`, keeping the status). */
export function RequisitionPager({
  view,
  status,
  page,
  pages,
}: {
  view: RequisitionView
  status: RequisitionStatus
  page: number
  pages: number
}) {
  const { locale } = useShell()
  return (
    <Pager
      page={page}
      pages={pages}
      href={(to) => requisitionListPath(locale.lang, view, { status, page: to })}
      texts="account.requisitions.list"
    />
  )
}
