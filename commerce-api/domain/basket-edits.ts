/**
 * Changes to a basket besides adding items: a line's quantity (0 deletes it) and desired delivery date,
 * deleting lines, the basket's message to the merchant and external order reference, promotion codes.
 * Each change is one transaction that locks the basket row, so concurrent changes of one basket queue.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { addresses, basketPromotionCodes, baskets, lineItems, products, users } from '../db/schema'
import { eligibleAddress } from './addresses'
import { lockBasket, type BasketRow } from './basket'
import { channelSettings } from './configuration'
import { basketCostCenter } from './cost-centers'
import { invalidError, notFoundError, refusedError, type DomainErrorCause } from './errors'
import { isUuid } from './ids'
import { quantityProblem } from './quantity'
import { promotionByCode } from './rebates'
import { recurrenceProblems, storedRecurrence, type RecurrenceRequest } from './recurrence'
import { allShippingMethods, servesCountry } from './shipping'
import type { Principal } from './tokens'

export const lineItemNotFound = (id: string) =>
  notFoundError('basket.line_item.not_found.error', `The line item '${id}' is not in the basket.`)

/** Runs a change of one basket in a transaction that holds the basket's row, and marks the basket changed. */
export async function inBasketTransaction<T>(
  db: Db,
  basket: BasketRow,
  work: (t: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockBasket(t, basket.id)
    const result = await work(t)
    await t.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basket.id))
    return result
  })
}

const DAY_MS = 86_400_000

/** Today in UTC as days since the epoch (delivery days are calendar days, not times). */
const dayNumber = (date: Date) => Math.floor(date.getTime() / DAY_MS)

/**
 * Checks a desired delivery date against the channel's window: yyyy-mm-dd, a real calendar day, between
 * `desiredDeliveryDaysMin` and `desiredDeliveryDaysMax` days from today, not on an excluded weekday.
 */
export function desiredDeliveryProblem(value: string, today = new Date()): string | undefined {
  const shipping = channelSettings().shipping
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  if (!date || date.toISOString().slice(0, 10) !== value)
    return `The desired delivery date '${value}' is not a date of the form yyyy-mm-dd.`
  const days = dayNumber(date) - dayNumber(today)
  if (days < shipping.desiredDeliveryDaysMin || days > shipping.desiredDeliveryDaysMax) {
    return `The desired delivery date must lie between ${shipping.desiredDeliveryDaysMin} and ${shipping.desiredDeliveryDaysMax} days from today.`
  }
  const weekday = date.getUTCDay()
  if (
    (weekday === 6 && shipping.deliveryExcludeSaturday) ||
    (weekday === 0 && shipping.deliveryExcludeSunday)
  )
    return 'There is no delivery on Saturdays and Sundays.'
  return undefined
}

export type ItemUpdate = { quantity?: number; desiredDelivery?: string | null }

const updateFailed = (cause: DomainErrorCause) =>
  refusedError('basket.line_item.update.failed', 'The line item could not be updated.', [cause])

/** Updates a line: quantity 0 deletes it; a quantity must keep the product's order rules. */
export async function updateItem(db: Db, basket: BasketRow, itemId: string, update: ItemUpdate) {
  if (!isUuid(itemId)) throw lineItemNotFound(itemId)
  return inBasketTransaction(db, basket, async (t) => {
    const [line] = await t
      .select()
      .from(lineItems)
      .where(and(eq(lineItems.id, itemId), eq(lineItems.basketId, basket.id)))
    if (!line) throw lineItemNotFound(itemId)
    if (update.quantity === 0) {
      await t.delete(lineItems).where(eq(lineItems.id, line.id))
      return { deleted: true as const }
    }
    const changes: Partial<typeof lineItems.$inferInsert> = {}
    // A quoted line holds the quote's quantity (issue 36): it can be removed, not resized.
    if (update.quantity !== undefined && line.quoteId !== null && update.quantity !== line.quantity)
      throw updateFailed({
        code: 'basket.line_item.quote.quantity_fixed.error',
        message: `The quantity of '${line.sku}' is the quote's and cannot be changed.`,
        paths: ['quantity.value'],
      })
    if (update.quantity !== undefined && line.quoteId === null) {
      const [product] = await t
        .select({
          min: products.minOrderQuantity,
          max: products.maxOrderQuantity,
          step: products.stepQuantity,
        })
        .from(products)
        .where(eq(products.sku, line.sku))
      const problem = product && quantityProblem(line.sku, product, update.quantity)
      if (problem) throw updateFailed({ ...problem, paths: ['quantity.value'] })
      changes.quantity = update.quantity
    }
    if (update.desiredDelivery !== undefined) {
      const problem =
        update.desiredDelivery === null ? undefined : desiredDeliveryProblem(update.desiredDelivery)
      if (problem) {
        throw updateFailed({
          code: 'basket.line_item.desired_delivery_date.invalid.error',
          message: problem,
          paths: ['desiredDelivery'],
        })
      }
      changes.desiredDelivery = update.desiredDelivery
    }
    if (Object.keys(changes).length) await t.update(lineItems).set(changes).where(eq(lineItems.id, line.id))
    return { deleted: false as const }
  })
}

export async function deleteItem(db: Db, basket: BasketRow, itemId: string) {
  if (!isUuid(itemId)) throw lineItemNotFound(itemId)
  await inBasketTransaction(db, basket, async (t) => {
    const deleted = await t
      .delete(lineItems)
      .where(and(eq(lineItems.id, itemId), eq(lineItems.basketId, basket.id)))
      .returning({ id: lineItems.id })
    if (deleted.length === 0) throw lineItemNotFound(itemId)
  })
}

