/**
 * The catalog in ICM's wire format: Category, Product and its list stub (a Link with attributes),
 * ResourceCollections, product prices and inventories.
 */
import type { ProductAttribute } from '../db/schema'
import { attachmentUrl } from '../domain/attachments'
import {
  CATALOG_ID,
  type CatalogScope,
  type Category,
  type CategoryPathStep,
  type PriceList,
  type PriceTier,
  type Product,
  type ProductDetail,
  type ProductLink,
  type ProductPart,
  type Stock,
  tierFor,
} from '../domain/catalog'
import { localize, LOCALES, type Currency, type Locale } from '../domain/channel'
import { IMAGE_SIZES, IMAGE_VIEWS, productImageUrl } from '../domain/images'
import type { UnitPrice } from '../domain/price-ranges'
import type { Filter, SortKey } from '../domain/listing'
import { money, priceItem } from './money'

const categoryUri = (scope: CatalogScope, uniqueId: string) =>
  `${scope.site}/-/categories/${uniqueId.split('.').join('/')}`

/** A category path step's name in the scope's locale; an offline category by its segment. */
const stepName = (scope: CatalogScope, step: CategoryPathStep) =>
  step.names ? localize(step.names, scope.locale) : step.segment

export function categoryJson(scope: CatalogScope, category: Category): Record<string, unknown> {
  const name = localize(category.names, scope.locale)
  const description = localize(category.descriptions, scope.locale)
  return {
    type: 'Category',
    id: category.segment,
    name,
    description,
    online: '1',
    uri: categoryUri(scope, category.uniqueId),
    categoryRef: `${category.uniqueId}@${CATALOG_ID}`,
    hasOnlineProducts: category.hasProducts,
    hasOnlineSubCategories: category.hasSubCategories,
    categoryPath: category.path.map((step) => ({
      type: 'Link',
      id: step.segment,
      name: stepName(scope, step),
      uri: categoryUri(scope, step.uniqueId),
    })),
    images: [],
    // ICM's attribute values of this kind are strings: '1' shows the category in the menu.
    attributes: [{ name: 'ShowInMenu', type: 'String', value: '1' }],
    seoAttributes: { metaTitle: name, metaDescription: description },
    ...(category.subCategories
      ? { subCategories: category.subCategories.map((child) => categoryJson(scope, child)) }
      : {}),
  }
}

/** `categories` (with or without `view=tree`): the top categories in ICM's collection envelope. */
export function categoriesJson(scope: CatalogScope, tree: Category[]) {
  return {
    type: 'ResourceCollection' as const,
    name: 'categories',
    elements: tree.map((category) => categoryJson(scope, category)),
  }
}

/**
 * A product's `defaultCategory` as ICM sends it: a category object whose `categoryPath` names each step in
 * the scope's locale (an offline step by its segment), so a client builds the breadcrumb from it.
 */
export function defaultCategoryJson(scope: CatalogScope, uniqueId: string, path: CategoryPathStep[]) {
  const last = path.at(-1)
  return {
    type: 'Category',
    id: last?.segment ?? uniqueId,
    name: last ? stepName(scope, last) : uniqueId,
    uri: categoryUri(scope, uniqueId),
    categoryRef: `${uniqueId}@${CATALOG_ID}`,
    categoryPath: path.map((step) => ({
      type: 'Link',
      id: step.segment,
      name: stepName(scope, step),
      uri: categoryUri(scope, step.uniqueId),
    })),
  }
}

/** The product's pictures, one per view in every image type's size; the front view is the primary one. */
export function productImages(site: string, sku: string, style: number) {
  return IMAGE_VIEWS.flatMap((view) =>
    Object.entries(IMAGE_SIZES).map(([typeID, size]) => ({
      name: `${view} ${typeID}`,
      type: 'Image',
      typeID,
      viewID: view,
      imageActualWidth: size,
      imageActualHeight: size,
      effectiveUrl: productImageUrl(site, sku, style, size, view),
      primaryImage: view === 'front',
    })),
  )
}

