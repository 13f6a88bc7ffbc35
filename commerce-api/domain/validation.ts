/**
 * Basket validation by scope (PWA `BasketValidationData`): what keeps a basket from being ordered, and with
 * `adjustmentsAllowed` what can be put right (lines removed or their quantity adjusted, codes that expired
 * removed, a shipping method chosen, a restricted payment removed), reported as infos.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { basketPayments, basketPromotionCodes, baskets, inventories, lineItems, products } from '../db/schema'
import { badRequest } from '../http'
import { MAX_ITEM_QUANTITY, type Locale } from './channel'
import { BASKET_INCLUDES, basketEnvelope, basketState, quantityProblem, type BasketState } from './basket'
import { mandatoryLinksBySku, mandatoryStates } from './mandatory'
import { paymentRestrictions, redirectsBeforeCheckout } from './payment-methods'
import { promotionByCode } from './rebates'
import { servesCountry } from './shipping'
import type { Principal } from './tokens'
import { pricedSkus } from './catalog'

type BasketRow = typeof baskets.$inferSelect

const sqlLock = (id: string) => sql`select id from ${baskets} where id = ${id} for update`

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
  code: string
  message: string
  parameters: { scopes: ValidationScope[]; lineItemId?: string; productSku?: string }
}

export type ValidationResults = {
  valid: boolean
  adjusted: boolean
  errors: ValidationMessage[]
  infos: ValidationMessage[]
}

/** The scopes asked for; none (or only '') means the minimum, Products. Unknown scopes are a 400. */
export function parseScopes(input: unknown): ValidationScope[] {
  const list = (Array.isArray(input) ? input : input === undefined ? [] : [input])
    .map(String)
    .filter((s) => s !== '')
  const unknown = list.filter((s) => !(VALIDATION_SCOPES as readonly string[]).includes(s))
  if (unknown.length) {
    throw badRequest(
      `Unknown validation scope '${unknown[0]}'; known scopes: ${VALIDATION_SCOPES.join(', ')}.`,
      unknown.map((s) => ({
        code: 'basket.validation.scope.unknown.error',
        message: `Unknown scope '${s}'.`,
        paths: ['scopes'],
      })),
    )
  }
  return list.length ? (list as ValidationScope[]) : ['Products']
}

/** Whether a check of scope `scope` runs for the scopes asked for. */
function covers(asked: ValidationScope[], scope: ValidationScope) {
  return asked.some(
    (a) =>
      a === scope ||
      a === 'All' ||
      (a === 'Addresses' && (scope === 'InvoiceAddress' || scope === 'ShippingAddress')),
  )
}

/** The largest quantity up to `limit` the rules allow, or 0 when none. */
function allowedQuantity(
  rules: { min: number; max: number | null; step: number },
  wanted: number,
  limit: number,
) {
  const max = Math.min(rules.max ?? MAX_ITEM_QUANTITY, MAX_ITEM_QUANTITY, limit)
  const capped = Math.max(Math.min(wanted, max), rules.min)
  const stepped = rules.min + Math.floor((capped - rules.min) / rules.step) * rules.step
  return stepped <= max ? stepped : 0
}

