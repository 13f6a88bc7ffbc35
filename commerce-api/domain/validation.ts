/**
 * Basket validation by scope (PWA `BasketValidationData`): what keeps a basket from being ordered, and with
 * `adjustmentsAllowed` what can be put right (lines removed or their quantity fitted, codes that expired
 * removed, a shipping method chosen, a restricted payment removed), reported as infos. Each scope is its own
 * check returning its messages; `validateInTransaction` runs the ones asked for.
 *
 * `Value` checks the order value limits of the channel (ICM's minimum and maximum order value: ORDER_VALUE_LIMITS
 * below, on the net item total after item rebates; a payment method's own limit is the Payment scope's).
 * `CostCenter` checks a business basket's cost center (cost-centers.ts `costCenterProblem`).
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { readTogether } from '../db/reads'
import { basketPayments, basketPromotionCodes, baskets, lineItems } from '../db/schema'
import {
  basketState,
  basketNotFound,
  productFacts,
  type BasketRow,
  type BasketState,
  type LineRow,
  type ProductFacts,
} from './basket'
import { pricedSkus } from './catalog'
import type { Currency, Locale } from './channel'
import { costCenterProblem } from './cost-centers'
import { invalidError } from './errors'
import type { MessageCode } from './message-codes'
import { mandatoryLinksBySku, mandatoryStates } from './mandatory'
import { formatAmount, type Minor } from './money'
import { paymentRestrictions, redirectsBeforeCheckout } from './payment-methods'
import { fitQuantity, quantityProblem } from './quantity'
import { promotionByCode } from './rebates'
import { eligibleShippingMethods } from './shipping'
import type { Principal } from './tokens'
import { quotePricesHold, quotesByIds, type QuoteRow } from './quotes'

export const VALIDATION_SCOPES = [
  'Products',
  'Promotion',
  'Value',
  'CostCenter',
  'InvoiceAddress',
  'ShippingAddress',
  'Addresses',
  'Shipping',
  'Payment',
  'All',
] as const
export type ValidationScope = (typeof VALIDATION_SCOPES)[number]

export type ValidationMessage = {
  code: MessageCode
  message: string
  parameters: { scopes: ValidationScope[]; lineItemId?: string; productSku?: string }
}

export type ValidationResults = {
  valid: boolean
  adjusted: boolean
  errors: ValidationMessage[]
  infos: ValidationMessage[]
}

/** What one scope's check found: errors keep the basket from being ordered, infos say what was adjusted. */
export type ScopeMessages = { errors: ValidationMessage[]; infos: ValidationMessage[] }

/**
 * A scope name as ICM's scopes are named (`Products`, `CostCenter`, a feature's `Quote`): a capitalised word
 * of letters and digits. ICM's validation is extensible, so a client asks for the scopes of every feature it
 * knows; a scope this shop has no rules for checks nothing and passes, as in an ICM with that feature off.
 */
const SCOPE_NAME = /^[A-Z][A-Za-z0-9]{0,39}$/

/**
 * The scopes asked for, in their order; none (or only '') means the minimum, Products. A name not shaped like
 * a scope is a 400 (how many and how long the caller's input may be is the request schema's bound).
 */
export function parseScopes(input: unknown): string[] {
  const list = (Array.isArray(input) ? input : input === undefined ? [] : [input])
    .map(String)
    .filter((s) => s !== '')
  const malformed = list.filter((s) => !SCOPE_NAME.test(s))
  if (malformed.length) {
    throw invalidError(
      'request.invalid',
      `Invalid validation scope '${malformed[0]}': a scope is a name such as ${VALIDATION_SCOPES.join(', ')}.`,
      malformed.map((s) => ({
        code: 'basket.validation.scope.invalid.error',
        message: `'${s}' is not a validation scope.`,
        paths: ['scopes'],
      })),
    )
  }
  return list.length ? [...new Set(list)] : ['Products']
}

/** Whether the check of scope `scope` runs for the scopes asked for (names it has no check for run none). */
export function covers(asked: readonly string[], scope: ValidationScope) {
  return asked.some(
    (a) =>
      a === scope ||
      a === 'All' ||
      (a === 'Addresses' && (scope === 'InvoiceAddress' || scope === 'ShippingAddress')),
  )
}

