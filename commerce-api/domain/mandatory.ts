/**
 * Mandatory selections and accessories (spec §3 line item, §4 "Adding to basket", §5; ADR 0011). A product
 * links to the products that must come with it: `mandatoryselection` (one of them) and
 * `mandatoryaccessory` (each of them). The buyer adds them as lines of their own that name the line they
 * belong to (`mandatorySelectionItemOf`); such a line goes when its parent goes. A line item's links in ICM's
 * shape are icm/basket.ts's.
 */
import { asc, inArray } from 'drizzle-orm'
import { cachedCatalogRead } from '../db/read-cache'
import type { Db } from '../db/client'
import { productLinks, type lineItems } from '../db/schema'

/** Link type: the buyer must choose one of the linked products with this product. */
export const MANDATORY_SELECTION = 'mandatoryselection'
/** Link type: every linked product must be bought with this product. */
export const MANDATORY_ACCESSORY = 'mandatoryaccessory'
export const MANDATORY_LINK_TYPES = [MANDATORY_SELECTION, MANDATORY_ACCESSORY] as const

type LineRow = typeof lineItems.$inferSelect

/** The products a product asks for, in link order. */
export type MandatoryLinks = { selections: string[]; accessories: string[] }

/** One link of a line as the API shows it: the product, whether the basket holds it for this line, and where. */
export type MandatoryLinkState = { product: string; satisfied: boolean; lineItem?: string }

export type MandatoryState = {
  selections: MandatoryLinkState[]
  accessories: MandatoryLinkState[]
  /** The selection is made (when there is one) and every accessory is there. */
  satisfied: boolean
}

/**
 * Every product's mandatory links, by SKU (cached per database, db/read-cache.ts): a handful of products
 * have any, and every basket answer asks for those of its lines.
 */
const allMandatoryLinks = (db: Db) =>
  cachedCatalogRead(db, 'mandatory-links', async (d) => {
    const rows = await d
      .select()
      .from(productLinks)
      .where(inArray(productLinks.linkType, [MANDATORY_SELECTION, MANDATORY_ACCESSORY]))
      .orderBy(asc(productLinks.sku), asc(productLinks.position))
    const map = new Map<string, MandatoryLinks>()
    for (const row of rows) {
      const links = map.get(row.sku) ?? { selections: [], accessories: [] }
      if (row.linkType === MANDATORY_SELECTION) links.selections.push(row.targetSku)
      else links.accessories.push(row.targetSku)
      map.set(row.sku, links)
    }
    return map
  })

/** The mandatory links of these products; products without any are left out. */
export async function mandatoryLinksBySku(db: Db, skus: string[]): Promise<Map<string, MandatoryLinks>> {
  const map = new Map<string, MandatoryLinks>()
  if (skus.length === 0) return map
  const all = await allMandatoryLinks(db)
  for (const sku of skus) {
    const links = all.get(sku)
    if (links) map.set(sku, links)
  }
  return map
}

/** Whether `sku` may be added for a line of a product with these links. */
export const isMandatoryFor = (links: MandatoryLinks | undefined, sku: string) =>
  !!links && (links.selections.includes(sku) || links.accessories.includes(sku))

/**
 * The state of every line whose product asks for mandatory items, from the basket's lines: a selection is
 * satisfied by a child line of any of its products, an accessory by a child line of that product.
 */
export function mandatoryStates(lines: LineRow[], links: Map<string, MandatoryLinks>) {
  const states = new Map<string, MandatoryState>()
  for (const line of lines) {
    const own = links.get(line.sku)
    if (!own) continue
    const children = lines.filter((l) => l.mandatorySelectionItemOf === line.id)
    const childOf = (sku: string) => children.find((c) => c.sku === sku)?.id
    const chosen = own.selections.map((sku) => childOf(sku)).find(Boolean)
    const selections = own.selections.map((product) => {
      const lineItem = childOf(product)
      return { product, satisfied: !!chosen, ...(lineItem ? { lineItem } : {}) }
    })
    const accessories = own.accessories.map((product) => {
      const lineItem = childOf(product)
      return { product, satisfied: !!lineItem, ...(lineItem ? { lineItem } : {}) }
    })
    states.set(line.id, {
      selections,
      accessories,
      satisfied: (own.selections.length === 0 || !!chosen) && accessories.every((a) => a.satisfied),
    })
  }
  return states
}
