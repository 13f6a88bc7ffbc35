import { Form, useLocation } from '@remix-run/react'
import type { FormEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import { maxQuantity, type QuantityRules } from '~/models/quantity'
import { useAddButton } from './BasketAdder'

/**
 * A tile's add form: quantity (the product's minimum, step and maximum as input limits; the API has the
 * last word) and the button. Without JavaScript a plain post to the add route, which redirects back here;
 * with it, the add is collected with the page's other adds.
 */
export function TileAddToBasket({
  product,
  locale,
  maxItemQuantity,
}: {
  product: { sku: string; name: string } & QuantityRules
  locale: ShopLocale
  maxItemQuantity?: number
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const button = useAddButton()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!button.enhanced) return
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    button.add({ sku: product.sku, quantity: String(form.get('quantity') ?? '') })
  }
  const id = `tile-quantity-${product.sku}`
  return (
    <Form
      method="post"
      action={`/${locale.lang}/basket/add`}
      className="tile-add-to-basket"
      onSubmit={onSubmit}
      // Marks the form once JavaScript handles its adds (collected, sent by a fetcher).
      data-enhanced={button.enhanced ? '' : undefined}
    >
      <input type="hidden" name="sku" value={product.sku} />
      <input type="hidden" name="returnUrl" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="visually-hidden">
        {t('product.tile.quantity.label', { name: product.name })}
      </label>
      <input
        id={id}
        type="number"
        name="quantity"
        defaultValue={product.minOrderQuantity}
        min={product.minOrderQuantity}
        max={maxQuantity(product, maxItemQuantity)}
        step={product.stepQuantity}
        inputMode="numeric"
        required
      />
      <button
        type="submit"
        aria-label={t('product.tile.add_to_basket', { name: product.name })}
        aria-disabled={button.waiting || undefined}
        className={button.waiting ? 'is-pending' : undefined}
      >
        {t('product.add_to_basket')}
      </button>
    </Form>
  )
}
