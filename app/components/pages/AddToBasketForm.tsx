import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatMoney, pick, type PriceItem } from '~/models/price'
import { addToBasketSchema, quantityHints, quantityRulesInWords, type QuantityRules } from '~/models/quantity'
import { useAddButton } from '../basket/BasketAdder'
import { QuantityRulesText } from '../QuantityRulesText'
import { ErrorList, FormErrors, SubmitButton, useShopForm } from '../forms'
import { useShell } from '../useShell'

type WarrantyOption = { id: string; name: string; price: PriceItem | null }

/**
 * One add-to-basket form; a retail set page shows one per part. It posts to the shop's one add route,
 * which answers with a redirect back here and a toast (the API judges the quantity); the quantity's
 * min/max/step are hints, checked in the browser for instant feedback. With JavaScript a valid add joins
 * the page's collected adds instead. Offered warranties are radio buttons, "No warranty" chosen by default.
 */
export function AddToBasketForm({
  product,
  maxItemQuantity,
  warranties = [],
}: {
  product: { sku: string } & QuantityRules
  maxItemQuantity: number
  warranties?: WarrantyOption[]
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const location = useLocation()
  const button = useAddButton()
  const action = `/${locale.lang}/basket/add`
  const [form, fields] = useShopForm({
    id: `add-${product.sku}`,
    schema: addToBasketSchema(product, t, maxItemQuantity),
    // The add route answers with a redirect, never with a form result.
    lastResult: null,
  })
  // useShopForm keys its fields by name only; both names are fields of addToBasketSchema.
  const quantity = fields.quantity!
  const warranty = fields.warranty!
  const formProps = getFormProps(form)
  const rulesId = quantityRulesInWords(product, t).length > 0 ? `${form.id}-rules` : undefined
  return (
    <Form
      method="post"
      action={action}
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event)
        // Conform stops an invalid submit; a valid one goes to the collected adds when JavaScript runs.
        if (event.defaultPrevented || !button.enhanced) return
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        button.add({
          sku: product.sku,
          quantity: String(data.get('quantity') ?? ''),
          warranty: String(data.get('warranty') ?? '') || undefined,
        })
      }}
      className="add-to-basket"
      // Marks the form once JavaScript handles its adds (a fetcher instead of a page load).
      data-enhanced={button.enhanced ? '' : undefined}
    >
      <input type="hidden" name="intent" value="addToBasket" />
      <input type="hidden" name="sku" value={product.sku} />
      <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
      <WarrantyChoice
        name={warranty.name}
        initial={typeof warranty.initialValue === 'string' ? warranty.initialValue : undefined}
        warranties={warranties}
      />
      <label htmlFor={quantity.id}>
        {t('product.quantity.label')}
        <input
          {...getInputProps(quantity, { type: 'number', ariaDescribedBy: rulesId })}
          {...quantityHints(product, maxItemQuantity)}
          defaultValue={product.minOrderQuantity}
          inputMode="numeric"
          required
        />
      </label>
      <QuantityRulesText product={product} id={rulesId} />
      <SubmitButton
        action={action}
        {...(button.waiting ? { 'aria-disabled': true, className: 'is-pending' } : {})}
      >
        {t('product.add_to_basket')}
      </SubmitButton>
      <ErrorList id={quantity.errorId} errors={quantity.errors} />
      <FormErrors form={form} summary={false} />
    </Form>
  )
}

function WarrantyChoice({
  name,
  initial,
  warranties,
}: {
  name: string
  initial: string | undefined
  warranties: WarrantyOption[]
}) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  if (warranties.length === 0) return null
  // A select rather than radio buttons: on a phone the choice takes one line, so the price and the add
  // button stay on the first screen. Each option names its price.
  return (
    <label className="warranty-choice">
      {t('product.warranty.legend')}
      <select name={name} defaultValue={initial ?? ''}>
        {[{ id: '', name: t('product.warranty.none'), price: null }, ...warranties].map((w) => (
          <option key={w.id} value={w.id}>
            {w.price
              ? `${w.name} ${t('product.warranty.price', { price: formatMoney(pick(w.price, display), locale.tag) })}`
              : w.name}
          </option>
        ))}
      </select>
    </label>
  )
}
