import { z } from 'zod'
import type { ApiMessage, Translate } from './messages'
import { PriceItemSchema, type PriceItem } from './price'

/** A payment method's parameter as ICM defines it (`parameterDefinitions`), with the server's constraints. */
const ParameterDefinitionSchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  hidden: z.boolean().optional(),
  constraints: z
    .object({
      required: z.object({ message: z.string().optional() }).optional(),
      size: z
        .object({ min: z.number().optional(), max: z.number().optional(), message: z.string().optional() })
        .optional(),
      pattern: z.object({ regexp: z.string(), message: z.string().optional() }).optional(),
    })
    .optional(),
})

const InstrumentSchema = z.object({
  id: z.string(),
  urn: z.string().optional(),
  accountIdentifier: z.string().optional(),
  paymentMethod: z.string().optional(),
  parameters: z.array(z.object({ name: z.string(), value: z.string().optional() })).default([]),
})

const PaymentMethodSchema = z.object({
  id: z.string(),
  serviceID: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  capabilities: z.array(z.string()).default([]),
  restricted: z.boolean().default(false),
  restrictions: z.array(z.object({ code: z.string(), message: z.string().optional() })).default([]),
  saveAllowed: z.boolean().default(false),
  paymentCosts: PriceItemSchema.optional(),
  paymentCostsThreshold: PriceItemSchema.optional(),
  parameterDefinitions: z.array(ParameterDefinitionSchema).default([]),
  /** Ids of the method's instruments; ICM includes them in `included.paymentInstruments`. */
  paymentInstruments: z.array(z.string()).default([]),
})

export const PaymentMethodsSchema = z.object({
  data: z.array(PaymentMethodSchema),
  included: z.object({ paymentInstruments: z.record(InstrumentSchema).optional() }).optional(),
})

export type ParameterDefinition = z.infer<typeof ParameterDefinitionSchema>

export type PaymentInstrument = { id: string; accountIdentifier: string }

export type PaymentMethod = {
  id: string
  name: string
  description?: string
  capabilities: string[]
  restricted: boolean
  /** Why a restricted method cannot be chosen, as the API says it. */
  restrictions: ApiMessage[]
  saveAllowed: boolean
  costs?: PriceItem
  costsThreshold?: PriceItem
  parameters: ParameterDefinition[]
  /** Saved (user) or basket instruments of this method the shopper can pick again. */
  instruments: PaymentInstrument[]
}

/** User payment methods the storefront never offers (spec §5). */
const DROPPED_METHODS = new Set(['ISH_FASTPAY', 'ISH_INVOICE_TOTAL_ZERO'])

/** Whether the shop offers a method at all (spec §5): not a limited tender (gift card), fast pay or zero total. */
const offered = (m: { id: string; capabilities: string[] }) =>
  !m.capabilities.includes('LimitedTender') && !DROPPED_METHODS.has(m.id)

type InstrumentData = z.infer<typeof InstrumentSchema>

function mapMethod(m: z.infer<typeof PaymentMethodSchema>, instruments: InstrumentData[]): PaymentMethod {
  return {
    id: m.id,
    name: m.displayName ?? m.id,
    description: m.description,
    capabilities: m.capabilities,
    restricted: m.restricted,
    restrictions: m.restrictions,
    // Saving for later needs the method's permission and something to save (spec §5).
    saveAllowed: m.saveAllowed && m.parameterDefinitions.length > 0,
    costs: m.paymentCosts,
    costsThreshold: m.paymentCostsThreshold,
    parameters: m.parameterDefinitions.filter((p) => !p.hidden),
    instruments: instruments
      .filter((i) => i.id !== m.id)
      .map((i) => ({ id: i.id, accountIdentifier: i.accountIdentifier ?? i.id })),
  }
}

/**
 * Eligible payment methods as the payment step offers them (spec §5): limited tenders (gift cards) and the
 * fast-pay / zero-total methods are dropped; restricted methods stay, to be shown disabled with their causes.
 */
export function mapPaymentMethods(envelope: z.infer<typeof PaymentMethodsSchema>): PaymentMethod[] {
  const included = envelope.included?.paymentInstruments ?? {}
  return envelope.data.filter(offered).map((m) =>
    mapMethod(
      m,
      m.paymentInstruments.map((id) => included[id]).filter((i): i is InstrumentData => !!i),
    ),
  )
}

/** `{customers}/{no}/eligible-payment-methods`: the methods a user may keep instruments of. */
export const UserPaymentMethodsSchema = z.object({
  methods: z.array(z.object({ payments: z.array(PaymentMethodSchema) })).default([]),
})

/** A saved instrument as `{customers}/{no}/payments/{id}` answers it (ICM's `PaymentInstrumentData`). */
export const UserInstrumentSchema = InstrumentSchema.extend({ name: z.string().optional() })

