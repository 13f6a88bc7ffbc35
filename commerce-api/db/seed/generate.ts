import { CURRENCIES, EXCHANGE_RATES, LOCALES, type Currency } from '../../domain/channel'
import { grossOf } from '../../domain/money'
import type { Attachment, LocalizedText, ProductAttribute, ScaledPrice, VariationAttribute } from '../schema'
import {
  attachmentNames,
  brands,
  longDescriptionTemplates,
  modelPrefixes,
  shortDescriptionTemplates,
  taxonomy,
  type AttrDef,
  type IconName,
  type LeafDef,
  type Loc,
} from './catalog-data'
import { demoEan } from './ean'
import { createRandom, type Random } from './random'

export const ICONS: readonly IconName[] = [
  'drill', 'saw', 'grinder', 'hammer', 'wrench', 'screwdriver', 'pliers', 'tape', 'screw', 'bolt', 'nut', 'anchor',
  'nail', 'helmet', 'glove', 'glasses', 'boot', 'vest', 'brick', 'bag', 'pipe', 'board', 'cable', 'plug', 'lamp',
  'switch', 'box',
] // prettier-ignore

export type CategoryRow = {
  uniqueId: string
  segment: string
  parentId: string | null
  level: number
  position: number
  names: LocalizedText
  descriptions: LocalizedText
}

export type ProductRow = {
  sku: string
  kind: 'product' | 'master' | 'variation' | 'bundle' | 'retailset'
  masterSku: string | null
  names: LocalizedText
  shortDescriptions: LocalizedText
  longDescriptions: LocalizedText
  manufacturer: string
  manufacturerSku: string
  ean: string
  defaultCategoryId: string
  minOrderQuantity: number
  maxOrderQuantity: number | null
  stepQuantity: number
  packingUnit: string
  attributes: ProductAttribute[]
  variationAttributes: VariationAttribute[] | null
  attachments: Attachment[]
  readyForShipmentMin: number
  readyForShipmentMax: number
  rating: number | null
  imageStyle: number
}

export type PriceRow = {
  sku: string
  currency: Currency
  listNet: number
  listGross: number
  saleNet: number
  saleGross: number
  scaled: ScaledPrice[]
}

export type Catalog = {
  categories: CategoryRow[]
  products: ProductRow[]
  productCategories: { categoryId: string; sku: string; position: number }[]
  productParts: { ownerSku: string; partSku: string; quantity: number; position: number }[]
  productLinks: { sku: string; linkType: string; targetSku: string; position: number }[]
  prices: PriceRow[]
  inventories: { sku: string; stock: number; alwaysInStock: boolean }[]
}

type Leaf = { def: LeafDef; uniqueId: string; topId: string }

const toText = (loc: Loc): LocalizedText => ({ ...loc })

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}

/** Net EUR base price in cents, ending in .99 or .49 like a real price list. */
function basePrice(random: Random, [min, max]: [number, number]): number {
  const euros = random.int(Math.max(1, Math.floor(min)), Math.max(1, Math.ceil(max)))
  return euros * 100 - (random.chance(0.5) ? 1 : 51)
}

function toCurrency(eurCents: number, currency: Currency): number {
  return Math.max(1, Math.round(eurCents * EXCHANGE_RATES[currency]))
}

/**
 * Builds the whole demo catalog in memory, deterministically from `seed`.
 * `productCount` counts every sellable and non-sellable product row (masters and variations included).
 */
