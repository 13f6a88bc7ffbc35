import { z } from 'zod'

type Translate = (key: string, values?: Record<string, unknown>) => string

/** The channel's desired-delivery window (configuration `shipping`, spec §9). */
export type DeliveryWindow = {
  daysMin: number
  daysMax: number
  excludeSaturday: boolean
  excludeSunday: boolean
}

const DAY_MS = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** The first and last day (yyyy-mm-dd) a line may be delivered on, for the date input's min and max. */
export function deliveryBounds(window: DeliveryWindow, today = new Date()) {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  return {
    min: isoDay(new Date(start + window.daysMin * DAY_MS)),
    max: isoDay(new Date(start + window.daysMax * DAY_MS)),
  }
}

const optionalText = (max: number, t: Translate) =>
  z.string().max(max, t('form.max_length', { max })).optional()

/**
 * The basket page's forms, one schema per `intent`. Quantity 0 or empty deletes the line (spec §5); a
 * delivery date must be yyyy-mm-dd (spec §5), empty clears it; the API checks the window again.
 */
export function basketForms(t: Translate) {
  // Ids and codes the page itself posted: anything longer was not, and never reaches ICM (issue 14).
  const lineId = z.string().min(1).max(100)
  return {
    quantity: z.object({
      intent: z.literal('quantity'),
      lineId,
      quantity: z
        .number({ invalid_type_error: t('basket.quantity.invalid') })
        .int(t('basket.quantity.invalid'))
        .min(0, t('basket.quantity.invalid'))
        .optional(),
    }),
    delete: z.object({ intent: z.literal('delete'), lineId }),
    delivery: z.object({
      intent: z.literal('delivery'),
      lineId,
      desiredDelivery: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, t('basket.desired_delivery.format.error'))
        .optional(),
    }),
    addCode: z.object({
      intent: z.literal('addCode'),
      code: z
        .string({ required_error: t('basket.promotion_code.empty.error') })
        .trim()
        .min(1, t('basket.promotion_code.empty.error'))
        .max(100, t('form.max_length', { max: 100 })),
    }),
    removeCode: z.object({ intent: z.literal('removeCode'), code: z.string().min(1).max(100) }),
    fields: z.object({
      intent: z.literal('fields'),
      messageToMerchant: optionalText(1000, t),
      externalOrderReference: optionalText(100, t),
    }),
  }
}

export type BasketIntent = keyof ReturnType<typeof basketForms>

/** Any of the basket page's forms, told apart by `intent`: what the action parses. */
export function basketFormSchema(t: Translate) {
  const forms = basketForms(t)
  return z.discriminatedUnion('intent', [
    forms.quantity,
    forms.delete,
    forms.delivery,
    forms.addCode,
    forms.removeCode,
    forms.fields,
  ])
}

export type BasketForm = z.infer<ReturnType<typeof basketFormSchema>>

/** The id of a basket line's row: where the page returns to after a change of the line. */
export const lineAnchor = (lineId: string) => `line-${lineId}`

/**
 * Where the basket page continues after a successful change (the redirect's fragment): the changed line; after
 * a deletion the line that took its place (the next, else the one before); the section of a code or of the
 * order fields. The browser scrolls there (with or without JavaScript) and, with it, focus goes there
 * (RouteAnnouncer), so the shopper is where they were, not at the top of the page.
 */
export function basketAnchor(form: BasketForm, lineIds: string[], deleted: boolean): string | undefined {
  switch (form.intent) {
    case 'quantity':
    case 'delete':
    case 'delivery': {
      if (!deleted) return lineAnchor(form.lineId)
      const index = lineIds.indexOf(form.lineId)
      const next = index < 0 ? undefined : (lineIds[index + 1] ?? lineIds[index - 1])
      return next ? lineAnchor(next) : undefined
    }
    case 'addCode':
    case 'removeCode':
      return 'promotion-code-title'
    case 'fields':
      return 'basket-fields-title'
  }
}

/** Where the basket page shows why checkout could not start (the fragment its refusal returns to). */
export const CHECKOUT_BLOCKED = 'checkout-blocked'
