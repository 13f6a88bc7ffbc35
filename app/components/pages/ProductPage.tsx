import { useTranslation } from '~/components/useTranslation'
import { groupAttachments } from '~/models/attachment'
import type { ProductPageData } from '~/models/catalog-page'
import { readyForShipment, type ProductAttributeText } from '~/models/product'
import { Breadcrumb } from '../Breadcrumb'
import { CompareButton } from '../CompareButton'
import { AddToWishlist } from '../AddToWishlist'
import { AddToOrderTemplate } from '../OrderTemplateForms'
import { DeliveryDate } from '../DeliveryDate'
import { Listing } from '../Listing'
import { ProductPriceView } from '../Price'
import { ProductDocuments, ProductLabels } from '../ProductAttachments'
import { ProductImages } from '../ProductImages'
import { ProductLinks } from '../ProductLinks'
import { ProductPromotions } from '../ProductPromotions'
import { ProductRating } from '../ProductRating'
import { RecentlyViewed } from '../RecentlyViewed'
import { StockStatus } from '../StockStatus'
import { useShell } from '../useShell'
import { AddToBasketForm } from './AddToBasketForm'
import { AddToQuoteForm, FreeTextQuoteLink } from './AddToQuote'
import { ProductParts } from './ProductParts'
import { VariationSelection } from './VariationSelection'

type Page = ProductPageData

/** A titled list of attribute names and values (the ungrouped attributes, or one attribute group). */
function AttributeList({ title, attributes }: { title: string; attributes: ProductAttributeText[] }) {
  if (attributes.length === 0) return null
  return (
    <section>
      <h2>{title}</h2>
      <dl className="attributes">
        {attributes.map((a) => (
          <div key={a.name} style={{ display: 'contents' }}>
            <dt>{a.name}</dt>
            <dd>{a.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function ProductPage({ page }: { page: Page }) {
  const { t } = useTranslation()
  const { locale, display } = useShell()
  const { product } = page
  const orderable =
    product.kind !== 'VariationProductMaster' &&
    product.kind !== 'RetailSet' &&
    product.available &&
    page.inventory?.status !== 3 &&
    // Without a price the product is sold on request only.
    !!page.price?.sale
  const attachments = groupAttachments(product.attachments)
  const shipment = readyForShipment(product.readyForShipmentMin, product.readyForShipmentMax)
  return (
    <>
      <Breadcrumb items={page.breadcrumb} homeUrl={`/${locale.lang}/home`} />
      {/* Head, pictures and buying area: on a phone in that order, with the picture kept small so price
          and "Add to basket" are on the first screen; side by side from tablet width on (app.css). */}
      <div className="product-detail">
        <div className="product-head">
          <h1>{product.name}</h1>
          <p className="sku">{t('product.sku', { sku: product.sku })}</p>
          {product.manufacturer ? (
            <p className="manufacturer">
              {attachments.brandImages.map((logo) => (
                <img key={logo.name} src={logo.url} alt="" height={32} />
              ))}
              {t('product.manufacturer')}: {product.manufacturer}
              {product.manufacturerSku ? (
                <span className="manufacturer-sku">
                  {' '}
                  · {t('product.manufacturer_sku', { sku: product.manufacturerSku })}
                </span>
              ) : null}
            </p>
          ) : null}
          <ProductRating rating={product.rating} />
        </div>
        <ProductImages images={product.images} name={product.name} />
        <div className="product-buy">
          <ProductPriceView
            price={page.price}
            display={display}
            locale={locale}
            detailed
            from={product.kind === 'VariationProductMaster'}
            packingUnit={product.packingUnit}
          />
          <VariationSelection page={page} />
          {product.kind === 'VariationProductMaster' ? null : (
            <div className="stock-line">
              <StockStatus inventory={page.inventory ?? undefined} available={product.available} />
              {shipment ? <p className="ready-for-shipment">{t(shipment.key, shipment.values)}</p> : null}
              <DeliveryDate estimate={page.deliveryDate} scope="product" />
            </div>
          )}
          {orderable ? (
            <AddToBasketForm
              product={product}
              maxItemQuantity={page.maxItemQuantity}
              warranties={page.warranties}
            />
          ) : product.kind !== 'VariationProductMaster' && product.kind !== 'RetailSet' ? (
            <AddToQuoteForm product={product} />
          ) : null}
          <FreeTextQuoteLink sku={product.kind === 'VariationProductMaster' ? undefined : product.sku} />
          <ProductLabels labels={attachments.labels} />
          <ProductPromotions promotions={page.promotions} />
          <CompareButton sku={product.sku} name={product.name} />
          <AddToWishlist sku={product.sku} name={product.name} />
          {orderable ? <AddToOrderTemplate sku={product.sku} name={product.name} /> : null}
          <p>{product.shortDescription}</p>
        </div>
      </div>
      {page.variationListing && page.variationListing.total + (page.variationListing.filters ? 1 : 0) > 0 ? (
        <section aria-labelledby="variation-listing-title" className="variation-listing">
          <h2 id="variation-listing-title">{t('product.variations.all')}</h2>
          <Listing
            listing={page.variationListing}
            title={t('product.variations.count', { count: page.variationListing.total })}
          />
        </section>
      ) : null}
      <ProductParts page={page} />
      <section>
        <h2>{t('product.description.title')}</h2>
        <p>{product.longDescription}</p>
      </section>
      <AttributeList title={t('product.attributes.title')} attributes={product.attributes} />
      {product.attributeGroups.map((group) => (
        <AttributeList key={group.id} title={group.name} attributes={group.attributes} />
      ))}
      <ProductDocuments documents={attachments.documents} />
      <ProductLinks related={page.related} />
      <RecentlyViewed entries={page.recentlyViewed} />
    </>
  )
}