export type ValidationOptions = {
  scopes: ValidationScope[]
  adjustmentsAllowed: boolean
  /** Placing an order: a redirect payment not yet authorised is the order's outcome (rolled back), not an error. */
  forOrder?: boolean
}

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
  const { scopes, adjustmentsAllowed } = options
  const errors: ValidationMessage[] = []
  const infos: ValidationMessage[] = []
  const error = (
    scope: ValidationScope,
    code: string,
    message: string,
    extra: Partial<ValidationMessage['parameters']> = {},
  ) => errors.push({ code, message, parameters: { scopes: [scope], ...extra } })
  const info = (
    scope: ValidationScope,
    code: string,
    message: string,
    extra: Partial<ValidationMessage['parameters']> = {},
  ) => infos.push({ code, message, parameters: { scopes: [scope], ...extra } })

  if (covers(scopes, 'Products')) {
    const lines = await t.select().from(lineItems).where(eq(lineItems.basketId, basket.id))
    const skus = [...new Set(lines.map((l) => l.sku))]
    const rows = skus.length
      ? await t
          .select({
            sku: products.sku,
            online: products.online,
            kind: products.kind,
            min: products.minOrderQuantity,
            max: products.maxOrderQuantity,
            step: products.stepQuantity,
            stock: inventories.stock,
            alwaysInStock: inventories.alwaysInStock,
          })
          .from(products)
          .leftJoin(inventories, eq(inventories.sku, products.sku))
          .where(inArray(products.sku, skus))
      : []
    const priced = await pricedSkus(t, basket.currency, skus)
    const bySku = new Map(rows.map((r) => [r.sku, r]))
    // What the basket's lines ask of each product's stock together.
    const demand = new Map<string, number>()
    let remaining = lines.length
    // Lines removed by an adjustment; their mandatory selections and accessories went with them.
    const removed = new Set<string>()
    for (const line of lines.sort((a, b) => a.position - b.position)) {
      if (line.mandatorySelectionItemOf && removed.has(line.mandatorySelectionItemOf)) {
        removed.add(line.id)
        remaining--
        continue
      }
      const product = bySku.get(line.sku)
      const ids = { lineItemId: line.id, productSku: line.sku }
      const remove = async (code: string, message: string) => {
        if (adjustmentsAllowed) {
          await t.delete(lineItems).where(eq(lineItems.id, line.id))
          removed.add(line.id)
          remaining--
          info('Products', 'basket.line_item.removed.info', `${message} It was removed from the basket.`, ids)
        } else error('Products', code, message, ids)
      }
      if (
        !product ||
        !product.online ||
        product.kind === 'master' ||
        product.kind === 'retailset' ||
        !priced.has(line.sku)
      ) {
        await remove(
          'basket.line_item.product_not_available.error',
          `The product '${line.sku}' is no longer available.`,
        )
        continue
      }
      const used = demand.get(line.sku) ?? 0
      const stock = product.alwaysInStock
        ? Number.POSITIVE_INFINITY
        : Math.max((product.stock ?? 0) - used, 0)
      if (stock <= 0) {
        await remove(
          'basket.line_item.product_out_of_stock.error',
          `The product '${line.sku}' is out of stock.`,
        )
        continue
      }
      const rules = { min: product.min, max: product.max, step: product.step }
      const problem =
        line.quantity > stock
          ? {
              code: 'basket.line_item.quantity.not_in_stock.error',
              message: `Only ${stock} of '${line.sku}' are in stock.`,
            }
          : quantityProblem(line.sku, rules, line.quantity)
      if (problem) {
        const fixed = allowedQuantity(rules, line.quantity, stock)
        if (!adjustmentsAllowed) error('Products', problem.code, problem.message, ids)
        else if (fixed === 0) await remove(problem.code, problem.message)
        else {
          await t.update(lineItems).set({ quantity: fixed }).where(eq(lineItems.id, line.id))
          demand.set(line.sku, used + fixed)
          info(
            'Products',
            'basket.line_item.quantity.adjusted.info',
            `${problem.message} The quantity was changed to ${fixed}.`,
            ids,
          )
        }
        continue
      }
      demand.set(line.sku, used + line.quantity)
    }
    if (remaining === 0) error('Products', 'basket.validation.empty.error', 'The basket is empty.')
    // Mandatory items cannot be chosen for the buyer: a line still missing one is an error (ADR 0011);
    // the selection is named before the accessories (spec §5, selections take precedence).
    const kept = lines.filter((l) => !removed.has(l.id))
    const states = mandatoryStates(
      kept,
      await mandatoryLinksBySku(
        t,
        kept.map((l) => l.sku),
      ),
    )
    for (const line of kept) {
      const state = states.get(line.id)
      if (!state || state.satisfied) continue
      const ids = { lineItemId: line.id, productSku: line.sku }
      if (state.selections.length && !state.selections[0]!.satisfied) {
        error(
          'Products',
          'basket.line_item.mandatory_selection.missing.error',
          `'${line.sku}' needs one of ${state.selections.map((s) => `'${s.product}'`).join(', ')}.`,
          ids,
        )
      }
      const missing = state.accessories.filter((a) => !a.satisfied)
      if (missing.length) {
        error(
          'Products',
          'basket.line_item.mandatory_accessory.missing.error',
          `'${line.sku}' needs ${missing.map((a) => `'${a.product}'`).join(', ')} as well.`,
          ids,
        )
      }
    }
  }

  if (covers(scopes, 'Promotion')) {
    const codes = await t
      .select()
      .from(basketPromotionCodes)
      .where(eq(basketPromotionCodes.basketId, basket.id))
    for (const { code } of codes) {
      if (await promotionByCode(t, code)) continue
      const message = `The promotion code '${code}' is no longer valid.`
      if (adjustmentsAllowed) {
        await t
          .delete(basketPromotionCodes)
          .where(and(eq(basketPromotionCodes.basketId, basket.id), eq(basketPromotionCodes.code, code)))
        info('Promotion', 'basket.promotion_code.removed.info', `${message} It was removed from the basket.`)
      } else error('Promotion', 'basket.promotion_code.no_longer_valid.error', message)
    }
  }

  let state = await basketState(t, basket, locale)

  if (covers(scopes, 'InvoiceAddress')) {
    if (!state.invoiceToAddress)
      error(
        'InvoiceAddress',
        'basket.validation.invoice_address.missing.error',
        'An invoice address is required.',
      )
    if (principal.anonymous && !basket.email && !state.invoiceToAddress?.email)
      error('InvoiceAddress', 'basket.validation.email.missing.error', 'An e-mail address is required.')
  }
  if (covers(scopes, 'ShippingAddress') && !state.shipToAddress)
    error(
      'ShippingAddress',
      'basket.validation.ship_to_address.missing.error',
      'A shipping address is required.',
    )

  if (covers(scopes, 'Shipping')) {
    const eligible = state.shippingMethods.filter((m) => servesCountry(m, state.shipToAddress?.countryCode))
    const current = state.shippingMethod
    const ok = current && eligible.some((m) => m.id === current.id)
    if (!ok) {
      const missing = !current
      const message = missing
        ? 'A shipping method is required.'
        : `The shipping method '${current.id}' is not available for the shipping address.`
      const fallback = eligible[0]
      if (adjustmentsAllowed && fallback) {
        await t.update(baskets).set({ shippingMethodId: fallback.id }).where(eq(baskets.id, basket.id))
        info(
          'Shipping',
          missing ? 'basket.shipping_method.default_chosen.info' : 'basket.shipping_method.changed.info',
          `${message} '${fallback.id}' was chosen.`,
        )
      } else
        error(
          'Shipping',
          missing
            ? 'basket.validation.shipping_method.missing.error'
            : 'basket.validation.shipping_method.not_eligible.error',
          message,
        )
    }
  }

  if (covers(scopes, 'Payment')) {
    state = await basketState(t, (await reread(t, basket.id)) ?? basket, locale)
    const payment = state.payment
    if (!payment) error('Payment', 'basket.validation.payment.missing.error', 'A payment method is required.')
    else {
      const restrictions = paymentRestrictions(payment.method, state.currency, state.itemsNet)
      if (restrictions.length) {
        if (adjustmentsAllowed) {
          await t.delete(basketPayments).where(eq(basketPayments.id, payment.payment.id))
          info(
            'Payment',
            'basket.payment.removed.info',
            `${restrictions[0]!.message} The payment was removed.`,
          )
        } else error('Payment', 'basket.validation.payment.restricted.error', restrictions[0]!.message)
      } else if (!options.forOrder && redirectsBeforeCheckout(payment.method) && !walletAuthorised(state)) {
        error(
          'Payment',
          'basket.validation.payment.not_authorized.error',
          'The payment has not been authorised with the payment provider for this amount.',
        )
      }
    }
  }

  const adjusted = infos.length > 0
  const final = adjusted ? await basketState(t, (await reread(t, basket.id)) ?? basket, locale) : state
  return { results: { valid: errors.length === 0, adjusted, errors, infos }, state: final }
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

async function reread(t: Db, id: string) {
  const [row] = await t.select().from(baskets).where(eq(baskets.id, id))
  return row
}

/** `POST baskets/{id}/validations`: validates in one transaction and answers in the PWA's shape. */
export async function validateBasket(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  locale: Locale,
  options: ValidationOptions,
) {
  const { results, state } = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await t.execute(sqlLock(basket.id))
    const outcome = await validateInTransaction(t, basket, principal, locale, options)
    if (outcome.results.adjusted)
      await t.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basket.id))
    return outcome
  })
  const envelope = basketEnvelope(state, new Set(BASKET_INCLUDES))
  const included: Record<string, unknown> = { basket: { [basket.id]: envelope.data } }
  for (const [key, value] of Object.entries(envelope.included ?? {})) included[`basket_${key}`] = value
  return {
    data: { basket: basket.id, results, scopes: options.scopes },
    included,
    infos: [],
    errors: [],
  }
}