export type ValidationOptions = {
  /** The scopes asked for (`parseScopes`): the shop's own, and others that check nothing. */
  scopes: readonly string[]
  adjustmentsAllowed: boolean
  /** Placing an order: a redirect payment not yet authorised is the order's outcome (rolled back), not an error. */
  forOrder?: boolean
}

/** What every scope's check gets: the transaction, the basket, the caller, and the basket's current state. */
export type ScopeContext = {
  t: Db
  basket: BasketRow
  principal: Principal
  options: ValidationOptions
  /** The basket's state, read again after an earlier scope adjusted the basket. */
  state: () => Promise<BasketState>
}

/** A message builder for one scope. */
function messagesOf(scope: ValidationScope) {
  const found: ScopeMessages = { errors: [], infos: [] }
  const message = (
    code: MessageCode,
    text: string,
    ids: { lineItemId?: string; productSku?: string } = {},
  ) => ({
    code,
    message: text,
    parameters: { scopes: [scope], ...ids },
  })
  return {
    found,
    error: (code: MessageCode, text: string, ids?: { lineItemId?: string; productSku?: string }) =>
      void found.errors.push(message(code, text, ids)),
    info: (code: MessageCode, text: string, ids?: { lineItemId?: string; productSku?: string }) =>
      void found.infos.push(message(code, text, ids)),
  }
}

/** The facts of the products with these skus that have a price in the basket's currency. */
async function orderableFacts(t: Db, basket: BasketRow, skus: string[]) {
  const [facts, priced] = await readTogether(t, [
    () => productFacts(t, skus),
    () => pricedSkus(t, basket.currency, skus),
  ])
  return new Map([...facts].filter(([sku]) => priced.has(sku)))
}

/** What one line asks of its product: orderable, in stock, within the quantity rules and the stock left. */
type LineVerdict = { ok: true } | { ok: false; code: MessageCode; message: string; fitted?: number }

function lineVerdict(
  line: LineRow,
  product: ProductFacts | undefined,
  used: number,
  quote?: QuoteRow,
): LineVerdict {
  // A quoted line (issue 36): its price holds only within the quote's validity; its quantity is the quote's.
  if (line.quoteId !== null && (!quote || !quotePricesHold(quote, new Date())))
    return {
      ok: false,
      code: 'basket.line_item.quote.expired.error',
      message: `The quote for '${line.sku}' has expired (or was withdrawn); its price no longer applies.`,
    }
  if (!product || !product.online || product.kind === 'master' || product.kind === 'retailset')
    return {
      ok: false,
      code: 'basket.line_item.product_not_available.error',
      message: `The product '${line.sku}' is no longer available.`,
    }
  const stock = product.alwaysInStock ? Number.POSITIVE_INFINITY : Math.max((product.stock ?? 0) - used, 0)
  if (stock <= 0)
    return {
      ok: false,
      code: 'basket.line_item.product_out_of_stock.error',
      message: `The product '${line.sku}' is out of stock.`,
    }
  const problem =
    line.quantity > stock
      ? {
          code: 'basket.line_item.quantity.not_in_stock.error' as const,
          message: `Only ${stock} of '${line.sku}' are in stock.`,
        }
      : line.quoteId !== null
        ? undefined
        : quantityProblem(line.sku, product, line.quantity)
  if (!problem) return { ok: true }
  // A quoted line is not fitted: another quantity would need another quote.
  if (line.quoteId !== null) return { ok: false, ...problem }
  return { ok: false, ...problem, fitted: fitQuantity(product, line.quantity, { limit: stock }) }
}

/**
 * Products: every line's product is still orderable and in stock (the basket's lines share a product's
 * stock), its quantity keeps the rules; with adjustments a line is fitted (quantity.ts) or, when nothing
 * fits, removed with its mandatory items. An empty basket and a missing mandatory item are errors.
 */
