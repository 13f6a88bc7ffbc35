/**
 * The catalog: categories, products with their prices in a currency, product sub-resources (variations,
 * parts, links), price lists and stock. Values only; icm/catalog.ts writes them in ICM's shapes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { cachedCatalogRows } from '../db/read-cache'
import type { Db } from '../db/client'
import {
  categories,
  inventories,
  prices,
  productCategories,
  productLinks,
  productParts,
  products,
  type LocalizedText,
} from '../db/schema'
import { readTogether } from '../db/reads'
import type { Currency, Locale } from './channel'
import { notFoundError } from './errors'
import type { Minor } from './money'
import { priceRanges, type PriceRange } from './price-ranges'

export const LOW_STOCK_THRESHOLD = 5
export const CATALOG_ID = 'ironbridge-Catalog'

export type CatalogScope = { site: string; locale: Locale; currency: Currency }

export const productNotFound = (sku: string) =>
  notFoundError('product.not_found', `The product '${sku}' does not exist.`)

// ---------------------------------------------------------------------------------------------------------
// Categories

type CategoryRow = typeof categories.$inferSelect & { hasProducts: boolean }

type CategoryIndex = { byId: Map<string, CategoryRow>; children: Map<string, CategoryRow[]> }

/** A segment of a category path, the category it leads to and its names (none: an offline category). */
export type CategoryPathStep = { segment: string; uniqueId: string; names?: LocalizedText }

/** A category with its path from the top and, down to the depth asked for, its online sub-categories. */
export type Category = {
  uniqueId: string
  segment: string
  names: LocalizedText
  descriptions: LocalizedText
  hasProducts: boolean
  /** Each segment of the path with the category it leads to; `names` is absent for an offline ancestor. */
  path: CategoryPathStep[]
  hasSubCategories: boolean
  /** Present only where a level below was asked for and there are sub-categories. */
  subCategories?: Category[]
}

const categoryPathOf = (uniqueId: string) => uniqueId.split('.')

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
      unspsc: categories.unspsc,
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

/** Each segment of a category's path with the category it leads to (no names for an offline one). */
function pathOf(all: CategoryIndex, uniqueId: string): CategoryPathStep[] {
  const segments = categoryPathOf(uniqueId)
  return segments.map((segment, i) => {
    const stepId = segments.slice(0, i + 1).join('.')
    return { segment, uniqueId: stepId, names: all.byId.get(stepId)?.names }
  })
}

function categoryOf(all: CategoryIndex, row: CategoryRow, subLevels: number): Category {
  const children = all.children.get(row.uniqueId) ?? []
  return {
    uniqueId: row.uniqueId,
    segment: row.segment,
    names: row.names,
    descriptions: row.descriptions,
    hasProducts: row.hasProducts,
    path: pathOf(all, row.uniqueId),
    hasSubCategories: children.length > 0,
    ...(subLevels > 0 && children.length > 0
      ? { subCategories: children.map((child) => categoryOf(all, child, subLevels - 1)) }
      : {}),
  }
}

/** `categories?view=tree&limit=N`: the top categories with N levels of sub-categories. */
export async function categoryTree(db: Db, limit: number): Promise<Category[]> {
  const all = await loadCategories(db)
  return [...all.byId.values()].filter((c) => c.level === 0).map((c) => categoryOf(all, c, limit - 1))
}

/** `categories/{A/B/C}`: one online category with its direct sub-categories; any other is not found. */
export async function categoryByPath(db: Db, segments: string[]): Promise<Category> {
  const all = await loadCategories(db)
  const row = all.byId.get(segments.join('.'))
  if (!row) throw notFoundError('category.not_found', `The category '${segments.join('/')}' does not exist.`)
  return categoryOf(all, row, 1)
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
  ean: products.ean,
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

export type PriceRow = typeof prices.$inferSelect

/**
 * An online product with its stock, its price in the currency asked for (none: not sold in it) and the path of
 * its default category (ICM names each step in a product's `defaultCategory`).
 */
export type Product = ProductRecord & { price: PriceRow | undefined; defaultCategoryPath: CategoryPathStep[] }

async function loadProducts(db: Db, skus: string[]): Promise<ProductRecord[]> {
  if (skus.length === 0) return []
  return (await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.sku, skus), eq(products.online, true)))) as ProductRecord[]
}

