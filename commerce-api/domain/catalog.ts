import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  categories,
  inventories,
  prices,
  productCategories,
  productLinks,
  productParts,
  products,
} from '../db/schema'
import type { ProductAttribute } from '../db/schema'
import { localize, type Currency, type Locale } from './channel'
import { money, priceItem } from './money'
import { readTogether } from '../db/reads'

export const LOW_STOCK_THRESHOLD = 5
export const CATALOG_ID = 'ironbridge-Catalog'
/** Square product image sizes in pixels per image type (spec §3 Product images). */
export const IMAGE_SIZES = { S: 100, M: 160, L: 247, XL: 427, ZOOM: 2000 } as const

export type CatalogScope = { site: string; locale: Locale; currency: Currency }

type CategoryRow = typeof categories.$inferSelect & { hasProducts: boolean }

const categoryPathOf = (uniqueId: string) => uniqueId.split('.')

type CategoryIndex = { byId: Map<string, CategoryRow>; children: Map<string, CategoryRow[]> }

/**
 * Online categories are read once a minute per database, not per call: every page asks for the tree
 * or a category, and only the seed writes them. An operator's change in the database shows within
 * CATEGORY_CACHE_MS.
 */
const CATEGORY_CACHE_MS = 60_000
const categoryCache = new WeakMap<Db, { until: number; index: Promise<CategoryIndex> }>()

function loadCategories(db: Db): Promise<CategoryIndex> {
  const cached = categoryCache.get(db)
  if (cached && cached.until > Date.now()) return cached.index
  const index = readCategories(db)
  categoryCache.set(db, { until: Date.now() + CATEGORY_CACHE_MS, index })
  index.catch(() => categoryCache.delete(db))
  return index
}

async function readCategories(db: Db): Promise<CategoryIndex> {
  const rows = await db
    .select({
      uniqueId: categories.uniqueId,
      segment: categories.segment,
      parentId: categories.parentId,
      level: categories.level,
      position: categories.position,
      names: categories.names,
      descriptions: categories.descriptions,
      online: categories.online,
      hasProducts: sql<boolean>`exists (select 1 from ${productCategories} pc where pc.category_id = ${categories.uniqueId})`,
    })
    .from(categories)
    .where(eq(categories.online, true))
    .orderBy(asc(categories.level), asc(categories.position))
  const children = new Map<string, CategoryRow[]>()
  for (const row of rows) {
    if (row.parentId === null) continue
    const siblings = children.get(row.parentId) ?? []
    siblings.push(row)
    children.set(row.parentId, siblings)
  }
  return { byId: new Map(rows.map((row) => [row.uniqueId, row])), children }
}

function categoryJson(
  scope: CatalogScope,
  all: CategoryIndex,
  category: CategoryRow,
  subLevels: number,
): Record<string, unknown> {
  const segments = categoryPathOf(category.uniqueId)
  const children = all.children.get(category.uniqueId) ?? []
  const name = localize(category.names, scope.locale)
  const description = localize(category.descriptions, scope.locale)
  return {
    type: 'Category',
    id: category.segment,
    name,
    description,
    online: '1',
    uri: `${scope.site}/-/categories/${segments.join('/')}`,
    categoryRef: `${category.uniqueId}@${CATALOG_ID}`,
    hasOnlineProducts: category.hasProducts,
    hasOnlineSubCategories: children.length > 0,
    categoryPath: segments.map((_, i) => {
      const ancestor = all.byId.get(segments.slice(0, i + 1).join('.'))
      return {
        type: 'Link',
        id: segments[i],
        name: ancestor ? localize(ancestor.names, scope.locale) : segments[i],
        uri: `${scope.site}/-/categories/${segments.slice(0, i + 1).join('/')}`,
      }
    }),
    images: [],
    attributes: [{ name: 'ShowInMenu', type: 'Boolean', value: true }],
    seoAttributes: { metaTitle: name, metaDescription: description },
    ...(subLevels > 0 && children.length > 0
      ? { subCategories: children.map((child) => categoryJson(scope, all, child, subLevels - 1)) }
      : {}),
  }
}

