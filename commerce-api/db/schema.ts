import { getTableColumns, sql } from 'drizzle-orm'
import type { MessageCode } from '../domain/message-codes'
import type { OciConfigurationItem } from '../punchout/oci'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
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
  /** Not published yet: shown only in a design preview (`;prectx=` of a known preview context, issue 36). */
  draft?: boolean
}

/** PostgreSQL's tsvector; written by SQL only (see db/search-index.ts), never read into JavaScript. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

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
    /**
     * The category's UNSPSC code (8 digits: a segment, family, class or commodity), which punchout transfers
     * send as the products' classification (cXML Classification, OCI MATGROUP); null: the parent's applies.
     */
    unspsc: text('unspsc'),
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
    /** GTIN-13 (EAN) of the product; a variation has its own. */
    ean: text('ean'),
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
  (t) => [index('products_master_idx').on(t.masterSku), uniqueIndex('products_ean_idx').on(t.ean)],
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
  /** Whether a business basket may be ordered without a cost center (ICM's `isCostCenterOptional`). */
  costCenterOptional: boolean('cost_center_optional').notNull().default(false),
  /**
   * A customer who registered where their kind needs the shop's approval (REGISTRATION_APPROVAL): its users
   * cannot log in until the operator approves it (domain/registration.ts).
   */
  approvalPending: boolean('approval_pending').notNull().default(false),
  /**
   * ICM's `isCookieConsentDisabled` (spec commerce §3, shell §4.1): the company decided for its users, who get
   * only the required cookies without being asked.
   */
  cookieConsentDisabled: boolean('cookie_consent_disabled').notNull().default(false),
  /**
   * ICM's `contactPersonID` (spec commerce §3): the shop's sales or service person looking after a business
   * customer (`contact_persons`, `GET contactpersons`); null for private customers and businesses without one.
   */
  contactPersonId: text('contact_person_id').references((): AnyPgColumn => contactPersons.id, {
    onDelete: 'set null',
  }),
  /**
   * ICM's `isPriceDisplayActive` (spec commerce §3, §5 "active unless the customer says otherwise"): off, the
   * customer's users see no prices in the shop (a blank price, or the on-demand text; ADR 0045). The API still
   * prices and totals everything, as ICM does; the operator switches it (routes/backoffice-customers.ts).
   */
  priceDisplayActive: boolean('price_display_active').notNull().default(true),
})

/** Numbers of customers who register themselves (`PC-300001`, `BC-300002`): above the seeded ones. */
export const customerNumbers = pgSequence('customer_no_seq', { startWith: 300001 })

/** Budget periods of ICM (a user's budget and a cost center's): the spent amount restarts with each. */
export type BudgetPeriod = 'weekly' | 'monthly' | 'quarterly' | 'yearly'

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
    /** ICM's `phoneHome`. */
    phone: text('phone'),
    phoneBusiness: text('phone_business'),
    phoneMobile: text('phone_mobile'),
    fax: text('fax'),
    /** ICM's `birthday` (yyyy-mm-dd). */
    birthday: date('birthday', { mode: 'string' }),
    department: text('department'),
    /**
     * The price display the user chose with the display-type switch (`gross` or `net`), sent as ICM's custom
     * user attribute `preferredPriceDisplayType`; null: the channel's display for the customer's type.
     */
    preferredPriceDisplayType: text('preferred_price_display_type').$type<'gross' | 'net'>(),
    preferredLanguage: text('preferred_language').notNull(),
    /** Role ids (APP_B2B_ACCOUNT_OWNER, APP_B2B_BUYER, ...); empty for private customers. */
    roles: jsonb('roles').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * A business user's budget (ICM's UserBudget), in minor units of `budgetCurrency`: the most one order may
     * cost (`orderSpentLimit`) and what the user may spend per `budgetPeriod`; null: no limit.
     */
    orderSpentLimit: bigint('order_spent_limit', { mode: 'number' }),
    budget: bigint('budget', { mode: 'number' }),
    budgetPeriod: text('budget_period').$type<BudgetPeriod>(),
    budgetCurrency: text('budget_currency'),
    /**
     * A business user's number in their company (ICM's `businessPartnerNo`), given by the API when the user is
     * created (U00001, U00002, … per customer) and never changed; null for private customers' users.
     */
    businessPartnerNo: text('business_partner_no'),
    /**
     * The user's preferred invoice-to and ship-to addresses (spec commerce-and-checkout §3 User), set by the
     * user update (ICM's `preferredInvoiceToAddress`/`preferredShipToAddress`); cleared when the address goes.
     */
    preferredInvoiceToAddressId: uuid('preferred_invoice_to_address_id').references(
      (): AnyPgColumn => addresses.id,
      { onDelete: 'set null' },
    ),
    preferredShipToAddressId: uuid('preferred_ship_to_address_id').references(
      (): AnyPgColumn => addresses.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_idx').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_business_partner_no_idx').on(t.customerNo, t.businessPartnerNo),
  ],
)

/**
 * A business customer's cost centers: `costCenterId` is the company's own number for it (unique per customer,
 * the id ICM clients use in paths and on baskets), `owner` the user who manages it. Budget in minor units of
 * `currency` per `budgetPeriod`; null: none.
 */