/**
 * The prices of these products in the currency, by SKU (unpriced ones are left out): kept per SKU in the
 * catalog cache (db/read-cache.ts), as every basket answer and product tile asks for them.
 */
export const priceRows = (db: Db, currency: string, skus: readonly string[]) =>
  cachedCatalogRows(db, `prices:${currency}`, skus, async (d, missing) => {
    const rows = await d
      .select()
      .from(prices)
      .where(and(inArray(prices.sku, missing), eq(prices.currency, currency)))
    return new Map(rows.map((r): [string, PriceRow] => [r.sku, r]))
  })

/** Which of these products have a price in the currency (only those can be bought in it). */
export async function pricedSkus(db: Db, currency: string, skus: string[]): Promise<Set<string>> {
  return new Set((await priceRows(db, currency, skus)).keys())
}

/** The online products among `skus`, in the order of `skus`, with their prices in the currency. */
export async function productsBySku(db: Db, currency: Currency, skus: string[]): Promise<Product[]> {
  const [rows, priceMap, categoryIndex] = await readTogether(db, [
    () => loadProducts(db, skus),
    () => priceRows(db, currency, skus),
    () => loadCategories(db),
  ])
  const bySku = new Map(rows.map((r) => [r.sku, r]))
  return skus.flatMap((sku) => {
    const row = bySku.get(sku)
    if (!row) return []
    return [
      { ...row, price: priceMap.get(sku), defaultCategoryPath: pathOf(categoryIndex, row.defaultCategoryId) },
    ]
  })
}

/** A variation attribute of a master with the values its variations take, in the order first seen. */
export type VariationChoice = {
  id: string
  names: LocalizedText
  values: { value: string; names: LocalizedText }[]
}

/** A product as its detail page needs it; a master also lists its variations' choices and the first one. */
export type ProductDetail = {
  product: Product
  variationChoices?: VariationChoice[]
  defaultVariationSku?: string
}

/** The values the online variations of a master take, per variation attribute, and the first variation. */
async function variationChoices(db: Db, masterSku: string) {
  const rows = await db
    .select({ sku: products.sku, variationAttributes: products.variationAttributes })
    .from(products)
    .where(and(eq(products.masterSku, masterSku), eq(products.online, true)))
    .orderBy(asc(products.sku))
  const choices = new Map<string, { names: LocalizedText; values: Map<string, LocalizedText> }>()
  for (const row of rows) {
    for (const v of row.variationAttributes ?? []) {
      const choice = choices.get(v.id) ?? { names: v.names, values: new Map() }
      choice.values.set(v.value, v.values)
      choices.set(v.id, choice)
    }
  }
  return {
    variationChoices: [...choices].map(([id, c]): VariationChoice => ({
      id,
      names: c.names,
      values: [...c.values].map(([value, names]) => ({ value, names })),
    })),
    defaultVariationSku: rows[0]?.sku,
  }
}

/** `products/{sku}`: an online product; a master with the choices its variations offer. */
export async function productDetail(
  db: Db,
  currency: Currency,
  sku: string,
): Promise<ProductDetail | undefined> {
  const [product] = await productsBySku(db, currency, [sku])
  if (!product) return undefined
  if (product.kind !== 'master') return { product }
  return { product, ...(await variationChoices(db, sku)) }
}

/** One page of products and how many there are in all. */
export type ProductPage = { products: Product[]; total: number }

/** `products/{sku}/variations`: a page of the master's online variations, by SKU. */
export async function variations(
  db: Db,
  currency: Currency,
  masterSku: string,
  amount: number,
  offset: number,
): Promise<ProductPage> {
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
  const list = await productsBySku(
    db,
    currency,
    rows.map((r) => r.sku),
  )
  return { products: list, total: countRow?.total ?? 0 }
}

export type ProductPart = { product: Product; quantity: number }

/**
 * The parts of a product of the given kind, in their order: the parts of a bundle (each with its quantity)
 * or of a retail set. Any other product has none.
 */
export async function parts(
  db: Db,
  currency: Currency,
  ownerSku: string,
  kind: 'bundle' | 'retailset',
): Promise<ProductPart[]> {
  const rows = await db
    .select({ sku: productParts.partSku, quantity: productParts.quantity })
    .from(productParts)
    .innerJoin(products, and(eq(products.sku, productParts.ownerSku), eq(products.kind, kind)))
    .where(eq(productParts.ownerSku, ownerSku))
    .orderBy(asc(productParts.position))
  const quantities = new Map(rows.map((r) => [r.sku, r.quantity]))
  const list = await productsBySku(
    db,
    currency,
    rows.map((r) => r.sku),
  )
  return list.map((product) => ({ product, quantity: quantities.get(product.sku) ?? 1 }))
}

