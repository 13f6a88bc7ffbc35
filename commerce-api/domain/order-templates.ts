/**
 * Order templates (issue 36, feature orderTemplates; ICM's `customers/-/users/-/wishlists`, ADR 0041): a
 * business user's named lists of products with the quantity to order, filled from a basket or an order and put
 * back into the basket in one add. Each template is its user's alone: other users of the same company do not
 * see it (an unknown id and someone else's answer the same 404). Kept apart from the wishlists, in their own
 * tables, so a template never shows among wishlists nor a wishlist among templates.
 *
 * The quantities are what the user wants; today's order rules (minimum, steps, maximum, stock, products no
 * longer sold) are applied when a template goes into the basket, by the basket's add with adjustments allowed
 * (basket.ts `addItems`, quantity.ts `fitQuantity`), not here: a template keeps what was ordered even when the
 * rules change. Bounded: `ORDER_TEMPLATE_LIMITS`. Every change runs in one transaction with the user's
 * templates locked, so two requests at once keep the limits.
 */
import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { orderTemplateItems, orderTemplates } from '../db/schema'
import type { ItemRequest } from './basket'
import { invalidError, notFoundError, refusedError } from './errors'
import { isWishlistId, requireOnlineProduct } from './wishlists'

export const ORDER_TEMPLATE_LIMITS = {
  /** Templates per user. */
  templates: 50,
  /** Products per template: a large order fits in one. */
  items: 200,
  /** Characters of a title. */
  title: 100,
  /** The most of one product a template holds (the basket fits it to the channel's cap when ordering). */
  quantity: 10_000,
} as const

export type OrderTemplateRow = typeof orderTemplates.$inferSelect
export type OrderTemplateItemRow = typeof orderTemplateItems.$inferSelect
export type OrderTemplateSummary = OrderTemplateRow & { itemsCount: number }
export type OrderTemplate = OrderTemplateRow & { items: OrderTemplateItemRow[] }

/** Whose templates a call touches: the logged-in business user. */
export type TemplateOwner = { userId: string }

const notFound = () =>
  notFoundError('order_template.not_found.error', 'The order template could not be found.')

/** A title as kept: trimmed, not empty, bounded. */
export function orderTemplateTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed || trimmed.length > ORDER_TEMPLATE_LIMITS.title) {
    const message = `An order template title has 1 to ${ORDER_TEMPLATE_LIMITS.title} characters.`
    throw invalidError('order_template.title.invalid.error', message, [
      { code: 'order_template.title.invalid.error', message, paths: ['title'] },
    ])
  }
  return trimmed
}

/** A quantity a template line may hold: a whole number from 1 to the limit. */
export function orderTemplateQuantity(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > ORDER_TEMPLATE_LIMITS.quantity)
    throw refusedError(
      'order_template.quantity.invalid.error',
      `A template line holds a whole number from 1 to ${ORDER_TEMPLATE_LIMITS.quantity}.`,
    )
  return quantity
}

/** The user's templates, oldest first, each with its number of products. */
export async function listOrderTemplates(db: Db, owner: TemplateOwner): Promise<OrderTemplateSummary[]> {
  const rows = await db
    .select({ template: orderTemplates, itemsCount: count(orderTemplateItems.id) })
    .from(orderTemplates)
    .leftJoin(orderTemplateItems, eq(orderTemplateItems.templateId, orderTemplates.id))
    .where(eq(orderTemplates.userId, owner.userId))
    .groupBy(orderTemplates.id)
    .orderBy(asc(orderTemplates.createdAt), asc(orderTemplates.id))
  return rows.map(({ template, itemsCount }) => ({ ...template, itemsCount }))
}

async function itemsOf(db: Db, templateId: string) {
  return db
    .select()
    .from(orderTemplateItems)
    .where(eq(orderTemplateItems.templateId, templateId))
    .orderBy(asc(orderTemplateItems.createdAt), asc(orderTemplateItems.sku))
}

