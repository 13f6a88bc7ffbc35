import { useTranslation } from 'react-i18next'
import type { ProductImage } from '~/models/product'

/** Intrinsic sizes of ICM's image types (spec §3), for images that do not state their own. */
const SIZES: Record<string, number> = { S: 100, M: 160, L: 247, XL: 427, ZOOM: 2000 }
const sizeOf = (image: ProductImage) => image.width ?? SIZES[image.typeID] ?? SIZES.XL!

/**
 * The product picture: L and XL as a srcset, with width and height so the page does not shift while it
 * loads; a plain link opens the zoom picture, with or without JavaScript.
 */
export function ProductImages({ images, name }: { images: ProductImage[]; name: string }) {
  const { t } = useTranslation()
  const byType = (typeID: string) => images.find((i) => i.typeID === typeID)
  const sources = [byType('L'), byType('XL')].filter((i) => i !== undefined)
  const shown = sources[0] ?? images[0]
  const zoom = byType('ZOOM')
  if (!shown) return <div className="product-images" />
  const largest = sources.at(-1) ?? shown
  const picture = (
    <img
      src={shown.url}
      srcSet={sources.length > 1 ? sources.map((i) => `${i.url} ${sizeOf(i)}w`).join(', ') : undefined}
      sizes={`(min-width: 768px) ${sizeOf(largest)}px, 100vw`}
      width={sizeOf(largest)}
      height={largest.height ?? sizeOf(largest)}
      alt={name}
    />
  )
  return (
    <div className="product-images">
      {zoom ? (
        <a href={zoom.url} className="product-zoom">
          {picture}
          <span>{t('product.images.zoom')}</span>
        </a>
      ) : (
        picture
      )}
    </div>
  )
}
