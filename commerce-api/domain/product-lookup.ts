/**
 * Product lookup for quick order (spec §5): SKUs or manufacturer SKUs that start with the search term,
 * product masters excluded (a master cannot be ordered), the exact manufacturer SKU match first, then the
 * exact SKU match, then the other hits by SKU.
 */
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { products } from '../db/schema'
import { productsBySku, type CatalogScope, type Product } from './catalog'

export const PRODUCT_LOOKUP_MAX_TERM = 100
export const PRODUCT_LOOKUP_LIMIT = 10

/** `%` and `_` in a typed term are literal characters, not LIKE wildcards. */
const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function lookupProducts(
  db: Db,
  scope: CatalogScope,
  term: string,
  limit = PRODUCT_LOOKUP_LIMIT,
): Promise<Product[]> {
  const needle = term.trim().toLowerCase()
  const prefix = likePrefix(needle)
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.online, true),
        ne(products.kind, 'master'),
        or(
          sql`lower(${products.sku}) like ${prefix}`,
          sql`lower(${products.manufacturerSku}) like ${prefix}`,
        ),
      ),
    )
    .orderBy(
      desc(sql`coalesce(lower(${products.manufacturerSku}) = ${needle}, false)`),
      desc(sql`lower(${products.sku}) = ${needle}`),
      asc(products.sku),
    )
    .limit(limit)
  return productsBySku(
    db,
    scope.currency,
    rows.map((r) => r.sku),
  )
}
