/**
 * Merging an anonymous shopper's basket into the basket of the user who just logged in (spec §4 "Basket
 * loading and merging", §5): `POST baskets/{target}/merges {sourceBasket, sourceAuthenticationToken}`.
 * The source token proves that the caller may take the source basket. One transaction locks both baskets,
 * moves the lines (the same product and warranty add up, within the product's quantity rules and the
 * channel's maximum), carries the promotion code over, and leaves the source basket `merged` (no longer
 * open, so it is nobody's current basket any more). A mandatory selection or accessory stays with its
 * parent line (ADR 0011): it belongs to the line its parent went into; when the parent was not taken over,
 * it comes along as a line of its own.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { basketPromotionCodes, baskets, lineItems, products } from '../db/schema'
import { ApiError } from '../http'
import type { QuantityRules } from './basket'
import { MAX_ITEM_QUANTITY, type Currency } from './channel'
import { checkToken, type Principal } from './tokens'
import { warrantyPrice, lineWarranties } from './warranties'
import { readTogether } from '../db/reads'
import { pricedSkus } from './catalog'
import { isUuid } from './ids'

type BasketRow = typeof baskets.$inferSelect
type Info = { code: string; message: string; causes: never[] }

const info = (code: string, message: string): Info => ({ code, message, causes: [] })
const mergeError = (code: string, message: string, status = 422) => new ApiError(status, code, message)

/**
 * The largest quantity at most `wanted` that a line of the product may hold (minimum, step, maximum capped
 * by the channel's limit); undefined when not even the minimum fits.
 */
export function largestAllowedQuantity(rules: QuantityRules, wanted: number): number | undefined {
  const max = Math.min(rules.max ?? MAX_ITEM_QUANTITY, MAX_ITEM_QUANTITY, wanted)
  if (max < rules.min) return undefined
  return rules.min + Math.floor((max - rules.min) / rules.step) * rules.step
}

const lineKey = (sku: string, warrantyId: string | null, parent: string | null) =>
  `${sku}\u0000${warrantyId ?? ''}\u0000${parent ?? ''}`

export type MergeRequest = { sourceBasket: string; sourceAuthenticationToken: string }

/**
 * Merges the source basket into `target` (an open basket of the caller). Refusals: the same basket as
 * source and target, an invalid or expired source token, a source basket that is not an open basket of
 * that token — each a 422 with its own code; nothing is written then.
 */
