import type { CatalogScope } from '../domain/catalog'
import { localize, type Currency, type Locale } from '../domain/channel'
import type { Minor } from '../domain/money'
import type { WarrantyOffer, WarrantyRow } from '../domain/warranties'
import { productPrice, productUri } from './catalog'
import { priceItem } from './money'

/**
 * `availableWarranties` of a product's JSON: Links to the warranty products (the id is the link's last
 * segment and its `itemId`), each with its price in the `WarrantyPrice` attribute, as ICM sends them.
 */
export function availableWarrantiesJson(scope: CatalogScope, offers: WarrantyOffer[]) {
  return offers.map(({ row, price }) => ({
    type: 'Link' as const,
    uri: productUri(scope, row.id),
    title: localize(row.names, scope.locale),
    itemId: row.id,
    attributes: [
      { name: 'WarrantyPrice', type: 'ProductPrice', value: productPrice(price.net, scope.currency) },
    ],
  }))
}

/** A warranty as a line item shows it: id, name and the price of one piece's cover. */
export function lineItemWarranty(
  row: WarrantyRow,
  price: { net: Minor; gross: Minor },
  currency: Currency,
  locale: Locale,
) {
  return { id: row.id, name: localize(row.names, locale), price: priceItem(price.net, price.gross, currency) }
}

/** `products/{id}` of a warranty: ICM serves warranties as products of type Warranty. */
export function warrantyProductJson(scope: CatalogScope, { row, price }: WarrantyOffer) {
  const name = localize(row.names, scope.locale)
  const description = localize(row.descriptions, scope.locale)
  return {
    type: 'Warranty',
    sku: row.id,
    productName: name,
    shortDescription: description,
    longDescription: description,
    images: [],
    attributes: [{ name: 'WarrantyYears', key: 'WarrantyYears', type: 'Integer', value: row.years }],
    listPrice: productPrice(price.net, scope.currency),
    salePrice: productPrice(price.net, scope.currency),
    minOrderQuantity: 1,
    stepOrderQuantity: 1,
    packingUnit: '',
    productMaster: false,
    mastered: false,
    productBundle: false,
    retailSet: false,
    availability: true,
    inStock: true,
    seoAttributes: { metaTitle: name, metaDescription: description },
  }
}