export type BasketUpdate = {
  messageToMerchant?: string | null
  externalOrderReference?: string | null
  /** URN or id of an address the caller may use. */
  invoiceToAddress?: string
  commonShipToAddress?: string
  /** Id of a shipping method eligible for the basket's ship-to address. */
  commonShippingMethod?: string
  /** The costCenterId of a cost center the business user may order on (cost-centers.ts); null or '' removes it. */
  costCenter?: string | null
  /** ICM's `recurrence` (recurrence.ts), its form checked; null removes it. Logged-in users only. */
  recurrence?: RecurrenceRequest | null
}

/**
 * The recurrence a basket keeps, or why it cannot have it: only a logged-in customer's basket can become a
 * recurring order (a guest has no account to place the later orders for), and the dates must fit the rules.
 */
function basketRecurrence(principal: Principal | undefined, request: RecurrenceRequest, now: Date) {
  if (!principal || principal.anonymous) {
    const message = 'Only a logged-in customer can set up a recurring order.'
    throw refusedError('basket.recurrence.login_required.error', message, [
      { code: 'basket.recurrence.login_required.error', message, paths: ['recurrence'] },
    ])
  }
  const problems = recurrenceProblems(request, now)
  if (problems.length)
    throw refusedError('basket.recurrence.invalid.error', 'The recurrence cannot be set.', problems)
  return storedRecurrence(request)
}

/**
 * Basket fields: message to merchant and external order reference (empty texts are stored as null), invoice
 * and ship-to address (the caller's own), shipping method (an eligible one), cost center (one the business
 * user is a buyer of), recurrence (a logged-in user's). The invoice address's e-mail becomes a guest's basket
 * e-mail; a user's basket carries the user's e-mail.
 */
export async function updateBasket(db: Db, basket: BasketRow, update: BasketUpdate, principal?: Principal) {
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null)
  const changes: Partial<typeof baskets.$inferInsert> = {
    messageToMerchant: text(update.messageToMerchant),
    externalOrderReference: text(update.externalOrderReference),
  }
  return inBasketTransaction(db, basket, async (t) => {
    if (principal && update.invoiceToAddress !== undefined) {
      const address = await eligibleAddress(t, basket, principal, update.invoiceToAddress, 'invoiceToAddress')
      changes.invoiceToAddressId = address.id
      changes.email = principal.anonymous
        ? (address.email ?? basket.email)
        : await userEmail(t, principal.userId)
    }
    let shipTo: string | undefined
    if (principal && update.commonShipToAddress !== undefined) {
      const address = await eligibleAddress(
        t,
        basket,
        principal,
        update.commonShipToAddress,
        'commonShipToAddress',
      )
      changes.commonShipToAddressId = address.id
      shipTo = address.countryCode
    } else if (basket.commonShipToAddressId) {
      const [row] = await t
        .select({ countryCode: addresses.countryCode })
        .from(addresses)
        .where(eq(addresses.id, basket.commonShipToAddressId))
      shipTo = row?.countryCode
    }
    if (update.commonShippingMethod !== undefined) {
      const methods = await allShippingMethods(t)
      const method = methods.find((m) => m.id === update.commonShippingMethod)
      if (!method || !servesCountry(method, shipTo)) {
        const message = method
          ? `The shipping method '${method.id}' is not available for this ship-to address.`
          : `There is no shipping method '${update.commonShippingMethod}'.`
        throw refusedError('basket.shipping_method.not_eligible.error', message, [
          { code: 'basket.shipping_method.not_eligible.error', message, paths: ['commonShippingMethod'] },
        ])
      }
      changes.shippingMethodId = method.id
    }
    if (principal && update.costCenter !== undefined)
      changes.costCenter = await basketCostCenter(t, principal, update.costCenter)
    if (update.recurrence !== undefined)
      changes.recurrence =
        update.recurrence === null ? null : basketRecurrence(principal, update.recurrence, new Date())
    const [row] = await t.update(baskets).set(changes).where(eq(baskets.id, basket.id)).returning()
    return row!
  })
}

async function userEmail(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email ?? null
}

/** Adds a promotion code: it must name a running promotion, and a basket holds one code. */
export async function addPromotionCode(db: Db, basket: BasketRow, input: string) {
  const code = input.trim().toUpperCase()
  if (!code) throw invalidError('request.invalid', 'The promotion code is empty.')
  return inBasketTransaction(db, basket, async (t) => {
    const promotion = await promotionByCode(t, code)
    if (!promotion)
      throw refusedError(
        'basket.promotion_code.not_found.error',
        `The promotion code '${code}' is not valid.`,
      )
    const present = await t
      .select({ code: basketPromotionCodes.code })
      .from(basketPromotionCodes)
      .where(eq(basketPromotionCodes.basketId, basket.id))
    if (present.some((p) => p.code === code))
      throw refusedError(
        'basket.promotion_code.already_added.error',
        `The code '${code}' is already in the basket.`,
      )
    if (present.length > 0) {
      throw refusedError(
        'basket.promotion_code.not_combinable.error',
        'Only one promotion code can be used per order; remove the other code first.',
      )
    }
    await t.insert(basketPromotionCodes).values({ basketId: basket.id, code })
    return code
  })
}

export async function removePromotionCode(db: Db, basket: BasketRow, input: string) {
  const code = input.trim().toUpperCase()
  await inBasketTransaction(db, basket, async (t) => {
    const removed = await t
      .delete(basketPromotionCodes)
      .where(and(eq(basketPromotionCodes.basketId, basket.id), eq(basketPromotionCodes.code, code)))
      .returning({ code: basketPromotionCodes.code })
    if (removed.length === 0)
      throw notFoundError('basket.promotion_code.not_found.error', `The code '${code}' is not in the basket.`)
  })
}