export function generateCatalog({
  productCount,
  seed = 20261121,
}: {
  productCount: number
  seed?: number
}): Catalog {
  const random = createRandom(seed)
  const catalog: Catalog = {
    categories: [],
    products: [],
    productCategories: [],
    productParts: [],
    productLinks: [],
    prices: [],
    inventories: [],
  }
  const leaves: Leaf[] = []

  taxonomy.forEach((top, topIndex) => {
    catalog.categories.push({
      uniqueId: top.id,
      segment: top.id,
      parentId: null,
      level: 0,
      position: topIndex,
      names: toText(top.name),
      descriptions: toText(top.description),
    })
    top.children.forEach((sub, subIndex) => {
      const subId = `${top.id}.${sub.id}`
      catalog.categories.push({
        uniqueId: subId,
        segment: sub.id,
        parentId: top.id,
        level: 1,
        position: subIndex,
        names: toText(sub.name),
        descriptions: toText(sub.description),
      })
      sub.children.forEach((leaf, leafIndex) => {
        const leafId = `${subId}.${leaf.id}`
        catalog.categories.push({
          uniqueId: leafId,
          segment: leaf.id,
          parentId: subId,
          level: 2,
          position: leafIndex,
          names: toText(leaf.name),
          descriptions: toText(leaf.description),
        })
        leaves.push({ def: leaf, uniqueId: leafId, topId: top.id })
      })
    })
  })

  const positions = new Map<string, number>()
  const addToCategory = (categoryId: string, sku: string) => {
    const position = positions.get(categoryId) ?? 0
    positions.set(categoryId, position + 1)
    catalog.productCategories.push({ categoryId, sku, position })
  }
  /** Sellable single products per top category, for bundles, sets and links. */
  const sellableByTop = new Map<string, ProductRow[]>()
  const basePrices = new Map<string, number>()
  let nextSku = 1000001
  const newSku = () => String(nextSku++)

  const pickAttributes = (defs: AttrDef[]): ProductAttribute[] =>
    defs.map((def) => {
      if (def.kind === 'number') {
        return {
          key: def.key,
          names: toText(def.name),
          type: 'Double',
          value: random.pick(def.values),
          unit: def.unit,
        }
      }
      return { key: def.key, names: toText(def.name), type: 'String', value: toText(random.pick(def.values)) }
    })

  const featureText = (attributes: ProductAttribute[], locale: keyof Loc) =>
    attributes
      .slice(0, 3)
      .map((a) => {
        const value =
          typeof a.value === 'object' ? (a.value[locale] ?? '') : `${a.value}${a.unit ? ` ${a.unit}` : ''}`
        return `${a.names[locale]}: ${value}`
      })
      .join(', ')

  const makeProduct = (
    leaf: Leaf,
    kind: ProductRow['kind'],
    overrides: { names?: LocalizedText; masterSku?: string; attributes?: ProductAttribute[] } = {},
  ): ProductRow => {
    const def = leaf.def
    const brand = random.pick(brands)
    const model = `${random.pick(modelPrefixes)} ${random.int(10, 990)}`
    const attributes = overrides.attributes ?? pickAttributes(def.attributes)
    const names: LocalizedText = {}
    const shortDescriptions: LocalizedText = {}
    const longDescriptions: LocalizedText = {}
    const shortIndex = random.int(0, 3)
    const longIndex = random.int(0, 2)
    for (const locale of LOCALES) {
      const values = { brand, noun: def.noun[locale], model, features: featureText(attributes, locale) }
      names[locale] = overrides.names?.[locale] ?? `${brand} ${def.noun[locale]} ${model}`
      const shorts = shortDescriptionTemplates[locale]
      const longs = longDescriptionTemplates[locale]
      shortDescriptions[locale] = fill(shorts[shortIndex % shorts.length] ?? '', values)
      longDescriptions[locale] = fill(longs[longIndex % longs.length] ?? '', values)
    }
    const sku = newSku()
    const readyMin = random.int(0, 2)
    const packed = def.packingUnit !== ''
    const attachments: Attachment[] = []
    for (const attachment of attachmentNames) {
      const p = attachment.prefix === 'Produktdatenblatt' ? 0.3 : 0.08
      if (random.chance(p)) {
        const file = `${attachment.prefix}${attachment.prefix.endsWith('_') ? '' : '_'}${sku}.pdf`
        attachments.push({
          name: file,
          type: 'application/pdf',
          key: file,
          descriptions: toText(attachment.descriptions),
        })
      }
    }
    return {
      sku,
      kind,
      masterSku: overrides.masterSku ?? null,
      names,
      shortDescriptions,
      longDescriptions,
      manufacturer: brand,
      manufacturerSku: `${brand.slice(0, 3).toUpperCase()}-${random.int(10000, 99999)}`,
      ean: demoEan(sku),
      defaultCategoryId: leaf.uniqueId,
      minOrderQuantity: packed && random.chance(0.3) ? 5 : 1,
      maxOrderQuantity: random.chance(0.15) ? 50 : null,
      stepQuantity: packed && random.chance(0.3) ? 5 : 1,
      packingUnit: def.packingUnit,
      attributes,
      variationAttributes: null,
      attachments,
      readyForShipmentMin: readyMin,
      readyForShipmentMax: readyMin + random.int(1, 5),
      rating: random.chance(0.6) ? random.int(25, 50) : null,
      imageStyle: ICONS.indexOf(def.icon) * 100 + random.int(0, 11),
    }
  }

  const addPrices = (sku: string, eurCents: number, options: { sale?: boolean; scaled?: boolean } = {}) => {
    basePrices.set(sku, eurCents)
    const saleFactor = options.sale ? random.int(70, 90) / 100 : 1
    for (const currency of CURRENCIES) {
      const listNet = toCurrency(eurCents, currency)
      const saleNet = Math.round(listNet * saleFactor)
      const scaled: ScaledPrice[] = options.scaled
        ? [10, 50].map((minQuantity, i) => {
            const net = Math.round((saleNet * (95 - i * 5)) / 100)
            return { minQuantity, net, gross: grossOf(net, currency) }
          })
        : []
      catalog.prices.push({
        sku,
        currency,
        listNet,
        listGross: grossOf(listNet, currency),
        saleNet,
        saleGross: grossOf(saleNet, currency),
        scaled,
      })
    }
  }

  const addStock = (sku: string) => {
    const r = random.next()
    const stock = r < 0.72 ? random.int(20, 500) : r < 0.85 ? random.int(1, 5) : 0
    catalog.inventories.push({ sku, stock, alwaysInStock: false })
  }

  const addSellable = (leaf: Leaf, product: ProductRow) => {
    catalog.products.push(product)
    addPrices(product.sku, basePrice(random, leaf.def.priceRange), {
      sale: random.chance(0.25),
      scaled: random.chance(0.2),
    })
    addStock(product.sku)
    const list = sellableByTop.get(leaf.topId) ?? []
    list.push(product)
    sellableByTop.set(leaf.topId, list)
  }

  let leafIndex = 0
  while (catalog.products.length < productCount) {
    const leaf = leaves[leafIndex++ % leaves.length]!
    const remaining = productCount - catalog.products.length
    const pool = sellableByTop.get(leaf.topId) ?? []
    const r = random.next()
    const variation = leaf.def.variation
    if (variation && r < 0.25 && remaining >= 4) {
      const values = random.sample(
        variation.values,
        Math.min(variation.values.length, remaining - 1, random.int(3, 6)),
      )
      const master = makeProduct(leaf, 'master')
      catalog.products.push(master)
      addToCategory(leaf.uniqueId, master.sku)
      const base = basePrice(random, leaf.def.priceRange)
      let cheapest = Number.POSITIVE_INFINITY
      values.forEach((value, i) => {
        const names: LocalizedText = {}
        for (const locale of LOCALES) names[locale] = `${master.names[locale]} ${value.names[locale]}`
        const product = makeProduct(leaf, 'variation', {
          names,
          masterSku: master.sku,
          attributes: master.attributes,
        })
        // A variation is the master in one size or colour: same brand, picture and texts.
        product.manufacturer = master.manufacturer
        product.manufacturerSku = master.manufacturerSku
        product.shortDescriptions = master.shortDescriptions
        product.longDescriptions = master.longDescriptions
        product.imageStyle = master.imageStyle
        product.variationAttributes = [
          {
            id: variation.id,
            names: toText(variation.name),
            value: value.value,
            values: toText(value.names),
          },
        ]
        catalog.products.push(product)
        const price = base + i * 100 * random.int(1, 5)
        cheapest = Math.min(cheapest, price)
        addPrices(product.sku, price, { sale: random.chance(0.15) })
        addStock(product.sku)
      })
      addPrices(master.sku, cheapest)
    } else if (r < 0.3 && pool.length >= 6 && remaining >= 1) {
      const kind = r < 0.28 ? 'bundle' : 'retailset'
      const parts = random.sample(pool, random.int(2, 4))
      const product = makeProduct(leaf, kind)
      catalog.products.push(product)
      addToCategory(leaf.uniqueId, product.sku)
      let sum = 0
      parts.forEach((part, position) => {
        const quantity = kind === 'bundle' ? random.int(1, 3) : 1
        catalog.productParts.push({ ownerSku: product.sku, partSku: part.sku, quantity, position })
        sum += (basePrices.get(part.sku) ?? 0) * quantity
      })
      // A bundle is sold as one item at a discount; a retail set is only a way to buy its parts.
      addPrices(product.sku, kind === 'bundle' ? Math.round(sum * 0.9) : sum)
      if (kind === 'bundle') addStock(product.sku)
    } else {
      const product = makeProduct(leaf, 'product')
      addSellable(leaf, product)
      addToCategory(leaf.uniqueId, product.sku)
      if (random.chance(0.05)) {
        const other = random.pick(leaves)
        if (other.uniqueId !== leaf.uniqueId) addToCategory(other.uniqueId, product.sku)
      }
    }
  }

  // Accessories and cross-selling links among sellable products of the same top category.
  for (const list of sellableByTop.values()) {
    for (const product of list) {
      if (!random.chance(0.3) || list.length < 8) continue
      for (const linkType of ['accessory', 'crossselling'] as const) {
        random.sample(list, 3).forEach((target, position) => {
          if (target.sku !== product.sku) {
            catalog.productLinks.push({ sku: product.sku, linkType, targetSku: target.sku, position })
          }
        })
      }
    }
  }
  return catalog
}
