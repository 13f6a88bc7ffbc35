import { useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { ProductImage } from '~/models/product'

/** Intrinsic sizes of ICM's image types (spec §3), for images that do not state their own. */
const SIZES: Record<string, number> = { S: 100, M: 160, L: 247, XL: 427, ZOOM: 2000 }
const sizeOf = (image: ProductImage) => image.width ?? SIZES[image.typeID] ?? SIZES.XL!

/** The pictures by view (front, side…), primary view first as the model orders them. */
function views(images: ProductImage[]): ProductImage[][] {
  const byView = new Map<string, ProductImage[]>()
  for (const image of images) {
    const view = image.view ?? ''
    byView.set(view, [...(byView.get(view) ?? []), image])
  }
  return [...byView.values()]
}

/**
 * The product picture: L and XL as a srcset, with width and height so the page does not shift while it
 * loads; a plain link opens the zoom picture, with or without JavaScript. With more than one view, small
 * pictures below link to each view's zoom picture; with JavaScript a click shows that view instead.
 */
export function ProductImages({ images, name }: { images: ProductImage[]; name: string }) {
  const { t } = useTranslation()
  const gallery = views(images)
  const [selected, setSelected] = useState(0)
  const current = gallery[selected] ?? gallery[0] ?? []
  const byType = (list: ProductImage[], typeID: string) => list.find((i) => i.typeID === typeID)
  const sources = [byType(current, 'L'), byType(current, 'XL')].filter((i) => i !== undefined)
  const shown = sources[0] ?? current[0]
  const zoom = byType(current, 'ZOOM')
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
      {gallery.length > 1 ? (
        <ul className="product-thumbnails">
          {gallery.map((view, index) => {
            const thumbnail = byType(view, 'S') ?? view[0]!
            const target = byType(view, 'ZOOM') ?? byType(view, 'XL') ?? thumbnail
            return (
              <li key={thumbnail.url}>
                <a
                  href={target.url}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={(event) => {
                    event.preventDefault()
                    setSelected(index)
                  }}
                >
                  <img
                    src={thumbnail.url}
                    width={48}
                    height={48}
                    loading="lazy"
                    alt={t('product.images.view', { name, number: index + 1, count: gallery.length })}
                  />
                </a>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
