import { z } from 'zod'
import { AttachmentSchema, mapAttachment, type Attachment } from './attachment'
import { DefaultCategorySchema, uniqueIdOf } from './category'
import { MoneySchema, PriceItemSchema, type Money } from './price'
import type { QuantityRules } from './quantity'
import { mapSeo, SeoAttributesSchema } from './seo'

const ImageSchema = z.object({
  typeID: z.string(),
  viewID: z.string().optional(),
  effectiveUrl: z.string(),
  primaryImage: z.boolean().optional(),
  imageActualWidth: z.number().optional(),
  imageActualHeight: z.number().optional(),
})
const AttributeSchema = z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })

const LinkSchema = z.object({
  uri: z.string().optional(),
  title: z.string().optional(),
  itemId: z.string().optional(),
})

/** A warranty offered with a product: an ICM Link to the warranty, its price in `WarrantyPrice`. */
const WarrantyLinkSchema = LinkSchema.extend({ attributes: z.array(AttributeSchema).optional() })

/** The last segment of a Link's URI, decoded: the SKU of a product Link. */
function lastSegment(uri: string | undefined): string | undefined {
  const segment = uri?.split('?')[0]?.split('/').pop()
  if (!segment) return undefined
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A warranty Link as the shop shows it: id from `itemId` or the URI, price from its attribute if any. */
function mapWarrantyLink(link: z.infer<typeof WarrantyLinkSchema>): ProductWarranty[] {
  const id = link.itemId ?? lastSegment(link.uri)
  if (!id) return []
  const price = MoneySchema.safeParse(link.attributes?.find((a) => a.name === 'WarrantyPrice')?.value)
  return [{ id, name: link.title ?? id, ...(price.success ? { price: price.data } : {}) }]
}

/** ICM's variation attribute value: `{name, value}`, name being the value's display name. */
const VariationValueSchema = z.object({ name: z.string().optional(), value: z.string() })

/**
 * `variationAttributeValuesExtended`: a variation's own value per attribute (`value`), or on a master the
 * values its variations take (`values`).
 */
export const VariationAttributeSchema = z.object({
  variationAttributeId: z.string(),
  name: z.string(),
  value: VariationValueSchema.optional(),
  values: z.array(z.object({ value: VariationValueSchema })).optional(),
})

/** A variation's own attribute values (a master's lists of values have none). */
export const variationValuesOf = (list: z.infer<typeof VariationAttributeSchema>[] | undefined) =>
  (list ?? []).flatMap((v) =>
    v.value
      ? [
          {
            id: v.variationAttributeId,
            name: v.name,
            value: v.value.value,
            displayValue: v.value.name ?? v.value.value,
          },
        ]
      : [],
  )

export const ProductSchema = z.object({
  type: z.string().optional(),
  sku: z.string(),
  productName: z.string().optional(),
  shortDescription: z.string().optional(),
  longDescription: z.string().optional(),
  manufacturer: z.string().optional(),
  manufacturerSKU: z.string().nullish(),
  images: z.array(ImageSchema).optional(),
  attachments: z.array(AttachmentSchema).optional(),
  promotions: z.array(LinkSchema).optional(),
  availableWarranties: z.array(WarrantyLinkSchema).optional(),
  attributes: z.array(AttributeSchema).optional(),
  attributeGroups: z
    .record(z.object({ name: z.string().optional(), attributes: z.array(AttributeSchema).optional() }))
    .optional(),
  minOrderQuantity: z.number().optional(),
  maxOrderQuantity: z.number().optional(),
  stepOrderQuantity: z.number().optional(),
  packingUnit: z.string().optional(),
  productMaster: z.boolean().optional(),
  mastered: z.boolean().optional(),
  productMasterSKU: z.string().optional(),
  productBundle: z.boolean().optional(),
  productTypes: z.array(z.string()).optional(),
  retailSet: z.boolean().optional(),
  availability: z.boolean().optional(),
  inStock: z.boolean().optional(),
  availableStock: z.number().optional(),
  readyForShipmentMin: z.number().nullish(),
  readyForShipmentMax: z.number().nullish(),
  roundedAverageRating: z.string().optional(),
  defaultCategory: DefaultCategorySchema.optional(),
  seoAttributes: SeoAttributesSchema.optional(),
  variationAttributeValuesExtended: z.array(VariationAttributeSchema).optional(),
  /**
   * The product's name and own variation values in every locale: the bundled commerce API's extension
   * (`localizedNames=true`, ADR 0051); a real ICM never sends it.
   */
  localizedNames: z
    .array(z.object({ locale: z.string(), productName: z.string(), variationValues: z.array(z.string()) }))
    .optional(),
  listPrice: z.unknown().optional(),
  defaultVariationSKU: z.string().optional(),
})

const StubAttributeSchema = z.object({ name: z.string(), value: z.unknown() })
export const ProductStubSchema = z.object({
  uri: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  attributes: z.array(StubAttributeSchema).default([]),
})
export const ProductCollectionSchema = z.object({
  elements: z.array(ProductStubSchema),
  total: z.number().optional(),
  offset: z.number().optional(),
  amount: z.number().optional(),
})

/** A search answer: a listing, or `redirectUrl` when the term leads to a page instead (spec §4 Search). */
export const SearchResultSchema = ProductCollectionSchema.extend({
  /** The sort orders ICM offers for this listing (asked for with `returnSortKeys=true`), in its order. */
  sortKeys: z.array(z.string()).optional(),
  redirectUrl: z.string().optional(),
  /** Sent by the bundled commerce API only: the term it searched for instead of a misspelled one. */
  correctedSearchTerm: z.string().optional(),
})

/** The parts of a bundle or retail set (`products/{sku}/bundles`, `/partOfRetailSet`): ICM's envelope. */
export const PartsSchema = z.object({ elements: z.array(ProductStubSchema).default([]) })

/** A bundle part's quantity: ICM's Quantity `{value}` attribute; 1 when it names none. */
export function partQuantity(stub: z.infer<typeof ProductStubSchema>): number {
  const value = stub.attributes.find((a) => a.name === 'quantity')?.value
  const parsed = z.object({ value: z.number().int().positive() }).safeParse(value)
  return parsed.success ? parsed.data.value : 1
}

export type ProductKind =
  'Product' | 'VariationProductMaster' | 'VariationProduct' | 'Bundle' | 'RetailSet' | 'Warranty'

/**
 * Type from the flags (spec §3): master, variation, bundle, retail set, else a plain product. A warranty is
 * served as a product of type Warranty ("GET products/{id} for warranty").
 */
export function productKind(flags: {
  type?: string
  productMaster?: boolean
  mastered?: boolean
  productBundle?: boolean
  productTypes?: string[]
  retailSet?: boolean
}): ProductKind {
  if (flags.type === 'Warranty') return 'Warranty'
  if (flags.productMaster) return 'VariationProductMaster'
  if (flags.mastered) return 'VariationProduct'
  if (flags.productBundle || flags.productTypes?.includes('BUNDLE')) return 'Bundle'
  if (flags.retailSet) return 'RetailSet'
  return 'Product'
}

/** One picture in one size (`typeID`); `view` names the angle (front, side, detail) when ICM states it. */
export type ProductImage = { url: string; typeID: string; view?: string; width?: number; height?: number }

/** A warranty the product can be bought with; its price comes from the price call, net and gross. */
export type ProductWarranty = { id: string; name: string; price?: Money }

export type Product = {
  sku: string
  name: string
  shortDescription: string
  longDescription: string
  kind: ProductKind
  manufacturer?: string
  manufacturerSku?: string
  images: ProductImage[]
  attachments: Attachment[]
  /** Ids of the running promotions the product takes part in (`promotions/{id}`). */
  promotionIds: string[]
  warranties: ProductWarranty[]
  /** Attributes in no attribute group. */
  attributes: ProductAttributeText[]
  /** ICM's attribute groups with their display names, except the tile labels group. */
  attributeGroups: { id: string; name: string; attributes: ProductAttributeText[] }[]
  minOrderQuantity: number
  maxOrderQuantity?: number
  stepQuantity: number
  packingUnit: string
  /** Availability set and inStock not false (spec §3). */
  available: boolean
  availableStock?: number
  readyForShipmentMin?: number
  readyForShipmentMax?: number
  rating?: number
  defaultCategoryId?: string
  masterSku?: string
  /** A master's default variation (spec §3). */
  defaultVariationSku?: string
  variationValues: { id: string; name: string; value: string; displayValue: string }[]
  seo: { title?: string; description?: string; robots?: string }
}

const attributeText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(attributeText).join(', ')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value)

