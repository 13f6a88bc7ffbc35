/**
 * ICM's shapes of the channel's configuration, its CMS (includes, pages, page trees, view contexts), its
 * localizations and its countries, written from the Intershop PWA's `content-*.interface.ts`, their mappers and
 * mapper specs, `localizations.service.ts` and `country.service.ts`.
 */
import { z } from 'zod'
import { AttributeSchema } from './common'
import type { WireRule } from './rules'

/** `…configuration.v1+json`: `general` always names the channel's locales and currencies. */
export const ConfigurationSchema = z.object({
  data: z.object({
    general: z.object({
      locales: z.array(z.string()).min(1),
      defaultLocale: z.string(),
      currencies: z.array(z.string().length(3)).min(1),
      defaultCurrency: z.string().length(3),
      customerTypeForLoginApproval: z.array(z.enum(['PRIVATE', 'SMB'])).optional(),
    }),
    registration: z
      .object({ privateCustomerEnabled: z.boolean(), businessCustomerEnabled: z.boolean() })
      .strict()
      .optional(),
    marketing: z.object({ newsletterSubscriptionEnabled: z.boolean() }).optional(),
    basket: z
      .object({
        termsAndConditions: z.boolean().optional(),
        acceleration: z.boolean().optional(),
        maxItemQuantity: z.number().int().positive().optional(),
      })
      .optional(),
    shipping: z
      .object({
        multipleShipmentsSupported: z.boolean().optional(),
        desiredDeliveryDate: z.boolean().optional(),
        desiredDeliveryDaysMin: z.number().int().optional(),
        desiredDeliveryDaysMax: z.number().int().optional(),
        deliveryExcludeSaturday: z.boolean().optional(),
        deliveryExcludeSunday: z.boolean().optional(),
      })
      .optional(),
    pricing: z
      .object({
        priceType: z.string().optional(),
        privateCustomerPriceDisplayType: z.enum(['gross', 'net']).optional(),
        smbCustomerPriceDisplayType: z.enum(['gross', 'net']).optional(),
        /** "preferred price display type" (spec §9): whether a user may switch between gross and net. */
        preferredPriceDisplayTypeEnabled: z.boolean().optional(),
      })
      .optional(),
    preferences: z.record(z.record(z.unknown())).optional(),
    services: z.record(z.record(z.unknown())).optional(),
    captcha: z.record(z.unknown()).optional(),
    recurringOrder: z.object({ enabled: z.boolean() }).optional(),
    customFieldDefinitions: z.array(z.record(z.unknown())).optional(),
  }),
})

/** A component's parameter: qualified by its component's name, its value a text or a structure. */
export const ConfigurationParameterSchema = z.object({
  definitionQualifiedName: z.string(),
  type: z.string().optional(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.unknown())]),
})

/**
 * A map ICM leaves out when it would be empty: the PWA's mappers fold its entries without a start value and
 * fail on an empty one.
 */
const leftOutWhenEmpty = <T extends z.ZodTypeAny>(value: T) =>
  z
    .record(value)
    .refine((map) => Object.keys(map).length > 0, 'ICM leaves an empty map out')
    .optional()

const ParametersSchema = leftOutWhenEmpty(ConfigurationParameterSchema)

type PageletData = {
  id: string
  definitionQualifiedName: string
  displayName: string
  configurationParameters?: Record<string, unknown>
  slots?: Record<string, unknown>
}

/** A slot of a component: the pagelets placed in it. */
export const SlotSchema: z.ZodType<unknown> = z.lazy(() =>
  z.object({
    definitionQualifiedName: z.string(),
    displayName: z.string(),
    pagelets: z.array(PageletSchema).optional(),
    configurationParameters: ParametersSchema,
  }),
)

