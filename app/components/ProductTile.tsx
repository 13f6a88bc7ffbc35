import { Link } from '@remix-run/react'
import type { CSSProperties } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { ShopLocale } from '~/models/locale'
import type { PriceDisplay, ProductPrice } from '~/models/price'
import type { TileEntry } from '~/models/catalog-page'
import type { ProductTile as Tile } from '~/models/product'
import { ProductPriceView } from './Price'
import { ProductRating } from './ProductRating'
import { QuantityRulesText } from './QuantityRulesText'
import { TileAddToBasket } from './basket/TileAddToBasket'
import { CompareButton } from './CompareButton'
import { AddToWishlist } from './AddToWishlist'
import { StockStatus } from './StockStatus'
import { useShell } from './useShell'

export function ProductTile({
  product,
  url,
  price,
  display,
  locale,
}: {
  product: Tile
  url: string
  price?: ProductPrice | null
  display: PriceDisplay
  locale: ShopLocale
}) {
  const { t } = useTranslation()
  const { shell } = useShell()
  // Masters need a variation chosen, retail sets a part; without a price a product is sold on request.
  const orderable =
    product.kind !== 'VariationProductMaster' &&
    product.kind !== 'RetailSet' &&
    product.available &&
    !!price?.sale
  return (
    <article className="product-tile">
      <Link to={url} prefetch="intent" className="product-tile-link">
        {product.image ? (
          <img src={product.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
        ) : null}
        <h3>{product.name}</h3>
      </Link>
      {product.kind === 'Bundle' || product.kind === 'RetailSet' ? (
        <span className="badge">
          {t(product.kind === 'Bundle' ? 'product.type.bundle' : 'product.type.retailset')}
        </span>
      ) : null}
      <ProductPriceView
        price={price}
        display={display}
        locale={locale}
        from={product.kind === 'VariationProductMaster'}
        packingUnit={product.packingUnit}
      />
      <ProductRating rating={product.rating} />
      {product.kind === 'VariationProductMaster' || product.kind === 'RetailSet' ? null : (
        <StockStatus available={product.available} />
      )}
      {orderable ? <QuantityRulesText product={product} /> : null}
      {orderable ? (
        <TileAddToBasket product={product} locale={locale} maxItemQuantity={shell?.maxItemQuantity} />
      ) : null}
      <CompareButton sku={product.sku} name={product.name} />
      <AddToWishlist sku={product.sku} name={product.name} />
    </article>
  )
}

/** A grid of product tiles in the page's locale and price display. */
export function ProductGrid({
  entries,
  view = 'grid',
  columns,
}: {
  entries: TileEntry[]
  view?: 'grid' | 'list'
  /** Columns chosen for the items (home: `fullRowGrid`), else as many as fit. */
  columns?: CSSProperties
}) {
  const { locale, display } = useShell()
  const className = view === 'list' ? 'product-grid product-list' : 'product-grid'
  return (
    <div className={columns ? `${className} home-grid` : className} style={columns}>
      {entries.map((entry) => (
        <ProductTile
          key={entry.tile.sku}
          product={entry.tile}
          url={entry.url}
          price={entry.price}
          display={display}
          locale={locale}
        />
      ))}
    </div>
  )
}