export const costCenters = pgTable(
  'cost_centers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerNo: text('customer_no')
      .notNull()
      .references(() => customers.customerNo, { onDelete: 'cascade' }),
    costCenterId: text('cost_center_id').notNull(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    budget: bigint('budget', { mode: 'number' }),
    budgetPeriod: text('budget_period').$type<BudgetPeriod>(),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cost_centers_number_idx').on(t.customerNo, sql`lower(${t.costCenterId})`)],
)

/** The users who may order on a cost center, each with an optional budget of their own on it. */
export const costCenterBuyers = pgTable(
  'cost_center_buyers',
  {
    costCenterId: uuid('cost_center_id')
      .notNull()
      .references(() => costCenters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budget: bigint('budget', { mode: 'number' }),
    budgetPeriod: text('budget_period').$type<BudgetPeriod>(),
  },
  (t) => [
    primaryKey({ columns: [t.costCenterId, t.userId] }),
    index('cost_center_buyers_user_idx').on(t.userId),
  ],
)

/**
 * Mail the API sends, written in the same transaction as the change that causes it and delivered after the
 * commit (SMTP_URL, or kept here for the local mailbox page); failed deliveries are retried.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** What the mail is for (e.g. `user.welcome`), for the mailbox and the logs. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt)],
)

/**
 * Mails whose rendering waits until after the commit (ADR 0048): the transaction of a change writes the small
 * event that causes them here, with the change, and the mails are rendered into the outbox right after it
 * committed, in a short transaction of their own (mail/deferred.ts). A process that stops in between renders
 * them at its next start; so they go out exactly when the change is committed, as the outbox's do.
 */
export const mailEvents = pgTable('mail_events', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** The domain event's type (`requisition.decided`). */
  type: text('type').notNull(),
  /** What the mails need, as ids (the rows are read when they are rendered). */
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Single-use, expiring secrets of password links (a new user's "set your password", a password reminder):
 * only their SHA-256 is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    hash: text('hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `welcome` (a new user sets a first password) or `reminder` (a forgotten one). */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
)

/**
 * Permission ids as ICM names them (APP_B2B_PURCHASE, APP_B2B_MANAGE_USERS, ...). What a user may do is decided
 * by permissions, never by role ids: roles only group them (ICM since 7.6).
 */
export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  displayNames: jsonb('display_names').$type<LocalizedText>().notNull(),
})

/** The business user roles of the channel (APP_B2B_BUYER, ...); users.roles holds a user's role ids. */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  displayNames: jsonb('display_names').$type<LocalizedText>().notNull(),
  /** ICM's `fixed`: the role every business user keeps (Buyer); user management cannot take it away. */
  fixed: boolean('fixed').notNull().default(false),
  /**
   * Whether user management may give the role (`customers/{no}/roles`); punchout roles are given only with
   * a punchout user.
   */
  assignable: boolean('assignable').notNull().default(true),
  position: integer('position').notNull(),
})

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
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
    /**
     * A punchout start token (issue 34, domain/punchout-sessions.ts): short-lived, and exchanged once (the
     * first refresh grant with it revokes it); every token issued for it is an ordinary one.
     */
    singleUse: boolean('single_use').notNull().default(false),
    /**
     * The sales representative (sales_reps.id) acting for the user through co-browse (issue 35): set on the
     * single-use co-browse token and inherited by every token issued for it; null for the user themselves.
     */
    salesRepId: text('sales_rep_id'),
  },
  (t) => [
    uniqueIndex('api_tokens_refresh_idx').on(t.refreshToken),
    index('api_tokens_refresh_expiry_idx').on(t.refreshExpiresAt),
  ],
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
    /**
     * open | submitted | requisition | recurring (the template of a recurring order, whose id is the basket's)
     */
    status: text('status').notNull().default('open'),
    /** Shown to the merchant with the order; null when empty. */
    messageToMerchant: text('message_to_merchant'),
    /** The buyer's own reference for the order (e.g. a purchase order number); null when empty. */
    externalOrderReference: text('external_order_reference'),
    /** Addresses (addresses.id) the basket is invoiced and shipped to; cleared when the address is deleted. */
    invoiceToAddressId: uuid('invoice_to_address_id').references((): AnyPgColumn => addresses.id, {
      onDelete: 'set null',
    }),
    commonShipToAddressId: uuid('common_ship_to_address_id').references((): AnyPgColumn => addresses.id, {
      onDelete: 'set null',
    }),
    /** shipping_methods.id */
    shippingMethodId: text('shipping_method_id'),
    /** The buyer's e-mail: a guest's from the invoice address, a user's own. */
    email: text('email'),
    /** The cost center a business basket is ordered on (its `costCenterId`; ICM's `costCenter`). */
    costCenter: text('cost_center'),
    /**
     * ICM's `recurrence`: a logged-in user's basket set to be ordered again and again (domain/recurrence.ts);
     * `POST orders` then makes it a recurring order instead of an order. Null: an order placed once.
     */
    recurrence: jsonb('recurrence').$type<BasketRecurrence>(),
    /** The sales representative who changed the basket last through co-browse (issue 35); null: the shopper. */
    salesRepId: text('sales_rep_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('baskets_owner_idx').on(t.owner, t.status, t.updatedAt)],
)

/**
 * A basket's recurrence as stored: the interval as ICM answers it (ISO 8601, weeks as days: P1D, P14D, P1M,
 * P1Y), the first order's day, and at most one end: a last day or a number of orders.
 */
export type BasketRecurrence = {
  interval: string
  startDate: string
  endDate?: string
  repetitions?: number
}

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
    /** The warranty chosen for this line (warranties.id), if any. */
    warrantyId: text('warranty_id'),
    /** The day the buyer wants this line delivered (yyyy-mm-dd), within the channel's delivery window. */
    desiredDelivery: date('desired_delivery', { mode: 'string' }),
    /**
     * The line this one was chosen for as a mandatory selection or accessory (ICM `mandatorySelectionItemOf`,
     * ADR 0011); deleting that line deletes this one with it.
     */
    mandatorySelectionItemOf: uuid('mandatory_selection_item_of').references(
      (): AnyPgColumn => lineItems.id,
      {
        onDelete: 'cascade',
      },
    ),
    /** ICM `customFields` of the line (e.g. the buyer's own product code `pcode` from an add-items link). */
    customFields: jsonb('custom_fields')
      .$type<{ name: string; value: string; type: string }[]>()
      .notNull()
      .default([]),
    /**
     * The quote whose line this is (issue 36, ADR 0040): its quantity is fixed and its price per piece is the
     * quoted net price (`quoted_net`, minor units), not the price list's, until the quote expires.
     */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'cascade' }),
    quotedNet: bigint('quoted_net', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('line_items_basket_idx').on(t.basketId, t.position),
    index('line_items_mandatory_parent_idx').on(t.mandatorySelectionItemOf),
  ],
)

/** Promotion codes entered in a basket (the promotion's `code`, as entered in upper case). */
export const basketPromotionCodes = pgTable(
  'basket_promotion_codes',
  {
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.basketId, t.code] })],
)

// -----------------------------------------------------------------------------------------------------------
// Search and facets: derived from products by db/search-index.ts (rebuilt after seeding), never edited by hand.

/**
 * What a listing filters, counts and sorts on besides the facets, copied next to them so that a listing
 * never joins prices or products per hit: the sale price per currency in minor units (gross for the
 * price facet, net for sorting, as the price rows hold them) and the lower-cased names per locale.
 */
function listingColumns() {
  return {
    /** The product's brand (its `brand:` facet id without the prefix): counted without reading the facets. */
    brand: text('brand').notNull().default(''),
    grossEur: bigint('gross_eur', { mode: 'number' }),
    grossUsd: bigint('gross_usd', { mode: 'number' }),
    grossPln: bigint('gross_pln', { mode: 'number' }),
    grossRon: bigint('gross_ron', { mode: 'number' }),
    netEur: bigint('net_eur', { mode: 'number' }),
    netUsd: bigint('net_usd', { mode: 'number' }),
    netPln: bigint('net_pln', { mode: 'number' }),
    netRon: bigint('net_ron', { mode: 'number' }),
    sortNames: jsonb('sort_names').$type<LocalizedText>().notNull(),
  }
}