export async function validateProducts({ t, basket, options, state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error, info } = messagesOf('Products')
  // The lines as the basket's state reads them (in their order), which the answer needs anyway.
  const lines = [...(await state()).lines]
  const [facts, quoted, quoteById] = await readTogether(t, [
    () => orderableFacts(t, basket, [...new Set(lines.map((l) => l.sku))]),
    // A quoted line's product needs no price list price: the quote is its price.
    () => productFacts(t, [...new Set(lines.filter((l) => l.quoteId !== null).map((l) => l.sku))]),
    () =>
      quotesByIds(
        t,
        lines.map((l) => l.quoteId),
      ),
  ])
  const demand = new Map<string, number>()
  const removed = new Set<string>()
  for (const line of lines) {
    // A line removed by an adjustment takes its mandatory selections and accessories with it.
    if (line.mandatorySelectionItemOf && removed.has(line.mandatorySelectionItemOf)) {
      removed.add(line.id)
      continue
    }
    const ids = { lineItemId: line.id, productSku: line.sku }
    const used = demand.get(line.sku) ?? 0
    const product = line.quoteId !== null ? quoted.get(line.sku) : facts.get(line.sku)
    const verdict = lineVerdict(line, product, used, line.quoteId ? quoteById.get(line.quoteId) : undefined)
    if (verdict.ok) demand.set(line.sku, used + line.quantity)
    // A quoted line is never adjusted away: its quote decides (issue 36).
    else if (!options.adjustmentsAllowed || line.quoteId !== null) error(verdict.code, verdict.message, ids)
    else if (verdict.fitted === undefined) {
      await t.delete(lineItems).where(eq(lineItems.id, line.id))
      removed.add(line.id)
      info('basket.line_item.removed.info', `${verdict.message} It was removed from the basket.`, ids)
    } else {
      await t.update(lineItems).set({ quantity: verdict.fitted }).where(eq(lineItems.id, line.id))
      demand.set(line.sku, used + verdict.fitted)
      info(
        'basket.line_item.quantity.adjusted.info',
        `${verdict.message} The quantity was changed to ${verdict.fitted}.`,
        ids,
      )
    }
  }
  const kept = lines.filter((l) => !removed.has(l.id))
  if (kept.length === 0) error('basket.validation.empty.error', 'The basket is empty.')
  found.errors.push(...(await mandatoryErrors(t, kept)))
  return found
}

/**
 * Mandatory items cannot be chosen for the buyer: a line still missing one is an error (ADR 0011); the
 * selection is named before the accessories (spec §5, selections take precedence).
 */
async function mandatoryErrors(t: Db, lines: LineRow[]): Promise<ValidationMessage[]> {
  const { found, error } = messagesOf('Products')
  const states = mandatoryStates(
    lines,
    await mandatoryLinksBySku(
      t,
      lines.map((l) => l.sku),
    ),
  )
  for (const line of lines) {
    const state = states.get(line.id)
    if (!state || state.satisfied) continue
    const ids = { lineItemId: line.id, productSku: line.sku }
    if (state.selections.length && !state.selections[0]!.satisfied) {
      error(
        'basket.line_item.mandatory_selection.missing.error',
        `'${line.sku}' needs one of ${state.selections.map((s) => `'${s.product}'`).join(', ')}.`,
        ids,
      )
    }
    const missing = state.accessories.filter((a) => !a.satisfied)
    if (missing.length) {
      error(
        'basket.line_item.mandatory_accessory.missing.error',
        `'${line.sku}' needs ${missing.map((a) => `'${a.product}'`).join(', ')} as well.`,
        ids,
      )
    }
  }
  return found.errors
}

/** Promotion: every code in the basket still names a running promotion; with adjustments an ended one goes. */
export async function validatePromotion({ t, basket, options, state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error, info } = messagesOf('Promotion')
  // The basket's codes as its state read them (the answer needs the state anyway).
  const codes = new Set((await state()).rebates.codes)
  for (const code of codes) {
    if (await promotionByCode(t, code)) continue
    const message = `The promotion code '${code}' is no longer valid.`
    if (!options.adjustmentsAllowed) {
      error('basket.promotion_code.no_longer_valid.error', message)
      continue
    }
    await t
      .delete(basketPromotionCodes)
      .where(and(eq(basketPromotionCodes.basketId, basket.id), eq(basketPromotionCodes.code, code)))
    info('basket.promotion_code.removed.info', `${message} It was removed from the basket.`)
  }
  return found
}