function attributeJson(attribute: ProductAttribute, locale: Locale) {
  const value = typeof attribute.value === 'object' ? localize(attribute.value, locale) : attribute.value
  return {
    name: localize(attribute.names, locale),
    key: attribute.key,
    type: typeof value === 'string' ? 'String' : attribute.type,
    value: attribute.unit ? `${value} ${attribute.unit}` : value,
  }
}

/**
 * ICM's ProductRO has no EAN field: a shop keeps it as a product attribute, and so does this one (`EAN`, the
 * same in every language, like the codes printed on a package).
 */
const eanAttribute = (ean: string | null) =>
  ean ? [{ name: 'EAN', key: 'EAN', type: 'String' as const, value: ean }] : []

const TECHNICAL_DATA: Record<Locale, string> = {
  en_US: 'Technical data',
  de_DE: 'Technische Daten',
  fr_FR: 'Caractéristiques techniques',
  pl_PL: 'Dane techniczne',
  ro_RO: 'Date tehnice',
}

/**
 * ICM's attribute groups, keyed by group id: `PRODUCT_DETAIL_ATTRIBUTES` holds the measured values (a unit
 * or a number), named for display; the other attributes stay ungrouped.
 */
function attributeGroupsJson(attributes: ProductAttribute[], locale: Locale) {
  const measured = attributes.filter((a) => a.unit || a.type === 'Integer' || a.type === 'Double')
  if (measured.length === 0) return {}
  return {
    PRODUCT_DETAIL_ATTRIBUTES: {
      name: TECHNICAL_DATA[locale],
      attributes: measured.map((a) => attributeJson(a, locale)),
    },
  }
}

const PRODUCT_TYPES: Record<string, string> = {
  master: 'VariationProductMaster',
  variation: 'VariationProduct',
  bundle: 'Bundle',
  retailset: 'RetailSet',
}

/** A net price as a product shows it (the channel's price type is net). */
export const productPrice = (net: number, currency: Currency) => ({
  ...money(net, currency),
  type: 'ProductPrice' as const,
})

export function productJson(scope: CatalogScope, p: Product) {
  const name = localize(p.names, scope.locale)
  const shortDescription = localize(p.shortDescriptions, scope.locale)
  return {
    type: PRODUCT_TYPES[p.kind] ?? 'Product',
    sku: p.sku,
    productName: name,
    shortDescription,
    longDescription: localize(p.longDescriptions, scope.locale),
    manufacturer: p.manufacturer,
    manufacturerSKU: p.manufacturerSku,
    images: productImages(scope.site, p.sku, p.imageStyle),
    attributes: [...p.attributes.map((a) => attributeJson(a, scope.locale)), ...eanAttribute(p.ean)],
    attributeGroups: attributeGroupsJson(p.attributes, scope.locale),
    attachments: p.attachments.map((a) => ({
      name: a.name,
      type: a.type,
      key: a.key,
      description: localize(a.descriptions, scope.locale),
      link: { type: 'Link', uri: attachmentUrl(scope.site, a.key) },
    })),
    listPrice: p.price ? productPrice(p.price.listNet, scope.currency) : undefined,
    salePrice: p.price ? productPrice(p.price.saleNet, scope.currency) : undefined,
    minOrderQuantity: p.minOrderQuantity,
    maxOrderQuantity: p.maxOrderQuantity ?? undefined,
    stepOrderQuantity: p.stepQuantity,
    packingUnit: p.packingUnit,
    productMaster: p.kind === 'master',
    mastered: p.kind === 'variation',
    productMasterSKU: p.masterSku ?? undefined,
    productBundle: p.kind === 'bundle',
    retailSet: p.kind === 'retailset',
    productTypes: p.kind === 'bundle' ? ['BUNDLE'] : undefined,
    availability: true,
    inStock: p.inStock,
    availableStock: p.availableStock ?? undefined,
    readyForShipmentMin: p.readyForShipmentMin,
    readyForShipmentMax: p.readyForShipmentMax,
    roundedAverageRating: p.rating === null ? undefined : (Math.round(p.rating / 5) / 2).toFixed(1),
    defaultCategory: defaultCategoryJson(scope, p.defaultCategoryId, p.defaultCategoryPath),
    seoAttributes: { metaTitle: name, metaDescription: shortDescription },
    variationAttributeValuesExtended: p.variationAttributes?.map((v) => ({
      variationAttributeId: v.id,
      name: localize(v.names, scope.locale),
      value: { name: localize(v.values, scope.locale), value: v.value },
    })),
  }
}

