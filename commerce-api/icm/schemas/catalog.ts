/**
 * The catalog's wire shapes, from what ICM sends and the Intershop PWA reads (`category.interface.ts`,
 * `product.interface.ts`, `variation-attribute.interface.ts`, `warranty.mapper.ts`, `products.service.ts`,
 * `categories.service.ts`, `prices.service.ts`): strict about the fields a client relies on, open to extra keys.
 */
import { z } from 'zod'
import { AttributeSchema, LinkSchema, MoneySchema, PriceItemSchema, resourceCollection } from './common'
import type { WireRule } from './rules'

/** A step of a category's path: its id (segment), name and URI. */
export const CategoryPathElementSchema = z.object({ id: z.string(), name: z.string(), uri: z.string() })

/** An image of a product or category (`Image`). */
export const ImageSchema = z.object({
  typeID: z.string(),
  viewID: z.string().optional(),
  effectiveUrl: z.string(),
  primaryImage: z.boolean().optional(),
  imageActualWidth: z.number().optional(),
  imageActualHeight: z.number().optional(),
})

const SeoAttributesSchema = z.object({
  metaTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  robots: z.string().optional(),
})

/** ICM sends category attribute values of this kind as strings ('1' shows the category in the menu). */
const CategoryAttributeSchema = AttributeSchema.superRefine((attribute, ctx) => {
  if (attribute.name === 'ShowInMenu' && typeof attribute.value !== 'string')
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'ShowInMenu is a string attribute in ICM' })
})

type CategoryWire = z.infer<typeof CategoryBaseSchema> & { subCategories?: CategoryWire[] }

const CategoryBaseSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  uri: z.string().optional(),
  categoryRef: z.string().optional(),
  online: z.string().optional(),
  hasOnlineProducts: z.boolean().optional(),
  hasOnlineSubCategories: z.boolean().optional(),
  categoryPath: z.array(CategoryPathElementSchema).min(1),
  images: z.array(ImageSchema).optional(),
  attributes: z.array(CategoryAttributeSchema).optional(),
  seoAttributes: SeoAttributesSchema.optional(),
})

/** `categories/{A/B/C}` and the elements of `categories` (`CategoryData`). */
export const CategorySchema: z.ZodType<CategoryWire> = z.lazy(() =>
  CategoryBaseSchema.extend({ subCategories: z.array(CategorySchema).optional() }),
)

/** `categories[?view=tree]`: the top categories in a collection envelope (the PWA unpacks `elements`). */
export const CategoryCollectionSchema = z.object({ elements: z.array(CategorySchema) })

/** A price as a product carries it (`PriceData`: value and currency). */
const PriceDataSchema = MoneySchema.extend({ type: z.string().optional() })

/** A variation attribute value: `{name, value}` (name is the value's display name). */
const VariationAttributeValueSchema = z.object({ name: z.string(), value: z.string() })

/** `VariationAttributeData` of a variation: the one value it has. */
export const VariationAttributeSchema = z.object({
  variationAttributeId: z.string(),
  name: z.string(),
  value: VariationAttributeValueSchema,
})

/** `VariationAttributeData` of a master: the values its variations take. */
export const MasterVariationAttributeSchema = z.object({
  variationAttributeId: z.string(),
  name: z.string(),
  values: z.array(z.object({ value: VariationAttributeValueSchema })),
})

/** A warranty offered with a product: a Link with its price in the `WarrantyPrice` attribute. */
export const WarrantyLinkSchema = LinkSchema.extend({
  attributes: z
    .array(AttributeSchema)
    .refine(
      (list) => PriceDataSchema.safeParse(list.find((a) => a.name === 'WarrantyPrice')?.value).success,
      {
        message: 'a warranty Link carries its WarrantyPrice',
      },
    ),
})

/** `products/{sku}` (`ProductData`). */
export const ProductSchema = z.object({
  sku: z.string(),
  productName: z.string().optional(),
  shortDescription: z.string().optional(),
  longDescription: z.string().optional(),
  manufacturer: z.string().optional(),
  images: z.array(ImageSchema).optional(),
  attributes: z.array(AttributeSchema).optional(),
  attributeGroups: z
    .record(z.object({ name: z.string().optional(), attributes: z.array(AttributeSchema).optional() }))
    .optional(),
  listPrice: PriceDataSchema.optional(),
  salePrice: PriceDataSchema.optional(),
  minOrderQuantity: z.number().optional(),
  maxOrderQuantity: z.number().optional(),
  stepOrderQuantity: z.number().optional(),
  packingUnit: z.string().optional(),
  productMaster: z.boolean().optional(),
  mastered: z.boolean().optional(),
  productMasterSKU: z.string().optional(),
  productBundle: z.boolean().optional(),
  retailSet: z.boolean().optional(),
  productTypes: z.array(z.string()).optional(),
  availability: z.boolean().optional(),
  inStock: z.boolean().optional(),
  availableStock: z.number().optional(),
  readyForShipmentMin: z.number().nullish(),
  readyForShipmentMax: z.number().nullish(),
  roundedAverageRating: z.string().optional(),
  defaultCategory: CategoryBaseSchema.optional(),
  promotions: z.array(LinkSchema).optional(),
  availableWarranties: z.array(WarrantyLinkSchema).optional(),
  seoAttributes: SeoAttributesSchema.optional(),
  variationAttributeValuesExtended: z
    .array(z.union([VariationAttributeSchema, MasterVariationAttributeSchema]))
    .optional(),
  /** The bundled API's extension (`localizedNames=true`, ADR 0051); a real ICM never sends it. */
  localizedNames: z
    .array(z.object({ locale: z.string(), productName: z.string(), variationValues: z.array(z.string()) }))
    .optional(),
})