/** A pagelet (component): `{id, definitionQualifiedName, displayName, configurationParameters?, slots?}`. */
export const PageletSchema: z.ZodType<PageletData, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    id: z.string(),
    definitionQualifiedName: z.string(),
    displayName: z.string(),
    domain: z.string().optional(),
    configurationParameters: ParametersSchema,
    // Keyed by the slot's qualified name, never a list.
    slots: leftOutWhenEmpty(SlotSchema),
  }),
)

/** A PageletEntryPointRO: what `cms/includes/{id}`, `cms/pages/{id}` and view context entry points answer. */
export const PageletEntryPointSchema = z.object({
  id: z.string(),
  definitionQualifiedName: z.string(),
  displayName: z.string(),
  domain: z.string().optional(),
  resourceSetId: z.string().optional(),
  pageletIDs: z.array(z.string()).optional(),
  pagelets: z.array(PageletSchema).optional(),
  configurationParameters: ParametersSchema,
  link: z.object({ type: z.string(), uri: z.string(), title: z.string().optional() }).optional(),
})

/** `cms/includes/{id}`. */
export const ContentIncludeSchema = PageletEntryPointSchema

/** `cms/pages/{id}`: an entry point with the page's SEO attributes. */
export const ContentPageSchema = PageletEntryPointSchema.extend({
  seoAttributes: z
    .object({
      metaTitle: z.string().optional(),
      metaDescription: z.string().optional(),
      robots: z.string().optional(),
    })
    .optional(),
})

/** `cms/viewcontexts/{id}/entrypoint`. */
export const ViewContextEntryPointSchema = PageletEntryPointSchema

/** A link of a page tree: a Link to the page, named by `itemId` and `title`. */
export const PageTreeLinkSchema = z.object({
  type: z.string(),
  uri: z.string(),
  title: z.string(),
  itemId: z.string(),
  attributes: z.array(AttributeSchema).optional(),
})

type PageTreeData = { name: string; page: unknown; elements?: unknown[] }

/** `cms/pagetree/{id}`: a PageTreeRO, with its sub-pages as trees or as plain links. */
export const PageTreeSchema: z.ZodType<PageTreeData, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    name: z.string(),
    page: PageTreeLinkSchema,
    link: PageTreeLinkSchema.optional(),
    parent: PageTreeLinkSchema.optional(),
    path: z.array(PageTreeLinkSchema).optional(),
    attributes: z.array(AttributeSchema).optional(),
    elements: z.union([z.array(PageTreeSchema), z.array(PageTreeLinkSchema)]).optional(),
  }),
)

/** `localizations?searchKeys=`: a flat object of key to text. */
export const LocalizationsSchema = z.record(z.string())

/** `localizations/{key}`: the text itself (answered as text/plain; a JSON client sees a string). */
export const LocalizationSchema = z.string()

/** `…country.v1+json`: `{data:[{id, name}]}` for countries and for a country's main divisions. */
export const CountriesSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) })
export const MainDivisionsSchema = CountriesSchema

export const contentWire: WireRule[] = [
  { method: 'GET', route: '/rest/:site/configurations', schema: ConfigurationSchema },
  { method: 'GET', route: '/rest/:site/cms/includes/:id', schema: ContentIncludeSchema },
  { method: 'GET', route: '/rest/:site/cms/pagelets/:id', schema: PageletSchema },
  { method: 'GET', route: '/rest/:site/cms/pages/:id', schema: ContentPageSchema },
  { method: 'GET', route: '/rest/:site/cms/pagetree/:id', schema: PageTreeSchema },
  {
    method: 'GET',
    route: '/rest/:site/cms/viewcontexts/:id/entrypoint',
    schema: ViewContextEntryPointSchema,
  },
  { method: 'GET', route: '/rest/:site/localizations', schema: LocalizationsSchema },
  { method: 'GET', route: '/rest/:site/localizations/:key', schema: LocalizationSchema },
  { method: 'GET', route: '/rest/:site/countries', schema: CountriesSchema },
  { method: 'GET', route: '/rest/:site/countries/:code/main-divisions', schema: MainDivisionsSchema },
]
