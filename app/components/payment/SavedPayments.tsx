import '~/browser/account-texts'
import type { FieldMetadata, SubmissionResult } from '@conform-to/react'
import { getFormProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { ParameterField } from '~/components/checkout/PaymentMethodOption'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import type { Translate } from '~/models/messages'
import { parameterSchema, type PaymentMethod, type SavedInstrument } from '~/models/payment'

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>

/** The form that saves payment data of one method: its parameters, checked with the server's constraints. */
export const savePaymentSchema = (method: PaymentMethod, t: Translate) =>
  z.object({
    intent: z.literal('add'),
    paymentMethod: z.literal(method.id),
    parameters: parameterSchema(method.parameters, t),
  })

/** The saved instruments: method, masked identifier, the preferred one marked; make preferred and delete. */
export function SavedInstrumentList({
  instruments,
  deleteUrl,
}: {
  instruments: SavedInstrument[]
  deleteUrl: (id: string) => string
}) {
  const { t } = useTranslation()
  if (instruments.length === 0) return <p data-testid="payments-empty">{t('account.payment.empty')}</p>
  return (
    <ul className="saved-payments" data-testid="saved-payments">
      {instruments.map((instrument) => {
        const name = `${instrument.methodName} ${instrument.accountIdentifier}`
        return (
          <li key={instrument.id} data-testid="saved-payment">
            <p>
              <strong>{instrument.methodName}</strong> <span>{instrument.accountIdentifier}</span>
              {instrument.preferred ? (
                <>
                  {' '}
                  <span className="badge" data-testid="preferred-payment">
                    {t('account.payment.preferred')}
                  </span>
                </>
              ) : null}
            </p>
            <Form method="post" className="page-actions">
              <input type="hidden" name="id" value={instrument.id} />
              {instrument.preferred ? (
                <SubmitButton intent="no-preferred">{t('account.payment.clear_preferred')}</SubmitButton>
              ) : (
                <SubmitButton
                  intent="preferred"
                  aria-label={t('account.payment.set_preferred.label', { name })}
                >
                  {t('account.payment.set_preferred')}
                </SubmitButton>
              )}{' '}
              <Link to={deleteUrl(instrument.id)} aria-label={t('account.payment.delete.label', { name })}>
                {t('account.payment.delete')}
              </Link>
            </Form>
          </li>
        )
      })}
    </ul>
  )
}

/** The delete's confirmation step (`?delete={id}`): works the same with and without JavaScript. */
export function DeletePaymentConfirmation({
  instrument,
  cancelUrl,
}: {
  instrument: SavedInstrument
  cancelUrl: string
}) {
  const { t } = useTranslation()
  const name = `${instrument.methodName} ${instrument.accountIdentifier}`
  return (
    <section
      className="payment-delete"
      role="alertdialog"
      aria-labelledby="payment-delete-title"
      aria-describedby="payment-delete-text"
    >
      <h2 id="payment-delete-title">{t('account.payment.delete.title')}</h2>
      <p id="payment-delete-text">{t('account.payment.delete.question', { name })}</p>
      <Form method="post" action={cancelUrl} className="page-actions">
        <input type="hidden" name="id" value={instrument.id} />
        <SubmitButton className="danger" intent="delete" autoFocus>
          {t('account.payment.delete.confirm')}
        </SubmitButton>{' '}
        <Link to={cancelUrl}>{t('account.payment.delete.cancel')}</Link>
      </Form>
    </section>
  )
}

/** Saves new payment data of a method that allows it; the fields come from the server's definitions. */
export function SavePaymentForm({
  method,
  lastResult,
}: {
  method: PaymentMethod
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: `payment-add-${method.id}`,
    schema: savePaymentSchema(method, t),
    lastResult,
  })
  const parameters = (
    fields.parameters as FieldMetadata<Record<string, string>, Record<string, unknown>, string[]>
  ).getFieldset() as Record<string, Meta>
  const labels = Object.fromEntries(
    method.parameters.map((p) => [`parameters.${p.name}`, p.displayName ?? p.name]),
  )
  return (
    <Form method="post" {...getFormProps(form)} className="payment-add">
      <fieldset>
        <legend>{method.name}</legend>
        <FormErrors form={form} label={labels} />
        <input type="hidden" name="paymentMethod" value={method.id} />
        {method.description ? <p className="hint">{method.description}</p> : null}
        {method.parameters.map((parameter) => (
          <ParameterField key={parameter.name} meta={parameters[parameter.name]} parameter={parameter} />
        ))}
        <SubmitButton intent="add">{t('account.payment.add.submit')}</SubmitButton>
      </fieldset>
    </Form>
  )
}
