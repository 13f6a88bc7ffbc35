/**
 * What a shape cannot say about an answer, checked beside the wire schemas: every message code is one the
 * API can send (domain/message-codes.ts), and every set of totals adds up as the API computes it
 * (domain/totals.ts). The contract tests hold the API's own answers to these rules
 * (tests/commerce-api/wire-check.ts) and the storefront's loader tests hold their ICM fixtures to them
 * (tests/storefront/fixture-check.ts), so a fixture cannot invent a code or a total the API never sends.
 */
import { isMessageCode } from '../../domain/message-codes'

/** Keys under which ICM lists messages: `{code, message, causes?}` objects. */
const MESSAGE_LISTS = new Set(['infos', 'errors', 'causes'])

type Money = { value: number; currency: string }
type PriceItem = { gross: Money; net: Money }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isMoney = (value: unknown): value is Money =>
  isObject(value) && typeof value.value === 'number' && typeof value.currency === 'string'
const isPriceItem = (value: unknown): value is PriceItem =>
  isObject(value) && isMoney(value.gross) && isMoney(value.net)

/** Amounts on the wire are decimals of whole minor units: compare in cents, not in floats. */
const cents = (money: Money | undefined) => (money ? Math.round(money.value * 100) : 0)

/**
 * A `BasketTotalData` (of a basket, an order, a requisition, a recurring order) that does not add up:
 *   grandTotal = itemTotal − basketValueDiscountsTotal + shippingTotal + paymentCostsTotal (gross and net),
 *   grandTotal.tax = grandTotal.gross − grandTotal.net, and every amount in one currency.
 */
export function totalsViolations(totals: Record<string, unknown>, where: string): string[] {
  const grand = totals.grandTotal
  const items = totals.itemTotal
  if (!isPriceItem(grand) || !isPriceItem(items)) return []
  const part = (key: string) => (isPriceItem(totals[key]) ? (totals[key] as PriceItem) : undefined)
  const found: string[] = []
  for (const side of ['gross', 'net'] as const) {
    const sum =
      cents(items[side]) -
      cents(part('basketValueDiscountsTotal')?.[side]) +
      cents(part('shippingTotal')?.[side]) +
      cents(part('paymentCostsTotal')?.[side])
    if (sum !== cents(grand[side]))
      found.push(
        `${where}.grandTotal.${side} is ${grand[side].value}, but items − order rebates + shipping + payment costs make ${sum / 100}`,
      )
  }
  const tax = (grand as { tax?: unknown }).tax
  if (isMoney(tax) && cents(tax) !== cents(grand.gross) - cents(grand.net))
    found.push(
      `${where}.grandTotal.tax is ${tax.value}, but gross − net is ${(cents(grand.gross) - cents(grand.net)) / 100}`,
    )
  const currencies = new Set(
    Object.values(totals)
      .flatMap((value) => (isPriceItem(value) ? [value.gross, value.net] : isMoney(value) ? [value] : []))
      .map((money) => money.currency),
  )
  if (currencies.size > 1) found.push(`${where} mixes currencies: ${[...currencies].join(', ')}`)
  return found
}

/**
 * Every violation in a JSON answer: message codes outside the registry (except `allowedCodes`, which a test
 * sends on purpose to see the shop's fallback) and totals that do not add up, wherever they sit in it.
 */
export function invariantViolations(body: unknown, allowedCodes: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = []
  const walk = (value: unknown, path: string, inMessages: boolean) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`, inMessages))
      return
    }
    if (!isObject(value)) return
    if (
      inMessages &&
      typeof value.code === 'string' &&
      !isMessageCode(value.code) &&
      !allowedCodes.has(value.code)
    )
      found.push(`${path}.code ${value.code} is no code the commerce API sends (domain/message-codes.ts)`)
    if (isPriceItem(value.grandTotal) && isPriceItem(value.itemTotal))
      found.push(...totalsViolations(value, path))
    for (const [key, child] of Object.entries(value))
      walk(child, path ? `${path}.${key}` : key, MESSAGE_LISTS.has(key))
  }
  walk(body, '', false)
  return found
}