/** Full-text documents per locale, weighted (A: name, SKU, brand; B: short description, attributes; C: long text). */
export const productSearch = pgTable(
  'product_search',
  {
    sku: text('sku').primaryKey(),
    online: boolean('online').notNull(),
    /** Shown in lists and search results: online and not a variation (lists show the master). */
    listed: boolean('listed').notNull(),
    masterSku: text('master_sku'),
    /** Facet ids `category:{uniqueId}` of the categories the product is assigned to (a search's category facet). */
    categories: text('categories').array().notNull(),
    /** Facet value ids of the product: `brand:{name}` and `{attributeKey}:{value}`. */
    facets: text('facets').array().notNull(),
    /**
     * Codes that find the product exactly, normalized (lower case, letters and digits only): its EAN and, for
     * all but variations (which share their master's), the manufacturer part number.
     */
    codes: text('codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...listingColumns(),
    enUS: tsvector('en_us').notNull(),
    deDE: tsvector('de_de').notNull(),
    frFR: tsvector('fr_fr').notNull(),
    plPL: tsvector('pl_pl').notNull(),
    roRO: tsvector('ro_ro').notNull(),
  },
  (t) => [
    index('product_search_master_idx').on(t.masterSku),
    index('product_search_facets_idx').using('gin', t.facets),
    index('product_search_codes_idx').using('gin', t.codes),
    index('product_search_en_idx').using('gin', t.enUS),
    index('product_search_de_idx').using('gin', t.deDE),
    index('product_search_fr_idx').using('gin', t.frFR),
    index('product_search_pl_idx').using('gin', t.plPL),
    index('product_search_ro_idx').using('gin', t.roRO),
  ],
)

/**
 * The online products of each category in listing order, with what listing and facets need: a category
 * page reads one contiguous range of this table instead of looking up every product it counts.
 */
export const categoryListing = pgTable(
  'category_listing',
  {
    categoryId: text('category_id').notNull(),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    facets: text('facets').array().notNull(),
    ...listingColumns(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.position, t.sku] })],
)

/** Facet groups: `brand` and every product attribute key, with their localized names. */
export const facetGroups = pgTable('facet_groups', {
  key: text('key').primaryKey(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  /** number | text */
  kind: text('kind').notNull(),
  unit: text('unit').notNull().default(''),
})

/** One row per facet value id, with its localized display names and a numeric sort key for numbers. */
export const facetValues = pgTable(
  'facet_values',
  {
    id: text('id').primaryKey(),
    groupKey: text('group_key').notNull(),
    value: text('value').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    sortNumber: bigint('sort_number', { mode: 'number' }),
  },
  (t) => [index('facet_values_group_idx').on(t.groupKey)],
)

/** Words of product names per locale with the number of products using them, for keyword suggestions. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    locale: text('locale').notNull(),
    keyword: text('keyword').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.keyword] }),
    index('search_keywords_prefix_idx').on(t.locale, sql`${t.keyword} text_pattern_ops`),
  ],
)

/**
 * Every word the search documents of a locale are made of, for spelling correction: the word as written
 * (lower case), without diacritics (`plain`, trigram-indexed: the most similar word to a misspelling), its
 * lexeme in the locale's text search configuration, and the number of sellable products using it. Words of
 * the synonym lists are in it too (hits 0), so that "Bohrmaschiene" is corrected to a word that finds.
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    locale: text('locale').notNull(),
    word: text('word').notNull(),
    plain: text('plain').notNull(),
    lexeme: text('lexeme').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.word] }),
    index('search_vocabulary_lexeme_idx').on(t.locale, t.lexeme),
    index('search_vocabulary_trgm_idx').using('gist', t.plain.op('gist_trgm_ops')),
    index('search_vocabulary_prefix_idx').on(t.locale, sql`${t.word} text_pattern_ops`),
  ],
)

/**
 * The parts of compound words, for the locales that write compounds as one word (German "Klauenhammer"):
 * every ending of a long vocabulary word without diacritics (`part`, at least four letters after at least
 * three), with the word it ends and that word's hits. A search word that begins a part ("hammer", "hamm")
 * also finds the words it ends; a misspelled one ("hammr") is corrected to the nearest part (trigram index).
 */
export const searchWordParts = pgTable(
  'search_word_parts',
  {
    locale: text('locale').notNull(),
    part: text('part').notNull(),
    word: text('word').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.part, t.word] }),
    index('search_word_parts_prefix_idx').on(t.locale, sql`${t.part} text_pattern_ops`),
    index('search_word_parts_trgm_idx').using('gist', t.part.op('gist_trgm_ops')),
  ],
)

/**
 * Synonyms per locale (domain/search-synonyms.ts): phrases of one group mean the same, so a search for one
 * also finds the others. `phrase` is the group member's words, `lexemes` their lexemes in the locale's text
 * search configuration (what a search term is matched against), both separated by single spaces.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    locale: text('locale').notNull(),
    groupId: integer('group_id').notNull(),
    phrase: text('phrase').notNull(),
    lexemes: text('lexemes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.groupId, t.phrase] })],
)

/** Search terms that lead to a page instead of a result list (e.g. "returns" to the returns page). */
export const searchRedirects = pgTable('search_redirects', {
  /** Lower-case search term. */
  term: text('term').primaryKey(),
  /** Storefront-relative URL without the language prefix, e.g. `/page/returns`. */
  url: text('url').notNull(),
})

// -----------------------------------------------------------------------------------------------------------
// Promotions, warranties, content pages

export type PromotionRule = {
  /** percentOff: value is percent; amountOff: value is minor units of EUR, converted per currency. */
  type: 'percentOff' | 'amountOff'
  value: number
  /** order: on the basket's item total; item: on lines of the promotion's products. */
  scope: 'order' | 'item'
  /** Minimum item total in minor units of EUR for the promotion to apply. */
  minOrderValue?: number
}

export const promotions = pgTable('promotions', {
  id: text('id').primaryKey(),
  titles: jsonb('titles').$type<LocalizedText>().notNull(),
  longTitles: jsonb('long_titles').$type<LocalizedText>().notNull(),
  ruleDescriptions: jsonb('rule_descriptions').$type<LocalizedText>().notNull(),
  legalContent: jsonb('legal_content').$type<LocalizedText>().notNull(),
  /** The promotion code a shopper enters in the basket; null when it applies without one. */
  code: text('code'),
  rule: jsonb('rule').$type<PromotionRule>().notNull(),
  /** Icon name shown next to the title. */
  icon: text('icon').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
})

