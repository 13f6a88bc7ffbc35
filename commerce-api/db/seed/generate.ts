import { CURRENCIES, EXCHANGE_RATES, LOCALES, type Currency, type Locale } from '../../domain/channel'
import { grossOf } from '../../domain/money'
import type { Attachment, LocalizedText, ProductAttribute, ScaledPrice, VariationAttribute } from '../schema'
import {
  ACCESSORY_LEAVES,
  FALLING_ATTRIBUTES,
  INDEPENDENT_ATTRIBUTES,
  KITS,
  NAME_SPECS,
  PIECE_WORD,
  PRODUCT_LINES,
  SET_CONTENTS,
  SIZED_TEXT_ATTRIBUTES,
  VARIATION_NAME_JOINERS,
  VARIATION_PRICE_STEPS,
  type KitDef,
  type NameSpec,
} from './assortment'
import {
  attachmentNames,
  brands,
  longDescriptionTemplates,
  shortDescriptionTemplates,
  taxonomy,
  type AttrDef,
  type IconName,
  type LeafDef,
  type Loc,
} from './catalog-data'
import { demoEan } from './ean'
import { createRandom, type Random } from './random'
import { DEMO_UNSPSC } from './unspsc'

export const ICONS: readonly IconName[] = [
  'drill', 'saw', 'grinder', 'hammer', 'wrench', 'screwdriver', 'pliers', 'tape', 'screw', 'bolt', 'nut', 'anchor',
  'nail', 'helmet', 'glove', 'glasses', 'boot', 'vest', 'brick', 'bag', 'pipe', 'board', 'cable', 'plug', 'lamp',
  'switch', 'box',
] // prettier-ignore

/** Colours of the product pictures: a brand's products share one (domain/images.ts draws them). */
export const PICTURE_COLOURS = 12

/** A product picture's style: the leaf's pictogram (hundreds) in the brand's colour (units). */
export const imageStyleOf = (icon: IconName, brand: string) =>
  ICONS.indexOf(icon) * 100 + (Math.max(0, brands.indexOf(brand)) % PICTURE_COLOURS)

/** A bundle's or set's picture: its main part's style, and the second part's pictogram in ten thousands. */
export const setImageStyle = (mainStyle: number, secondStyle: number) =>
  (1 + Math.floor((secondStyle % 10000) / 100)) * 10000 + (mainStyle % 10000)