export type ProductAttributeText = { name: string; value: string }

/** Groups shown elsewhere than the product's details (ICM's labels for tiles). */
const HIDDEN_ATTRIBUTE_GROUPS = new Set(['PRODUCT_LABEL_ATTRIBUTES'])

const attributeTexts = (list: z.infer<typeof AttributeSchema>[] | undefined): ProductAttributeText[] =>
  (list ?? []).map((a) => ({ name: a.name, value: attributeText(a.value) }))

function mapAttributeGroups(data: z.infer<typeof ProductSchema>) {
  return Object.entries(data.attributeGroups ?? {})
    .filter(([id, group]) => !HIDDEN_ATTRIBUTE_GROUPS.has(id) && (group.attributes?.length ?? 0) > 0)
    .map(([id, group]) => ({ id, name: group.name || id, attributes: attributeTexts(group.attributes) }))
}

/** What a product's URL needs in one locale: its name and its own variation values, as that locale shows them. */
export type LocalizedProductName = { name: string; variationValues: string[] }

/** The product's names per locale id, when the API sent them (`localizedNames`); null from a real ICM. */
export function localizedNamesOf(data: z.infer<typeof ProductSchema>) {
  if (!data.localizedNames) return null
  return new Map<string, LocalizedProductName>(
    data.localizedNames.map((n) => [n.locale, { name: n.productName, variationValues: n.variationValues }]),
  )
}

