import { z } from 'zod'
import { MoneySchema, PriceItemSchema, type Money, type PriceItem } from './price'
import { API_CODES, ICM_ONLY } from '~/models/api-codes'
import { ApiMessageSchema, type ApiMessageData } from './api-message'

/** One mandatory link of a line (ADR 0011): the product, whether the line has it, and the line holding it. */
const MandatoryLinkSchema = z.object({
  product: z.string(),
  satisfied: z.boolean(),
  lineItem: z.string().optional(),
})

const LineItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  product: z.string(),
  /** Orders keep the product's name as ordered. */
  name: z.string().optional(),
  quantity: z.object({ value: z.number() }),
  pricing: z.object({
    singleBasePrice: PriceItemSchema,
    total: PriceItemSchema,
    undiscountedPrice: PriceItemSchema.optional(),
    valueRebatesTotal: PriceItemSchema.optional(),
  }),
  desiredDelivery: z.string().optional(),
  /** The warranty chosen for the line; its price is per piece and part of the line total. */
  warranty: z.object({ id: z.string(), name: z.string(), price: PriceItemSchema }).optional(),
  /** The line this one was chosen for (a mandatory selection or accessory). */
  mandatorySelectionItemOf: z.string().optional(),
  mandatorySelectionLinks: z.array(MandatoryLinkSchema).optional(),
  mandatoryAccessoryLinks: z.array(MandatoryLinkSchema).optional(),
  mandatoryLinksSatisfied: z.boolean().optional(),
  /** The accepted quote whose price the line has (issue 36); its quantity is the quote's. */
  quote: z.string().optional(),
  /** Fields the line was added with (e.g. `pcode` of the add-items link); older APIs send none. */
  customFields: z
    .array(z.object({ name: z.string(), value: z.string(), type: z.string().optional() }))
    .optional(),
})

type LineItemData = z.infer<typeof LineItemSchema>

/** ICM's rebate (`BasketRebateData`) as `included.discounts` holds it; the promotion's title is its description. */
export const DiscountSchema = z.object({
  id: z.string(),
  promotionType: z.string().optional(),
  amount: PriceItemSchema,
  description: z.string().optional(),
  code: z.string().optional(),
})

/** The basket's (or order's) `discounts`: ids into `included.discounts` (item rebates by promotion are ours). */
export const DiscountIdsSchema = z
  .object({
    valueBasedDiscounts: z.array(z.string()).default([]),
    itemValueBasedDiscounts: z.array(z.string()).default([]),
  })
  .optional()

/** The rebates the ids name, in their order; an id ICM did not include is left out. */
export function rebatesOf(
  ids: string[] = [],
  discounts: Record<string, z.infer<typeof DiscountSchema>> = {},
) {
  return ids.flatMap((id): Rebate[] => {
    const discount = discounts[id]
    if (!discount) return []
    const name = discount.description || discount.code || discount.promotionType || id
    return [{ name, amount: discount.amount, ...(discount.code ? { code: discount.code } : {}) }]
  })
}

/** Until invoice address, ship-to address and shipping method are set, totals are estimated (as the PWA says). */
export const isEstimated = (data: {
  invoiceToAddress?: string
  commonShipToAddress?: string
  commonShippingMethod?: string
}) => !data.invoiceToAddress || !data.commonShipToAddress || !data.commonShippingMethod

export const BasketSchema = z.object({
  data: z.object({
    id: z.string(),
    purchaseCurrency: z.string().optional(),
    lineItems: z.array(z.string()).default([]),
    totalProductQuantity: z.number().optional(),
    promotionCodes: z.array(z.string()).default([]),
    messageToMerchant: z.string().optional(),
    externalOrderReference: z.string().optional(),
    invoiceToAddress: z.string().optional(),
    commonShipToAddress: z.string().optional(),
    commonShippingMethod: z.string().optional(),
    discounts: DiscountIdsSchema,
    totals: z.object({
      itemTotal: PriceItemSchema,
      undiscountedItemTotal: PriceItemSchema.optional(),
      shippingTotal: PriceItemSchema.optional(),
      grandTotal: PriceItemSchema.extend({ tax: MoneySchema.optional() }),
    }),
  }),
  included: z
    .object({
      lineItems: z.record(LineItemSchema).optional(),
      discounts: z.record(DiscountSchema).optional(),
    })
    .optional(),
  infos: z.array(ApiMessageSchema).optional(),
})

/**
 * ICM's answer to a merge (`POST baskets/{target}/merges`, `BasketMergeData`): the two baskets' ids (the merged
 * basket itself comes only as an include, which the shop does not ask for) and the merge's infos.
 */
export const BasketMergeSchema = z.object({
  data: z.object({ sourceBasket: z.string(), targetBasket: z.string() }),
  infos: z.array(ApiMessageSchema).optional(),
})

const CauseSchema = z.object({
  code: z.string(),
  message: z.string().default(''),
  paths: z.array(z.string()).optional(),
})

/** ICM's answer to adding items: the lines, infos, and errors for items it did not take (spec §7). */
/** A cause of an add's info: which item (`paths`) and, for a fitted quantity, `parameters.adjusted`. */
const InfoCauseSchema = CauseSchema.extend({ parameters: z.record(z.string()).optional() })