export async function mergeBaskets(
  db: Db,
  principal: Principal,
  target: BasketRow,
  request: MergeRequest,
): Promise<{ basket: BasketRow; infos: Info[] }> {
  if (request.sourceBasket === target.id || request.sourceBasket === 'current') {
    throw mergeError(
      'basket.merge.source_equals_target.error',
      'The source basket must be another basket than the target basket.',
    )
  }
  const check = await checkToken(db, request.sourceAuthenticationToken)
  if (check.status !== 'valid') {
    throw mergeError(
      'basket.merge.source_token.invalid.error',
      check.status === 'expired'
        ? 'The authentication token of the source basket has expired.'
        : 'The authentication token of the source basket is not valid.',
    )
  }
  const sourceOwner = check.principal.subject
  const notOwned = () =>
    mergeError(
      'basket.merge.source_basket.not_found.error',
      `The basket '${request.sourceBasket}' is not an open basket of the source token.`,
    )
  if (!isUuid(request.sourceBasket)) throw notOwned()

  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // Both rows locked in id order, so two merges touching the same baskets cannot deadlock.
    const locked = await t
      .select()
      .from(baskets)
      .where(inArray(baskets.id, [target.id, request.sourceBasket]))
      .orderBy(asc(baskets.id))
      .for('update')
    const source = locked.find((b) => b.id === request.sourceBasket)
    const current = locked.find((b) => b.id === target.id)
    if (!source || source.owner !== sourceOwner || source.status !== 'open') throw notOwned()
    if (!current || current.owner !== principal.subject || current.status !== 'open') {
      throw new ApiError(404, 'basket.not_found.error', 'The basket could not be found.')
    }
    const currency = current.currency as Currency
    const [sourceLines, targetLines] = await readTogether(t, [
      () =>
        t.select().from(lineItems).where(eq(lineItems.basketId, source.id)).orderBy(asc(lineItems.position)),
      () => t.select().from(lineItems).where(eq(lineItems.basketId, current.id)),
    ])
    const skus = [...new Set(sourceLines.map((l) => l.sku))]
    const [productRows, priced, warrantyById] = await readTogether(t, [
      () =>
        skus.length
          ? t
              .select({
                sku: products.sku,
                online: products.online,
                min: products.minOrderQuantity,
                max: products.maxOrderQuantity,
                step: products.stepQuantity,
              })
              .from(products)
              .where(inArray(products.sku, skus))
          : [],
      () => pricedSkus(t, currency, skus),
      () => lineWarranties(t, sourceLines),
    ])
    const productBySku = new Map(productRows.map((p) => [p.sku, p]))
    const targetByKey = new Map(
      targetLines.map((l) => [lineKey(l.sku, l.warrantyId, l.mandatorySelectionItemOf), l]),
    )
    // Source line id → the target line it went into (parents come before their children by position).
    const movedTo = new Map<string, string>()
    let position = targetLines.reduce((max, l) => Math.max(max, l.position), 0)
    const infos: Info[] = []

    for (const line of sourceLines) {
      const product = productBySku.get(line.sku)
      const warranty = line.warrantyId ? warrantyById.get(line.warrantyId) : undefined
      if (
        !product ||
        !product.online ||
        !priced.has(line.sku) ||
        (line.warrantyId && (!warranty || !warrantyPrice(warranty, currency)))
      ) {
        infos.push(
          info(
            'basket.merge.line_item.not_available.info',
            `The product '${line.sku}' is not available in ${currency} and was not taken over.`,
          ),
        )
        continue
      }
      const parent = line.mandatorySelectionItemOf
        ? (movedTo.get(line.mandatorySelectionItemOf) ?? null)
        : null
      const key = lineKey(line.sku, line.warrantyId, parent)
      const existing = targetByKey.get(key)
      const wanted = (existing?.quantity ?? 0) + line.quantity
      const quantity = largestAllowedQuantity(product, wanted)
      if (quantity === undefined) {
        infos.push(
          info(
            'basket.merge.line_item.not_available.info',
            `The product '${line.sku}' could not be taken over with its quantity rules.`,
          ),
        )
        continue
      }
      if (quantity !== wanted) {
        infos.push(
          info(
            'basket.merge.line_item.quantity_adjusted.info',
            `The quantity of '${line.sku}' was adjusted from ${wanted} to ${quantity}, the most one line may hold.`,
          ),
        )
      }
      if (existing) {
        await t.update(lineItems).set({ quantity }).where(eq(lineItems.id, existing.id))
        targetByKey.set(key, { ...existing, quantity })
        movedTo.set(line.id, existing.id)
      } else {
        const [row] = await t
          .insert(lineItems)
          .values({
            basketId: current.id,
            sku: line.sku,
            warrantyId: line.warrantyId,
            quantity,
            position: ++position,
            desiredDelivery: line.desiredDelivery,
            mandatorySelectionItemOf: parent,
          })
          .returning()
        targetByKey.set(key, row!)
        movedTo.set(line.id, row!.id)
      }
    }

    // A basket holds one promotion code: the source's code comes along when the target has none.
    const [sourceCodes, targetCodes] = await readTogether(t, [
      () => t.select().from(basketPromotionCodes).where(eq(basketPromotionCodes.basketId, source.id)),
      () => t.select().from(basketPromotionCodes).where(eq(basketPromotionCodes.basketId, current.id)),
    ])
    for (const { code } of sourceCodes) {
      if (targetCodes.some((c) => c.code === code)) continue
      if (targetCodes.length > 0) {
        infos.push(
          info(
            'basket.merge.promotion_code.not_combinable.info',
            `The promotion code '${code}' was not taken over: the basket already has a code.`,
          ),
        )
        continue
      }
      await t.insert(basketPromotionCodes).values({ basketId: current.id, code })
      targetCodes.push({ basketId: current.id, code, addedAt: new Date() })
    }

    await t.update(baskets).set({ status: 'merged', updatedAt: new Date() }).where(eq(baskets.id, source.id))
    const [merged] = await t
      .update(baskets)
      .set({
        messageToMerchant: current.messageToMerchant ?? source.messageToMerchant,
        externalOrderReference: current.externalOrderReference ?? source.externalOrderReference,
        updatedAt: new Date(),
      })
      .where(eq(baskets.id, current.id))
      .returning()
    return { basket: merged!, infos }
  })
}
