/**
 * Order templates as the shop shows them (feature orderTemplates, ADR 0041): ICM keeps them as the business
 * user's wishlists (`customers/-/users/-/wishlists`), so they are read with the wishlists' schemas and mappers
 * (wishlist.ts); here are their addresses, bounds and the lines a basket or an order makes of one.
 */
import { z } from 'zod'
import type { Wishlist, WishlistSummary } from './wishlist'

export type OrderTemplate = Pick<Wishlist, 'id' | 'title' | 'items'>
export type OrderTemplateSummary = Pick<WishlistSummary, 'id' | 'title' | 'itemsCount'>

/** The bounds the forms check before ICM does (the commerce API's limits: domain/order-templates.ts). */
export const ORDER_TEMPLATE_TITLE_MAX = 100
export const ORDER_TEMPLATE_QUANTITY_MAX = 10_000
export const ORDER_TEMPLATE_ITEMS_MAX = 200

/** Who may keep order templates: business users who may purchase (the commerce API's rule, ADR 0041). */
export const ORDER_TEMPLATE_PERMISSION = 'APP_B2B_PURCHASE'

export const orderTemplatesPath = (lang: string) => `/${lang}/account/order-templates`
export const orderTemplatePath = (lang: string, id: string) =>
  `${orderTemplatesPath(lang)}/${encodeURIComponent(id)}`
/** Where "save as order template" posts (a basket or an order) and where a product is added from its page. */
export const newOrderTemplatePath = (lang: string) => `${orderTemplatesPath(lang)}/new`
export const addToOrderTemplatePath = (lang: string) => `${orderTemplatesPath(lang)}/add`

export const orderTemplateTitle = z.string().trim().min(1).max(ORDER_TEMPLATE_TITLE_MAX)
export const orderTemplateQuantity = z.number().int().min(1).max(ORDER_TEMPLATE_QUANTITY_MAX)

/** What a new template is made of: its products, each once, with the quantity to order. */
export type TemplateItem = { sku: string; quantity: number }

/**
 * The items of a template made from a basket's or an order's lines: a product on several lines (with and
 * without a warranty) becomes one item with the quantities added up, in the order the lines come, each
 * bounded; lines beyond ORDER_TEMPLATE_ITEMS_MAX products are left out and counted.
 */
export function templateItemsOf(lines: readonly { sku: string; quantity: number }[]): {
  items: TemplateItem[]
  left: number
} {
  const bySku = new Map<string, number>()
  for (const line of lines) {
    if (!line.sku || !Number.isInteger(line.quantity) || line.quantity < 1) continue
    bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity)
  }
  const all = [...bySku].map(([sku, quantity]) => ({
    sku,
    quantity: Math.min(quantity, ORDER_TEMPLATE_QUANTITY_MAX),
  }))
  return {
    items: all.slice(0, ORDER_TEMPLATE_ITEMS_MAX),
    left: Math.max(0, all.length - ORDER_TEMPLATE_ITEMS_MAX),
  }
}