/** A warranty served as a product (`products/{id}` of a warranty). */
export const WarrantyProductSchema = ProductSchema.extend({ type: z.literal('Warranty') })

const STUB_QUANTITIES = new Set(['minOrderQuantity', 'maxOrderQuantity', 'stepOrderQuantity'])

/**
 * A stub attribute: `defaultCategory` is a category object, the order quantities are Quantities (`{value}`),
 * as the PWA's stub mapper reads them.
 */
const StubAttributeSchema = AttributeSchema.superRefine((attribute, ctx) => {
  if (attribute.name === 'defaultCategory' && !CategoryBaseSchema.safeParse(attribute.value).success)
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'defaultCategory is a category with categoryPath' })
  if (
    STUB_QUANTITIES.has(attribute.name) &&
    !z.object({ value: z.number() }).safeParse(attribute.value).success
  )
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${attribute.name} is a Quantity {value}` })
})

/** A list entry (`ProductDataStub`: `{title, description, attributes}`, ICM adds the Link's type and uri). */
export const ProductStubSchema = LinkSchema.partial({ type: true, uri: true }).extend({
  title: z.string().optional(),
  description: z.string().optional(),
  attributes: z
    .array(StubAttributeSchema)
    .refine((list) => list.some((a) => a.name === 'sku' && typeof a.value === 'string'), {
      message: 'a product stub names its sku',
    }),
})

/** `categories/{path}/products`, `products?searchTerm=|MasterSKU=`: a page of stubs. */
export const ProductStubCollectionSchema = resourceCollection(ProductStubSchema).extend({
  redirectUrl: z.string().optional(),
  /** Beyond ICM: the term searched for instead of a misspelled one (README). */
  correctedSearchTerm: z.string().optional(),
})

/** `productlookup`: stubs of the products whose SKU starts with the term. */
export const ProductLookupSchema = resourceCollection(ProductStubSchema)

/** `products/{sku}/variations` (`ProductVariationLink`). */
export const VariationLinkSchema = LinkSchema.extend({
  variableVariationAttributeValuesExtended: z.array(VariationAttributeSchema),
})
export const VariationsSchema = resourceCollection(VariationLinkSchema)

/** `products/{sku}/bundles`: Links to the parts, each with its `quantity` attribute `{value}`. */
export const BundleLinkSchema = LinkSchema.extend({
  attributes: z
    .array(AttributeSchema)
    .refine(
      (list) =>
        z.object({ value: z.number() }).safeParse(list.find((a) => a.name === 'quantity')?.value).success,
      { message: 'a bundle part carries its quantity as {value}' },
    ),
})
export const BundlesSchema = resourceCollection(BundleLinkSchema)

/** `products/{sku}/partOfRetailSet`: Links to the parts of the retail set. */
export const RetailSetPartsSchema = resourceCollection(LinkSchema)

/** `products/{sku}/links`: per link type, the linked products and categories as Links. */
export const ProductLinksSchema = resourceCollection(
  z.object({
    linkType: z.string(),
    productLinks: z.array(LinkSchema).optional(),
    categoryLinks: z.array(LinkSchema).optional(),
  }),
)

/** `productfilters`: Filters with their Facets. */
export const ProductFiltersSchema = resourceCollection(
  z.object({
    id: z.string(),
    name: z.string(),
    displayType: z.string().optional(),
    selectionType: z.string().optional(),
    limitCount: z.number().optional(),
    facets: z.array(
      z.object({
        name: z.string(),
        displayName: z.string().optional(),
        count: z.number().int().nonnegative(),
        selected: z.boolean().optional(),
        level: z.number().optional(),
        link: LinkSchema.optional(),
      }),
    ),
  }),
)

const PriceTierSchema = PriceItemSchema.extend({
  minQuantity: z.object({ value: z.number() }),
  priceQuantity: z.object({ value: z.number() }).optional(),
})

/** A price type that is one price: a single tier from quantity 1. */
const SinglePriceSchema = z.tuple([
  PriceTierSchema.extend({ minQuantity: z.object({ value: z.literal(1) }) }),
])

/**
 * The prices of one SKU per ICM price type (`ProductPricesMapper.fromData`): `SalePrice` tiers and `ListPrice`;
 * a master's range from its cheapest to its dearest variation (`Min…`, `Max…`), a retail set's from its
 * cheapest part to all parts (`Min…`, `SummedUp…`). A range always has its upper end.
 */
const PriceTypesSchema = z
  .object({
    SalePrice: z.array(PriceTierSchema).optional(),
    ListPrice: z.array(PriceTierSchema).optional(),
    MinSalePrice: SinglePriceSchema.optional(),
    MinListPrice: SinglePriceSchema.optional(),
    MaxSalePrice: SinglePriceSchema.optional(),
    MaxListPrice: SinglePriceSchema.optional(),
    SummedUpSalePrice: SinglePriceSchema.optional(),
    SummedUpListPrice: SinglePriceSchema.optional(),
  })
  .strict()
  .refine(
    (p) => !p.MinSalePrice || !!p.MaxSalePrice !== !!p.SummedUpSalePrice,
    'a MinSalePrice comes with either a MaxSalePrice (a master) or a SummedUpSalePrice (a retail set)',
  )
  .refine(
    (p) => (!p.MaxSalePrice && !p.SummedUpSalePrice) || !!p.MinSalePrice,
    'an upper price comes with its MinSalePrice',
  )

const SkuPricesSchema = z.object({ sku: z.string(), prices: PriceTypesSchema })

/** `productprices` (`…pricing.v1+json`). */
export const ProductPricesSchema = z.object({ data: z.array(SkuPricesSchema) })

/** `inventories` (`…inventory.v1+json`). */
export const InventoriesSchema = z.object({
  data: z.array(
    z.object({
      sku: z.string(),
      inStock: z.boolean().optional(),
      availableStock: z.number().optional(),
      warehouses: z
        .array(
          z.object({ id: z.string().optional(), stock: z.number(), alwaysInStock: z.boolean().optional() }),
        )
        .optional(),
    }),
  ),
})

const QuantitySchema = z.object({ value: z.number(), unit: z.string().optional() })

/** `POST prices`: one PriceInformation per SKU asked for. */
export const PriceInformationSchema = SkuPricesSchema.extend({
  quantity: QuantitySchema,
  salePrice: PriceItemSchema,
  listPrice: PriceItemSchema,
})
export const PriceInformationListSchema = z.object({ priceInformationList: z.array(PriceInformationSchema) })

/** `POST inventory`: one InventoryInformation per SKU asked for. */
export const InventoryInformationSchema = z.object({
  sku: z.string(),
  quantity: QuantitySchema,
  inStock: z.boolean(),
  availableStock: z.number().optional(),
  available: z.boolean().optional(),
})
export const InventoryInformationListSchema = z.object({
  inventoryInformationList: z.array(InventoryInformationSchema),
})

/** `promotions/{id}` (`PromotionData`). */
export const PromotionSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().optional(),
  longTitle: z.string().optional(),
  ruleDescription: z.string().optional(),
  legalContentMessage: z.string().optional(),
  couponCodeRequired: z.boolean().optional(),
  currency: z.string().optional(),
  icon: z.string().nullish(),
  disableMessages: z.boolean().optional(),
  useExternalUrl: z.boolean().optional(),
})

/** `suggest`: SuggestTerms. */
export const SuggestTermsSchema = z.object({
  type: z.literal('SuggestTerms').optional(),
  elements: z.array(z.object({ term: z.string(), suggestType: z.string().optional() })),
})

/** `categories/*` serves a category, its products and its productfilters. */
const categoryResource = (path: string) =>
  /\/productfilters$/.test(path)
    ? ProductFiltersSchema
    : /\/products$/.test(path)
      ? ProductStubCollectionSchema
      : CategorySchema

