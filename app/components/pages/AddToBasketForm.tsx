import { Form, useLocation } from '@remix-run/react'
import { useRef, useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { type PriceItem } from '~/models/price'
import { showsPrices } from '~/models/price-visibility'
import { quantityHints, quantityProblem, quantityRulesInWords, type QuantityRules } from '~/models/quantity'
import { useAddButton } from '../basket/BasketAdder'
import { QuantityRulesText } from '../QuantityRulesText'
import { ErrorList, SubmitButton } from '../form-controls'
import { usePriceText } from '../Price'
import { useShell } from '../useShell'
import { ADD_TO_QUOTE_BUTTON, AddToQuoteButton } from './AddToQuote'

type WarrantyOption = { id: string; name: string; price: PriceItem | null }

/**
 * One add-to-basket form; a retail set page shows one per part. It posts to the shop's one add route,
 * which answers with a redirect back here and a toast (the API judges the quantity); the quantity's
 * min/max/step are hints, checked in the browser for instant feedback. With JavaScript a valid add joins
 * the page's collected adds instead. Offered warranties are a select, "No warranty" chosen by default.
 *
 * A plain form, not `useShopForm`: it is on every product page, and Conform and zod would be a quarter of
 * the page's JavaScript (issue 19's budget) for one number. Its check is `quantityProblem`, wired as the
 * shop's other fields are: checked from the first blur on, the message under the field (`aria-invalid`,
 * `aria-describedby`), focus on the field after a refused submit.
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
  const id = `add-${product.sku}`
  const quantityId = `${id}-quantity`
  const errorId = `${quantityId}-error`
  const rulesId = quantityRulesInWords(product, t).length > 0 ? `${id}-rules` : undefined
  const quantityInput = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string>()
  const checked = useRef(false)
  const check = (value: string) => {
    checked.current = true
    const found = quantityProblem(value.trim() === '' ? NaN : Number(value), product, t, maxItemQuantity)
    setProblem(found)
    return found
  }
  return (
    <Form
      method="post"
      action={action}
      id={id}
      // As the Conform forms: without JavaScript the add route judges the post and says so on the page it
      // returns to; with it the check below, in the shop's words.
      noValidate
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget)
        const quantity = String(data.get('quantity') ?? '')
        if (check(quantity)) {
          event.preventDefault()
          quantityInput.current?.focus()
          return
        }
        // A valid add goes to the collected adds when JavaScript runs; "Add to quote" posts to its route.
        if (!button.enhanced || isQuoteSubmit(event.nativeEvent)) return
        event.preventDefault()
        button.add({
          sku: product.sku,
          quantity,
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
      <WarrantyChoice warranties={warranties} />
      <label htmlFor={quantityId}>
        {t('product.quantity.label')}
        <input
          ref={quantityInput}
          id={quantityId}
          type="number"
          name="quantity"
          {...quantityHints(product, maxItemQuantity)}
          defaultValue={product.minOrderQuantity}
          inputMode="numeric"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? errorId : undefined, rulesId].filter(Boolean).join(' ') || undefined}
          onBlur={(event) => check(event.currentTarget.value)}
          onChange={(event) => {
            if (checked.current) check(event.currentTarget.value)
          }}
        />
      </label>
      <QuantityRulesText product={product} id={rulesId} />
      <SubmitButton
        action={action}
        {...(button.waiting ? { 'aria-disabled': true, className: 'is-pending' } : {})}
      >
        {t('product.add_to_basket')}
      </SubmitButton>
      <AddToQuoteButton />
      <ErrorList id={errorId} errors={problem ? [problem] : null} />
    </Form>
  )
}

/** Whether the form was sent with its "Add to quote" button. */
const isQuoteSubmit = (event: Event) => !!(event as SubmitEvent).submitter?.hasAttribute(ADD_TO_QUOTE_BUTTON)

function WarrantyChoice({ warranties }: { warranties: WarrantyOption[] }) {
  const { t } = useTranslation()
  const price = usePriceText().item
  const { prices } = useShell()
  if (warranties.length === 0) return null
  // A select rather than radio buttons: on a phone the choice takes one line, so the price and the add
  // button stay on the first screen. Each option names its price.
  return (
    <label className="warranty-choice">
      {t('product.warranty.legend')}
      <select name="warranty" defaultValue="">
        {[{ id: '', name: t('product.warranty.none'), price: null }, ...warranties].map((w) => (
          <option key={w.id} value={w.id}>
            {w.price && showsPrices(prices)
              ? `${w.name} ${t('product.warranty.price', { price: price(w.price) })}`
              : w.name}
          </option>
        ))}
      </select>
    </label>
  )
}