export type CategoryRow = {
  uniqueId: string
  segment: string
  parentId: string | null
  level: number
  position: number
  names: LocalizedText
  descriptions: LocalizedText
  /** The category's UNSPSC code, or null to take the parent's (./unspsc.ts). */
  unspsc: string | null
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

/**
 * Net EUR base price in cents, ending in .99 or .49 like a real price list. `size` (0 to 1) places it in
 * the range, so that the bigger product of a leaf tends to cost more.
 */
function basePrice(random: Random, [min, max]: [number, number], size: number): number {
  const share = Math.min(1, size * 0.8 + random.next() * 0.2)
  const euros = Math.max(1, Math.round(min + (max - min) * share))
  return euros * 100 - (random.chance(0.5) ? 1 : 51)
}

function toCurrency(eurCents: number, currency: Currency): number {
  return Math.max(1, Math.round(eurCents * EXCHANGE_RATES[currency]))
}

const numberText = (value: number, locale: Locale) =>
  locale === 'en_US' ? String(value) : String(value).replace('.', ',')

function attributeText(attribute: ProductAttribute, locale: Locale, withUnit = true): string {
  const { value, unit } = attribute
  if (typeof value === 'object') return value[locale] ?? ''
  const text = typeof value === 'number' ? numberText(value, locale) : String(value)
  return withUnit && unit ? `${text} ${unit}` : text
}

/** One part of a product name in one language, or null when the product lacks the attribute. */
function specText(spec: NameSpec, byKey: Map<string, ProductAttribute>, locale: Locale): string | null {
  if (typeof spec === 'string') {
    const attribute = byKey.get(spec)
    return attribute ? attributeText(attribute, locale) : null
  }
  if ('times' in spec || 'range' in spec) {
    const [first, second] = ('times' in spec ? spec.times : spec.range).map((key) => byKey.get(key))
    if (!first || !second) return null
    const separator = 'times' in spec ? ' × ' : '–'
    return `${attributeText(first, locale, first.unit !== second.unit)}${separator}${attributeText(second, locale)}`
  }
  if ('thread' in spec) {
    const [diameter, length] = spec.thread.map((key) => byKey.get(key))
    if (!diameter || !length) return null
    return `M${attributeText(diameter, locale, false)} × ${attributeText(length, locale)}`
  }
  const attribute = byKey.get('key' in spec ? spec.key : 'metric' in spec ? spec.metric : spec.count)
  if (!attribute) return null
  if ('words' in spec) {
    const value = attribute.value
    const english = typeof value === 'object' ? value.en_US : undefined
    return (english && spec.words[english]?.[locale]) || attributeText(attribute, locale)
  }
  if ('metric' in spec) return `M${attributeText(attribute, locale, false)}`
  if ('count' in spec) return `${attributeText(attribute, locale, false)} ${PIECE_WORD[locale]}`
  return `${spec.prefix[locale]} ${attributeText(attribute, locale)}`
}

/** Brand before the noun as English and German catalogs write it, after it in French, Polish and Romanian. */
const headOf = (locale: Locale, brand: string, noun: string) =>
  locale === 'en_US' || locale === 'de_DE' ? `${brand} ${noun}` : `${noun} ${brand}`

/**
 * Catalog name from brand, noun and specs, e.g. 'Torqline Cordless Drill 18 V, 60 Nm'; a product line, when
 * one is needed to tell two products apart, follows the brand like a series name ('Torqline Pro …').
 */
function nameOf(locale: Locale, brand: string, noun: string, line: string, specs: string): string {
  return [headOf(locale, line ? `${brand} ${line}` : brand, noun), specs].filter(Boolean).join(' ')
}

const nameKey = (names: LocalizedText) => (names.en_US ?? '').toLowerCase()

/**
 * A name with a variation value added: after a comma when the name states specs ('Hex Bolt 60 mm, M10'),
 * after a space when it is brand and noun only ('Claw Hammer 450 g') or the variation says so.
 */
function withValue(
  names: LocalizedText,
  brand: string,
  noun: Loc,
  variationId: string,
  value: Loc,
): LocalizedText {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const name = names[locale] ?? ''
      const plain = name === headOf(locale, brand, noun[locale])
      const glue = plain ? ' ' : (VARIATION_NAME_JOINERS[variationId] ?? ', ')
      return [locale, `${name}${glue}${value[locale]}`]
    }),
  )
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
      unspsc: DEMO_UNSPSC[top.id] ?? null,
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
        unspsc: DEMO_UNSPSC[sub.id] ?? null,
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
          unspsc: DEMO_UNSPSC[leaf.id] ?? null,
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
  /** Sellable single products per leaf id, for bundles, sets and links. */
  const sellableByLeaf = new Map<string, ProductRow[]>()
  const basePrices = new Map<string, number>()
  /** Names given so far (English, lower case): a second product of the same name gets a product line. */
  const usedNames = new Set<string>()
  let nextSku = 1000001
  const newSku = () => String(nextSku++)

  const pickAttributes = (leafId: string, defs: AttrDef[], size: number): ProductAttribute[] =>
    defs.map((def) => {
      if (def.kind === 'number') {
        const id = `${leafId}.${def.key}`
        const count = def.values.length
        const index = Math.min(count - 1, Math.floor(size * count))
        const value = FALLING_ATTRIBUTES.has(id)
          ? def.values[count - 1 - index]!
          : INDEPENDENT_ATTRIBUTES.has(def.key) || INDEPENDENT_ATTRIBUTES.has(id)
            ? random.pick(def.values)
            : def.values[index]!
        return { key: def.key, names: toText(def.name), type: 'Double', value, unit: def.unit }
      }
      const sized = SIZED_TEXT_ATTRIBUTES.has(`${leafId}.${def.key}`)
      const value = sized
        ? def.values[Math.min(def.values.length - 1, Math.floor(size * def.values.length))]!
        : random.pick(def.values)
      return { key: def.key, names: toText(def.name), type: 'String', value: toText(value) }
    })

  const featureText = (attributes: ProductAttribute[], locale: Locale) =>
    attributes
      .slice(0, 3)
      .map((a) => `${a.names[locale]}: ${attributeText(a, locale)}`)
      .join(', ')

  /**
   * The first of up to `count` candidates (names per locale, given a product line) no product has yet, else
   * the first with a product line, else the first: a catalog of 100,000 products runs out of names and
   * repeats some. Candidates are made on demand, so a name that is free at once costs one draw only.
   */
  const uniqueNames = (count: number, candidate: (index: number, line: string) => LocalizedText) => {
    const take = (names: LocalizedText, index: number, line: string) => {
      usedNames.add(nameKey(names))
      return { names, index, line }
    }
    for (let index = 0; index < count; index++) {
      const names = candidate(index, '')
      if (!usedNames.has(nameKey(names))) return take(names, index, '')
    }
    const offset = random.int(0, PRODUCT_LINES.length - 1)
    for (let i = 0; i < PRODUCT_LINES.length; i++) {
      const line = PRODUCT_LINES[(offset + i) % PRODUCT_LINES.length]!
      const names = candidate(0, line)
      if (!usedNames.has(nameKey(names))) return take(names, 0, line)
    }
    return take(candidate(0, ''), 0, '')
  }

  type Draft = {
    brand: string
    size: number
    attributes: ProductAttribute[]
    names: LocalizedText
    /** The name without the variation value a single product states, for the descriptions. */
    baseNames: LocalizedText
  }

  /**
   * Brand, size, attributes and a name that says what the product is. A single product of a leaf whose
   * products vary (by size, colour…) states its one value as an attribute and in its name; a master leaves
   * it to its variations. A name taken already is drawn again with another brand and size.
   */
  const draftProduct = (leaf: Leaf, kind: 'product' | 'master'): Draft => {
    const def = leaf.def
    const specs = NAME_SPECS[def.id] ?? []
    const draw = () => {
      const brand = random.pick(brands)
      const size = random.next()
      const attributes = pickAttributes(def.id, def.attributes, size)
      const value = kind === 'product' && def.variation ? random.pick(def.variation.values) : null
      if (value && def.variation) {
        attributes.push({
          key: def.variation.id,
          names: toText(def.variation.name),
          type: 'String',
          value: toText(value.names),
        })
      }
      const byKey = new Map(attributes.map((a) => [a.key, a]))
      const specTexts = (locale: Locale) =>
        specs
          .map((spec) => specText(spec, byKey, locale))
          .filter((t) => t !== null && t !== '')
          .join(', ')
      const baseNames = (line: string): LocalizedText =>
        Object.fromEntries(
          LOCALES.map((locale) => [locale, nameOf(locale, brand, def.noun[locale], line, specTexts(locale))]),
        )
      const names = (line: string): LocalizedText => {
        const base = baseNames(line)
        return value && def.variation ? withValue(base, brand, def.noun, def.variation.id, value.names) : base
      }
      return { brand, size, attributes, names, baseNames }
    }
    const draws: ReturnType<typeof draw>[] = []
    const { names, index, line } = uniqueNames(3, (i, l) => (draws[i] ??= draw()).names(l))
    const chosen = draws[index]!
    return { ...chosen, names, baseNames: chosen.baseNames(line) }
  }

  const makeProduct = (
    leaf: Leaf,
    kind: ProductRow['kind'],
    draft: Omit<Draft, 'size'>,
    overrides: { masterSku?: string; noun?: Loc } = {},
  ): ProductRow => {
    const def = leaf.def
    const { brand, attributes, names } = draft
    const shortDescriptions: LocalizedText = {}
    const longDescriptions: LocalizedText = {}
    const shortIndex = random.int(0, 3)
    const longIndex = random.int(0, 2)
    for (const locale of LOCALES) {
      const values = {
        brand,
        noun: (overrides.noun ?? def.noun)[locale],
        name: draft.baseNames[locale] ?? '',
        features: featureText(attributes, locale),
      }
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
      // The leaf's pictogram in the brand's colour: one brand's products look alike, as in a real shop.
      imageStyle: imageStyleOf(def.icon, brand),
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
    // Most of a category orderable at once, as a shop shows it: 90 % well stocked, 6 % low, 4 % sold out.
    const stock = r < 0.9 ? random.int(20, 500) : r < 0.96 ? random.int(1, 5) : 0
    catalog.inventories.push({ sku, stock, alwaysInStock: false })
  }

  const addSellable = (leaf: Leaf, product: ProductRow, size: number) => {
    catalog.products.push(product)
    addPrices(product.sku, basePrice(random, leaf.def.priceRange, size), {
      sale: random.chance(0.25),
      scaled: random.chance(0.2),
    })
    addStock(product.sku)
    const list = sellableByLeaf.get(leaf.def.id) ?? []
    list.push(product)
    sellableByLeaf.set(leaf.def.id, list)
  }

  /** The parts of a kit when every part's leaf has a choice of products yet: the main part's brand first. */
  const kitParts = (kit: KitDef): { product: ProductRow; quantity: number }[] | null => {
    const pools = kit.parts.map(([leafId]) => sellableByLeaf.get(leafId) ?? [])
    if (pools.some((pool) => pool.length < 2)) return null
    const main = random.pick(pools[0]!)
    return kit.parts.map(([, quantity], i) => {
      if (i === 0) return { product: main, quantity }
      const pool = pools[i]!
      const sameBrand = pool.filter((p) => p.manufacturer === main.manufacturer)
      return { product: random.pick(sameBrand.length > 0 ? sameBrand : pool), quantity }
    })
  }

  const addKit = (
    leaf: Leaf,
    kit: KitDef,
    kind: 'bundle' | 'retailset',
    parts: { product: ProductRow; quantity: number }[],
  ) => {
    const main = parts[0]!.product
    const brand = main.manufacturer
    const mainSpecs = (locale: Locale) =>
      main.names[locale]!.replace(headOf(locale, brand, leaf.def.noun[locale]), '').trim()
    const kitName = (locale: Locale, line: string, specs: string) =>
      nameOf(locale, brand, kit.name[locale], line, specs)
    const { names } = uniqueNames(2, (i, l) =>
      Object.fromEntries(
        LOCALES.map((locale) => [locale, kitName(locale, l, i === 0 ? '' : mainSpecs(locale))]),
      ),
    )
    const product = makeProduct(
      leaf,
      kind,
      { brand, attributes: main.attributes, names, baseNames: names },
      { noun: kit.name },
    )
    // A set is shown as what it holds; the picture puts its parts' pictograms together.
    for (const locale of LOCALES) {
      const contents = parts
        .map(({ product: part, quantity }) => `${quantity} × ${part.names[locale]}`)
        .join(', ')
      product.shortDescriptions[locale] = `${SET_CONTENTS[locale]} ${contents}.`
    }
    const second = parts[1]?.product ?? main
    product.imageStyle = setImageStyle(main.imageStyle, second.imageStyle)
    catalog.products.push(product)
    addToCategory(leaf.uniqueId, product.sku)
    let sum = 0
    parts.forEach(({ product: part, quantity }, position) => {
      catalog.productParts.push({ ownerSku: product.sku, partSku: part.sku, quantity, position })
      sum += (basePrices.get(part.sku) ?? 0) * quantity
    })
    // A bundle is sold as one item at a discount; a retail set is only a way to buy its parts.
    addPrices(product.sku, kind === 'bundle' ? Math.round(sum * 0.9) : sum)
    if (kind === 'bundle') addStock(product.sku)
  }

  const kitsByLeaf = new Map<string, KitDef[]>()
  for (const kit of KITS) {
    const leafId = kit.parts[0]![0]
    kitsByLeaf.set(leafId, [...(kitsByLeaf.get(leafId) ?? []), kit])
  }

  let leafIndex = 0
  while (catalog.products.length < productCount) {
    const leaf = leaves[leafIndex++ % leaves.length]!
    const remaining = productCount - catalog.products.length
    const r = random.next()
    const variation = leaf.def.variation
    const kits = kitsByLeaf.get(leaf.def.id) ?? []
    const kit = r >= 0.25 && r < 0.4 && kits.length > 0 ? random.pick(kits) : null
    const parts = kit ? kitParts(kit) : null
    if (variation && r < 0.25 && remaining >= 4) {
      // Values in the order the leaf lists them (small to big), so that the prices rise along the list.
      const values = random
        .sample(variation.values, Math.min(variation.values.length, remaining - 1, random.int(3, 6)))
        .sort((a, b) => variation.values.indexOf(a) - variation.values.indexOf(b))
      const draft = draftProduct(leaf, 'master')
      const master = makeProduct(leaf, 'master', draft)
      catalog.products.push(master)
      addToCategory(leaf.uniqueId, master.sku)
      const base = basePrice(random, leaf.def.priceRange, draft.size)
      const step = VARIATION_PRICE_STEPS[variation.id] ?? 0.1
      const names = (value: (typeof values)[number]) =>
        withValue(master.names, master.manufacturer, leaf.def.noun, variation.id, value.names)
      let cheapest = Number.POSITIVE_INFINITY
      values.forEach((value) => {
        const product = makeProduct(
          leaf,
          'variation',
          { ...draft, names: names(value) },
          { masterSku: master.sku },
        )
        // A variation is the master in one size or colour: same brand, picture and texts.
        product.manufacturerSku = master.manufacturerSku
        product.shortDescriptions = master.shortDescriptions
        product.longDescriptions = master.longDescriptions
        product.variationAttributes = [
          {
            id: variation.id,
            names: toText(variation.name),
            value: value.value,
            values: toText(value.names),
          },
        ]
        catalog.products.push(product)
        // Whole euros per step keep the price ending of the first value (.99 or .49).
        const price = base + Math.round((base * step * variation.values.indexOf(value)) / 100) * 100
        cheapest = Math.min(cheapest, price)
        addPrices(product.sku, price, { sale: random.chance(0.15) })
        addStock(product.sku)
      })
      addPrices(master.sku, cheapest)
    } else if (kit && parts && remaining >= 1) {
      addKit(leaf, kit, r < 0.33 ? 'bundle' : 'retailset', parts)
    } else {
      const draft = draftProduct(leaf, 'product')
      const product = makeProduct(leaf, 'product', draft)
      addSellable(leaf, product, draft.size)
      addToCategory(leaf.uniqueId, product.sku)
      // A product is listed in its own category only: a second one picked at random put washers and hex nuts
      // among the cordless drills (issue 32). The draw stays, so that the rest of the catalog is unchanged.
      if (random.chance(0.05)) random.pick(leaves)
    }
  }

  // Accessories are what a product is used with (glasses for a saw, plugs for screws); cross-selling
  // suggests other products of its own leaf.
  for (const [leafId, list] of sellableByLeaf) {
    const accessories = (ACCESSORY_LEAVES[leafId] ?? []).flatMap((id) => sellableByLeaf.get(id) ?? [])
    for (const product of list) {
      if (!random.chance(0.3)) continue
      const links = { accessory: accessories, crossselling: list.filter((p) => p.sku !== product.sku) }
      for (const linkType of ['accessory', 'crossselling'] as const) {
        random.sample(links[linkType], 3).forEach((target, position) => {
          catalog.productLinks.push({ sku: product.sku, linkType, targetSku: target.sku, position })
        })
      }
    }
  }
  return catalog
}