export type SavedInstrument = {
  id: string
  methodId: string
  methodName: string
  accountIdentifier: string
  preferred: boolean
}

/**
 * The account's payment page (spec §5): the saved instruments with their methods' names, the user's
 * preferred one marked, and the methods new payment data can be saved for (saving allowed, parameters
 * defined, no limited tender, fast pay or zero-total invoice).
 */
export function mapUserPayments(
  envelope: z.infer<typeof UserPaymentMethodsSchema>,
  saved: z.infer<typeof UserInstrumentSchema>[],
  preferredId: string | undefined,
): { instruments: SavedInstrument[]; savable: PaymentMethod[] } {
  const methods = envelope.methods.flatMap((group) => group.payments).filter(offered)
  // An instrument of a method no longer offered for saving stays listed, so that it can still be deleted.
  const instruments = saved.flatMap((i) => {
    const methodId = i.paymentMethod ?? i.name ?? ''
    if (DROPPED_METHODS.has(methodId)) return []
    const method = methods.find((m) => m.id === methodId)
    return [
      {
        id: i.id,
        methodId,
        methodName: method?.displayName ?? methodId,
        accountIdentifier: i.accountIdentifier ?? i.id,
        preferred: i.id === preferredId,
      },
    ]
  })
  const savable = methods.map((m) => mapMethod(m, [])).filter((m) => m.saveAllowed)
  return { instruments, savable }
}

export const redirectsBeforeCheckout = (method: { capabilities: string[] }) =>
  method.capabilities.includes('RedirectBeforeCheckout')
export const redirectsAfterCheckout = (method: { capabilities: string[] }) =>
  method.capabilities.includes('RedirectAfterCheckout')

/**
 * The zod schema of a method's parameter form, built from the server's definitions: required, size (min,
 * max) and pattern, each failing with the server's own message (spec §5). Field names are the parameter names.
 */
export function parameterSchema(definitions: ParameterDefinition[], fallback: (key: string) => string) {
  const shape: Record<string, z.ZodTypeAny> = {}
  for (const definition of definitions) {
    const c = definition.constraints ?? {}
    const requiredMessage = c.required?.message ?? fallback('form.required')
    let field = z.string({ required_error: requiredMessage }).trim()
    if (c.required) field = field.min(1, requiredMessage)
    if (c.size?.min !== undefined)
      field = field.min(c.size.min, c.size.message ?? fallback('form.min_length'))
    if (c.size?.max !== undefined)
      field = field.max(c.size.max, c.size.message ?? fallback('form.max_length'))
    if (c.pattern) {
      let pattern: RegExp | undefined
      try {
        pattern = new RegExp(c.pattern.regexp)
      } catch {
        // A pattern this engine cannot read is left to the server, which checks it again.
      }
      if (pattern) field = field.regex(pattern, c.pattern.message ?? fallback('form.pattern'))
    }
    // Conform sends a field left empty as undefined: an optional parameter may stay empty.
    shape[definition.name] = c.required ? field : field.optional()
  }
  return z.object(shape)
}

const InfoSchema = z.object({ code: z.string(), message: z.string().optional() })

/** `PUT`/`PATCH baskets/{id}/payments/open-tender`: the payment, with the provider's page when it has one. */
export const OpenTenderSchema = z.object({
  data: z
    .object({
      status: z.string().optional(),
      redirect: z.object({ redirectUrl: z.string().optional() }).optional(),
    })
    .passthrough()
    .nullable()
    .optional(),
  infos: z.array(InfoSchema).optional(),
})

/** `POST baskets/{id}/payment-instruments`: the instrument entered for this basket. */
export const BasketInstrumentEnvelopeSchema = z.object({ data: z.object({ id: z.string() }).passthrough() })

/**
 * The payment step's form: the method, a saved instrument of it (`instrument.{method}`, `new` enters new data)
 * or its parameters (`parameters.{method}.{name}`), checked against the server's constraints only for the
 * chosen method, and whether to save the data for later.
 */
export function paymentFormSchema(methods: PaymentMethod[], t: Translate) {
  return z
    .object({
      paymentMethod: z.string({ required_error: t('checkout.payment.required') }).max(100),
      instrument: z.record(z.string().max(100)).optional(),
      saveForLater: z.boolean().default(false),
      parameters: z.record(z.record(z.string().max(1000))).optional(),
    })
    .superRefine((form, ctx) => {
      const method = methods.find((m) => m.id === form.paymentMethod)
      if (!method) {
        ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: t('checkout.payment.not_eligible') })
        return
      }
      if (method.instruments.some((i) => i.id === form.instrument?.[method.id])) return
      const parameters = parameterSchema(method.parameters, t).safeParse(form.parameters?.[method.id] ?? {})
      if (!parameters.success)
        for (const issue of parameters.error.issues)
          ctx.addIssue({ ...issue, path: ['parameters', method.id, ...issue.path] })
    })
}
