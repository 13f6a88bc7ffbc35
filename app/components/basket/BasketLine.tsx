import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { mandatoryPath } from '~/models/basket'
import type { BasketLineView, DeliveryView } from '~/models/basket-view'
import { ErrorList, FormErrors, SubmitButton } from '../form-controls'
import { Field } from '../forms'
import { useShell } from '../useShell'
import { useBasketForm } from './useBasketForm'

/** What the basket shows under a line's name: the line it belongs to, open mandatory choices, delivery date. */
export function BasketLineDetails({ line, delivery }: { line: BasketLineView; delivery: DeliveryView }) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const open = line.mandatory && !line.mandatory.satisfied ? line.mandatory : null
  return (
    <>
      {line.parentName ? (
        <>
          <br />
          <small className="line-mandatory-parent">
            {t('basket.mandatory.belongs_to', { name: line.parentName })}
          </small>
        </>
      ) : null}
      {open ? (
        <p className="line-mandatory-open" role="note">
          {t(
            open.selections.length && !open.selections.some((s) => s.satisfied)
              ? 'basket.mandatory.selection.open'
              : 'basket.mandatory.accessories.open',
          )}{' '}
          <Link to={mandatoryPath(locale.lang, line.id)}>
            {t('basket.mandatory.choose', { name: line.name })}
          </Link>
        </p>
      ) : null}
      {delivery ? <DeliveryForm line={line} delivery={delivery} /> : null}
    </>
  )
}

function DeliveryForm({ line, delivery }: { line: BasketLineView; delivery: NonNullable<DeliveryView> }) {
  const { t } = useTranslation()
  const { form, field } = useBasketForm('delivery', line.id, { desiredDelivery: line.desiredDelivery ?? '' })
  return (
    <Form method="post" className="line-delivery" {...getFormProps(form)}>
      <input type="hidden" name="lineId" value={line.id} />
      <Field
        meta={field('desiredDelivery')}
        type="date"
        label={t('basket.line.desired_delivery')}
        min={delivery.min}
        max={delivery.max}
        placeholder="yyyy-mm-dd"
      />{' '}
      <SubmitButton intent="delivery">{t('basket.line.desired_delivery.save')}</SubmitButton>
      <FormErrors form={form} summary={false} />
    </Form>
  )
}

/** The quantity cell: a quantity form (0 or empty deletes, spec §5) and the delete button. */
export function BasketLineQuantity({ line }: { line: BasketLineView }) {
  const { t } = useTranslation()
  const { form, field } = useBasketForm('quantity', line.id, { quantity: String(line.quantity) })
  const { form: deleteForm } = useBasketForm('delete', line.id)
  const meta = field('quantity')
  const quantity = getInputProps(meta, { type: 'number' })
  return (
    <>
      <Form method="post" className="line-quantity" {...getFormProps(form)}>
        <input type="hidden" name="lineId" value={line.id} />
        <input
          {...quantity}
          key={quantity.key}
          // Hints only: 0 deletes, and the API judges the quantity.
          min={0}
          max={line.maxQuantity}
          step={1}
          required={false}
          inputMode="numeric"
          aria-label={t('basket.line.quantity_of', { name: line.name })}
        />{' '}
        <SubmitButton intent="quantity">{t('basket.line.update')}</SubmitButton>
        <ErrorList id={meta.errorId} errors={meta.errors} />
        <FormErrors form={form} summary={false} />
      </Form>
      <Form method="post" className="line-delete" {...getFormProps(deleteForm)}>
        <input type="hidden" name="lineId" value={line.id} />
        <SubmitButton intent="delete" className="link-button">
          {t('basket.line.delete', { name: line.name })}
        </SubmitButton>
        <FormErrors form={deleteForm} summary={false} />
      </Form>
    </>
  )
}
