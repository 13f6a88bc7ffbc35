/**
 * Promotions as the catalog and the basket see them: the running ones of a product, one by id, one by code.
 * All promotions and which products they promote are read once per database and kept (db/read-cache.ts):
 * a handful of rows that every basket answer asks for; whether one runs is decided at the moment of asking.
 */
import { asc } from 'drizzle-orm'
import { cachedCatalogRead } from '../db/read-cache'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { productPromotions, promotions } from '../db/schema'

export type PromotionRow = typeof promotions.$inferSelect

/** A promotion runs when it is switched on and `at` lies within its optional start and end. */
export const isRunning = (promotion: PromotionRow, at: Date) =>
  promotion.active &&
  (promotion.startsAt === null || promotion.startsAt <= at) &&
  (promotion.endsAt === null || promotion.endsAt > at)

type PromotionCatalog = {
  byId: Map<string, PromotionRow>
  /** Promotions by their code in upper case. */
  byCode: Map<string, PromotionRow[]>
  /** The promotions of each promoted product, by id. */
  bySku: Map<string, PromotionRow[]>
}

const promotionCatalog = (db: Db) =>
  cachedCatalogRead(db, 'promotions', async (d): Promise<PromotionCatalog> => {
    const [rows, links] = await readTogether(d, [
      () => d.select().from(promotions).orderBy(asc(promotions.id)),
      () => d.select().from(productPromotions),
    ])
    const byId = new Map(rows.map((row) => [row.id, row]))
    const byCode = new Map<string, PromotionRow[]>()
    for (const row of rows)
      if (row.code !== null) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row])
    const bySku = new Map<string, PromotionRow[]>()
    for (const link of links) {
      const promotion = byId.get(link.promotionId)
      if (promotion) bySku.set(link.sku, [...(bySku.get(link.sku) ?? []), promotion])
    }
    for (const list of bySku.values()) list.sort((a, b) => a.id.localeCompare(b.id))
    return { byId, byCode, bySku }
  })

/** The running promotions of a product, by id. */
export async function runningPromotionsOf(db: Db, sku: string, at = new Date()): Promise<PromotionRow[]> {
  return ((await promotionCatalog(db)).bySku.get(sku) ?? []).filter((row) => isRunning(row, at))
}

/** The running promotions of each of these products (those with none are left out). */
export async function runningPromotionsBySku(db: Db, skus: string[], at = new Date()) {
  const catalog = await promotionCatalog(db)
  const bySku = new Map<string, PromotionRow[]>()
  for (const sku of new Set(skus)) {
    const running = (catalog.bySku.get(sku) ?? []).filter((row) => isRunning(row, at))
    if (running.length) bySku.set(sku, running)
  }
  return bySku
}

/** A running promotion, or undefined when unknown or not running. */
export async function runningPromotion(
  db: Db,
  id: string,
  at = new Date(),
): Promise<PromotionRow | undefined> {
  const row = (await promotionCatalog(db)).byId.get(id)
  return row && isRunning(row, at) ? row : undefined
}

/** The running promotions a code names (codes are compared in upper case). */
export async function runningPromotionsByCode(
  db: Db,
  code: string,
  at = new Date(),
): Promise<PromotionRow[]> {
  return ((await promotionCatalog(db)).byCode.get(code.trim().toUpperCase()) ?? []).filter((row) =>
    isRunning(row, at),
  )
}
