/**
 * Recalculation of a basket in another currency (spec §4 "Basket loading and merging": a basket whose
 * purchase currency differs from the shop's current one is recalculated, `PATCH baskets/{id}
 * {calculated:true}` in the new currency's scope). Prices are read from the price list at every
 * calculation, so re-pricing means switching the basket's currency; lines whose product (or warranty) has no
 * price in that currency cannot stay and are removed, each with an info. A payment chosen for the old amount
 * and currency no longer fits (its amount, costs and restrictions were figured in that currency): it is removed
 * and the shopper chooses again at checkout.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { basketPayments, baskets, lineItems, quotes } from '../db/schema'
import type { BasketNotice, BasketRow } from './basket'
import { pricedSkus } from './catalog'
import type { Currency } from './channel'
import { lineWarranties, warrantyPrice } from './warranties'

export async function recalculateBasket(
  db: Db,
  basket: BasketRow,
  currency: Currency,
): Promise<{ basket: BasketRow; infos: BasketNotice[] }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [locked] = await t.select().from(baskets).where(eq(baskets.id, basket.id)).for('update')
    if (!locked || locked.currency === currency) return { basket: locked ?? basket, infos: [] }
    const lines = await t.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    const skus = [...new Set(lines.map((l) => l.sku))]
    const [hasPrice, warrantyById] = await readTogether(t, [
      () => pricedSkus(t, currency, skus),
      () => lineWarranties(t, lines),
    ])
    const removed = lines.filter((line) => {
      // A quoted line's price is the quote's, in the quote's currency (issue 36): it cannot be re-priced.
      if (line.quoteId !== null) return true
      const warranty = line.warrantyId ? warrantyById.get(line.warrantyId) : undefined
      return !hasPrice.has(line.sku) || (line.warrantyId && (!warranty || !warrantyPrice(warranty, currency)))
    })
    if (removed.length) {
      await t.delete(lineItems).where(
        inArray(
          lineItems.id,
          removed.map((l) => l.id),
        ),
      )
    }
    const quoteIds = [...new Set(removed.flatMap((l) => (l.quoteId ? [l.quoteId] : [])))]
    // Its quote may go into a basket again (in its own currency) while it is valid.
    if (quoteIds.length)
      await t
        .update(quotes)
        .set({ acceptedAt: null, acceptedBasketId: null })
        .where(and(inArray(quotes.id, quoteIds), eq(quotes.acceptedBasketId, basket.id)))
    await t.delete(basketPayments).where(eq(basketPayments.basketId, basket.id))
    const [row] = await t
      .update(baskets)
      .set({ currency, updatedAt: new Date() })
      .where(eq(baskets.id, basket.id))
      .returning()
    return {
      basket: row!,
      infos: removed.map((line) => ({
        code: 'basket.line_item.removed.price_not_available.info',
        message:
          line.quoteId !== null
            ? `The product '${line.sku}' was quoted in ${locked.currency}, not in ${currency}, and was removed from the basket.`
            : `The product '${line.sku}' has no price in ${currency} and was removed from the basket.`,
      })),
    }
  })
}
