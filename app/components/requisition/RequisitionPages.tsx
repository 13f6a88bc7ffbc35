import '~/browser/account-texts'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { OrderDetails } from '~/components/order/OrderDetails'
import { useShell } from '~/components/useShell'
import {
  LIST_TITLE_KEYS,
  requisitionListPath,
  type Requisition,
  type RequisitionRow,
  type RequisitionStatus,
  type RequisitionView,
} from '~/models/requisition'
import { BulkDecisionForm, BulkResults } from './BulkDecisions'
import { DecisionForms } from './DecisionForms'
import {
  ApprovalReasons,
  ApprovalStages,
  BuyerBudget,
  RequisitionSummary,
  SystemRejection,
} from './RequisitionDetails'
import { RequisitionNav } from './RequisitionNav'
import { RequisitionPager } from './RequisitionPager'
import { RequisitionStatusTabs } from './RequisitionStatusTabs'
import { RequisitionTable } from './RequisitionTable'

export type RequisitionListData = {
  title: string
  view: RequisitionView
  status: RequisitionStatus
  page: number
  pages: number
  total: number
  rows: RequisitionRow[]
  mayApprove: boolean
  bulk: boolean
}

/**
 * A list page (`buyer` "Requisitions", `approver` "Approvals"): the views, the statuses as links, the
 * requisitions of the status with page links, a sentence of its own when there are none; the approver's
 * pending ones with the bulk decision and, after one, what happened to each.
 */
export function RequisitionListPage({
  title,
  view,
  status,
  page,
  pages,
  total,
  rows,
  mayApprove,
  bulk,
}: RequisitionListData) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const caption = t(`account.requisitions.list.caption.${status}`)
  return (
    <>
      <Breadcrumb items={[{ name: title }]} homeUrl={`/${locale.lang}/home`} />
      <RequisitionNav current={view} mayApprove={mayApprove} />
      <h1>{title}</h1>
      <RequisitionStatusTabs view={view} current={status} />
      {bulk ? <BulkResults /> : null}
      {rows.length === 0 ? (
        <p className="requisitions-empty">
          {total > 0 ? (
            <Link to={requisitionListPath(locale.lang, view, { status })}>
              {t('account.requisitions.list.page_empty')}
            </Link>
          ) : (
            t(`account.requisitions.empty.${view}.${status}`)
          )}
        </p>
      ) : (
        <>
          <p className="requisitions-count">{t('account.requisitions.list.count', { count: total })}</p>
          {bulk ? (
            <BulkDecisionForm rows={rows} caption={caption} />
          ) : (
            <RequisitionTable rows={rows} view={view} caption={caption} />
          )}
        </>
      )}
      <RequisitionPager view={view} status={status} page={page} pages={pages} />
    </>
  )
}

export type RequisitionPageData = {
  title: string
  view: RequisitionView
  requisition: Requisition
  mayDecide: boolean
  mayApprove: boolean
  /** The buyer's own pending requisition: the withdrawal's form. */
  mayWithdraw?: boolean
}

/** The buyer's withdrawal of their pending requisition: one plain post, without JavaScript too. */
function WithdrawalForm() {
  const { t } = useTranslation()
  return (
    <Form method="post" className="requisition-withdraw" data-testid="requisition-withdraw">
      <p>{t('account.requisitions.withdraw.note')}</p>
      <input type="hidden" name="intent" value="withdraw" />
      <button type="submit" className="btn btn-secondary">
        {t('account.requisitions.withdraw.button')}
      </button>
    </Form>
  )
}

/**
 * A requisition's page in a view: the crumb back to the list of its status (spec org §2), its facts, the shop's
 * rejection, the approver's decision while theirs is pending, why approval is needed, the stages, the buyer
 * and their budget, and what was ordered (lines, addresses, shipping, payment, cost center, totals).
 */
export function RequisitionPage({
  title,
  view,
  requisition,
  mayDecide,
  mayApprove,
  mayWithdraw = false,
}: RequisitionPageData) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const listUrl = requisitionListPath(locale.lang, view, { status: requisition.status })
  return (
    <>
      <Breadcrumb
        items={[
          { name: t(LIST_TITLE_KEYS[view]), url: listUrl },
          { name: t('account.requisitions.detail.crumb', { number: requisition.requisitionNo }) },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <RequisitionNav current={view} mayApprove={mayApprove} />
      <h1>{title}</h1>
      <RequisitionSummary requisition={requisition} />
      <SystemRejection requisition={requisition} />
      {mayDecide ? <DecisionForms /> : null}
      {mayWithdraw ? <WithdrawalForm /> : null}
      <ApprovalReasons reasons={requisition.reasons} />
      <ApprovalStages requisition={requisition} />
      <BuyerBudget requisition={requisition} />
      <OrderDetails order={requisition.details} />
      <p className="requisition-back">
        <Link to={listUrl}>{t(`account.requisitions.detail.back.${view}`)}</Link>
      </p>
    </>
  )
}