/** `categories?view=tree&limit=N`: the top categories with N levels of sub-categories. */
export async function categoryTree(db: Db, scope: CatalogScope, limit: number) {
  const all = await loadCategories(db)
  return [...all.byId.values()]
    .filter((c) => c.level === 0)
    .map((c) => categoryJson(scope, all, c, limit - 1))
}

/** `categories/{A/B/C}`: one category with its direct sub-categories, or undefined. */
export async function categoryByPath(db: Db, scope: CatalogScope, segments: string[]) {
  const all = await loadCategories(db)
  const category = all.byId.get(segments.join('.'))
  return category && categoryJson(scope, all, category, 1)
}

// ---------------------------------------------------------------------------------------------------------
// Products

// Written against the unaliased outer "products" row: Drizzle renders selected columns unqualified.
const inStockSql = sql<boolean>`case
  when products.kind = 'master' then exists (
    select 1 from products v join inventories vi on vi.sku = v.sku
    where v.master_sku = products.sku and (vi.stock > 0 or vi.always_in_stock))
  when products.kind = 'retailset' then exists (
    select 1 from product_parts pp join inventories pi on pi.sku = pp.part_sku
    where pp.owner_sku = products.sku and (pi.stock > 0 or pi.always_in_stock))
  else coalesce((select i.stock > 0 or i.always_in_stock from inventories i where i.sku = products.sku), false)
end`

const availableStockSql = sql<
  number | null
>`(select greatest(i.stock, 0) from inventories i where i.sku = products.sku)`

const productColumns = {
  sku: products.sku,
  kind: products.kind,
  masterSku: products.masterSku,
  names: products.names,
  shortDescriptions: products.shortDescriptions,
  longDescriptions: products.longDescriptions,
  manufacturer: products.manufacturer,
  manufacturerSku: products.manufacturerSku,
  defaultCategoryId: products.defaultCategoryId,
  minOrderQuantity: products.minOrderQuantity,
  maxOrderQuantity: products.maxOrderQuantity,
  stepQuantity: products.stepQuantity,
  packingUnit: products.packingUnit,
  attributes: products.attributes,
  variationAttributes: products.variationAttributes,
  attachments: products.attachments,
  readyForShipmentMin: products.readyForShipmentMin,
  readyForShipmentMax: products.readyForShipmentMax,
  rating: products.rating,
  imageStyle: products.imageStyle,
  inStock: inStockSql,
  availableStock: availableStockSql,
}

type ProductRecord = {
  [K in keyof typeof productColumns]: K extends 'inStock'
    ? boolean
    : K extends 'availableStock'
      ? number | null
      : (typeof products.$inferSelect)[K & keyof typeof products.$inferSelect]
}

async function loadProducts(db: Db, skus: string[]): Promise<ProductRecord[]> {
  if (skus.length === 0) return []
  return (await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.sku, skus), eq(products.online, true)))) as ProductRecord[]
}

