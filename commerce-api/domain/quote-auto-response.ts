/**
 * The demo's automatic answer to quote requests (QUOTE_AUTO_RESPONSE, ADR 0040): a volume discount by line
 * quantity and a validity, e.g. `volume:5%@10,10%@50;valid:14d` (5 % off a line of 10 pieces or more, 10 %
 * from 50; the quote is valid for 14 days from the answer; `h` for hours). A line below every tier keeps its
 * list price. A request with a product that has no list price (price on request) is left to the shop.
 */
import type { Db } from '../db/client'
import type { Locale } from './channel'
import { discounted, requireSubmittedRequest, respondToQuoteRequest, type QuoteDetail } from './quotes'

export type VolumeTier = { minQuantity: number; percent: number }
export type AutoResponseRule = { tiers: VolumeTier[]; validityMs: number }

const HOUR = 3_600_000

/**
 * The rule written in QUOTE_AUTO_RESPONSE, or undefined for none (unset, empty or `off`). A rule that cannot
 * be read throws, naming what is wrong: the API does not start with a rule it would not follow.
 */
export function parseAutoResponseRule(text: string | undefined): AutoResponseRule | undefined {
  const value = text?.trim()
  if (!value || value === 'off') return undefined
  const fail = (why: string): never => {
    throw new Error(`QUOTE_AUTO_RESPONSE "${value}": ${why} (example: volume:5%@10,10%@50;valid:14d)`)
  }
  let tiers: VolumeTier[] | undefined
  let validityMs: number | undefined
  for (const part of value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, setting = ''] = part.split(':', 2).map((p) => p.trim())
    if (key === 'volume') {
      tiers = setting.split(',').map((tier) => {
        const match = /^(\d+(?:\.\d{1,2})?)%@(\d+)$/.exec(tier.trim())
        if (!match) return fail(`"${tier}" is no tier of the form 5%@10`)
        const percent = Number(match[1])
        const minQuantity = Number(match[2])
        if (percent <= 0 || percent >= 100) fail(`a discount is between 0 and 100 %`)
        if (minQuantity < 1 || minQuantity > 100_000) fail(`a tier starts at 1 to 100000 pieces`)
        return { minQuantity, percent }
      })
      tiers.sort((a, b) => a.minQuantity - b.minQuantity)
      if (new Set(tiers.map((t) => t.minQuantity)).size !== tiers.length)
        fail('two tiers start at the same quantity')
    } else if (key === 'valid') {
      const match = /^(\d+)([dh])$/.exec(setting)
      if (!match) fail(`"${setting}" is no validity of the form 14d or 12h`)
      validityMs = Number(match![1]) * (match![2] === 'd' ? 24 * HOUR : HOUR)
      if (validityMs < HOUR || validityMs > 366 * 24 * HOUR) fail('a validity is from 1 hour to 366 days')
    } else fail(`unknown part "${key}" (volume, valid)`)
  }
  if (!tiers?.length) fail('it needs volume tiers')
  return { tiers: tiers!, validityMs: validityMs ?? 14 * 24 * HOUR }
}

/** The discount of the highest tier a line's quantity reaches (0: none). */
export function volumePercent(rule: AutoResponseRule, quantity: number): number {
  let percent = 0
  for (const tier of rule.tiers) if (quantity >= tier.minQuantity) percent = tier.percent
  return percent
}

const COMMENTS: Record<Locale, (tiers: string) => string> = {
  en_US: (tiers) => `Our volume discount: ${tiers}.`,
  de_DE: (tiers) => `Unser Mengenrabatt: ${tiers}.`,
  fr_FR: (tiers) => `Notre remise sur quantité : ${tiers}.`,
  pl_PL: (tiers) => `Nasz rabat ilościowy: ${tiers}.`,
  ro_RO: (tiers) => `Reducerea noastră de volum: ${tiers}.`,
}
const FROM: Record<Locale, (percent: string, quantity: number) => string> = {
  en_US: (p, q) => `${p} % from ${q} pieces`,
  de_DE: (p, q) => `${p} % ab ${q} Stück`,
  fr_FR: (p, q) => `${p} % dès ${q} pièces`,
  pl_PL: (p, q) => `${p}% od ${q} szt.`,
  ro_RO: (p, q) => `${p}% de la ${q} bucăți`,
}

/** The seller's comment of an automatic answer, in the buyer's language. */
export function autoResponseComment(rule: AutoResponseRule, locale: Locale): string {
  const format = (percent: number) => new Intl.NumberFormat(locale.replace('_', '-')).format(percent)
  const tiers = rule.tiers.map((t) => FROM[locale](format(t.percent), t.minQuantity)).join(', ')
  return COMMENTS[locale](tiers)
}

export type AutoResponseOutcome =
  { outcome: 'responded'; quote: QuoteDetail } | { outcome: 'left-to-shop'; reason: 'price-on-request' }

/**
 * Answers the submitted request `id` by the rule, as of `now`, in its own transaction (respondToQuoteRequest).
 * A request answered meanwhile (by the shop, or another process) is refused there with a conflict.
 */
export async function respondAutomatically(
  db: Db,
  id: string,
  rule: AutoResponseRule,
  now: Date = new Date(),
): Promise<AutoResponseOutcome> {
  const request = await requireSubmittedRequest(db, id)
  if (request.items.some((item) => item.singleNet === null))
    return { outcome: 'left-to-shop', reason: 'price-on-request' }
  const quote = await respondToQuoteRequest(db, request.request.id, {
    lines: request.items.map((item) => ({
      itemId: item.id,
      singleNet: discounted(item.singleNet!, volumePercent(rule, item.quantity)),
    })),
    validFrom: now,
    validTo: new Date(now.getTime() + rule.validityMs),
    sellerComment: autoResponseComment(rule, request.request.locale as Locale),
    respondedBy: 'auto',
  })
  return { outcome: 'responded', quote }
}
