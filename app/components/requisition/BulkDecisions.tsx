import '~/browser/account-texts'
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form, Link, useActionData } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import {
  bulkDecisionFormSchema,
  decisionMessage,
  MAX_APPROVAL_COMMENT,
  MAX_BULK_DECISIONS,
  type BulkAnswer,
  type DecisionOutcome,
  type RequisitionRow,
} from '~/models/requisition'
import { RequisitionTable } from './RequisitionTable'

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : []

/**
 * The approver list's pending requisitions with a checkbox each, approved or rejected at once with one post
 * (`intent` bulk-approve or bulk-reject; a rejection takes one comment for all). Works without JavaScript;
 * the action answers what happened to each (`BulkResults`).
 */
export function BulkDecisionForm({ rows, caption }: { rows: RequisitionRow[]; caption: string }) {
  const { t } = useTranslation()
  const answer = useActionData<BulkAnswer>()
  const hintId = useId()
  const [form, fields] = useShopForm({
    id: 'requisitions-bulk',
    schema: bulkDecisionFormSchema(t),
    lastResult: answer?.result ?? null,
  })
  const chosen = new Set(asList(fields.ids.initialValue))
  const comment = getTextareaProps(fields.comment, { ariaDescribedBy: hintId })
  return (
    <Form method="post" {...getFormProps(form)} className="requisitions-bulk">
      <FormErrors form={form} />
      <RequisitionTable
        rows={rows}
        view="approver"
        caption={caption}
        select={{
          name: fields.ids.name,
          chosen,
          describedBy: fields.ids.errors?.length ? fields.ids.errorId : undefined,
        }}
      />
      <ErrorList id={fields.ids.errorId} errors={fields.ids.errors} />
      <fieldset className="requisitions-bulk-actions">
        <legend>{t('account.requisitions.bulk.legend', { max: MAX_BULK_DECISIONS })}</legend>
        <SubmitButton intent="bulk-approve" className="primary">
          {t('account.requisitions.bulk.approve')}
        </SubmitButton>
        <div className="form-field">
          <label htmlFor={fields.comment.id}>{t('account.requisitions.bulk.comment.label')}</label>
          <textarea {...comment} key={comment.key} rows={3} maxLength={MAX_APPROVAL_COMMENT} />
          <p className="field-hint" id={hintId}>
            {t('account.requisitions.bulk.comment.hint', { max: MAX_APPROVAL_COMMENT })}
          </p>
          <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
        </div>
        <SubmitButton intent="bulk-reject" className="danger">
          {t('account.requisitions.bulk.reject')}
        </SubmitButton>
      </fieldset>
    </Form>
  )
}

/** One outcome of a bulk decision in words, the order's number linking to the order. */
function OutcomeLine({ outcome }: { outcome: DecisionOutcome }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const { key, values } = decisionMessage(outcome, t)
  const text = t(key, values)
  return (
    <li className={`requisition-outcome requisition-outcome-${outcome.kind}`} data-testid="bulk-outcome">
      {text}
      {outcome.kind === 'approved' && outcome.orderId && outcome.orderNo ? (
        <>
          {' '}
          <Link to={`/${locale.lang}/account/orders/${encodeURIComponent(outcome.orderId)}`}>
            {t('account.requisitions.order_link', { number: outcome.orderNo })}
          </Link>
        </>
      ) : null}
    </li>
  )
}

/** What a bulk decision did to each requisition chosen, in the order chosen. */
export function BulkResults() {
  const { t } = useTranslation()
  const answer = useActionData<BulkAnswer>()
  const headingId = useId()
  const outcomes = answer?.outcomes
  if (!outcomes?.length) return null
  return (
    <section aria-labelledby={headingId} className="requisitions-bulk-results" aria-live="polite">
      <h2 id={headingId}>{t('account.requisitions.bulk.results', { count: outcomes.length })}</h2>
      <ul>
        {outcomes.map((outcome, i) => (
          <OutcomeLine key={i} outcome={outcome} />
        ))}
      </ul>
    </section>
  )
}
