import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import { approvalFiguresText, type ApprovalReason, type BasketApproval } from '~/models/approval'
import { formatMoney } from '~/models/price'
import type { Translate } from '~/models/messages'

/**
 * One reason in words: which limit, what it allows and by how much it is exceeded, then spent, pending and this
 * order apart in the total they count, and what is left.
 */
export function approvalReasonText(t: Translate, reason: ApprovalReason, localeTag: string): string {
  const money = (value: ApprovalReason['allowed']) => formatMoney(value, localeTag)
  const limit = t(`approval.reason.${reason.limit}`, {
    allowed: money(reason.allowed),
    exceededBy: money(reason.exceededBy),
  })
  const text = `${limit} ${approvalFiguresText(t, reason, localeTag)}`
  return reason.leftAfter
    ? `${text} ${t('approval.reason.left_after', { leftAfter: money(reason.leftAfter) })}`
    : text
}

/**
 * The review step's approval preview (issue 18): before the buyer commits, that the order will need approval,
 * why (each limit and by how much it is exceeded, with the budget left after this order), and who will have to
 * approve it at each stage. Announced as a note, not an error: the order can still be submitted.
 */
export function ApprovalPreview({ approval }: { approval: BasketApproval }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const headingId = useId()
  const stages = [
    { key: 'customer', names: approval.customerApprovers },
    { key: 'cost_center', names: approval.costCenterApprovers },
  ].filter((stage) => stage.names.length)
  return (
    <section className="approval-preview" aria-labelledby={headingId} data-testid="approval-preview">
      <h2 id={headingId}>{t('checkout.approval.heading')}</h2>
      <p>{t('checkout.approval.intro')}</p>
      {approval.reasons.length ? (
        <ul className="approval-reasons">
          {approval.reasons.map((reason) => (
            <li key={reason.limit}>{approvalReasonText(t, reason, locale.tag)}</li>
          ))}
        </ul>
      ) : null}
      {stages.length ? (
        <dl className="approval-approvers">
          {stages.map((stage) => (
            <div key={stage.key}>
              <dt>{t(`checkout.approval.stage.${stage.key}`)}</dt>
              <dd>{stage.names.join(', ')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  )
}