export function productImages(site: string, sku: string, style: number) {
  return Object.entries(IMAGE_SIZES).map(([typeID, size]) => ({
    name: `front ${typeID}`,
    type: 'Image',
    typeID,
    viewID: 'front',
    imageActualWidth: size,
    imageActualHeight: size,
    effectiveUrl: `/INTERSHOP/static/WFS/${site}/-/images/${style}/${size}/${sku}.svg`,
    primaryImage: true,
  }))
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

const productUri = (scope: CatalogScope, sku: string) => `${scope.site}/-/products/${encodeURIComponent(sku)}`

function categoryLink(scope: CatalogScope, uniqueId: string) {
  return {
    type: 'Link',
    uri: `${scope.site}/-/categories/${categoryPathOf(uniqueId).join('/')}`,
    title: uniqueId,
    itemId: uniqueId,
  }
}

const productType = (kind: string) =>
  ({
    master: 'VariationProductMaster',
    variation: 'VariationProduct',
    bundle: 'Bundle',
    retailset: 'RetailSet',
  })[kind] ?? 'Product'

type PriceRow = typeof prices.$inferSelect

function productJson(scope: CatalogScope, p: ProductRecord, price: PriceRow | undefined) {
  const name = localize(p.names, scope.locale)
  const shortDescription = localize(p.shortDescriptions, scope.locale)
  return {
    type: productType(p.kind),
    sku: p.sku,
    productName: name,
    shortDescription,
    longDescription: localize(p.longDescriptions, scope.locale),
    manufacturer: p.manufacturer,
    manufacturerSKU: p.manufacturerSku,
    images: productImages(scope.site, p.sku, p.imageStyle),
    attributes: p.attributes.map((a) => attributeJson(a, scope.locale)),
    attributeGroups: attributeGroupsJson(p.attributes, scope.locale),
    attachments: p.attachments.map((a) => ({
      name: a.name,
      type: a.type,
      key: a.key,
      description: localize(a.descriptions, scope.locale),
      link: { type: 'Link', uri: `/INTERSHOP/static/WFS/${scope.site}/-/attachments/${a.key}` },
    })),
    listPrice: price ? { ...money(price.listNet, scope.currency), type: 'ProductPrice' } : undefined,
    salePrice: price ? { ...money(price.saleNet, scope.currency), type: 'ProductPrice' } : undefined,
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
    defaultCategory: categoryLink(scope, p.defaultCategoryId),
    seoAttributes: { metaTitle: name, metaDescription: shortDescription },
    variationAttributeValuesExtended: p.variationAttributes?.map((v) => ({
      variationAttributeId: v.id,
      name: localize(v.names, scope.locale),
      value: { value: v.value, displayValue: localize(v.values, scope.locale) },
    })),
  }
}

/** Which of these products have a price in the currency (only those can be bought in it). */
export async function pricedSkus(db: Db, currency: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set()
  const rows = await db
    .select({ sku: prices.sku })
    .from(prices)
    .where(and(eq(prices.currency, currency), inArray(prices.sku, skus)))
  return new Set(rows.map((r) => r.sku))
}

async function priceRows(db: Db, currency: Currency, skus: string[]) {
  if (skus.length === 0) return new Map<string, PriceRow>()
  const rows = await db
    .select()
    .from(prices)
    .where(and(inArray(prices.sku, skus), eq(prices.currency, currency)))
  return new Map(rows.map((r) => [r.sku, r]))
}

async function productsJson(db: Db, scope: CatalogScope, skus: string[]) {
  const [rows, priceMap] = await readTogether(db, [
    () => loadProducts(db, skus),
    () => priceRows(db, scope.currency, skus),
  ])
  const bySku = new Map(rows.map((r) => [r.sku, r]))
  return skus.flatMap((sku) => {
    const row = bySku.get(sku)
    return row ? [productJson(scope, row, priceMap.get(sku))] : []
  })
}

export async function productDetail(db: Db, scope: CatalogScope, sku: string) {
  const [product] = await productsJson(db, scope, [sku])
  if (!product) return undefined
  if (product.productMaster) {
    // A master lists the values its variations can take, for the variation selection.
    const variationRows = await db
      .select({ sku: products.sku, variationAttributes: products.variationAttributes })
      .from(products)
      .where(and(eq(products.masterSku, sku), eq(products.online, true)))
      .orderBy(asc(products.sku))
    const attributes = new Map<string, { name: string; values: Map<string, string> }>()
    for (const row of variationRows) {
      for (const v of row.variationAttributes ?? []) {
        const entry = attributes.get(v.id) ?? { name: localize(v.names, scope.locale), values: new Map() }
        entry.values.set(v.value, localize(v.values, scope.locale))
        attributes.set(v.id, entry)
      }
    }
    return {
      ...product,
      variableVariationAttributes: [...attributes.entries()].map(([id, a]) => ({
        variationAttributeId: id,
        name: a.name,
        values: [...a.values.entries()].map(([value, displayValue]) => ({ value, displayValue })),
      })),
      defaultVariationSKU: variationRows[0]?.sku,
    }
  }
  return product
}

/** A list entry as ICM returns it: a Link with the requested `attrs`. */
function productStub(product: ReturnType<typeof productJson>, attrs: Set<string> | null) {
  const available: Record<string, { type: string; value: unknown }> = {
    sku: { type: 'String', value: product.sku },
    availability: { type: 'Boolean', value: product.availability },
    inStock: { type: 'Boolean', value: product.inStock },
    manufacturer: { type: 'String', value: product.manufacturer },
    image: { type: 'String', value: product.images.find((i) => i.typeID === 'M')?.effectiveUrl },
    minOrderQuantity: { type: 'Integer', value: product.minOrderQuantity },
    maxOrderQuantity: { type: 'Integer', value: product.maxOrderQuantity },
    stepOrderQuantity: { type: 'Integer', value: product.stepOrderQuantity },
    packingUnit: { type: 'String', value: product.packingUnit },
    mastered: { type: 'Boolean', value: product.mastered },
    productMaster: { type: 'Boolean', value: product.productMaster },
    productMasterSKU: { type: 'String', value: product.productMasterSKU },
    retailSet: { type: 'Boolean', value: product.retailSet },
    productBundle: { type: 'Boolean', value: product.productBundle },
    roundedAverageRating: { type: 'String', value: product.roundedAverageRating },
    defaultCategory: { type: 'String', value: product.defaultCategory.itemId },
    availableStock: { type: 'Integer', value: product.availableStock },
  }
  return {
    type: 'Link',
    uri: product.sku,
    title: product.productName,
    description: product.shortDescription,
    attributes: Object.entries(available)
      .filter(([name, a]) => a.value !== undefined && (attrs === null || attrs.has(name)))
      .map(([name, a]) => ({ name, ...a })),
  }
}

export type ListOptions = { amount: number; offset: number; attrs: Set<string> | null; sortKey?: SortKey }

export const SORT_KEYS = ['name-asc', 'name-desc', 'price-asc', 'price-desc'] as const
export type SortKey = (typeof SORT_KEYS)[number]

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORT_KEYS as readonly string[]).includes(value)
}