/** One of the user's templates with its products; anyone else's, or an unknown id, is not found. */
export async function getOrderTemplate(db: Db, owner: TemplateOwner, id: string): Promise<OrderTemplate> {
  if (!isWishlistId(id)) throw notFound()
  const [row] = await db
    .select()
    .from(orderTemplates)
    .where(and(eq(orderTemplates.id, id), eq(orderTemplates.userId, owner.userId)))
  if (!row) throw notFound()
  return { ...row, items: await itemsOf(db, id) }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Locks the user's templates for the rest of the transaction (their count and lines stay put). */
async function lockTemplates(tx: Tx, owner: TemplateOwner) {
  return tx
    .select()
    .from(orderTemplates)
    .where(eq(orderTemplates.userId, owner.userId))
    .orderBy(asc(orderTemplates.createdAt), asc(orderTemplates.id))
    .for('update')
}

async function ownTemplate(tx: Tx, owner: TemplateOwner, id: string): Promise<OrderTemplateRow> {
  const found = isWishlistId(id) ? (await lockTemplates(tx, owner)).find((row) => row.id === id) : undefined
  if (!found) throw notFound()
  return found
}

/** A new, empty template. */
export async function createOrderTemplate(
  db: Db,
  owner: TemplateOwner,
  input: { title?: string },
): Promise<OrderTemplate> {
  const title = orderTemplateTitle(input.title ?? '')
  return db.transaction(async (tx) => {
    const rows = await lockTemplates(tx, owner)
    if (rows.length >= ORDER_TEMPLATE_LIMITS.templates)
      throw refusedError(
        'order_template.limit.error',
        `A user keeps at most ${ORDER_TEMPLATE_LIMITS.templates} order templates; delete one first.`,
      )
    const [row] = await tx.insert(orderTemplates).values({ userId: owner.userId, title }).returning()
    return { ...row!, items: [] }
  })
}

/** Renames a template. */
export async function renameOrderTemplate(
  db: Db,
  owner: TemplateOwner,
  id: string,
  input: { title?: string },
): Promise<OrderTemplate> {
  const title = input.title === undefined ? undefined : orderTemplateTitle(input.title)
  await db.transaction(async (tx) => {
    await ownTemplate(tx, owner, id)
    if (title !== undefined) await tx.update(orderTemplates).set({ title }).where(eq(orderTemplates.id, id))
  })
  return getOrderTemplate(db, owner, id)
}

/** Deletes a template with its lines. */
export async function deleteOrderTemplate(db: Db, owner: TemplateOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await ownTemplate(tx, owner, id)
    await tx.delete(orderTemplates).where(eq(orderTemplates.id, id))
  })
}

/**
 * ICM's `POST …/wishlists/{id}/products/{sku}?quantity=n`: adds n to the product's line, or makes the line.
 * As the PWA changes a line's quantity by posting the difference (`quantity - desiredQuantity`), n may be
 * negative for a product already there; the line must keep 1 to the limit (a new line's product must exist
 * and be online), else the change is refused and nothing is written.
 */
export async function addOrderTemplateItem(
  db: Db,
  owner: TemplateOwner,
  id: string,
  sku: string,
  quantity: number,
): Promise<OrderTemplate> {
  if (!Number.isInteger(quantity) || quantity === 0)
    throw invalidError(
      'order_template.quantity.invalid.error',
      'The quantity is a whole number other than 0.',
    )
  await db.transaction(async (tx) => {
    await ownTemplate(tx, owner, id)
    const [existing] = await tx
      .select()
      .from(orderTemplateItems)
      .where(and(eq(orderTemplateItems.templateId, id), eq(orderTemplateItems.sku, sku)))
    if (existing) {
      const next = orderTemplateQuantity(existing.quantity + quantity)
      await tx
        .update(orderTemplateItems)
        .set({ quantity: next })
        .where(eq(orderTemplateItems.id, existing.id))
      return
    }
    orderTemplateQuantity(quantity)
    await requireOnlineProduct(tx, sku)
    const [{ items } = { items: 0 }] = await tx
      .select({ items: count() })
      .from(orderTemplateItems)
      .where(eq(orderTemplateItems.templateId, id))
    if (items >= ORDER_TEMPLATE_LIMITS.items)
      throw refusedError(
        'order_template.items.limit.error',
        `An order template holds at most ${ORDER_TEMPLATE_LIMITS.items} products; remove one first.`,
      )
    await tx.insert(orderTemplateItems).values({ templateId: id, sku, quantity })
  })
  return getOrderTemplate(db, owner, id)
}

/** Removes a product from one of the user's templates. */
export async function removeOrderTemplateItem(
  db: Db,
  owner: TemplateOwner,
  id: string,
  sku: string,
): Promise<OrderTemplate> {
  await db.transaction(async (tx) => {
    await ownTemplate(tx, owner, id)
    const [removed] = await tx
      .delete(orderTemplateItems)
      .where(and(eq(orderTemplateItems.templateId, id), eq(orderTemplateItems.sku, sku)))
      .returning({ id: orderTemplateItems.id })
    if (!removed)
      throw notFoundError(
        'order_template.item.not_found.error',
        `The product '${sku}' is not on this order template.`,
      )
  })
  return getOrderTemplate(db, owner, id)
}

/**
 * A template's lines as the items of one basket add, in the template's order, with the quantities it keeps.
 * The add is made with adjustments allowed (basket.ts `addItems`): each quantity is fitted to the product's
 * rules of today (minimum, steps, maximum, the channel's cap) and what cannot be ordered any more (offline,
 * out of stock, no price) is refused by name while the rest goes in.
 */
export const orderTemplateBasketItems = (template: Pick<OrderTemplate, 'items'>): ItemRequest[] =>
  template.items.map((item) => ({ sku: item.sku, quantity: item.quantity }))
