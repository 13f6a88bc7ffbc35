import { getFormProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { mandatoryPath } from '~/models/basket'
import { mandatoryChoiceSchema, type MandatoryChoice, type MandatoryPrompt } from '~/models/mandatory'
import { pick } from '~/models/price'
import { FormErrors, SubmitButton } from './form-controls'
import { useShopForm } from './forms'
import { MoneyText } from './Price'
import { useShell } from './useShell'

/** One product to choose: a radio button among the selections (one required), a checkbox (checked) otherwise. */
function Option({
  choice,
  type,
  name,
  price,
}: {
  choice: MandatoryChoice
  type: 'radio' | 'checkbox'
  name: string
  price: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <label className="mandatory-option">
      <input
        type={type}
        name={name}
        value={choice.sku}
        required={type === 'radio'}
        defaultChecked={type === 'checkbox'}
      />{' '}
      {choice.name} <small>{t('product.sku', { sku: choice.sku })}</small> {price}
    </label>
  )
}

/**
 * The choices a line still needs (spec §4 "Adding to basket", ADR 0011): one of the mandatory selections
 * (radio buttons, listed first: selections take precedence, spec §5) and the mandatory accessories
 * (checked by default). A plain form post to the prompt route, with or without JavaScript; its refusals
 * show on the prompt page, where the post lands. `onLater` (the modal) closes instead of linking back to
 * the basket; the modal shows no earlier answer, since the page under it has an action of its own.
 */
export function MandatoryChoices({
  prompt,
  headingId,
  headingLevel = 2,
  onLater,
}: {
  prompt: MandatoryPrompt
  headingId: string
  /** 1 on the prompt page, 2 in the modal. */
  headingLevel?: 1 | 2
  onLater?: () => void
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const openAccessories = prompt.accessories.filter((a) => !a.inBasket)
  const [form] = useShopForm({
    id: `mandatory-${prompt.lineId}`,
    schema: mandatoryChoiceSchema,
    ...(onLater ? { lastResult: null } : {}),
  })
  const price = (choice: MandatoryChoice) =>
    choice.price ? (
      <span className="mandatory-price">
        <MoneyText money={pick(choice.price, display)} locale={locale} />
      </span>
    ) : null
  return (
    <section className="mandatory-choices" aria-labelledby={headingId}>
      <Heading id={headingId}>{t('basket.mandatory.title', { name: prompt.parent.name })}</Heading>
      <p>{t('basket.mandatory.intro', { name: prompt.parent.name, quantity: prompt.parent.quantity })}</p>
      <FormErrors form={form} />
      {prompt.satisfied ? <p role="status">{t('basket.mandatory.complete')}</p> : null}
      <Form method="post" action={mandatoryPath(locale.lang, prompt.lineId)} {...getFormProps(form)}>
        {prompt.selections.length ? (
          <fieldset className="mandatory-selections">
            <legend>{t('basket.mandatory.selection.legend')}</legend>
            {prompt.selectionMade ? (
              <ul>
                {prompt.selections
                  .filter((s) => s.inBasket)
                  .map((s) => (
                    <li key={s.sku}>
                      {t('basket.mandatory.in_basket', { name: s.name })} {price(s)}
                    </li>
                  ))}
              </ul>
            ) : (
              prompt.selections.map((s) => (
                <Option key={s.sku} choice={s} type="radio" name="selection" price={price(s)} />
              ))
            )}
          </fieldset>
        ) : null}
        {prompt.accessories.length ? (
          <fieldset className="mandatory-accessories">
            <legend>{t('basket.mandatory.accessories.legend')}</legend>
            {prompt.accessories.map((a) =>
              a.inBasket ? (
                <p key={a.sku}>
                  {t('basket.mandatory.in_basket', { name: a.name })} {price(a)}
                </p>
              ) : (
                <Option key={a.sku} choice={a} type="checkbox" name="accessory" price={price(a)} />
              ),
            )}
          </fieldset>
        ) : null}
        <p className="mandatory-actions">
          {(!prompt.selectionMade && prompt.selections.length > 0) || openAccessories.length > 0 ? (
            <SubmitButton className="primary" action={mandatoryPath(locale.lang, prompt.lineId)}>
              {t('basket.mandatory.add')}
            </SubmitButton>
          ) : null}{' '}
          {onLater ? (
            <button type="button" className="link-button" onClick={onLater}>
              {t('basket.mandatory.later')}
            </button>
          ) : (
            <Link to={`/${locale.lang}/basket`}>{t('basket.mandatory.later')}</Link>
          )}
        </p>
      </Form>
    </section>
  )
}
