import { z } from 'zod'
import { MoneySchema, PriceItemSchema, type Money, type PriceItem } from './price'

const LineItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  product: z.string(),
  quantity: z.object({ value: z.number() }),
  pricing: z.object({ singleBasePrice: PriceItemSchema, total: PriceItemSchema }),
  /** The warranty chosen for the line; its price is per piece and part of the line total. */
  warranty: z.object({ id: z.string(), name: z.string(), price: PriceItemSchema }).optional(),
})

export const BasketSchema = z.object({
  data: z.object({
    id: z.string(),
    purchaseCurrency: z.string().optional(),
    lineItems: z.array(z.string()).default([]),
    totalProductQuantity: z.number().optional(),
    totals: z.object({
      itemTotal: PriceItemSchema,
      shippingTotal: PriceItemSchema.optional(),
      salesTaxTotal: MoneySchema.optional(),
      grandTotal: PriceItemSchema,
      isEstimated: z.boolean().optional(),
    }),
  }),
  included: z.object({ lineItems: z.record(LineItemSchema).optional() }).optional(),
  infos: z.array(z.object({ code: z.string(), message: z.string().optional() })).optional(),
})

export const AddItemsResultSchema = z.object({
  data: z.array(LineItemSchema),
  infos: z.array(z.object({ code: z.string(), message: z.string().optional() })).default([]),
})

export type BasketLine = {
  id: string
  position: number
  sku: string
  quantity: number
  singleBasePrice: PriceItem
  total: PriceItem
  warranty?: { id: string; name: string; price: PriceItem }
}

export type Basket = {
  id: string
  currency?: string
  lines: BasketLine[]
  itemCount: number
  totals: { items: PriceItem; shipping?: PriceItem; tax?: Money; total: PriceItem; estimated: boolean }
}

export function mapBasket(envelope: z.infer<typeof BasketSchema>): Basket {
  const included = envelope.included?.lineItems ?? {}
  const lines = envelope.data.lineItems.flatMap((id) => {
    const line = included[id]
    return line
      ? [
          {
            id,
            position: line.position,
            sku: line.product,
            quantity: line.quantity.value,
            singleBasePrice: line.pricing.singleBasePrice,
            total: line.pricing.total,
            warranty: line.warranty,
          },
        ]
      : []
  })
  const totals = envelope.data.totals
  return {
    id: envelope.data.id,
    currency: envelope.data.purchaseCurrency,
    lines: lines.sort((a, b) => a.position - b.position),
    itemCount: envelope.data.totalProductQuantity ?? lines.reduce((sum, l) => sum + l.quantity, 0),
    totals: {
      items: totals.itemTotal,
      shipping: totals.shippingTotal,
      tax: totals.salesTaxTotal,
      total: totals.grandTotal,
      // Estimated while invoice address, shipping address or shipping method are missing.
      estimated: totals.isEstimated ?? true,
    },
  }
}