export function mapProduct(data: z.infer<typeof ProductSchema>): Product {
  const attributeGroups = mapAttributeGroups(data)
  const grouped = new Set(attributeGroups.flatMap((g) => g.attributes.map((a) => a.name)))
  return {
    sku: data.sku,
    name: data.productName ?? data.sku,
    shortDescription: data.shortDescription ?? '',
    longDescription: data.longDescription ?? '',
    kind: productKind(data),
    manufacturer: data.manufacturer,
    manufacturerSku: data.manufacturerSKU ?? undefined,
    // Primary pictures first: lists and the basket take the first picture of a size.
    images: (data.images ?? [])
      .filter((i) => i.primaryImage !== false)
      .concat((data.images ?? []).filter((i) => i.primaryImage === false))
      .map((i) => ({
        url: i.effectiveUrl,
        typeID: i.typeID,
        view: i.viewID,
        width: i.imageActualWidth,
        height: i.imageActualHeight,
      })),
    attachments: (data.attachments ?? []).flatMap((a) => mapAttachment(a) ?? []),
    promotionIds: (data.promotions ?? []).flatMap((p) => p.itemId ?? p.uri?.split('/').pop() ?? []),
    warranties: (data.availableWarranties ?? []).flatMap(mapWarrantyLink),
    attributes: attributeTexts(data.attributes).filter((a) => !grouped.has(a.name)),
    attributeGroups,
    minOrderQuantity: data.minOrderQuantity ?? 1,
    maxOrderQuantity: data.maxOrderQuantity,
    stepQuantity: data.stepOrderQuantity ?? 1,
    packingUnit: data.packingUnit ?? '',
    available: data.availability === true && data.inStock !== false,
    availableStock: data.availableStock,
    readyForShipmentMin: data.readyForShipmentMin ?? undefined,
    readyForShipmentMax: data.readyForShipmentMax ?? undefined,
    rating: data.roundedAverageRating ? Number(data.roundedAverageRating) : undefined,
    defaultCategoryId: data.defaultCategory ? uniqueIdOf(data.defaultCategory) : undefined,
    masterSku: data.productMasterSKU,
    defaultVariationSku: data.defaultVariationSKU,
    variationValues: variationValuesOf(data.variationAttributeValuesExtended),
    seo: mapSeo(data.seoAttributes),
  }
}

/** What a product tile needs (completeness level 2, "stub"). */
export type ProductTile = {
  sku: string
  name: string
  image?: string
  kind: ProductKind
  available: boolean
  rating?: number
  defaultCategoryId?: string
} & QuantityRules

/** The tile of a product whose details are loaded (home page teasers, recently viewed). */
export function tileOf(p: Product): ProductTile {
  return {
    sku: p.sku,
    name: p.name,
    image: p.images.find((i) => i.typeID === 'M')?.url,
    kind: p.kind,
    available: p.available,
    rating: p.rating,
    defaultCategoryId: p.defaultCategoryId,
    minOrderQuantity: p.minOrderQuantity,
    maxOrderQuantity: p.maxOrderQuantity,
    stepQuantity: p.stepQuantity,
    packingUnit: p.packingUnit,
  }
}

