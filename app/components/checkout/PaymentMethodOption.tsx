import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from '~/components/useTranslation'
import { Amount } from '~/components/checkout/CheckoutParts'
import { CheckboxField, Field } from '~/components/forms'
import { messageText } from '~/models/messages'
import type { PaymentMethod } from '~/models/payment'

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>
const hasAmount = (item?: { gross: { value: number }; net: { value: number } }) =>
  !!item && (item.gross.value !== 0 || item.net.value !== 0)

/**
 * One payment method: its radio, costs and description, why it is restricted, and the data it asks for (a
 * saved instrument or new parameters, with the server's own constraints as hints).
 */
export function PaymentMethodOption({
  method,
  chosen,
  fields,
  parameters,
  canSave,
  preferredInstrumentId,
}: {
  method: PaymentMethod
  chosen: boolean
  /** The user's preferred saved instrument, chosen first (spec §3 User). */
  preferredInstrumentId?: string
  fields: { paymentMethod: Meta; instrument: Meta; saveForLater: Meta }
  /** The fields of this method's parameters (`parameters.{method}.{name}`). */
  parameters?: Record<string, Meta>
  canSave: boolean
}) {
  const { t } = useTranslation()
  const first = method.instruments.find((i) => i.id === preferredInstrumentId) ?? method.instruments[0]
  return (
    <div className={`method-option${method.restricted ? ' restricted' : ''}`}>
      <label>
        <input
          type="radio"
          name={fields.paymentMethod.name}
          value={method.id}
          disabled={method.restricted}
          defaultChecked={chosen}
          required
        />{' '}
        <strong>{method.name}</strong>
        {hasAmount(method.costs) ? (
          <>
            {' '}
            <span className="method-costs">
              {t('checkout.payment.costs')} <Amount item={method.costs!} />
            </span>
          </>
        ) : null}
      </label>
      {method.description ? <p className="hint">{method.description}</p> : null}
      {method.costsThreshold && hasAmount(method.costs) ? (
        <p className="hint">
          {t('checkout.payment.costs_threshold')} <Amount item={method.costsThreshold} />
        </p>
      ) : null}
      {method.restricted ? (
        <ul className="restriction-causes">
          {method.restrictions.map((cause, i) => (
            <li key={i}>{messageText(t, cause)}</li>
          ))}
        </ul>
      ) : null}
      {!method.restricted && (method.instruments.length > 0 || method.parameters.length > 0) ? (
        <fieldset className="method-parameters">
          <legend className="visually-hidden">{t('checkout.payment.data', { name: method.name })}</legend>
          {method.instruments.map((instrument) => (
            <label key={instrument.id} className="radio">
              <input
                type="radio"
                name={`${fields.instrument.name}.${method.id}`}
                value={instrument.id}
                defaultChecked={instrument === first}
              />{' '}
              {instrument.accountIdentifier}
            </label>
          ))}
          {method.instruments.length > 0 && method.parameters.length > 0 ? (
            <label className="radio">
              <input type="radio" name={`${fields.instrument.name}.${method.id}`} value="new" />{' '}
              {t('checkout.payment.new_instrument')}
            </label>
          ) : null}
          {method.parameters.map((parameter) => (
            <ParameterField key={parameter.name} meta={parameters?.[parameter.name]} parameter={parameter} />
          ))}
          {canSave && method.saveAllowed ? (
            <CheckboxField
              className="checkbox"
              meta={fields.saveForLater}
              label={t('checkout.payment.save_for_later')}
            />
          ) : null}
        </fieldset>
      ) : null}
    </div>
  )
}

/** A payment parameter's input, with the server's constraints as hints (the account's payment page too). */
export function ParameterField({
  meta,
  parameter,
}: {
  meta?: Meta
  parameter: PaymentMethod['parameters'][number]
}) {
  if (!meta) return null
  const c = parameter.constraints ?? {}
  return (
    <Field
      className="field"
      meta={meta}
      label={`${parameter.displayName ?? parameter.name}${c.required ? ' *' : ''}`}
      placeholder={parameter.description}
      minLength={c.size?.min}
      maxLength={c.size?.max}
      autoComplete="off"
    />
  )
}
