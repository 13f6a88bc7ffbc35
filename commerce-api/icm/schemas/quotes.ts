/**
 * Quoting as ICM sends it (the Intershop PWA's `quoting.interface.ts` and `QuotingMapper`): lists of Links whose
 * title is the id (attributes as `?attrs=` asks), a `QuoteRequest` with its items as Links, a
 * `QuoteRequestLineItem`, a `Quote` with `QuoteLineItem`s inline; prices as Money, dates in epoch milliseconds.
 * `POST quoterequests`, `POST …/items` and `POST quotes` (submission) answer a Link to what they made.
 */
import { z } from 'zod'
import { LinkSchema, MoneySchema, resourceCollection } from './common'
import { BasketSchema } from './checkout'
import type { WireRule } from './rules'

const QuantitySchema = z.object({
  type: z.string().optional(),
  value: z.number().int().positive(),
  unit: z.string().optional(),
})
const Epoch = z.number().int().nonnegative()

const ListLinkSchema = LinkSchema.extend({ title: z.string().min(1) })

export const QuoteRequestLineItemSchema = z.object({
  type: z.literal('QuoteRequestLineItem'),
  id: z.string(),
  productSKU: z.string(),
  quantity: QuantitySchema,
  singlePrice: MoneySchema.optional(),
  totalPrice: MoneySchema.optional(),
  note: z.string().optional(),
})

export const QuoteRequestSchema = z.object({
  type: z.literal('QuoteRequest'),
  id: z.string(),
  number: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  creationDate: Epoch,
  modified: Epoch.optional(),
  submittedDate: Epoch.optional(),
  submitted: z.boolean(),
  editable: z.boolean(),
  state: z.enum(['new', 'submitted']),
  total: MoneySchema,
  items: z.array(ListLinkSchema),
  quoteID: z.string().optional(),
})

export const QuoteSchema = z.object({
  type: z.literal('Quote'),
  id: z.string(),
  number: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  creationDate: Epoch,
  quoteRequestID: z.string(),
  rejected: z.boolean(),
  state: z.enum(['responded', 'accepted', 'rejected', 'expired']),
  validFromDate: Epoch,
  validToDate: Epoch,
  sellerComment: z.string(),
  total: MoneySchema,
  originTotal: MoneySchema,
  items: z.array(
    z.object({
      type: z.literal('QuoteLineItem'),
      productSKU: z.string(),
      quantity: QuantitySchema,
      originQuantity: QuantitySchema,
      singlePrice: MoneySchema,
      totalPrice: MoneySchema,
      originSinglePrice: MoneySchema,
      originTotalPrice: MoneySchema,
    }),
  ),
})

const ListSchema = resourceCollection(ListLinkSchema)
const NoContent = z.undefined()
const base = '/rest/:site/customers/:customerNo/users/:login'

export const quoteWire: WireRule[] = [
  { method: 'GET', route: `${base}/quoterequests`, schema: ListSchema },
  { method: 'POST', route: `${base}/quoterequests`, schema: ListLinkSchema },
  { method: 'GET', route: `${base}/quoterequests/:id`, schema: QuoteRequestSchema },
  { method: 'PUT', route: `${base}/quoterequests/:id`, schema: QuoteRequestSchema },
  { method: 'DELETE', route: `${base}/quoterequests/:id`, schema: NoContent },
  { method: 'GET', route: `${base}/quoterequests/:id/items`, schema: ListSchema },
  { method: 'POST', route: `${base}/quoterequests/:id/items`, schema: ListLinkSchema },
  { method: 'GET', route: `${base}/quoterequests/:id/items/:itemId`, schema: QuoteRequestLineItemSchema },
  { method: 'PUT', route: `${base}/quoterequests/:id/items/:itemId`, schema: QuoteRequestLineItemSchema },
  { method: 'DELETE', route: `${base}/quoterequests/:id/items/:itemId`, schema: NoContent },
  { method: 'POST', route: `${base}/quotes`, schema: ListLinkSchema },
  { method: 'GET', route: `${base}/quotes`, schema: ListSchema },
  { method: 'GET', route: `${base}/quotes/:id`, schema: QuoteSchema },
  { method: 'PUT', route: `${base}/quotes/:id`, schema: QuoteSchema },
  { method: 'DELETE', route: `${base}/quotes/:id`, schema: NoContent },
  { method: 'POST', route: '/rest/:site/baskets/:id/quotes', schema: BasketSchema },
  { method: 'DELETE', route: '/rest/:site/baskets/:id/quotes/:quoteId', schema: BasketSchema },
  {
    method: 'POST',
    route: '/rest/:site/quotecontact',
    schema: z.object({ type: z.literal('QuoteContact'), id: z.string().uuid(), creationDate: Epoch }),
  },
]

/** The operator's back office for quotes (routes/backoffice-quotes.ts): ours, no ICM resource. */
const BackofficeQuoteSchema = z.object({
  number: z.string(),
  id: z.string().uuid(),
  state: z.enum(['responded', 'accepted', 'rejected', 'expired']),
  respondedBy: z.enum(['operator', 'auto']),
  validFrom: z.string().datetime(),
  validTo: z.string().datetime(),
  sellerComment: z.string().optional(),
  total: MoneySchema,
  items: z.array(
    z.object({
      position: z.number().int(),
      sku: z.string(),
      quantity: z.number().int().positive(),
      price: MoneySchema,
      listPrice: MoneySchema,
    }),
  ),
})

const BackofficeRequestSchema = z.object({
  number: z.string(),
  id: z.string().uuid(),
  displayName: z.string(),
  description: z.string().optional(),
  customerNo: z.string(),
  buyer: z.object({ login: z.string(), email: z.string(), name: z.string() }),
  currency: z.string().length(3),
  submittedDate: z.string().datetime(),
  state: z.enum(['submitted', 'responded', 'accepted', 'rejected', 'expired']),
  items: z.array(
    z.object({
      position: z.number().int(),
      sku: z.string(),
      quantity: z.number().int().positive(),
      note: z.string().optional(),
      listPrice: MoneySchema.nullable(),
    }),
  ),
  quote: BackofficeQuoteSchema.optional(),
})

export const backofficeQuoteWire: WireRule[] = [
  {
    method: 'GET',
    route: '/backoffice/quoterequests',
    schema: z.object({
      quoteRequests: z.array(BackofficeRequestSchema),
      limit: z.number().int(),
      offset: z.number().int(),
    }),
  },
  { method: 'GET', route: '/backoffice/quoterequests/:number', schema: BackofficeRequestSchema },
  { method: 'POST', route: '/backoffice/quoterequests/:number/quote', schema: BackofficeRequestSchema },
  { method: 'POST', route: '/backoffice/quoterequests/:number/rejection', schema: BackofficeRequestSchema },
]