/** A stub's quantity attribute: ICM sends a Quantity `{value}`; a bare number is read too. */
function positiveInt(quantity: unknown) {
  const value =
    typeof quantity === 'object' && quantity !== null ? (quantity as { value?: unknown }).value : quantity
  const n = Number(value)
  return value !== undefined && value !== null && Number.isInteger(n) && n > 0 ? n : undefined
}

export function mapProductStub(stub: z.infer<typeof ProductStubSchema>): ProductTile {
  const attr = (name: string) => stub.attributes.find((a) => a.name === name)?.value
  const sku = String(attr('sku') ?? lastSegment(stub.uri) ?? '')
  if (!sku) throw new Error('A product stub without sku is an error (spec §5).')
  const rating = attr('roundedAverageRating')
  return {
    sku,
    name: stub.title ?? sku,
    image: typeof attr('image') === 'string' ? (attr('image') as string) : undefined,
    kind: productKind({
      productMaster: attr('productMaster') === true,
      mastered: attr('mastered') === true,
      productBundle: attr('productBundle') === true,
      retailSet: attr('retailSet') === true,
    }),
    // Spec §3: available only when availability is set (true) and inStock is not false.
    available: attr('availability') === true && attr('inStock') !== false,
    minOrderQuantity: positiveInt(attr('minOrderQuantity')) ?? 1,
    maxOrderQuantity: positiveInt(attr('maxOrderQuantity')),
    stepQuantity: positiveInt(attr('stepOrderQuantity')) ?? 1,
    packingUnit: typeof attr('packingUnit') === 'string' ? (attr('packingUnit') as string) : '',
    rating: rating !== undefined ? Number(rating) : undefined,
    defaultCategoryId: defaultCategoryIdOf(attr('defaultCategory')),
  }
}

/** A stub's `defaultCategory`: ICM's category object, whose path names the uniqueId. */
function defaultCategoryIdOf(value: unknown): string | undefined {
  const parsed = DefaultCategorySchema.safeParse(value)
  return parsed.success ? uniqueIdOf(parsed.data) : undefined
}

export const LISTING_ATTRS =
  'sku,availability,manufacturer,image,minOrderQuantity,maxOrderQuantity,stepOrderQuantity,inStock,promotions,packingUnit,mastered,productMaster,productMasterSKU,roundedAverageRating,retailSet,productBundle,defaultCategory'

export { PriceItemSchema }

/** The text key and values saying when a product is ready for shipment, pluralized by the last day. */
export function readyForShipment(
  min: number | undefined,
  max: number | undefined,
): { key: string; values: Record<string, number> } | undefined {
  if (max === undefined || !Number.isInteger(max) || max < 0) return undefined
  const from = min !== undefined && Number.isInteger(min) && min >= 0 && min <= max ? min : 0
  if (max === 0) return { key: 'product.ready_for_shipment.today', values: {} }
  if (from === max) return { key: 'product.ready_for_shipment.days', values: { count: max } }
  if (from === 0) return { key: 'product.ready_for_shipment.within', values: { count: max } }
  return { key: 'product.ready_for_shipment.range', values: { min: from, count: max } }
}

/** `products/{sku}/links`: per link type, the linked products (Links, stub attributes where ICM adds them). */
export const ProductLinksSchema = z.object({
  elements: z
    .array(
      z.object({
        linkType: z.string(),
        productLinks: z.array(ProductStubSchema).nullish(),
        categoryLinks: z.array(z.unknown()).nullish(),
      }),
    )
    .default([]),
})

/** Link types in the order the product page shows them; others follow in ICM's order. */
export const LINK_TYPES = ['accessory', 'crossselling', 'upselling', 'replacement', 'sparepart', 'followup']

/** `products/{sku}/links`: the product link types that have products, each with its product tiles. */
export function mapProductLinks(data: z.infer<typeof ProductLinksSchema>) {
  const rank = (type: string) => (LINK_TYPES.includes(type) ? LINK_TYPES.indexOf(type) : LINK_TYPES.length)
  return data.elements
    .map((link) => ({ type: link.linkType, products: (link.productLinks ?? []).map(mapProductStub) }))
    .filter((link) => link.products.length > 0)
    .sort((a, b) => rank(a.type) - rank(b.type))
}
