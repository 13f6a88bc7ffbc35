/**
 * Shapes ICM uses across resources, written from what ICM sends (the Intershop PWA's `*.interface.ts` and
 * mapper specs): Links, Money and PriceItems, ResourceCollections, the error body. The resource schemas in
 * this folder build on them; together they say what a real ICM client may expect from every answer.
 */
import { z } from 'zod'

/** A reference to another resource: `{base}/INTERSHOP/rest/WFS/{uri}` fetches it. */
export const LinkSchema = z.object({
  type: z.literal('Link'),
  uri: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  itemId: z.string().optional(),
  relation: z.string().optional(),
  attributes: z
    .array(z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() }))
    .optional(),
})

export const MoneySchema = z.object({
  type: z.literal('Money').optional(),
  value: z.number(),
  currency: z.string().length(3),
})

/** A price with and without tax (`PriceItemData`). */
export const PriceItemSchema = z.object({
  type: z.literal('PriceItem').optional(),
  gross: MoneySchema,
  net: MoneySchema,
  tax: MoneySchema.optional(),
})

/** A typed attribute value as ICM lists them (`{name, type, value}`). */
export const AttributeSchema = z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })

/** A legacy collection: `{type:'ResourceCollection', elements, amount, offset, total, sortKeys, …}`. */
export const resourceCollection = <T extends z.ZodTypeAny>(element: T) =>
  z.object({
    type: z.literal('ResourceCollection').optional(),
    name: z.string().optional(),
    elements: z.array(element),
    amount: z.number().int().nonnegative().optional(),
    offset: z.number().int().nonnegative().optional(),
    total: z.number().int().nonnegative().optional(),
    sortKeys: z.array(z.string()).optional(),
    sortableAttributes: z.record(z.unknown()).optional(),
  })

/** A cause or message in an error, info or warning list. */
export const FeedbackSchema: z.ZodType<unknown> = z.lazy(() =>
  z.object({
    status: z.string().optional(),
    code: z.string(),
    message: z.string().optional(),
    level: z.string().optional(),
    paths: z.array(z.string()).optional(),
    parameters: z.record(z.unknown()).optional(),
    causes: z.array(FeedbackSchema).optional(),
  }),
)

/** Every refusal: `{errors:[{status, code, message, causes}]}` (the `error-key` header names the code). */
export const ErrorBodySchema = z.object({
  errors: z.array(FeedbackSchema.and(z.object({ status: z.string(), code: z.string() }))).min(1),
})

/** The JSON:API-like envelope of basket, order and requisition resources. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    data,
    included: z.record(z.record(z.unknown())).optional(),
    infos: z.array(FeedbackSchema).optional(),
    errors: z.array(FeedbackSchema).optional(),
    info: z.record(z.unknown()).optional(),
    links: z.unknown().optional(),
  })
