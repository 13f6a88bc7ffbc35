import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { FormErrors, SubmitButton } from '../form-controls'
import { Field } from '../forms'
import { useBasketForm } from './useBasketForm'

/** The basket's promotion codes, each with its remove button, and the form to apply another. */
export function PromotionCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation()
  const { form, field } = useBasketForm('addCode')
  const { form: removeForm } = useBasketForm('removeCode')
  return (
    <section aria-labelledby="promotion-code-title">
      <h2 id="promotion-code-title">{t('basket.promotion_code.title')}</h2>
      {codes.map((code) => (
        <Form method="post" key={code} className="promotion-code">
          <input type="hidden" name="code" value={code} />
          <span data-testid="promotion-code">{code}</span>{' '}
          <SubmitButton intent="removeCode" className="link-button">
            {t('basket.promotion_code.remove', { code })}
          </SubmitButton>
        </Form>
      ))}
      <FormErrors form={removeForm} summary={false} />
      <Form method="post" {...getFormProps(form)}>
        <Field meta={field('code')} label={t('basket.promotion_code.label')} autoComplete="off" />{' '}
        <SubmitButton intent="addCode">{t('basket.promotion_code.apply')}</SubmitButton>
        <FormErrors form={form} summary={false} />
      </Form>
    </section>
  )
}

/** Message to merchant and external order reference (spec §3 Basket); an empty text clears the field. */
export function BasketFields({ reference, note }: { reference?: string; note?: string }) {
  const { t } = useTranslation()
  const { form, field } = useBasketForm('fields', undefined, {
    externalOrderReference: reference ?? '',
    messageToMerchant: note ?? '',
  })
  const message = field('messageToMerchant')
  return (
    <section aria-labelledby="basket-fields-title">
      <h2 id="basket-fields-title">{t('basket.fields.title')}</h2>
      <Form method="post" className="basket-fields" {...getFormProps(form)}>
        <Field meta={field('externalOrderReference')} label={t('basket.fields.external_order_reference')} />
        <div className="form-field">
          <label htmlFor={message.id}>{t('basket.fields.message_to_merchant')}</label>
          <textarea
            id={message.id}
            name={message.name}
            defaultValue={message.initialValue === undefined ? undefined : String(message.initialValue)}
            maxLength={1000}
            rows={3}
            aria-invalid={message.errors ? true : undefined}
            aria-describedby={message.errors ? message.errorId : undefined}
          />
        </div>
        <SubmitButton intent="fields">{t('basket.fields.save')}</SubmitButton>
        <FormErrors form={form} summary={false} />
      </Form>
    </section>
  )
}
