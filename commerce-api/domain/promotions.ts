/** Promotions as the catalog shows them: the running ones of a product, and one by id. */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { productPromotions, promotions } from '../db/schema'

export type PromotionRow = typeof promotions.$inferSelect

/** A promotion runs when it is switched on and today lies within its optional start and end. */
const running = () => {
  const now = sql`now()`
  return and(
    eq(promotions.active, true),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
  )
}

/** The running promotions of a product, by id. */
export async function runningPromotionsOf(db: Db, sku: string): Promise<PromotionRow[]> {
  const rows = await db
    .select({ promotion: promotions })
    .from(productPromotions)
    .innerJoin(promotions, eq(promotions.id, productPromotions.promotionId))
    .where(and(eq(productPromotions.sku, sku), running()))
    .orderBy(asc(promotions.id))
  return rows.map((row) => row.promotion)
}

/** A running promotion, or undefined when unknown or not running. */
export async function runningPromotion(db: Db, id: string): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), running()))
  return row
}