export const AddItemsResultSchema = z.object({
  data: z.array(LineItemSchema),
  infos: z
    .array(
      z.object({
        code: z.string(),
        message: z.string().optional(),
        causes: z.array(InfoCauseSchema).default([]),
      }),
    )
    .default([]),
  errors: z
    .array(
      z.object({
        code: z.string(),
        message: z.string().default(''),
        causes: z.array(CauseSchema).default([]),
      }),
    )
    .default([]),
})

export type BasketLine = {
  id: string
  position: number
  sku: string
  /** The name as ordered (order lines only). */
  name?: string
  quantity: number
  singleBasePrice: PriceItem
  total: PriceItem
  /** The line before item promotions, and what they took off; absent without a rebate. */
  undiscounted?: PriceItem
  rebate?: PriceItem
  /** yyyy-mm-dd */
  desiredDelivery?: string
  warranty?: { id: string; name: string; price: PriceItem }
  /** The line this one was chosen for as a mandatory selection or accessory. */
  parentId?: string
  /** What the line's product asks for (selections first), when it asks for anything. */
  mandatory?: MandatoryState
  /** Fields the line was added with (e.g. `pcode`), shown with the line. */
  customFields?: { name: string; value: string }[]
  /** The accepted quote whose price the line has; its quantity is fixed. */
  quote?: string
}

export type MandatoryLink = z.infer<typeof MandatoryLinkSchema>
export type MandatoryState = { selections: MandatoryLink[]; accessories: MandatoryLink[]; satisfied: boolean }

/** A line's mandatory links as the storefront uses them; undefined when its product asks for none. */
export function mandatoryOf(line: LineItemData): MandatoryState | undefined {
  const selections = line.mandatorySelectionLinks ?? []
  const accessories = line.mandatoryAccessoryLinks ?? []
  if (selections.length === 0 && accessories.length === 0) return undefined
  return {
    selections,
    accessories,
    satisfied:
      line.mandatoryLinksSatisfied ??
      ((selections.length === 0 || selections.some((s) => s.satisfied)) &&
        accessories.every((a) => a.satisfied)),
  }
}

/** Where the prompt for a line's mandatory items lives (page without JavaScript, form target in the modal). */
export const mandatoryPath = (lang: string, lineId: string) =>
  `/${lang}/basket/mandatory/${encodeURIComponent(lineId)}`

export type Rebate = { name: string; amount: PriceItem; code?: string }

export type Basket = {
  id: string
  currency?: string
  lines: BasketLine[]
  itemCount: number
  promotionCodes: string[]
  messageToMerchant?: string
  externalOrderReference?: string
  /** Item promotions (per promotion, over all lines) and order promotions. */
  itemRebates: Rebate[]
  valueRebates: Rebate[]
  /** The API's infos worth showing (spec §8 filters). */
  infos: ApiMessageData[]
  /** The shipping method chosen for the basket, if any. */
  shippingMethodId?: string
  totals: {
    items: PriceItem
    shipping?: PriceItem
    tax?: Money
    total: PriceItem
    estimated: boolean
  }
}

/** Infos the spec drops or filters out (§8): unresolved includes, and the deletion and merge notices. */
const HIDDEN_INFOS = new Set<string>([
  ICM_ONLY.includeNotResolved,
  API_CODES.lineDeleted,
  API_CODES.addedToExistingLine,
])

export const visibleInfos = (infos: ApiMessageData[] = []) =>
  infos.filter((info) => !HIDDEN_INFOS.has(info.code))

const hasAmount = (item: PriceItem | undefined) => !!item && (item.gross.value !== 0 || item.net.value !== 0)

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
            name: line.name,
            quantity: line.quantity.value,
            singleBasePrice: line.pricing.singleBasePrice,
            total: line.pricing.total,
            ...(hasAmount(line.pricing.valueRebatesTotal)
              ? { undiscounted: line.pricing.undiscountedPrice, rebate: line.pricing.valueRebatesTotal }
              : {}),
            desiredDelivery: line.desiredDelivery,
            warranty: line.warranty,
            parentId: line.mandatorySelectionItemOf,
            mandatory: mandatoryOf(line),
            ...(line.customFields?.length
              ? { customFields: line.customFields.map(({ name, value }) => ({ name, value })) }
              : {}),
            ...(line.quote ? { quote: line.quote } : {}),
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
    promotionCodes: envelope.data.promotionCodes,
    messageToMerchant: envelope.data.messageToMerchant,
    externalOrderReference: envelope.data.externalOrderReference,
    itemRebates: rebatesOf(envelope.data.discounts?.itemValueBasedDiscounts, envelope.included?.discounts),
    valueRebates: rebatesOf(envelope.data.discounts?.valueBasedDiscounts, envelope.included?.discounts),
    infos: visibleInfos(envelope.infos),
    shippingMethodId: envelope.data.commonShippingMethod,
    totals: {
      items: totals.itemTotal,
      shipping: totals.shippingTotal,
      tax: totals.grandTotal.tax,
      total: { net: totals.grandTotal.net, gross: totals.grandTotal.gross },
      estimated: isEstimated(envelope.data),
    },
  }
}