/** InvoiceAddress: an invoice address, and for a guest an e-mail address (the basket's or the address's). */
export async function validateInvoiceAddress({
  basket,
  principal,
  state,
}: ScopeContext): Promise<ScopeMessages> {
  const { found, error } = messagesOf('InvoiceAddress')
  const { invoiceToAddress } = await state()
  if (!invoiceToAddress)
    error('basket.validation.invoice_address.missing.error', 'An invoice address is required.')
  if (principal.anonymous && !basket.email && !invoiceToAddress?.email)
    error('basket.validation.email.missing.error', 'An e-mail address is required.')
  return found
}

/** ShippingAddress: a ship-to address. */
export async function validateShippingAddress({ state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error } = messagesOf('ShippingAddress')
  if (!(await state()).shipToAddress)
    error('basket.validation.ship_to_address.missing.error', 'A shipping address is required.')
  return found
}

/**
 * Shipping: a shipping method that serves the ship-to country; with adjustments the first eligible method is
 * chosen instead of a missing or ineligible one.
 */
export async function validateShipping({ t, basket, options, state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error, info } = messagesOf('Shipping')
  const { shippingMethods, shippingMethod: current, shipToAddress } = await state()
  const eligible = eligibleShippingMethods(shippingMethods, shipToAddress?.countryCode)
  if (current && eligible.some((m) => m.id === current.id)) return found
  const message = current
    ? `The shipping method '${current.id}' is not available for the shipping address.`
    : 'A shipping method is required.'
  const fallback = eligible[0]
  if (options.adjustmentsAllowed && fallback) {
    await t.update(baskets).set({ shippingMethodId: fallback.id }).where(eq(baskets.id, basket.id))
    info(
      current ? 'basket.shipping_method.changed.info' : 'basket.shipping_method.default_chosen.info',
      `${message} '${fallback.id}' was chosen.`,
    )
  } else
    error(
      current
        ? 'basket.validation.shipping_method.not_eligible.error'
        : 'basket.validation.shipping_method.missing.error',
      message,
    )
  return found
}

/**
 * Payment: a payment that the basket's total does not restrict (with adjustments a restricted one is
 * removed), and a payment that redirects before checkout authorised for the amount the basket comes to.
 */
export async function validatePayment({ t, options, state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error, info } = messagesOf('Payment')
  const current = await state()
  const payment = current.payment
  if (!payment) {
    error('basket.validation.payment.missing.error', 'A payment method is required.')
    return found
  }
  const restriction = paymentRestrictions(payment.method, current.currency, current.itemsNet)[0]
  if (restriction && options.adjustmentsAllowed) {
    await t.delete(basketPayments).where(eq(basketPayments.id, payment.payment.id))
    info('basket.payment.removed.info', `${restriction.message} The payment was removed.`)
  } else if (restriction) error('basket.validation.payment.restricted.error', restriction.message)
  else if (!options.forOrder && redirectsBeforeCheckout(payment.method) && !walletAuthorised(current)) {
    error(
      'basket.validation.payment.not_authorized.error',
      'The payment has not been authorised with the payment provider for this amount.',
    )
  }
  return found
}

/**
 * The order value limits per currency, in minor units of the net item total after item rebates (ICM's
 * minimum and maximum order value settings of the channel). Kept here until the channel settings
 * (configuration.ts) carry them.
 */
export const ORDER_VALUE_LIMITS: Record<Currency, { min: Minor; max: Minor }> = {
  EUR: { min: 100, max: 10_000_000 },
  USD: { min: 100, max: 10_000_000 },
  PLN: { min: 500, max: 50_000_000 },
  RON: { min: 500, max: 50_000_000 },
}