export type ProductLink = { linkType: string; product: Product }

/** The product's links (accessories, cross-sellings…) to online products, by link type and position. */
export async function links(db: Db, currency: Currency, sku: string): Promise<ProductLink[]> {
  const rows = await db
    .select()
    .from(productLinks)
    .where(eq(productLinks.sku, sku))
    .orderBy(asc(productLinks.linkType), asc(productLinks.position))
  const targets = new Map(
    (
      await productsBySku(
        db,
        currency,
        rows.map((r) => r.targetSku),
      )
    ).map((p) => [p.sku, p]),
  )
  return rows.flatMap((row) => {
    const product = targets.get(row.targetSku)
    return product ? [{ linkType: row.linkType, product }] : []
  })
}

export async function exists(db: Db, sku: string): Promise<boolean> {
  const [row] = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.sku, sku), eq(products.online, true)))
  return !!row
}

/** A product that exists online, or not found: what every product sub-resource starts with. */
export async function requireProduct(db: Db, sku: string): Promise<void> {
  if (!(await exists(db, sku))) throw productNotFound(sku)
}

// ---------------------------------------------------------------------------------------------------------
// Prices and inventory

/** A price from a quantity on, net and gross, in minor units. */
export type PriceTier = { net: Minor; gross: Minor; minQuantity: number }

/**
 * The sale prices (scaled by quantity, lowest quantity first) and the list price of a SKU in a currency, and
 * for a master or a retail set the range of its variations' or parts' prices (price-ranges.ts).
 */
export type PriceList = { sku: string; sale: PriceTier[]; list: PriceTier; range?: PriceRange }

/** The price lists of the SKUs that have one in the currency, in the order asked for. */
export async function productPrices(db: Db, currency: Currency, skus: string[]): Promise<PriceList[]> {
  const [rows, ranges] = await readTogether(db, [
    () => priceRows(db, currency, skus),
    () => priceRanges(db, currency, skus),
  ])
  return skus.flatMap((sku) => {
    const row = rows.get(sku)
    if (!row) return []
    const sale = [
      { net: row.saleNet, gross: row.saleGross, minQuantity: 1 },
      ...row.scaled.map((s) => ({ net: s.net, gross: s.gross, minQuantity: s.minQuantity })),
    ]
    const range = ranges.get(sku)
    return [
      {
        sku,
        sale,
        list: { net: row.listNet, gross: row.listGross, minQuantity: 1 },
        ...(range ? { range } : {}),
      },
    ]
  })
}

/** 1 in stock, 2 low stock (at most LOW_STOCK_THRESHOLD left), 3 out of stock. */
export type StockStatus = 1 | 2 | 3

/** The stock of a SKU: the shop keeps one stock level per SKU. */
export type Stock = {
  sku: string
  stock: number
  alwaysInStock: boolean
  inStock: boolean
  status: StockStatus
}

export function stockStatus(stock: number, alwaysInStock: boolean): StockStatus {
  if (alwaysInStock || stock > LOW_STOCK_THRESHOLD) return 1
  return stock > 0 ? 2 : 3
}

/** The stock of the SKUs that have an inventory row, in the order asked for; below zero counts as none. */
export async function inventoryOf(db: Db, skus: string[]): Promise<Stock[]> {
  if (skus.length === 0) return []
  const rows = await db.select().from(inventories).where(inArray(inventories.sku, skus))
  const bySku = new Map(rows.map((r) => [r.sku, r]))
  return skus.flatMap((sku) => {
    const row = bySku.get(sku)
    if (!row) return []
    return [
      {
        sku,
        stock: Math.max(0, row.stock),
        alwaysInStock: row.alwaysInStock,
        inStock: row.alwaysInStock || row.stock > 0,
        status: stockStatus(row.stock, row.alwaysInStock),
      },
    ]
  })
}

/** The sale price tier that applies to a quantity: the one with the highest minimum quantity reached. */
export function tierFor(list: PriceList, quantity: number): PriceTier {
  return list.sale.reduce((best, tier) =>
    tier.minQuantity <= quantity && tier.minQuantity > best.minQuantity ? tier : best,
  )
}
