import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { costCenterLabel } from '~/components/checkout/CostCenterSelection'
import { formatDate } from '~/components/order/OrderStatus'
import { BudgetInfo } from '~/components/organization/BudgetInfo'
import { useShell } from '~/components/useShell'
import { approvalFiguresText, type ApprovalReason } from '~/models/approval'
import { formatMoney } from '~/models/price'
import { TotalsList } from '../TotalsList'
import {
  requisitionTotalsRows,
  systemRejectionText,
  type Requisition,
  type RequisitionStage,
} from '~/models/requisition'
import { RequisitionStatus } from './RequisitionStatus'

/**
 * The requisition's facts: when it was submitted, its status, when and by whom it was decided, the order it
 * became (linked), items, and its net total, tax and gross total (the same figures on every page of it).
 */
export function RequisitionSummary({ requisition }: { requisition: Requisition }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const stageComment = requisition.stages.some((stage) => stage.comment)
  return (
    <dl className="order-summary requisition-summary">
      {requisition.creationDate ? (
        <>
          <dt>{t('account.requisitions.column.date')}</dt>
          <dd>{formatDate(requisition.creationDate, locale.tag)}</dd>
        </>
      ) : null}
      <dt>{t('account.requisitions.column.status')}</dt>
      <dd data-testid="requisition-status">
        <RequisitionStatus status={requisition.status} />
      </dd>
      {requisition.approvalDate ? (
        <>
          <dt>{t('account.requisitions.detail.decision_date')}</dt>
          <dd>{formatDate(requisition.approvalDate, locale.tag)}</dd>
        </>
      ) : null}
      {requisition.status !== 'PENDING' && requisition.decidedBy.length ? (
        <>
          <dt>{t('account.requisitions.detail.decided_by')}</dt>
          <dd>{requisition.decidedBy.join(', ')}</dd>
        </>
      ) : null}
      {requisition.approvalComment && !stageComment ? (
        <>
          <dt>{t('account.requisitions.stage.comment')}</dt>
          <dd className="requisition-comment">{requisition.approvalComment}</dd>
        </>
      ) : null}
      {requisition.order ? (
        <>
          <dt>{t('account.requisitions.detail.order')}</dt>
          <dd>
            <Link
              to={`/${locale.lang}/account/orders/${encodeURIComponent(requisition.order.id)}`}
              data-testid="requisition-order-link"
            >
              {t('account.requisitions.order_link', { number: requisition.order.documentNumber })}
            </Link>
          </dd>
        </>
      ) : null}
      <dt>{t('account.requisitions.detail.items')}</dt>
      <dd>{t('account.requisitions.detail.item_count', { count: requisition.lineItemCount })}</dd>
      <TotalsList rows={requisitionTotalsRows(requisition.total)} totalTestId="requisition-total" />
    </dl>
  )
}

/** Why the shop itself rejected the requisition when it was approved: in the shopper's words, per reason. */
export function SystemRejection({ requisition }: { requisition: Requisition }) {
  const { t } = useTranslation()
  const headingId = useId()
  if (!requisition.systemRejected) return null
  const reasons = requisition.systemRejectErrors.length
    ? requisition.systemRejectErrors.map((error) => systemRejectionText(t, error))
    : [t('account.requisitions.system_rejected.other')]
  return (
    <section aria-labelledby={headingId} className="requisition-system-rejected">
      <h2 id={headingId}>{t('account.requisitions.system_rejected.heading')}</h2>
      <p>{t('account.requisitions.system_rejected.text')}</p>
      <ul>
        {[...new Set(reasons)].map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Why approval is needed: each limit the order goes beyond, in words, then what was spent, what is pending and
 * this order apart, in the total the limit counts, with the amounts in the page's locale.
 */
export function ApprovalReasons({ reasons }: { reasons: ApprovalReason[] }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const headingId = useId()
  if (reasons.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="requisition-reasons">
      <h2 id={headingId}>{t('account.requisitions.reasons.heading')}</h2>
      <ul>
        {reasons.map((reason, i) => (
          <li key={i} data-testid="approval-reason">
            {t(`account.requisitions.reason.${reason.limit}`, {
              allowed: formatMoney(reason.allowed, locale.tag),
              exceededBy: formatMoney(reason.exceededBy, locale.tag),
            })}{' '}
            {approvalFiguresText(t, reason, locale.tag)}
          </li>
        ))}
      </ul>
    </section>
  )
}

function StageDecision({ stage }: { stage: RequisitionStage }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  if (stage.status === 'PENDING') return null
  const date = stage.decidedAt ? formatDate(stage.decidedAt, locale.tag) : undefined
  const verb = stage.status === 'APPROVED' ? 'approved' : 'rejected'
  if (stage.decidedBy && date)
    return <p>{t(`account.requisitions.stage.${verb}_by_on`, { name: stage.decidedBy, date })}</p>
  if (stage.decidedBy) return <p>{t(`account.requisitions.stage.${verb}_by`, { name: stage.decidedBy })}</p>
  if (date) return <p>{t(`account.requisitions.stage.${verb}_on`, { date })}</p>
  return null
}

/**
 * The approval stages, customer approval first: each with its status, who may approve, and once decided who
 * decided, when, and their comment. The cost center stage names the cost center.
 */
export function ApprovalStages({ requisition }: { requisition: Requisition }) {
  const { t } = useTranslation()
  const headingId = useId()
  if (requisition.stages.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="requisition-stages">
      <h2 id={headingId}>{t('account.requisitions.stages.heading')}</h2>
      <ol>
        {requisition.stages.map((stage) => (
          <li key={stage.stage} data-testid="approval-stage">
            <h3>
              {stage.stage === 'costCenter' && requisition.costCenter
                ? t('account.requisitions.stage.costCenter_of', {
                    costCenter: costCenterLabel(requisition.costCenter),
                  })
                : t(`account.requisitions.stage.${stage.stage}`)}
            </h3>
            <p>
              <RequisitionStatus status={stage.status} />
            </p>
            {stage.approvers.length ? (
              <p>
                {t('account.requisitions.stage.approvers', {
                  names: stage.approvers.map((approver) => approver.name).join(', '),
                })}
              </p>
            ) : null}
            <StageDecision stage={stage} />
            {stage.comment ? (
              <figure className="requisition-comment">
                <figcaption>{t('account.requisitions.stage.comment')}</figcaption>
                <blockquote>{stage.comment}</blockquote>
              </figure>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Who submitted the requisition and their budget now: order limit, budget per period, spent and remaining. */
export function BuyerBudget({ requisition }: { requisition: Requisition }) {
  const { t } = useTranslation()
  const headingId = useId()
  const { buyer, budget } = requisition
  if (!buyer && !budget) return null
  return (
    <section aria-labelledby={headingId} className="requisition-buyer">
      <h2 id={headingId}>{t('account.requisitions.buyer.heading')}</h2>
      {buyer ? (
        <p>
          {buyer.name}
          {buyer.email && buyer.email !== buyer.name ? (
            <>
              {' '}
              (<a href={`mailto:${buyer.email}`}>{buyer.email}</a>)
            </>
          ) : null}
        </p>
      ) : null}
      {budget ? (
        <>
          <h3>{t('account.requisitions.buyer.budget')}</h3>
          <BudgetInfo budget={budget} suffix="requisition-buyer" />
        </>
      ) : null}
    </section>
  )
}