export const productPromotions = pgTable(
  'product_promotions',
  {
    sku: text('sku').notNull(),
    promotionId: text('promotion_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.promotionId] })],
)

/** Warranties sold with products (ICM exposes them as products of their own). */
export const warranties = pgTable('warranties', {
  id: text('id').primaryKey(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
  /** Years of cover. */
  years: integer('years').notNull(),
  /** Net price per currency in minor units, e.g. { EUR: 1999 }. */
  prices: jsonb('prices').$type<Record<string, number>>().notNull(),
})

export const productWarranties = pgTable(
  'product_warranties',
  {
    sku: text('sku').notNull(),
    warrantyId: text('warranty_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.warrantyId] })],
)

/** CMS content pages (`cms/pages/{id}`), arranged in a tree by parentId. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    position: integer('position').notNull(),
    definitionQualifiedName: text('definition_qualified_name').notNull(),
    displayNames: jsonb('display_names').$type<LocalizedText>().notNull(),
    pagelets: jsonb('pagelets').$type<CmsPagelet[]>().notNull(),
  },
  (t) => [index('cms_pages_parent_idx').on(t.parentId, t.position)],
)

// -----------------------------------------------------------------------------------------------------------
// Checkout: addresses, shipping and payment methods, payment instruments, payments, orders

/**
 * Addresses: a customer's address book (customerNo set) or an address a guest entered for one basket
 * (basketId set). Exactly one of the two owners is set.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerNo: text('customer_no'),
    /**
     * The user who created a customer address and may change it (spec commerce-and-checkout §5). Null for the
     * company's shared addresses (head office, sites), which only an account owner changes.
     */
    ownerUserId: uuid('owner_user_id'),
    /**
     * An owned business address its owner (or the account admin) shared with every user of the company
     * (`PUT …/addresses/{id}/shared`, spec §5); `sharedFor` shares it with some users only, by their partner
     * numbers (users.businessPartnerNo). Not shared: both unset.
     */
    sharedWithCompany: boolean('shared_with_company').notNull().default(false),
    sharedFor: jsonb('shared_for')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    basketId: uuid('basket_id').references((): AnyPgColumn => baskets.id, { onDelete: 'cascade' }),
    addressName: text('address_name'),
    companyName1: text('company_name1'),
    companyName2: text('company_name2'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    addressLine3: text('address_line3'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** Region code within the country (e.g. BY), for countries that have main divisions. */
    mainDivision: text('main_division'),
    countryCode: text('country_code').notNull(),
    phoneHome: text('phone_home'),
    phoneMobile: text('phone_mobile'),
    phoneBusiness: text('phone_business'),
    fax: text('fax'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerNo, t.createdAt),
    index('addresses_basket_idx').on(t.basketId),
  ],
)

/** Shipping methods of the channel; costs are net per currency in minor units. */
export const shippingMethods = pgTable('shipping_methods', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
  /** Net costs per currency in minor units, e.g. { EUR: 495 }. */
  costs: jsonb('costs').$type<Record<string, number>>().notNull(),
  /** Free from this net item total per currency (minor units); null when never free. */
  freeFrom: jsonb('free_from').$type<Record<string, number>>(),
  /** ISO-8601 periods (P3D). */
  deliveryTimeMin: text('delivery_time_min').notNull(),
  deliveryTimeMax: text('delivery_time_max').notNull(),
  /** Ship-to countries the method serves; null for all. */
  countries: text('countries').array(),
})

export type PaymentParameterDefinition = {
  name: string
  type: string
  displayNames: LocalizedText
  descriptions?: LocalizedText
  required?: boolean
  size?: { min?: number; max?: number }
  /** Regular expression the whole value must match (after removing spaces). */
  pattern?: string
  /** Constraint messages per locale, keyed by constraint (required, size, pattern). */
  messages: Partial<Record<'required' | 'size' | 'pattern', LocalizedText>>
}

/** Payment methods of the channel (ICM's payment configurations). */
export const paymentMethods = pgTable('payment_methods', {
  id: text('id').primaryKey(),
  serviceId: text('service_id').notNull(),
  position: integer('position').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
  /** RedirectBeforeCheckout, RedirectAfterCheckout, LimitedTender, ... */
  capabilities: text('capabilities').array().notNull(),
  /** Net payment costs per currency in minor units; null for none. */
  costs: jsonb('costs').$type<Record<string, number>>(),
  /** Payment costs apply below this net item total per currency (minor units); null: always. */
  costsThreshold: jsonb('costs_threshold').$type<Record<string, number>>(),
  /** Restricted (not usable) above this net item total per currency (minor units); null: never. */
  maxTotal: jsonb('max_total').$type<Record<string, number>>(),
  parameterDefinitions: jsonb('parameter_definitions').$type<PaymentParameterDefinition[]>().notNull(),
  /** Whether a logged-in user may keep an instrument of this method for later. */
  saveAllowed: boolean('save_allowed').notNull().default(false),
  active: boolean('active').notNull().default(true),
})

export type PaymentParameter = { name: string; value: string }

/**
 * Payment instruments (e.g. a bank account): saved for a user (userId and customerNo set) or entered for
 * one basket (basketId set).
 */
export const paymentInstruments = pgTable(
  'payment_instruments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    paymentMethodId: text('payment_method_id').notNull(),
    customerNo: text('customer_no'),
    userId: uuid('user_id'),
    basketId: uuid('basket_id').references((): AnyPgColumn => baskets.id, { onDelete: 'cascade' }),
    parameters: jsonb('parameters').$type<PaymentParameter[]>().notNull(),
    /** What the shopper recognises the instrument by, e.g. a masked IBAN. */
    accountIdentifier: text('account_identifier').notNull(),
    /**
     * The user's preferred payment instrument (ICM's User `preferredPaymentInstrument`): at most one saved
     * instrument per user; the checkout's payment step preselects it.
     */
    preferred: boolean('preferred').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_instruments_user_idx').on(t.userId),
    index('payment_instruments_basket_idx').on(t.basketId),
    uniqueIndex('payment_instruments_preferred_idx')
      .on(t.userId)
      .where(sql`${t.preferred}`),
  ],
)

/** The basket's payment (ICM's open tender): one per basket. */
export const basketPayments = pgTable('basket_payments', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  basketId: uuid('basket_id')
    .notNull()
    .unique()
    .references((): AnyPgColumn => baskets.id, { onDelete: 'cascade' }),
  paymentMethodId: text('payment_method_id').notNull(),
  /** The instrument paid with; null for methods without parameters (the method id is the instrument). */
  paymentInstrumentId: uuid('payment_instrument_id').references((): AnyPgColumn => paymentInstruments.id, {
    onDelete: 'cascade',
  }),
  /** Unprocessed | Authorized */
  status: text('status').notNull().default('Unprocessed'),
  /** The hosted payment page session of a redirect before checkout. */
  sessionId: text('session_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Sessions of the simulated payment service provider's hosted page: what is to be paid, where to send the
 * shopper back, and (once finished) the outcome. A finished session's page is gone.
 */
export const paymentSessions = pgTable('payment_sessions', {
  id: text('id').primaryKey(),
  basketId: uuid('basket_id').notNull(),
  /** Set for a redirect after checkout (the order being paid). */
  orderId: uuid('order_id'),
  paymentMethodId: text('payment_method_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** Where the shopper is sent to pay: {PAYMENT_PAGE_URL}/psp/pay/{id}. */
  pageUrl: text('page_url').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  failureUrl: text('failure_url').notNull(),
  /** open | SUCCESS | CANCEL | FAILURE */
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})

/** Document numbers of orders. */
export const orderDocumentNumbers = pgSequence('order_document_number_seq', { startWith: 100001 })

/** Numbers of requisitions (ICM's `requisitionNo`), apart from the orders' document numbers. */
export const requisitionNumbers = pgSequence('requisition_no_seq', { startWith: 1001 })

/** Why a requisition needed approval, as it was when it was submitted (domain/approval.ts ApprovalReason). */
export type StoredApprovalReason = {
  limit: string
  stage: string
  currency: string
  allowed: number
  amount: number
  exceededBy: number
  leftAfter: number | null
  /** Issue 32 (absent from reasons stored before): the price type counted, spent, pending and this order. */
  priceType?: 'gross' | 'net'
  spent?: number | null
  pending?: number | null
  order?: number
}

/**
 * What an order keeps of its basket as ordered: the ICM basket envelope (data and included), frozen, and the
 * notices about its prices that stay true of the order (the tax of its destination; issue 30).
 */
export type OrderSnapshot = {
  data: Record<string, unknown>
  included: Record<string, unknown>
  notices?: { code: MessageCode; message: string; parameters?: Record<string, string> }[]
}

/**
 * Orders: one per basket (unique basket_id). Status codes (ICM's, ADR 0026): PENDING_PAYMENT while the payment
 * page waits, then NEW once placed, INPROGRESS (the shop works on it, or shipped part of it), COMPLETED (every
 * line shipped), DELIVERED, or CANCELLED (domain/fulfilment.ts moves them). A requisition (ADR 0019) is a row
 * with a `requisition_no`: PENDING_APPROVAL without a document number while it waits, REJECTED when refused,
 * and the order itself (NEW, with its document number) once approved. recurringOrderId for orders placed by a
 * recurring order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The order's number; null while the row is a requisition that is not approved (yet). */
    documentNumber: text('document_number').unique(),
    /** The requisition's number when the row began as one (ICM `requisitionNo`, an order's `requisitionDocumentNo`). */
    requisitionNo: text('requisition_no').unique(),
    basketId: uuid('basket_id').notNull(),
    /** Token subject that placed the order (user id or anonymous id). */
    owner: text('owner').notNull(),
    userId: uuid('user_id'),
    customerNo: text('customer_no'),
    email: text('email'),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    /** NEW | INPROGRESS | COMPLETED | DELIVERED | CANCELLED | PENDING_PAYMENT | PENDING_APPROVAL | REJECTED */
    statusCode: text('status_code').notNull(),
    /** COMPLETED | STOPPED */
    orderCreation: text('order_creation').notNull(),
    stopAction: jsonb('stop_action').$type<{ type: string; exitReason?: string; redirectUrl?: string }>(),
    /** Payment session of a redirect after checkout. */
    paymentSessionId: text('payment_session_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    grandTotalGross: bigint('grand_total_gross', { mode: 'number' }).notNull(),
    /** The net grand total, for budgets kept in net prices (null only for orders placed before issue 17). */
    grandTotalNet: bigint('grand_total_net', { mode: 'number' }),
    /** The cost center the order was placed on (its `costCenterId`), for cost center budgets. */
    costCenter: text('cost_center'),
    snapshot: jsonb('snapshot').$type<OrderSnapshot>().notNull(),
    /** A requisition's status: PENDING, APPROVED or REJECTED; null for an order placed directly. */
    approvalStatus: text('approval_status'),
    /** When the requisition was decided (approved or rejected), and the name of who decided last. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approverName: text('approver_name'),
    /** Why approval was needed, as it was at submission. */
    approvalReasons: jsonb('approval_reasons').$type<StoredApprovalReason[]>(),
    /** Rejected by the shop itself at approval (products or prices changed): the reasons, ICM's `systemRejectErrors`. */
    systemRejectErrors: jsonb('system_reject_errors').$type<{ code: string; message: string }[]>(),
    recurringOrderId: text('recurring_order_id'),
    /** The sales representative who placed the order for the customer through co-browse (issue 35). */
    salesRepId: text('sales_rep_id'),
    /**
     * ICM's `trackingLinks`: per shipment the carrier's tracking page, or the tracking number alone for a
     * carrier without a known page (order_shipments has carrier, number and lines of each).
     */
    trackingLinks: jsonb('tracking_links')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the status code last changed after placing (shipped, delivered, cancelled); null until then. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_basket_idx').on(t.basketId),
    index('orders_status_idx').on(t.statusCode, t.createdAt),
    index('orders_owner_idx').on(t.owner, t.createdAt),
    index('orders_customer_idx').on(t.customerNo, t.createdAt),
    index('orders_requisition_user_idx').on(t.userId, t.approvalStatus, t.createdAt),
    index('orders_recurring_order_idx').on(t.recurringOrderId, t.createdAt),
  ],
)

/**
 * The columns of an order without its snapshot (the basket as ordered, most of a row's bytes): for the reads
 * that decide on an order or name it, and do not show its lines, addresses or totals.
 */
export const orderHead = (({ snapshot: _snapshot, ...head }) => head)(getTableColumns(orders))

/**
 * The links of a requisition mail that let an approver decide without logging in (issue 18): one per approver
 * and requisition, a random secret in the link and only its SHA-256 here; it works once, until it expires,
 * and only while the requisition is pending (domain/requisition-links.ts).
 */
export const requisitionLinks = pgTable(
  'requisition_links',
  {
    hash: text('hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('requisition_links_order_idx').on(t.orderId)],
)

/**
 * The approval stages of a requisition (domain/approval.ts): customer approval (the company's approvers) and
 * cost center approval (the cost center's owner), each with who may decide it (user ids, fixed at submission)
 * and, once decided, its status, who decided, when and with which comment.
 */
export const requisitionStages = pgTable(
  'requisition_stages',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** customer | costCenter */
    stage: text('stage').notNull(),
    approverIds: jsonb('approver_ids').$type<string[]>().notNull(),
    /** PENDING | APPROVED | REJECTED */
    statusCode: text('status_code').notNull().default('PENDING'),
    decidedBy: uuid('decided_by'),
    deciderName: text('decider_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.stage] }),
    index('requisition_stages_approvers_idx').using('gin', t.approverIds),
  ],
)

/** Numbers of recurring orders (ICM's `number`), apart from the orders' and the requisitions'. */
export const recurringOrderNumbers = pgSequence('recurring_order_no_seq', { startWith: 5001 })

/**
 * Recurring orders (ADR 0020): a logged-in user's basket with a recurrence, submitted with `POST orders`. Its id
 * is the basket's (as in ICM), and the basket stays behind as its template (status `recurring`): each order is
 * placed from a copy of it on its day, by the scheduler (domain/recurring-order-runs.ts). The schedule is the
 * interval counted from the start date; `next_occurrence` is the index of the next order's day (0: the start
 * date) and `next_order_date` that day, null once expired. What the answers show of lines, addresses, shipping,
 * payment and totals is the basket as it was submitted (`snapshot`, made like an order's).
 */
export const recurringOrders = pgTable(
  'recurring_orders',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    /** ICM's `number`. */
    documentNo: text('document_no').notNull().unique(),
    /** Token subject of the user (their user id), who owns the orders placed. */
    owner: text('owner').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNo: text('customer_no').notNull(),
    currency: text('currency').notNull(),
    /** The locale of the submit, in which the orders are placed. */
    locale: text('locale').notNull(),
    /** ISO 8601, weeks as days (P1D, P14D, P1M, P1Y). */
    interval: text('interval').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day an order may be placed on; or `repetitions`, the number of orders; or neither. */
    endDate: date('end_date', { mode: 'string' }),
    repetitions: integer('repetitions'),
    /** Switched by the user (`PATCH {active}`), or off by the shop when an order could not be placed. */
    active: boolean('active').notNull().default(true),
    /** Past its end: no further order. */
    expired: boolean('expired').notNull().default(false),
    nextOccurrence: integer('next_occurrence').notNull().default(0),
    nextOrderDate: date('next_order_date', { mode: 'string' }),
    /** Orders placed, requisitions included. */
    orderCount: integer('order_count').notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** Why the shop switched it off: the last placement's refusal (ICM's `errorCode`); null when none. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The cost center (its `costCenterId`) the orders are placed on. */
    costCenter: text('cost_center'),
    email: text('email'),
    /** The basket as submitted: lines, their quantity, and its totals in minor units of `currency`. */
    itemCount: integer('item_count').notNull(),
    totalGross: bigint('total_gross', { mode: 'number' }).notNull(),
    totalNet: bigint('total_net', { mode: 'number' }).notNull(),
    snapshot: jsonb('snapshot').$type<OrderSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recurring_orders_due_idx')
      .on(t.nextOrderDate)
      .where(sql`${t.active} and not ${t.expired}`),
    index('recurring_orders_customer_idx').on(t.customerNo, t.createdAt),
    index('recurring_orders_user_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * One row per scheduled day of a recurring order that was run: its key (recurring order, occurrence) is what
 * makes each day's order be placed once, however many API processes run the scheduler. The outcome is an
 * order, a requisition (the buyer's budget asked for approval), or a failure with its error code.
 */
export const recurringOrderExecutions = pgTable(
  'recurring_order_executions',
  {
    recurringOrderId: uuid('recurring_order_id')
      .notNull()
      .references(() => recurringOrders.id, { onDelete: 'cascade' }),
    occurrence: integer('occurrence').notNull(),
    scheduledFor: date('scheduled_for', { mode: 'string' }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    /** order | requisition | failed | skipped (error_code says why: too late, or after the end date) */
    outcome: text('outcome').notNull(),
    orderId: uuid('order_id'),
    errorCode: text('error_code'),
  },
  (t) => [primaryKey({ columns: [t.recurringOrderId, t.occurrence] })],
)

/** Order lines as ordered: names and prices do not follow later catalog changes. */
export const orderLineItems = pgTable(
  'order_line_items',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
    quantity: integer('quantity').notNull(),
    /** Minor units of the order's currency. */
    singleNet: bigint('single_net', { mode: 'number' }).notNull(),
    singleGross: bigint('single_gross', { mode: 'number' }).notNull(),
    totalNet: bigint('total_net', { mode: 'number' }).notNull(),
    totalGross: bigint('total_gross', { mode: 'number' }).notNull(),
    warrantyId: text('warranty_id'),
    desiredDelivery: date('desired_delivery', { mode: 'string' }),
    /** The line as the basket showed it (ICM LineItem). */
    json: jsonb('json').$type<Record<string, unknown>>().notNull(),
    fulfillmentStatus: text('fulfillment_status').notNull(),
  },
  (t) => [index('order_line_items_order_idx').on(t.orderId, t.position)],
)

/**
 * What the shop shipped of an order (ADR 0026): one row per parcel handed to a carrier, with its tracking
 * number, the carrier's tracking page when the carrier is known, and the order lines in it.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The carrier as the operator named it (DHL, UPS, DPD, FedEx, GLS are known by name). */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The carrier's tracking page of the parcel; null for a carrier without a known page. */
    trackingUrl: text('tracking_url'),
    /** The order_line_items ids in the parcel. */
    lineIds: jsonb('line_ids').$type<string[]>().notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.shippedAt)],
)

/**
 * Counters of the rate limits and login throttles (rate-limiter-flexible's PostgreSQL store layout), shared by
 * every commerce-API process on the database: key, points used, expiry in epoch ms.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
)

/**
 * Users who subscribed to the shop's newsletter (`subscriptions`, spec §3 Newsletter subscription): one row per
 * user, whose current e-mail address is the recipient. Deleting the user ends it.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A user's wishlists (spec commerce-and-checkout §3 Wishlist, §4 Wishlists; domain/wishlists.ts): at most one
 * preferred list per user (the partial unique index), and exactly one as soon as the user has any (the domain
 * keeps that). `secureCode` is the secret of the shared link (`wishlists/{id};owner=;secureCode=`), null while
 * the list is not shared; unsharing clears it, so an old link stops working.
 */
export const wishlists = pgTable(
  'wishlists',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    preferred: boolean('preferred').notNull().default(false),
    secureCode: text('secure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wishlists_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('wishlists_preferred_idx')
      .on(t.userId)
      .where(sql`${t.preferred}`),
  ],
)

/** The products on a wishlist, each once, with the quantity the shopper wants. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    wishlistId: uuid('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_sku_idx').on(t.wishlistId, t.sku)],
)

/**
 * Data-protection requests (issue 33, ICM's personal data requests): a user asks for a copy of their data or
 * for its deletion, and confirms by the mailed link (`/gdpr-requests?Hash=&PersonalDataRequestID=`). Only the
 * SHA-256 of the link's secret is kept; the link works until `expires_at`, and confirming carries the request
 * out once (domain/personal-data-requests.ts). A confirmed copy keeps the document made at confirmation for
 * its owner to download until `copy_expires_at`, then it is emptied (ADR 0031).
 */
export const personalDataRequests = pgTable(
  'personal_data_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNo: text('customer_no').notNull(),
    /** copy | deletion */
    type: text('type').$type<'copy' | 'deletion'>().notNull(),
    /** PENDING (waits for the link) | CONFIRMED (carried out) */
    status: text('status').$type<'PENDING' | 'CONFIRMED'>().notNull().default('PENDING'),
    hash: text('hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The copy of the user's data as it was at confirmation; null for deletions and once expired. */
    copy: jsonb('copy').$type<Record<string, unknown>>(),
    copyExpiresAt: timestamp('copy_expires_at', { withTimezone: true }),
  },
  (t) => [index('personal_data_requests_user_idx').on(t.userId, t.createdAt)],
)

/** One line of a customer's OCI field mapping: the OCI writer's item (punchout/oci.ts), as stored. */
export type { OciConfigurationItem }

/**
 * A business customer's OCI field mapping (issue 34, `…/punchouts/oci5/configurations`): the items that differ
 * from the shop's default mapping; a customer without a row sends the default.
 */
export const punchoutOciConfigurations = pgTable('punchout_oci_configurations', {
  customerNo: text('customer_no')
    .primaryKey()
    .references(() => customers.customerNo, { onDelete: 'cascade' }),
  items: jsonb('items').$type<OciConfigurationItem[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A cXML punchout user's configuration values (issue 34, `…/cxml1.2/users/{id}/configurations`): one row per
 * entry set; an entry without a row has its default (domain/punchout-configuration.ts).
 */
export const punchoutCxmlConfigurations = pgTable(
  'punchout_cxml_configurations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
)

/** What a cXML setup request told about the buyer beyond the session's columns (`Extrinsic`s, contact, ship-to). */
export type PunchoutSessionDetails = {
  /** `Header/From/Credential` (the buying organization) as domain and identity. */
  from?: { domain: string; identity: string }
  extrinsics?: Record<string, string>
  contact?: { name?: string; email?: string }
  /** The SKU of `SelectedItem` (level-2 punchout), where the buyer starts. */
  selectedItem?: string
}

/**
 * cXML punchout sessions (issue 34, `…/cxml1.2/sessions/{sid}`): opened by a PunchOutSetupRequest of a
 * procurement system for one of the customer's cXML punchout users, with the basket the buyer fills and the
 * `BrowserFormPost` URL the PunchOutOrderMessage goes back to. The sid is a random secret in the start URL.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: text('id').primaryKey(),
    customerNo: text('customer_no')
      .notNull()
      .references(() => customers.customerNo, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    /** create | edit | inspect */
    operation: text('operation').$type<'create' | 'edit' | 'inspect'>().notNull(),
    /** production | test (the request's deploymentMode). */
    deploymentMode: text('deployment_mode').$type<'production' | 'test'>().notNull(),
    /** Opaque, echoed in the PunchOutOrderMessage. */
    buyerCookie: text('buyer_cookie').notNull(),
    /** `BrowserFormPost/URL`: where the buyer's browser posts the PunchOutOrderMessage. */
    returnUrl: text('return_url').notNull(),
    details: jsonb('details').$type<PunchoutSessionDetails>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('punchout_sessions_user_idx').on(t.userId, t.createdAt),
    index('punchout_sessions_basket_idx').on(t.basketId),
  ],
)

/**
 * Identities of OpenID Connect providers linked to users (issue 35, `POST users/processtoken`): the provider's
 * issuer and the identity's subject name one user of the shop.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail address the provider named when the identity was linked. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
)

/** Nonces of id tokens the API accepted, until the tokens expire: an id token signs a user in once. */
export const idTokenNonces = pgTable(
  'id_token_nonces',
  {
    issuer: text('issuer').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.nonce] }), index('id_token_nonces_expiry_idx').on(t.expiresAt)],
)

/**
 * The shop's sales representatives (issue 35, co-browse): staff who may act for the users of the customers
 * they look after (`customerNos`), signing in to their own desk with login and password.
 */
export const salesReps = pgTable(
  'sales_reps',
  {
    /** The representative's id as ICM clients pass it (`salesRepId`), e.g. SR-1001. */
    id: text('id').primaryKey(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    customerNos: jsonb('customer_nos').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sales_reps_login_idx').on(sql`lower(${t.login})`)],
)

/** Passkeys (WebAuthn credentials, issue 35) a user registered to sign in without a password. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    credentialId: text('credential_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The name the user gave it ("Laptop"). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/** Open WebAuthn ceremonies: the challenge handed out, for whom, until when; each is answered once. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    challenge: text('challenge').notNull(),
    /** registration | authentication */
    purpose: text('purpose').$type<'registration' | 'authentication'>().notNull(),
    /** The user registering a passkey; null for a sign-in, whose user the passkey names. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
)

/**
 * What the local tracking collector received (issue 35, development and tests, like the mailbox): the last
 * events, newest kept, the oldest dropped beyond a bound.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client id of the shopper's consented tracking (no login, no address). */
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('tracking_events_received_idx').on(t.receivedAt)],
)

// ---------------------------------------------------------------------------------------------------------
// Order templates (issue 36, feature orderTemplates; domain/order-templates.ts, ADR 0041)
// ---------------------------------------------------------------------------------------------------------

/**
 * A business user's order templates (ICM's `customers/-/users/-/wishlists`): named lists of products with the
 * quantities to order again. Kept apart from the wishlists (their own tables): a template is never a wishlist,
 * and only its user sees it, not the other users of the company.
 */
export const orderTemplates = pgTable(
  'order_templates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_templates_user_idx').on(t.userId, t.createdAt)],
)

/** The products of an order template, each once, with the quantity to order. */
export const orderTemplateItems = pgTable(
  'order_template_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    templateId: uuid('template_id')
      .notNull()
      .references(() => orderTemplates.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_template_items_sku_idx').on(t.templateId, t.sku)],
)

// ---------------------------------------------------------------------------------------------------------
// Contact (issue 36): the business customers' contact persons and the messages of the contact form.
// ---------------------------------------------------------------------------------------------------------

/**
 * The shop's people who look after business customers (spec shell §3 "Contact person"): what `GET
 * contactpersons` answers a customer's users. `position` is in the shop's languages; the photo is a
 * generated picture under ICM's static path (routes/static.ts).
 */
export const contactPersons = pgTable('contact_persons', {
  id: text('id').primaryKey(),
  title: text('title'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  homePage: text('home_page'),
  company: text('company').notNull(),
  /** The person's job, by locale ("Key account manager"). */
  position: jsonb('position').$type<LocalizedText>().notNull(),
})

/**
 * What was sent through the contact form (`POST contact`): kept as received, with who sent it when they
 * were logged in; the shop gets it by mail (the outbox), the sender a confirmation.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The language of the page it was sent from: the confirmation's language. */
    locale: text('locale').notNull(),
    /** The subject's id (domain/contact.ts CONTACT_SUBJECTS). */
    subject: text('subject').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The order number the sender named, if any (checked against a logged-in sender's orders). */
    orderNo: text('order_no'),
    comment: text('comment').notNull(),
    /** The logged-in sender's customer and user; null for an anonymous sender. */
    customerNo: text('customer_no'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
)

// ---- Store finder (issue 36, feature storeLocator): the shop's stores, read by `GET stores`. ----

/**
 * The shop's stores (trade counters) with address, contacts, position and opening hours. `seedKey` names a
 * seeded store, so that the seed adds the ones a database lacks and never a second copy.
 */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seedKey: text('seed_key').unique(),
    name: text('name').notNull(),
    /** Street and number, as the country writes them. */
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    /** The state (US) an address names; null where the country's addresses name none. */
    mainDivisionCode: text('main_division_code'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Opening hours in OpenStreetMap's `opening_hours` notation ("Mo-Fr 07:00-18:00; Sa 08:00-13:00"). */
    openingHours: text('opening_hours'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('stores_country_city_idx').on(t.countryCode, t.city)],
)

// ---------------------------------------------------------------------------------------------------------
// Shell and CMS content (issue 36, ADR 0046)

/**
 * Content assigned to a view context for one object (`cms/viewcontexts/{id}/entrypoint?Category=…`): the
 * pagelets ICM's view-context assignments place on a category's or a product's page.
 */
export const cmsViewContextContent = pgTable(
  'cms_view_context_content',
  {
    /** `viewcontext.include.category.base.top`, without a resource set. */
    viewContext: text('view_context').notNull(),
    /** The call parameter naming the object: `Category` (its uniqueId) or `Product` (its SKU). */
    contextKind: text('context_kind').notNull(),
    contextId: text('context_id').notNull(),
    pagelets: jsonb('pagelets').$type<CmsPagelet[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.viewContext, t.contextKind, t.contextId] })],
)

/**
 * ICM's preview contexts (spec shell §2.4, §7): a content editor opens the shop with one (`PreviewContextID`);
 * calls carrying its id as `;prectx=` also see content not yet published, until `validUntil`.
 */
export const cmsPreviewContexts = pgTable('cms_preview_contexts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }),
})

// -----------------------------------------------------------------------------------------------------------
// Quotes (issue 36, branch quotes-api, ADR 0040): a business user's quote requests, the shop's quotes that
// answer them, and the free-text quote requests of the contact form (`POST quotecontact`).

/** Numbers of quote requests and quotes as the buyer sees them (ICM's `number`). */
export const quoteRequestNumbers = pgSequence('quote_request_no_seq', { startWith: 2001 })
export const quoteNumbers = pgSequence('quote_no_seq', { startWith: 7001 })

/**
 * A business user's quote request (ICM's QuoteRequest): editable while new, fixed once submitted
 * (`submitted_at`); the shop answers it with one quote (quotes.quote_request_id).
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    number: text('number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNo: text('customer_no').notNull(),
    /** The buyer's name for the request (ICM's `displayName`) and their note to the shop (`description`). */
    displayName: text('display_name').notNull(),
    description: text('description'),
    /** The currency the request was made in: its list prices and the quote's prices. */
    currency: text('currency').notNull(),
    /** The buyer's language when submitting: the language of the buyer's mails about it. */
    locale: text('locale').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_user_idx').on(t.userId, t.createdAt),
    index('quote_requests_submitted_idx').on(t.submittedAt),
  ],
)

