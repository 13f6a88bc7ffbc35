import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import type { TFunction } from 'i18next'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, SubmitButton } from '~/components/form-controls'
import { Field } from '~/components/forms'
import { formatDate } from '~/components/order/OrderStatus'
import { useShell } from '~/components/useShell'
import {
  FREQUENCY_UNITS,
  MAX_RECURRENCE_COUNT,
  RECURRENCE_INTENT,
  scheduleText,
  type Recurrence,
} from '~/models/recurring-order'

/** The schedule in the page's language: "every 2 weeks from 1 Dec 2026, 6 times". */
export function useScheduleText() {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (recurrence: Recurrence) => scheduleText(t, recurrence, (day) => formatDate(day, locale.tag))
}

/** The schedule's fields by name, as the review form's error summary names them. */
export const recurrenceLabels = (t: TFunction) => ({
  recurring: t('checkout.recurrence.legend'),
  every: t('checkout.recurrence.every'),
  unit: t('checkout.recurrence.unit'),
  startDate: t('checkout.recurrence.start_date'),
  endDate: t('checkout.recurrence.end_date'),
  repetitions: t('checkout.recurrence.repetitions'),
})

/**
 * The review step's "Order regularly" (spec §3, §4; ADR 0020), for logged-in customers: order once, or every N
 * days, weeks, months or years from a start date (today at the earliest), with no end, an end date or a number
 * of orders. Its fields belong to the review's one form (`reviewFormSchema`): "Save schedule" posts
 * `intent=recurrence` and only saves it, the place-order button posts the schedule as shown with the order.
 * Every field is there without JavaScript; the API's refusals show at the field they concern.
 */
export function RecurrenceFields({
  form,
  fields,
  recurrence,
  today,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>
  fields: Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>
  recurrence?: Recurrence
  today: string
}) {
  const { t } = useTranslation()
  const schedule = useScheduleText()
  const unit = fields.unit!
  const radio = (name: 'recurring' | 'end', value: string, label: string) => {
    const meta = fields[name]!
    const id = `${form.id}-${name}-${value}`
    return (
      <div className="form-field form-field--checkbox">
        <input
          type="radio"
          id={id}
          name={meta.name}
          value={value}
          defaultChecked={meta.initialValue === value}
          key={`${meta.key ?? ''}-${String(meta.initialValue)}`}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    )
  }
  return (
    <section className="recurrence" aria-labelledby="recurrence-title">
      <h2 id="recurrence-title">{t('checkout.recurrence.title')}</h2>
      {recurrence ? (
        <p className="recurrence-summary" data-testid="recurrence-summary">
          {t('checkout.recurrence.summary', { schedule: schedule(recurrence) })}
        </p>
      ) : null}
      <div className="recurrence-fields">
        <fieldset className="recurrence-choice">
          <legend>{t('checkout.recurrence.legend')}</legend>
          {radio('recurring', 'once', t('checkout.recurrence.once'))}
          {radio('recurring', 'regularly', t('checkout.recurrence.regularly'))}
        </fieldset>
        <fieldset className="recurrence-schedule">
          <legend>{t('checkout.recurrence.schedule.legend')}</legend>
          <div className="recurrence-interval">
            <Field
              meta={fields.every!}
              type="number"
              label={t('checkout.recurrence.every')}
              min={1}
              max={MAX_RECURRENCE_COUNT}
              inputMode="numeric"
            />
            <div className="form-field">
              <label htmlFor={unit.id}>{t('checkout.recurrence.unit')}</label>
              <select
                id={unit.id}
                name={unit.name}
                defaultValue={String(unit.initialValue ?? 'week')}
                key={unit.key}
              >
                {FREQUENCY_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`checkout.recurrence.unit.${unit}`)}
                  </option>
                ))}
              </select>
              <ErrorList id={unit.errorId} errors={unit.errors} />
            </div>
          </div>
          <Field
            meta={fields.startDate!}
            type="date"
            label={t('checkout.recurrence.start_date')}
            min={today}
          />
        </fieldset>
        <fieldset className="recurrence-end">
          <legend>{t('checkout.recurrence.end.legend')}</legend>
          {radio('end', 'never', t('checkout.recurrence.end.never'))}
          {radio('end', 'date', t('checkout.recurrence.end.date'))}
          <Field meta={fields.endDate!} type="date" label={t('checkout.recurrence.end_date')} min={today} />
          {radio('end', 'count', t('checkout.recurrence.end.count'))}
          <Field
            meta={fields.repetitions!}
            type="number"
            label={t('checkout.recurrence.repetitions')}
            min={1}
            max={MAX_RECURRENCE_COUNT}
            inputMode="numeric"
          />
        </fieldset>
        <SubmitButton intent={RECURRENCE_INTENT}>{t('checkout.recurrence.save')}</SubmitButton>
      </div>
    </section>
  )
}
