import '~/browser/account-texts'
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import {
  approveFormSchema,
  MAX_APPROVAL_COMMENT,
  rejectFormSchema,
  type DecisionAnswer,
} from '~/models/requisition'

/**
 * An approver's decision on a pending requisition: approve (one button), or reject with a comment for the
 * buyer (required, at most 1000 characters, its error linked to the field). Two plain posts with `intent`;
 * the action's answer goes to the form it is about. A mail link's confirmation page shows only the decision
 * its button stood for (`only`) and posts the link's secret along (`hidden`).
 */
export function DecisionForms({
  only,
  hidden = {},
}: { only?: 'approve' | 'reject'; hidden?: Record<string, string> } = {}) {
  const { t } = useTranslation()
  const answer = useActionData<DecisionAnswer>()
  const headingId = useId()
  const hintId = useId()
  const [approve] = useShopForm({
    id: 'requisition-approve',
    schema: approveFormSchema,
    lastResult: answer?.intent === 'approve' ? answer.result : null,
  })
  const [reject, fields] = useShopForm({
    id: 'requisition-reject',
    schema: rejectFormSchema(t),
    lastResult: answer?.intent === 'reject' ? answer.result : null,
  })
  const comment = getTextareaProps(fields.comment, { ariaDescribedBy: hintId })
  const hiddenInputs = Object.entries(hidden).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ))
  return (
    <section aria-labelledby={headingId} className="requisition-decision">
      <h2 id={headingId}>{t('account.requisitions.decision.heading')}</h2>
      {only === 'reject' ? null : (
        <Form method="post" {...getFormProps(approve)} className="requisition-approve">
          {hiddenInputs}
          <FormErrors form={approve} summary={false} />
          <SubmitButton
            intent="approve"
            className="primary"
            pendingText={t('account.requisitions.approve.pending')}
          >
            {t('account.requisitions.approve')}
          </SubmitButton>
        </Form>
      )}
      {only === 'approve' ? null : (
        <Form method="post" {...getFormProps(reject)} className="requisition-reject">
          {hiddenInputs}
          <FormErrors form={reject} />
          <div className="form-field">
            <label htmlFor={fields.comment.id}>{t('account.requisitions.comment.label')}</label>
            <textarea {...comment} key={comment.key} rows={4} maxLength={MAX_APPROVAL_COMMENT} />
            <p className="field-hint" id={hintId}>
              {t('account.requisitions.comment.hint', { max: MAX_APPROVAL_COMMENT })}
            </p>
            <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
          </div>
          <SubmitButton
            intent="reject"
            className="danger"
            pendingText={t('account.requisitions.reject.pending')}
          >
            {t('account.requisitions.reject')}
          </SubmitButton>
        </Form>
      )}
    </section>
  )
}