/** The lines of a quote request: a product once, the quantity wanted and the buyer's note on it. */
export const quoteRequestItems = pgTable(
  'quote_request_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note'),
  },
  (t) => [uniqueIndex('quote_request_items_sku_idx').on(t.quoteRequestId, t.sku)],
)

/**
 * The shop's answer to a submitted request (ICM's Quote): per-line prices, valid from/to, the seller's comment.
 * Rejected by the buyer (`rejected_at`), or accepted (`accepted_at`: its lines went into a basket at the
 * quoted prices, `accepted_basket_id`), at most one of the two; expired once `valid_to` has passed.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    number: text('number').notNull().unique(),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .unique()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNo: text('customer_no').notNull(),
    currency: text('currency').notNull(),
    sellerComment: text('seller_comment'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** Who answered: `operator` (back office or CLI) or `auto` (QUOTE_AUTO_RESPONSE). */
    respondedBy: text('responded_by').notNull(),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** `buyer` (PUT quotes/{id} {rejected:true}) or `seller` (the shop declined the request). */
    rejectedBy: text('rejected_by').$type<'buyer' | 'seller'>(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBasketId: uuid('accepted_basket_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotes_user_idx').on(t.userId, t.createdAt)],
)

/** A quote's lines: the quantity and net price per piece offered, beside what was asked and the list price. */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    originQuantity: integer('origin_quantity').notNull(),
    /** Minor units of the quote's currency, net: the offered price of one piece and the list price then. */
    singleNet: bigint('single_net', { mode: 'number' }).notNull(),
    originSingleNet: bigint('origin_single_net', { mode: 'number' }).notNull(),
  },
  (t) => [index('quote_items_quote_idx').on(t.quoteId, t.position)],
)

/** Free-text quote requests (`POST quotecontact`): what someone asked for and how to reach them. */
export const quoteContacts = pgTable(
  'quote_contacts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    description: text('description').notNull(),
    quantity: integer('quantity'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    locale: text('locale').notNull(),
    /** The user who sent it when logged in; null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_contacts_created_idx').on(t.createdAt)],
)
