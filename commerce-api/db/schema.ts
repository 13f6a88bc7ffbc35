import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** Text in the shop's locales, keyed by locale id (en_US, de_DE, ...). */
export type LocalizedText = Record<string, string>

export type ProductAttribute = {
  key: string
  names: LocalizedText
  type: 'String' | 'Integer' | 'Double' | 'Boolean'
  /** A language-neutral value, or one per locale. */
  value: string | number | boolean | LocalizedText
  unit?: string
}

export type VariationAttribute = { id: string; names: LocalizedText; value: string; values: LocalizedText }

export type Attachment = { name: string; type: string; key: string; descriptions: LocalizedText }

export type CmsPagelet = {
  id: string
  definitionQualifiedName: string
  /** Parameter values; strings may be localized maps. */
  configurationParameters: Record<string, { type: string; value: unknown }>
}

/** Key/value store for one-off facts about the database (seed size, seed version). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
})

export const categories = pgTable(
  'categories',
  {
    /** Unique id: the ids of the category path joined by dots (ICM's uniqueId). */
    uniqueId: text('unique_id').primaryKey(),
    /** The last segment, as used in ICM paths (categories/A/B/C). */
    segment: text('segment').notNull(),
    parentId: text('parent_id'),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
    online: boolean('online').notNull().default(true),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
)

export const products = pgTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    /** product | master | variation | bundle | retailset */
    kind: text('kind').notNull(),
    masterSku: text('master_sku'),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    shortDescriptions: jsonb('short_descriptions').$type<LocalizedText>().notNull(),
    longDescriptions: jsonb('long_descriptions').$type<LocalizedText>().notNull(),
    manufacturer: text('manufacturer').notNull(),
    manufacturerSku: text('manufacturer_sku'),
    defaultCategoryId: text('default_category_id').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    maxOrderQuantity: integer('max_order_quantity'),
    stepQuantity: integer('step_quantity').notNull().default(1),
    packingUnit: text('packing_unit').notNull().default(''),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull(),
    variationAttributes: jsonb('variation_attributes').$type<VariationAttribute[]>(),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull(),
    readyForShipmentMin: integer('ready_for_shipment_min'),
    readyForShipmentMax: integer('ready_for_shipment_max'),
    /** Average rating times 10 (0..50); null when unrated. */
    rating: integer('rating'),
    /** Index of the generated picture (icon and colour) for this product. */
    imageStyle: integer('image_style').notNull(),
    online: boolean('online').notNull().default(true),
  },
  (t) => [index('products_master_idx').on(t.masterSku)],
)

export const productCategories = pgTable(
  'product_categories',
  {
    categoryId: text('category_id').notNull(),
    sku: text('sku').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.sku] }),
    index('product_categories_order_idx').on(t.categoryId, t.position),
  ],
)

/** Parts of bundles and retail sets. */
export const productParts = pgTable(
  'product_parts',
  {
    ownerSku: text('owner_sku').notNull(),
    partSku: text('part_sku').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerSku, t.partSku] }), index('product_parts_part_idx').on(t.partSku)],
)

export const productLinks = pgTable(
  'product_links',
  {
    sku: text('sku').notNull(),
    linkType: text('link_type').notNull(),
    targetSku: text('target_sku').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.linkType, t.targetSku] })],
)

export type ScaledPrice = { minQuantity: number; net: number; gross: number }

/** One price list row per product and currency; amounts in minor units (cents). */
export const prices = pgTable(
  'prices',
  {
    sku: text('sku').notNull(),
    currency: text('currency').notNull(),
    listNet: bigint('list_net', { mode: 'number' }).notNull(),
    listGross: bigint('list_gross', { mode: 'number' }).notNull(),
    saleNet: bigint('sale_net', { mode: 'number' }).notNull(),
    saleGross: bigint('sale_gross', { mode: 'number' }).notNull(),
    /** Further tiers of the sale price (minQuantity > 1), ascending. */
    scaled: jsonb('scaled').$type<ScaledPrice[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.currency] })],
)

export const inventories = pgTable('inventories', {
  sku: text('sku').primaryKey(),
  stock: integer('stock').notNull(),
  alwaysInStock: boolean('always_in_stock').notNull().default(false),
})

export const cmsIncludes = pgTable('cms_includes', {
  id: text('id').primaryKey(),
  definitionQualifiedName: text('definition_qualified_name').notNull(),
  displayNames: jsonb('display_names').$type<LocalizedText>().notNull(),
  pagelets: jsonb('pagelets').$type<CmsPagelet[]>().notNull(),
})

export const customers = pgTable('customers', {
  customerNo: text('customer_no').primaryKey(),
  /** PrivateCustomer | SMBCustomer */
  type: text('type').notNull(),
  companyName: text('company_name'),
  companyName2: text('company_name2'),
  taxationId: text('taxation_id'),
  industry: text('industry'),
  description: text('description'),
  budgetPriceType: text('budget_price_type').notNull().default('gross'),
})

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerNo: text('customer_no').notNull(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    preferredLanguage: text('preferred_language').notNull(),
    /** Role ids (APP_B2B_ACCOUNT_OWNER, APP_B2B_BUYER, ...); empty for private customers. */
    roles: jsonb('roles').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_login_idx').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
  ],
)

export const apiTokens = pgTable(
  'api_tokens',
  {
    token: text('token').primaryKey(),
    /** The owner of everything this token creates: a user id, or a random id for an anonymous shopper. */
    subject: text('subject').notNull(),
    anonymous: boolean('anonymous').notNull(),
    userId: uuid('user_id'),
    refreshToken: text('refresh_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_refresh_idx').on(t.refreshToken)],
)

export const baskets = pgTable(
  'baskets',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Token subject that owns the basket (user id or anonymous id). */
    owner: text('owner').notNull(),
    userId: uuid('user_id'),
    customerNo: text('customer_no'),
    currency: text('currency').notNull(),
    /** open | submitted */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('baskets_owner_idx').on(t.owner, t.status, t.updatedAt)],
)

export const lineItems = pgTable(
  'line_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('line_items_basket_idx').on(t.basketId, t.position)],
)