/** One page of product stubs as an ICM ResourceCollection, given the page's SKUs and the total count. */
export async function productPage(
  db: Db,
  scope: CatalogScope,
  options: ListOptions,
  skus: string[],
  total: number,
) {
  const list = await productsJson(db, scope, skus)
  return {
    type: 'ResourceCollection',
    name: 'products',
    elements: list.map((p) => productStub(p, options.attrs)),
    amount: options.amount,
    offset: options.offset,
    total,
    sortKeys: [...SORT_KEYS],
  }
}

async function stubsFor(db: Db, scope: CatalogScope, skus: string[]) {
  return (await productsJson(db, scope, skus)).map((p) => productStub(p, null))
}

export async function variations(
  db: Db,
  scope: CatalogScope,
  masterSku: string,
  amount: number,
  offset: number,
) {
  const where = and(eq(products.masterSku, masterSku), eq(products.online, true))
  const [countRow] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where)
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(where)
    .orderBy(asc(products.sku))
    .limit(amount)
    .offset(offset)
  const details = await productsJson(
    db,
    scope,
    rows.map((r) => r.sku),
  )
  return {
    type: 'ResourceCollection',
    name: 'variations',
    elements: details.map((p) => ({
      ...productStub(p, null),
      variableVariationAttributes: p.variationAttributeValuesExtended,
    })),
    amount,
    offset,
    total: countRow?.total ?? 0,
  }
}