/** A product's URI as ICM's Links carry it; the PWA reads the SKU from its last segment. */
export const productUri = (scope: CatalogScope, sku: string) =>
  `${scope.site}/-/products/${encodeURIComponent(sku)}`

/**
 * `products/{sku}`: the product; a master's `variationAttributeValuesExtended` lists, per attribute, the
 * values its variations can take (`values[{value:{name, value}}]`), as ICM sends them for choosing one.
 */
export function productDetailJson(scope: CatalogScope, detail: ProductDetail) {
  const product = productJson(scope, detail.product)
  if (!detail.variationChoices) return product
  return {
    ...product,
    variationAttributeValuesExtended: detail.variationChoices.map((choice) => ({
      variationAttributeId: choice.id,
      name: localize(choice.names, scope.locale),
      values: choice.values.map((v) => ({
        value: { name: localize(v.names, scope.locale), value: v.value },
      })),
    })),
    defaultVariationSKU: detail.defaultVariationSku,
  }
}

/**
 * The bundled API's extension to `products/{sku}` (`localizedNames=true`, which a real ICM ignores): the
 * product's name and its own variation values in every locale of the channel, all a storefront needs for
 * the product's URL in each language, so its language links cost no call per language (ADR 0051).
 */
export function localizedNamesJson(detail: ProductDetail) {
  const p = detail.product
  return LOCALES.map((locale) => ({
    locale,
    productName: localize(p.names, locale),
    variationValues: (p.variationAttributes ?? []).map((v) => localize(v.values, locale)),
  }))
}

/** A quantity stub attribute; none when the product has no such quantity. */
const quantityAttribute = (value: number | undefined) => ({
  type: 'Quantity',
  value: value === undefined ? undefined : { value },
})

/** A list entry as ICM returns it: a Link with the requested `attrs` (all of them without). */
export function productStub(
  scope: CatalogScope,
  product: ReturnType<typeof productJson>,
  attrs: Set<string> | null,
) {
  const available: Record<string, { type: string; value: unknown }> = {
    sku: { type: 'String', value: product.sku },
    availability: { type: 'Boolean', value: product.availability },
    inStock: { type: 'Boolean', value: product.inStock },
    manufacturer: { type: 'String', value: product.manufacturer },
    image: { type: 'String', value: product.images.find((i) => i.typeID === 'M')?.effectiveUrl },
    // Stub quantities are ICM Quantities (`{value}`), as the PWA's stub mapper reads them.
    minOrderQuantity: quantityAttribute(product.minOrderQuantity),
    maxOrderQuantity: quantityAttribute(product.maxOrderQuantity),
    stepOrderQuantity: quantityAttribute(product.stepOrderQuantity),
    packingUnit: { type: 'String', value: product.packingUnit },
    mastered: { type: 'Boolean', value: product.mastered },
    productMaster: { type: 'Boolean', value: product.productMaster },
    productMasterSKU: { type: 'String', value: product.productMasterSKU },
    retailSet: { type: 'Boolean', value: product.retailSet },
    productBundle: { type: 'Boolean', value: product.productBundle },
    roundedAverageRating: { type: 'String', value: product.roundedAverageRating },
    defaultCategory: { type: 'Category', value: product.defaultCategory },
    availableStock: { type: 'Integer', value: product.availableStock },
  }
  return {
    type: 'Link',
    uri: productUri(scope, product.sku),
    title: product.productName,
    description: product.shortDescription,
    attributes: Object.entries(available)
      .filter(([name, a]) => a.value !== undefined && (attrs === null || attrs.has(name)))
      .map(([name, a]) => ({ name, ...a })),
  }
}

const stubOf = (scope: CatalogScope, product: Product, attrs: Set<string> | null = null) =>
  productStub(scope, productJson(scope, product), attrs)

/** Paging and the attributes a list's stubs carry (`attrs`; all of them when null). */
export type ListOptions = { amount: number; offset: number; attrs: Set<string> | null }