export const catalogWire: WireRule[] = [
  { method: 'GET', route: '/rest/:site/categories', schema: CategoryCollectionSchema },
  { method: 'GET', route: '/rest/:site/categories/*', schema: categoryResource },
  { method: 'GET', route: '/rest/:site/products', schema: ProductStubCollectionSchema },
  { method: 'GET', route: '/rest/:site/productfilters', schema: ProductFiltersSchema },
  {
    method: 'GET',
    route: '/rest/:site/products/:sku',
    schema: z.union([ProductSchema, WarrantyProductSchema]),
  },
  { method: 'GET', route: '/rest/:site/products/:sku/variations', schema: VariationsSchema },
  { method: 'GET', route: '/rest/:site/products/:sku/bundles', schema: BundlesSchema },
  { method: 'GET', route: '/rest/:site/products/:sku/partOfRetailSet', schema: RetailSetPartsSchema },
  { method: 'GET', route: '/rest/:site/products/:sku/links', schema: ProductLinksSchema },
  { method: 'GET', route: '/rest/:site/productprices', schema: ProductPricesSchema },
  { method: 'GET', route: '/rest/:site/inventories', schema: InventoriesSchema },
  { method: 'POST', route: '/rest/:site/prices', schema: PriceInformationListSchema },
  { method: 'POST', route: '/rest/:site/inventory', schema: InventoryInformationListSchema },
  { method: 'GET', route: '/rest/:site/promotions/:id', schema: PromotionSchema },
  { method: 'GET', route: '/rest/:site/suggest', schema: SuggestTermsSchema },
  { method: 'GET', route: '/rest/:site/productlookup', schema: ProductLookupSchema },
]