/** The problem of an item total with the order value limits of its currency, or undefined. */
export function orderValueProblem(itemsNet: Minor, currency: Currency) {
  const limits = ORDER_VALUE_LIMITS[currency]
  if (itemsNet < limits.min)
    return {
      code: 'basket.validation.order_value.minimum.error' as const,
      message: `The minimum order value is ${formatAmount(limits.min, currency)} (net).`,
    }
  if (itemsNet > limits.max)
    return {
      code: 'basket.validation.order_value.maximum.error' as const,
      message: `The maximum order value is ${formatAmount(limits.max, currency)} (net).`,
    }
  return undefined
}

/** Value: the basket's item total within the order value limits (an empty basket is the Products scope's). */
export async function validateValue({ state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error } = messagesOf('Value')
  const current = await state()
  if (current.lines.length === 0) return found
  const problem = orderValueProblem(current.itemsNet, current.currency)
  if (problem) error(problem.code, problem.message)
  return found
}

/**
 * CostCenter: a business user's basket is on a cost center they may still order on; without one it fails
 * unless the customer's cost centers are optional (or the user has none to choose from).
 */
export async function validateCostCenter({ t, principal, state }: ScopeContext): Promise<ScopeMessages> {
  const { found, error } = messagesOf('CostCenter')
  const problem = await costCenterProblem(t, principal, (await state()).basket.costCenter)
  if (problem) error(problem.code, problem.message)
  return found
}

/** The checks in the order they run: later scopes see what earlier ones adjusted. */
const SCOPE_CHECKS: [ValidationScope, (ctx: ScopeContext) => Promise<ScopeMessages>][] = [
  ['Products', validateProducts],
  ['Promotion', validatePromotion],
  ['Value', validateValue],
  ['CostCenter', validateCostCenter],
  ['InvoiceAddress', validateInvoiceAddress],
  ['ShippingAddress', validateShippingAddress],
  ['Shipping', validateShipping],
  ['Payment', validatePayment],
]

/**
 * Validates (and, when allowed, adjusts) a basket inside the caller's transaction `t`, which must hold the
 * basket's row lock. Returns the results and the basket's state after any adjustment.
 */
export async function validateInTransaction(
  t: Db,
  basket: BasketRow,
  principal: Principal,
  locale: Locale,
  options: ValidationOptions,
): Promise<{ results: ValidationResults; state: BasketState }> {
  // The row as read under the lock at first; after an adjustment, read again.
  let current: Promise<BasketState> | undefined
  let row: Promise<BasketRow> = Promise.resolve(basket)
  const state = () => (current ??= row.then((read) => basketState(t, read, locale)))
  const ctx: ScopeContext = { t, basket, principal, options, state }
  const results: ValidationResults = { valid: true, adjusted: false, errors: [], infos: [] }
  for (const [scope, check] of SCOPE_CHECKS) {
    if (!covers(options.scopes, scope)) continue
    const { errors, infos } = await check(ctx)
    results.errors.push(...errors)
    results.infos.push(...infos)
    // An adjustment changed the basket: later checks and the answer read it again.
    if (infos.length) {
      current = undefined
      row = reread(t, basket)
    }
  }
  results.valid = results.errors.length === 0
  results.adjusted = results.infos.length > 0
  return { results, state: await state() }
}

/** A payment that redirects before checkout is authorised, for the amount the basket now comes to. */
export function walletAuthorised(state: BasketState) {
  const payment = state.payment
  return (
    !!payment &&
    payment.payment.status === 'Authorized' &&
    !!payment.session &&
    payment.session.status === 'SUCCESS' &&
    payment.session.amount === state.totals.grand.gross
  )
}

async function reread(t: Db, basket: BasketRow) {
  const [row] = await t.select().from(baskets).where(eq(baskets.id, basket.id))
  return row ?? basket
}

/** `POST baskets/{id}/validations`: validates in one transaction; the results and the basket after them. */
export async function validateBasket(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  locale: Locale,
  options: ValidationOptions,
): Promise<{ results: ValidationResults; state: BasketState }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // Read again under the lock: the row found before may have changed meanwhile.
    const [locked] = await t.select().from(baskets).where(eq(baskets.id, basket.id)).for('update')
    if (!locked) throw basketNotFound()
    const outcome = await validateInTransaction(t, locked, principal, locale, options)
    if (outcome.results.adjusted)
      await t.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basket.id))
    return outcome
  })
}