/** One page of product stubs as an ICM ResourceCollection. */
export function productCollectionJson(
  scope: CatalogScope,
  products: Product[],
  options: ListOptions,
  total: number,
  sortKeys: readonly SortKey[],
) {
  return {
    type: 'ResourceCollection',
    name: 'products',
    elements: products.map((p) => stubOf(scope, p, options.attrs)),
    amount: options.amount,
    offset: options.offset,
    total,
    sortKeys: [...sortKeys],
  }
}

/** `products/{sku}/variations`: Links with each variation's `variableVariationAttributeValuesExtended`. */
export function variationsJson(
  scope: CatalogScope,
  products: Product[],
  page: { amount: number; offset: number; total: number },
) {
  return {
    type: 'ResourceCollection',
    name: 'variations',
    elements: products.map((p) => {
      const product = productJson(scope, p)
      return {
        ...productStub(scope, product, null),
        variableVariationAttributeValuesExtended: product.variationAttributeValuesExtended ?? [],
      }
    }),
    amount: page.amount,
    offset: page.offset,
    total: page.total,
  }
}

/**
 * `products/{sku}/bundles` answers the parts of a bundle, each with its `quantity` attribute (`{value}`);
 * `products/{sku}/partOfRetailSet` the parts of a retail set (as ICM does, despite the name), without. Both
 * in ICM's collection envelope.
 */
export function partsJson(scope: CatalogScope, list: ProductPart[], kind: 'bundle' | 'retailset') {
  return {
    type: 'ResourceCollection' as const,
    name: kind === 'bundle' ? 'bundles' : 'partOfRetailSet',
    elements: list.map(({ product, quantity }) => {
      const stub = stubOf(scope, product)
      if (kind === 'retailset') return stub
      return {
        ...stub,
        attributes: [...stub.attributes, { name: 'quantity', type: 'Quantity', value: { value: quantity } }],
      }
    }),
  }
}

/**
 * `products/{sku}/links`: per link type one element `{linkType, productLinks, categoryLinks}`; the product
 * Links carry the stub attributes too, so a tile needs no further call.
 */
export function linksJson(scope: CatalogScope, list: ProductLink[]) {
  const byType = new Map<string, ReturnType<typeof stubOf>[]>()
  for (const { linkType, product } of list) {
    byType.set(linkType, [...(byType.get(linkType) ?? []), stubOf(scope, product)])
  }
  return {
    type: 'ResourceCollection' as const,
    name: 'links',
    elements: [...byType].map(([linkType, productLinks]) => ({ linkType, productLinks, categoryLinks: [] })),
  }
}

/**
 * `productfilters`: the facet groups as Filters, each Facet linking to the filter call of the selection it
 * leads to (`filterUri` knows the listing: a category, a search or a master).
 */
export function productFiltersJson(filters: Filter[], filterUri: (searchParameter: string) => string) {
  return {
    type: 'ResourceCollection' as const,
    name: 'productfilters' as const,
    elements: filters.map((filter) => ({
      type: 'Filter' as const,
      id: filter.id,
      name: filter.name,
      displayType: filter.displayType,
      selectionType: filter.selectionType,
      limitCount: filter.limitCount,
      facets: filter.facets.map((facet) => ({
        type: 'Facet' as const,
        name: `${facet.key}:${facet.value}`,
        value: facet.value,
        displayName: facet.displayName,
        count: facet.count,
        selected: facet.selected,
        level: 0,
        searchParameter: facet.searchParameter,
        link: { type: 'Link' as const, uri: filterUri(facet.searchParameter), title: facet.displayName },
      })),
    })),
  }
}

/** `productlookup`: stubs with all attributes, plus the manufacturer SKU and EAN where the product has them. */
export function productLookupJson(scope: CatalogScope, products: Product[], limit: number) {
  return {
    type: 'ResourceCollection',
    name: 'productlookup',
    elements: products.map((product) => {
      const stub = stubOf(scope, product)
      const codes = [
        ...(product.manufacturerSku
          ? [{ name: 'manufacturerSKU', type: 'String', value: product.manufacturerSku }]
          : []),
        ...(product.ean ? [{ name: 'EAN', type: 'String', value: product.ean }] : []),
      ]
      return codes.length ? { ...stub, attributes: [...stub.attributes, ...codes] } : stub
    }),
    amount: limit,
    offset: 0,
    total: products.length,
  }
}

