/**
 * Promotion rebates of a basket, in whole minor units of the basket's currency:
 * - item promotions (`scope: 'item'`) apply to the lines of their products: automatically when they have
 *   no code, once their code is in the basket otherwise; never to a quoted line, whose price is the quote's
 *   negotiated one (ADR 0040);
 * - order promotions (`scope: 'order'`) apply to the item total after item rebates, once their code is in
 *   the basket and the item total reaches the promotion's minimum order value.
 * Amounts in a rule are EUR minor units, converted with the channel's exchange rate. A rebate never exceeds
 * what it applies to. Net and gross are reduced in the same proportion, so tax stays consistent.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { cachedBasketCodes } from '../db/read-cache'
import { basketPromotionCodes, type PromotionRule } from '../db/schema'
import { EXCHANGE_RATES, localize, type Currency, type Locale } from './channel'
import type { Amount } from './money'
import { readTogether } from '../db/reads'
import { runningPromotionsByCode, runningPromotionsBySku, type PromotionRow } from './promotions'

export type { Amount }
/** A priced basket line; `quoted` when its price comes from an accepted quote. */
export type RebateLine = { id: string; sku: string; net: number; gross: number; quoted?: boolean }

export type AppliedRebate = {
  promotionId: string
  code: string | null
  name: string
  scope: 'order' | 'item'
  amount: Amount
}

/** A code in the basket whose promotion does not apply yet, with the reason. */
export type PendingCode = { code: string; promotionId: string; name: string; minimum: number }

export type BasketRebates = {
  /** Item rebates per line id. */
  lines: Map<string, Amount>
  itemRebates: AppliedRebate[]
  valueRebates: AppliedRebate[]
  /** Codes entered in the basket, in the order they were added. */
  codes: string[]
  pending: PendingCode[]
}

const inCurrency = (eurMinor: number, currency: Currency) => Math.round(eurMinor * EXCHANGE_RATES[currency])

/** The share of an amount a rule takes off, never more than the amount itself. */
function ruleAmount(rule: PromotionRule, base: Amount, currency: Currency): Amount {
  if (base.gross <= 0) return { net: 0, gross: 0 }
  if (rule.type === 'percentOff') {
    const percent = Math.min(Math.max(rule.value, 0), 100)
    return { net: Math.round((base.net * percent) / 100), gross: Math.round((base.gross * percent) / 100) }
  }
  const gross = Math.min(inCurrency(rule.value, currency), base.gross)
  return { net: Math.round((gross * base.net) / base.gross), gross }
}

/** The running promotion a code names (codes are compared in upper case), or undefined. */
export async function promotionByCode(db: Db, code: string): Promise<PromotionRow | undefined> {
  return (await runningPromotionsByCode(db, code))[0]
}

export async function basketRebates(
  db: Db,
  basketId: string,
  currency: Currency,
  locale: Locale,
  lines: RebateLine[],
): Promise<BasketRebates> {
  const at = new Date()
  const [codes, promotionsBySku] = await readTogether(db, [
    () =>
      cachedBasketCodes(db, basketId, async (d) =>
        (
          await d
            .select({ code: basketPromotionCodes.code })
            .from(basketPromotionCodes)
            .where(eq(basketPromotionCodes.basketId, basketId))
            .orderBy(basketPromotionCodes.addedAt)
        ).map((row) => row.code),
      ),
    () =>
      runningPromotionsBySku(
        db,
        lines.map((l) => l.sku),
        at,
      ),
  ])
  // Each code with the running promotions it names (none: it is shown, and does nothing).
  const codeRows: { code: string; promotion: PromotionRow | null }[] = []
  for (const code of codes) {
    const named = await runningPromotionsByCode(db, code, at)
    if (named.length === 0) codeRows.push({ code, promotion: null })
    for (const promotion of named) codeRows.push({ code, promotion })
  }
  const itemPromotionRows = [...promotionsBySku].flatMap(([sku, running]) =>
    running.map((promotion) => ({ sku, promotion })),
  )
  const entered = new Set(codeRows.map((r) => r.code))
  const result: BasketRebates = {
    lines: new Map(),
    itemRebates: [],
    valueRebates: [],
    codes: codeRows.map((r) => r.code),
    pending: [],
  }

  // Item promotions: per line, each promotion of the line's product that applies (no code, or code entered).
  const byPromotion = new Map<string, { promotion: PromotionRow; skus: Set<string> }>()
  for (const { sku, promotion } of itemPromotionRows) {
    if (promotion.rule.scope !== 'item' || (promotion.code !== null && !entered.has(promotion.code))) continue
    const entry = byPromotion.get(promotion.id) ?? { promotion, skus: new Set<string>() }
    entry.skus.add(sku)
    byPromotion.set(promotion.id, entry)
  }
  for (const { promotion, skus: promoted } of [...byPromotion.values()].sort((a, b) =>
    a.promotion.id.localeCompare(b.promotion.id),
  )) {
    const total: Amount = { net: 0, gross: 0 }
    for (const line of lines) {
      if (!promoted.has(line.sku) || line.quoted) continue
      const already = result.lines.get(line.id) ?? { net: 0, gross: 0 }
      const left = { net: line.net - already.net, gross: line.gross - already.gross }
      const off = ruleAmount(promotion.rule, left, currency)
      if (off.gross === 0) continue
      result.lines.set(line.id, { net: already.net + off.net, gross: already.gross + off.gross })
      total.net += off.net
      total.gross += off.gross
    }
    if (total.gross > 0) {
      result.itemRebates.push({
        promotionId: promotion.id,
        code: promotion.code,
        name: localize(promotion.titles, locale),
        scope: 'item',
        amount: total,
      })
    }
  }

  // Order promotions: on what the items cost after item rebates.
  const itemTotal = lines.reduce(
    (sum, line) => {
      const off = result.lines.get(line.id)
      return { net: sum.net + line.net - (off?.net ?? 0), gross: sum.gross + line.gross - (off?.gross ?? 0) }
    },
    { net: 0, gross: 0 },
  )
  let left = itemTotal
  for (const { code, promotion } of codeRows) {
    if (!promotion || promotion.rule.scope !== 'order') continue
    const name = localize(promotion.titles, locale)
    const minimum = inCurrency(promotion.rule.minOrderValue ?? 0, currency)
    if (itemTotal.gross < minimum) {
      result.pending.push({ code, promotionId: promotion.id, name, minimum })
      continue
    }
    const off = ruleAmount(promotion.rule, left, currency)
    left = { net: left.net - off.net, gross: left.gross - off.gross }
    result.valueRebates.push({ promotionId: promotion.id, code, name, scope: 'order', amount: off })
  }
  return result
}
