import { useTranslation } from '~/components/useTranslation'
import { quantityRulesInWords, type QuantityRules } from '~/models/quantity'

/**
 * The product's packing unit, minimum, steps and maximum in words, next to its quantity input; the input
 * names it with `aria-describedby` (`id`). Nothing when the product is sold in single pieces without limits.
 */
export function QuantityRulesText({ product, id }: { product: QuantityRules; id?: string }) {
  const { t } = useTranslation()
  const texts = quantityRulesInWords(product, t)
  if (texts.length === 0) return null
  return (
    <p className="quantity-rules" id={id}>
      {texts.join(' ')}
    </p>
  )
}