const tierJson = (t: PriceTier, currency: Currency) => ({
  ...priceItem(t.net, t.gross, currency),
  minQuantity: { value: t.minQuantity },
  priceQuantity: { value: 1 },
})

/**
 * ICM's price types of a SKU: `SalePrice` tiers and `ListPrice`, and for a master `Min…`/`Max…` of its
 * variations, for a retail set `Min…` (its cheapest part) and `SummedUp…` (all its parts), each one tier.
 */
function priceTypesJson(list: PriceList, currency: Currency) {
  const tier = (t: PriceTier) => tierJson(t, currency)
  const one = (price: UnitPrice) => [tier({ ...price, minQuantity: 1 })]
  const { range } = list
  return {
    SalePrice: list.sale.map(tier),
    ListPrice: [tier(list.list)],
    ...(range ? { MinSalePrice: one(range.min.sale), MinListPrice: one(range.min.list) } : {}),
    ...(range?.kind === 'master'
      ? { MaxSalePrice: one(range.max.sale), MaxListPrice: one(range.max.list) }
      : {}),
    ...(range?.kind === 'retailset'
      ? { SummedUpSalePrice: one(range.summedUp.sale), SummedUpListPrice: one(range.summedUp.list) }
      : {}),
  }
}

/** `productprices` (`…pricing.v1+json`): the price types of each SKU (`priceTypesJson`). */
export function productPricesJson(currency: Currency, lists: PriceList[]) {
  return { data: lists.map((l) => ({ sku: l.sku, prices: priceTypesJson(l, currency) })) }
}

/**
 * `inventories` (`…inventory.v1+json`). The shop keeps one stock level per SKU, which ICM shows as one
 * warehouse: it has no warehouse names or delivery times to tell.
 */
export function inventoriesJson(stocks: Stock[]) {
  return {
    data: stocks.map((s) => ({
      sku: s.sku,
      inStock: s.inStock,
      availableStock: s.stock,
      warehouses: [
        { id: 'MAIN', type: 'Warehouse', stock: s.stock, alwaysInStock: s.alwaysInStock, status: s.status },
      ],
    })),
  }
}

/** A product asked for in `POST prices` / `POST inventory`: its SKU and the quantity in question. */
export type QuantityAsked = { sku: string; quantity: { value: number; unit?: string } }

/**
 * `POST prices`: one PriceInformation per priced SKU asked for, in the order asked for: the sale price
 * that applies to the quantity, the list price and all tiers (as `productprices` gives them).
 */
export function priceInformationJson(currency: Currency, asked: QuantityAsked[], lists: PriceList[]) {
  const bySku = new Map(lists.map((l) => [l.sku, l]))
  return {
    priceInformationList: asked.flatMap(({ sku, quantity }) => {
      const list = bySku.get(sku)
      if (!list) return []
      const sale = tierFor(list, quantity.value)
      return [
        {
          sku,
          quantity,
          salePrice: priceItem(sale.net, sale.gross, currency),
          listPrice: priceItem(list.list.net, list.list.gross, currency),
          prices: priceTypesJson(list, currency),
        },
      ]
    }),
  }
}

/**
 * `POST inventory`: one InventoryInformation per SKU with stock asked for, in the order asked for, saying
 * whether the quantity asked for can be had.
 */
export function inventoryInformationJson(asked: QuantityAsked[], stocks: Stock[]) {
  const bySku = new Map(stocks.map((s) => [s.sku, s]))
  return {
    inventoryInformationList: asked.flatMap(({ sku, quantity }) => {
      const stock = bySku.get(sku)
      if (!stock) return []
      return [
        {
          sku,
          quantity,
          inStock: stock.inStock,
          availableStock: stock.stock,
          available: stock.alwaysInStock || stock.stock >= quantity.value,
          status: stock.status,
        },
      ]
    }),
  }
}

/** `suggest`: the suggestions as ICM's SuggestTerms. */
export const suggestTermsJson = <T>(elements: T[]) => ({ type: 'SuggestTerms', elements })
