import type { CatalogScope } from '../domain/catalog'
import { localize } from '../domain/channel'
import type { PromotionRow } from '../domain/promotions'

/** Promotions as ICM Links (`product.promotions`). */
export const promotionLinksJson = (scope: CatalogScope, rows: PromotionRow[]) =>
  rows.map((row) => ({
    type: 'Link' as const,
    uri: `${scope.site}/-/promotions/${encodeURIComponent(row.id)}`,
    title: localize(row.titles, scope.locale),
    itemId: row.id,
  }))

/** `promotions/{id}` as ICM's PromotionData in the call's locale and currency. */
export function promotionJson(scope: CatalogScope, row: PromotionRow) {
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
