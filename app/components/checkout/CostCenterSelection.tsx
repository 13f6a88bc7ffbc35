import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useActionData, useFetcher } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import {
  COST_CENTER_INTENT,
  costCenterFormSchema,
  type CostCenterChoice,
  type CostCenterRef,
} from '~/models/checkout-basket'
import { messageText, type ApiMessage } from '~/models/messages'
import { SubmitButton } from '../form-controls'
import { SelectField, useShopForm } from '../forms'

type Answer = { result?: SubmissionResult<string[]> }

/** A cost center as the shop writes it: its id, and its name when known. */
export const costCenterLabel = (center: CostCenterRef) =>
  center.name ? `${center.id} – ${center.name}` : center.id

/**
 * The basket's cost center (issue 17): a select of the cost centers the business user may order on, saved with
 * a plain post (`intent=cost-center`) and its button; with JavaScript a change saves at once through a
 * fetcher. The empty option says whether a cost center is required. `messages` are the CostCenter
 * validation's of the last "Checkout" (a missing or no longer usable cost center).
 */
export function CostCenterSelection({
  selection,
  messages = [],
  messagesId,
}: {
  selection: CostCenterChoice
  messages?: ApiMessage[]
  /** An id for a page that links to the messages (the basket's `#checkout-blocked`). */
  messagesId?: string
}) {
  const { t } = useTranslation()
  const fetcher = useFetcher<Answer>()
  const posted = useActionData<Answer>()?.result
  const mine = posted?.initialValue?.intent === COST_CENTER_INTENT ? posted : null
  const [form, fields] = useShopForm({
    id: 'cost-center',
    schema: costCenterFormSchema(t, selection.required),
    lastResult: fetcher.data?.result ?? mine,
    defaultValue: { intent: COST_CENTER_INTENT, costCenter: selection.selected?.id ?? '' },
  })
  const { selected, choices } = selection
  const gone = selected && !choices.some((c) => c.id === selected.id)
  return (
    <section aria-labelledby="cost-center-title" className="basket-cost-center">
      <h2 id="cost-center-title">{t('checkout.cost_center.title')}</h2>
      {messages.length ? (
        <ul className="form-errors" role="alert" id={messagesId}>
          {messages.map((m, i) => (
            <li key={`${m.code}-${i}`}>{messageText(t, m)}</li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={COST_CENTER_INTENT} />
        <SelectField
          meta={fields.costCenter!}
          label={`${t('checkout.cost_center.label')}${selection.required ? ' *' : ''}`}
          onChange={(event) => {
            if (event.currentTarget.value || !selection.required) fetcher.submit(event.currentTarget.form)
          }}
        >
          <option value="">
            {selection.required
              ? t('checkout.cost_center.select.required')
              : t('checkout.cost_center.select.none')}
          </option>
          {gone ? (
            <option value={selected.id}>
              {t('checkout.cost_center.unavailable', { costCenter: costCenterLabel(selected) })}
            </option>
          ) : null}
          {choices.map((center) => (
            <option key={center.id} value={center.id}>
              {costCenterLabel(center)}
            </option>
          ))}
        </SelectField>
        <SubmitButton fetcher={fetcher}>{t('checkout.cost_center.save')}</SubmitButton>
      </fetcher.Form>
    </section>
  )
}
