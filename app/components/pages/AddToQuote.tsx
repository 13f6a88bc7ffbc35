import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { addToQuotePath, freeTextQuotePath } from '~/models/quote'
import { quantityHints, type QuantityRules } from '~/models/quantity'
import { SubmitButton } from '../form-controls'
import { useShell } from '../useShell'

/** Marks the add-to-basket form's second button: its post goes to the quote request, not the basket. */
export const ADD_TO_QUOTE_BUTTON = 'data-add-to-quote'

/**
 * "Add to quote" beside "Add to basket" (feature quoting; guests and users who may ask for quotes): a second
 * submit button of the add-to-basket form, posting the same SKU and quantity to `addProductToQuoteRequest`.
 */
export function AddToQuoteButton() {
  const { t } = useTranslation()
  const { locale, shell } = useShell()
  if (!shell?.quoting?.addToQuote) return null
  const action = addToQuotePath(locale.lang)
  return (
    <SubmitButton action={action} formAction={action} {...{ [ADD_TO_QUOTE_BUTTON]: '' }}>
      {t('quote.add_to_quote')}
    </SubmitButton>
  )
}

/**
 * "Add to quote" of a product the basket does not take (no price: sold on request): a form of its own with
 * the quantity wanted. With the free-text quoting feature, a link to ask for something not in the catalogue.
 */
export function AddToQuoteForm({ product }: { product: { sku: string; name: string } & QuantityRules }) {
  const { t } = useTranslation()
  const { locale, shell } = useShell()
  const location = useLocation()
  if (!shell?.quoting?.addToQuote) return null
  const action = addToQuotePath(locale.lang)
  const quantityId = `quote-${product.sku}-quantity`
  return (
    <Form method="post" action={action} className="add-to-quote">
      <input type="hidden" name="sku" value={product.sku} />
      <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
      <label htmlFor={quantityId}>
        {t('product.quantity.label')}
        <input
          id={quantityId}
          type="number"
          name="quantity"
          {...quantityHints(product)}
          defaultValue={product.minOrderQuantity}
          inputMode="numeric"
          required
        />
      </label>
      <SubmitButton action={action}>{t('quote.add_to_quote')}</SubmitButton>
    </Form>
  )
}

/** "Ask for a quote" with a free text (feature freetextQuoting), for this product or anything else. */
export function FreeTextQuoteLink({ sku }: { sku?: string }) {
  const { t } = useTranslation()
  const { locale, shell } = useShell()
  if (!shell?.quoting?.freeText) return null
  const query = sku ? `?${new URLSearchParams({ sku })}` : ''
  return (
    <p className="free-text-quote-link">
      <Link to={`${freeTextQuotePath(locale.lang)}${query}`}>{t('quote.free_text.link')}</Link>
    </p>
  )
}
