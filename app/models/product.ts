import { z } from 'zod'
import { PriceItemSchema } from './price'
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

export const ProductSchema = z.object({
  sku: z.string(),
  productName: z.string().optional(),
  shortDescription: z.string().optional(),
  longDescription: z.string().optional(),
  manufacturer: z.string().optional(),
  images: z.array(ImageSchema).optional(),
  attributes: z.array(AttributeSchema).optional(),
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
  readyForShipmentMin: z.number().optional(),
  readyForShipmentMax: z.number().optional(),
  roundedAverageRating: z.string().optional(),
  defaultCategory: z.object({ itemId: z.string().optional() }).optional(),
  seoAttributes: SeoAttributesSchema.optional(),
  variationAttributeValuesExtended: z
    .array(
      z.object({
        variationAttributeId: z.string(),
        name: z.string(),
        value: z.object({ value: z.string(), displayValue: z.string() }),
      }),
    )
    .optional(),
  listPrice: z.unknown().optional(),
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

export type ProductKind = 'Product' | 'VariationProductMaster' | 'VariationProduct' | 'Bundle' | 'RetailSet'

/** Type from the flags (spec §3): master, variation, bundle, retail set, else a plain product. */
export function productKind(flags: {
  productMaster?: boolean
  mastered?: boolean
  productBundle?: boolean
  productTypes?: string[]
  retailSet?: boolean
}): ProductKind {
  if (flags.productMaster) return 'VariationProductMaster'
  if (flags.mastered) return 'VariationProduct'
  if (flags.productBundle || flags.productTypes?.includes('BUNDLE')) return 'Bundle'
  if (flags.retailSet) return 'RetailSet'
  return 'Product'
}

export type ProductImage = { url: string; typeID: string; width?: number; height?: number }

export type Product = {
  sku: string
  name: string
  shortDescription: string
  longDescription: string
  kind: ProductKind
  manufacturer?: string
  images: ProductImage[]
  attributes: { name: string; value: string }[]
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
  variationValues: { id: string; name: string; value: string; displayValue: string }[]
  seo: { title?: string; description?: string; robots?: string }
}

const attributeText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(attributeText).join(', ')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value)

export function mapProduct(data: z.infer<typeof ProductSchema>): Product {
  return {
    sku: data.sku,
    name: data.productName ?? data.sku,
    shortDescription: data.shortDescription ?? '',
    longDescription: data.longDescription ?? '',
    kind: productKind(data),
    manufacturer: data.manufacturer,
    images: (data.images ?? []).map((i) => ({
      url: i.effectiveUrl,
      typeID: i.typeID,
      width: i.imageActualWidth,
      height: i.imageActualHeight,
    })),
    attributes: (data.attributes ?? []).map((a) => ({ name: a.name, value: attributeText(a.value) })),
    minOrderQuantity: data.minOrderQuantity ?? 1,
    maxOrderQuantity: data.maxOrderQuantity,
    stepQuantity: data.stepOrderQuantity ?? 1,
    packingUnit: data.packingUnit ?? '',
    available: data.availability === true && data.inStock !== false,
    availableStock: data.availableStock,
    readyForShipmentMin: data.readyForShipmentMin,
    readyForShipmentMax: data.readyForShipmentMax,
    rating: data.roundedAverageRating ? Number(data.roundedAverageRating) : undefined,
    defaultCategoryId: data.defaultCategory?.itemId,
    masterSku: data.productMasterSKU,
    variationValues: (data.variationAttributeValuesExtended ?? []).map((v) => ({
      id: v.variationAttributeId,
      name: v.name,
      value: v.value.value,
      displayValue: v.value.displayValue,
    })),
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
}

export function mapProductStub(stub: z.infer<typeof ProductStubSchema>): ProductTile {
  const attr = (name: string) => stub.attributes.find((a) => a.name === name)?.value
  const sku = String(attr('sku') ?? stub.uri?.split('/').pop() ?? '')
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
    available: attr('availability') !== false && attr('inStock') !== false,
    rating: rating !== undefined ? Number(rating) : undefined,
    defaultCategoryId:
      typeof attr('defaultCategory') === 'string' ? (attr('defaultCategory') as string) : undefined,
  }
}

export const LISTING_ATTRS =
  'sku,availability,manufacturer,image,minOrderQuantity,maxOrderQuantity,stepOrderQuantity,inStock,promotions,packingUnit,mastered,productMaster,productMasterSKU,roundedAverageRating,retailSet,productBundle,defaultCategory'

export { PriceItemSchema }
