import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { productPromotions, promotions } from '../db/schema'
import { localize } from './channel'
import type { CatalogScope } from './catalog'

/** A promotion runs when it is switched on and today lies within its optional start and end. */
const running = () => {
  const now = sql`now()`
  return and(
    eq(promotions.active, true),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
  )
}

/** The running promotions of a product as ICM Links (`product.promotions`). */
export async function productPromotionLinks(db: Db, scope: CatalogScope, sku: string) {
  const rows = await db
    .select({ id: promotions.id, titles: promotions.titles })
    .from(productPromotions)
    .innerJoin(promotions, eq(promotions.id, productPromotions.promotionId))
    .where(and(eq(productPromotions.sku, sku), running()))
    .orderBy(asc(promotions.id))
  return rows.map((row) => ({
    type: 'Link' as const,
    uri: `${scope.site}/-/promotions/${encodeURIComponent(row.id)}`,
    title: localize(row.titles, scope.locale),
    itemId: row.id,
  }))
}

/** `promotions/{id}` as ICM's PromotionData in the request's locale, or undefined when unknown or not running. */
export async function promotionData(db: Db, scope: CatalogScope, id: string) {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), running()))
  if (!row) return undefined
  const title = localize(row.titles, scope.locale)
  return {
    id: row.id,
    name: title,
    title,
    longTitle: localize(row.longTitles, scope.locale),
    ruleDescription: localize(row.ruleDescriptions, scope.locale),
    legalContentMessage: localize(row.legalContent, scope.locale),
    couponCodeRequired: row.code !== null,
    currency: scope.currency,
    icon: row.icon,
    disableMessages: false,
    useExternalUrl: false,
  }
}
