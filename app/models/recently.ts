/**
 * Recently viewed products (feature recently). The list lives in the session cookie, so it stays small:
 * one entry per SKU with the minute it was last viewed, most recent first.
 */

/** At most this many products are remembered; viewing one more drops the oldest. */
export const MAX_RECENTLY_VIEWED = 12

/** How long a view is remembered (spec §9: retention of recently, 10080 minutes = 7 days). */
export const RECENTLY_VIEWED_MINUTES = 10080

/** A SKU and the minute (since the epoch) it was last viewed. */
export type RecentlyViewedEntry = [sku: string, viewedAt: number]

export const epochMinutes = (now: number) => Math.floor(now / 60_000)

/** Entries younger than the retention period, in stored order; anything malformed is dropped. */
export function pruneRecentlyViewed(list: unknown, now: number): RecentlyViewedEntry[] {
  if (!Array.isArray(list)) return []
  const oldest = epochMinutes(now) - RECENTLY_VIEWED_MINUTES
  return list.filter(
    (entry): entry is RecentlyViewedEntry =>
      Array.isArray(entry) &&
      typeof entry[0] === 'string' &&
      entry[0] !== '' &&
      typeof entry[1] === 'number' &&
      entry[1] > oldest,
  )
}

/** Records a view: the SKU moves to the front with the current time; expired entries and the overflow go. */
export function recordView(list: unknown, sku: string, now: number): RecentlyViewedEntry[] {
  const others = pruneRecentlyViewed(list, now).filter(([s]) => s !== sku)
  return [[sku, epochMinutes(now)] as RecentlyViewedEntry, ...others].slice(0, MAX_RECENTLY_VIEWED)
}

/** The remembered SKUs, most recent first, optionally without one (the product being shown). */
export function recentlyViewedSkus(list: unknown, now: number, except?: string): string[] {
  return pruneRecentlyViewed(list, now)
    .map(([sku]) => sku)
    .filter((sku) => sku !== except)
}