/**
 * The parts of a product of the given kind, in their order: `products/{sku}/bundles` answers the parts of a
 * bundle (each with its quantity), `products/{sku}/partOfRetailSet` the parts of a retail set (as ICM does,
 * despite the name). Any other product has none.
 */
export async function parts(db: Db, scope: CatalogScope, ownerSku: string, kind: 'bundle' | 'retailset') {
  const rows = await db
    .select({ sku: productParts.partSku, quantity: productParts.quantity })
    .from(productParts)
    .innerJoin(products, and(eq(products.sku, productParts.ownerSku), eq(products.kind, kind)))
    .where(eq(productParts.ownerSku, ownerSku))
    .orderBy(asc(productParts.position))
  const quantities = new Map(rows.map((r) => [r.sku, r.quantity]))
  const details = await productsJson(
    db,
    scope,
    rows.map((r) => r.sku),
  )
  return details.map((p) => {
    const stub = productStub(p, null)
    if (kind === 'retailset') return stub
    const quantity = { name: 'quantity', type: 'Integer', value: quantities.get(p.sku) ?? 1 }
    return { ...stub, attributes: [...stub.attributes, quantity] }
  })
}

export async function links(db: Db, scope: CatalogScope, sku: string) {
  const rows = await db
    .select()
    .from(productLinks)
    .where(eq(productLinks.sku, sku))
    .orderBy(asc(productLinks.linkType), asc(productLinks.position))
  const stubs = new Map(
    (
      await stubsFor(
        db,
        scope,
        rows.map((r) => r.targetSku),
      )
    ).map((s) => [s.uri, s]),
  )
  const result: Record<string, { products: unknown[]; categories: unknown[] }> = {}
  for (const row of rows) {
    const stub = stubs.get(row.targetSku)
    if (!stub) continue
    result[row.linkType] ??= { products: [], categories: [] }
    result[row.linkType]!.products.push({ ...stub, uri: productUri(scope, row.targetSku) })
  }
  return result
}

export async function exists(db: Db, sku: string): Promise<boolean> {
  const [row] = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.sku, sku), eq(products.online, true)))
  return !!row
}

// ---------------------------------------------------------------------------------------------------------
// Prices and inventory

export async function productPrices(db: Db, currency: Currency, skus: string[]) {
  const rows = await priceRows(db, currency, skus)
  return skus.flatMap((sku) => {
    const row = rows.get(sku)
    if (!row) return []
    const tier = (net: number, gross: number, minQuantity: number) => ({
      ...priceItem(net, gross, currency),
      minQuantity: { value: minQuantity },
      priceQuantity: { value: 1 },
    })
    return [
      {
        sku,
        prices: {
          SalePrice: [
            tier(row.saleNet, row.saleGross, 1),
            ...row.scaled.map((s) => tier(s.net, s.gross, s.minQuantity)),
          ],
          ListPrice: [tier(row.listNet, row.listGross, 1)],
        },
      },
    ]
  })
}

export async function inventoryOf(db: Db, skus: string[]) {
  if (skus.length === 0) return []
  const rows = await db.select().from(inventories).where(inArray(inventories.sku, skus))
  const bySku = new Map(rows.map((r) => [r.sku, r]))
  return skus.flatMap((sku) => {
    const row = bySku.get(sku)
    if (!row) return []
    return [
      {
        sku,
        inStock: row.alwaysInStock || row.stock > 0,
        availableStock: Math.max(0, row.stock),
        warehouses: [
          {
            id: 'MAIN',
            type: 'Warehouse',
            name: 'Central warehouse',
            stock: Math.max(0, row.stock),
            alwaysInStock: row.alwaysInStock,
            deliveryTime: 'P2D',
            status: row.stock > LOW_STOCK_THRESHOLD || row.alwaysInStock ? 1 : row.stock > 0 ? 2 : 3,
          },
        ],
      },
    ]
  })
}
