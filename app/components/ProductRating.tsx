import { useTranslation } from '~/components/useTranslation'
import { useShell } from './useShell'

/**
 * A product's rating, wherever a product is shown (tiles in every listing and view, the product page):
 * only when the shop shows ratings (feature rating, decided once by the root loader) and the product has one.
 */
export function ProductRating({ rating }: { rating?: number }) {
  const { t } = useTranslation()
  const { shell } = useShell()
  if (!shell?.rating || !rating) return null
  return <p className="rating">{t('product.rating', { rating })}</p>
}
