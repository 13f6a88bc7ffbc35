import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { ProductPageData } from '~/models/catalog-page'
import { ProductPriceView } from '../Price'
import { useShell } from '../useShell'
import { AddToBasketForm } from './AddToBasketForm'

/** The parts of a bundle (with their quantities) or a retail set (each part added on its own). */
export function ProductParts({
  page,
}: {
  page: Pick<ProductPageData, 'product' | 'parts' | 'maxItemQuantity'>
}) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const { product } = page
  if (page.parts.length === 0) return null
  return (
    <section aria-labelledby="parts-title">
      <h2 id="parts-title">
        {t(product.kind === 'Bundle' ? 'product.parts.bundle' : 'product.parts.retailset')}
      </h2>
      <ul className="product-parts">
        {page.parts.map((part) => (
          <li key={part.sku} className="product-part">
            {part.image ? <img src={part.image} alt="" width={80} height={80} loading="lazy" /> : null}
            <div>
              {product.kind === 'Bundle' ? (
                <span>{t('product.parts.quantity', { count: part.quantity })} </span>
              ) : null}
              <Link to={part.url}>{part.name}</Link>
              <ProductPriceView
                price={part.price}
                display={display}
                locale={locale}
                packingUnit={part.packingUnit}
              />
              {product.kind === 'RetailSet' && part.available ? (
                <AddToBasketForm product={part} maxItemQuantity={page.maxItemQuantity} />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
