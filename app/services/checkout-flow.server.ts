import { redirect } from '@remix-run/node'
import type { Params } from '@remix-run/react'
import type { CheckoutBasket } from '~/models/checkout-basket'
import {
  STEP_SCOPES,
  firstIncompleteStep,
  firstStepFor,
  nextStep,
  stepIndex,
  stepPath,
  type CheckoutStep,
} from '~/models/checkout-steps'
import { mayContinue, type ValidationResults } from '~/models/checkout-validation'
import { mayCheckOut } from '~/models/price-visibility'
import { recalculateBasket } from './basket.server'
import { product } from './products.server'
import { checkoutBasket } from './checkout.server'
import { validateBasket } from './validation.server'
import type { IcmScope } from './icm.server'
import { config } from './config.server'
import { cacheHeaders } from './http.server'
import { fixedT } from './i18n.server'
import { priceVisibilityFor } from './price-visibility.server'
import { oncePerRequest, type RequestArgs } from './request-memo.server'
import { type ShopSession, type ValidationFlash } from './session.server'
import { shopperOf, type Shopper } from './shopper.server'

/**
 * The checkout basket, fetched once per page request however many loaders (root's mini basket, layout, step)
 * ask. A basket bought in another currency (the shopper switched language) is recalculated first (spec §4).
 */
export const checkoutBasketOf = (args: RequestArgs, shopper: Shopper): Promise<CheckoutBasket | null> =>
  oncePerRequest(args, 'checkout-basket', () => checkoutBasketInShopCurrency(shopper.scope))

async function checkoutBasketInShopCurrency(scope: IcmScope): Promise<CheckoutBasket | null> {
  const basket = await checkoutBasket(scope)
  if (!basket?.currency || basket.currency === scope.locale.currency) return basket
  await recalculateBasket(scope, basket)
  return checkoutBasket(scope)
}

export type CheckoutContext = Shopper & {
  basket: CheckoutBasket
  t: ReturnType<typeof fixedT>
  /** Validation results of the last "Continue" on this step (flash), when the shopper stayed. */
  validation: ValidationFlash | null
  /** The step page's private cache headers. */
  headers: HeadersInit
}

/**
 * Opens a checkout step: without a basket (or an empty one) the shopper goes to the basket page; a step
 * after the first incomplete one sends the shopper to that one (spec §4).
 */
export async function requireCheckoutStep(
  args: RequestArgs & { params: Params },
  step: Exclude<CheckoutStep, 'basket' | 'receipt'>,
): Promise<CheckoutContext> {
  const shopper = await shopperOf(args)
  const { locale, session } = shopper
  await requirePricedCheckout(shopper)
  const basket = await checkoutBasketOf(args, shopper)
  if (!basket || basket.lines.length === 0) throw redirect(stepPath(locale.lang, 'basket'))
  const first = firstIncompleteStep(basket)
  if (stepIndex(step) > stepIndex(first)) throw redirect(stepPath(locale.lang, first))
  const validation = session.get('validation') ?? null
  return {
    ...shopper,
    basket,
    t: fixedT(locale.id),
    validation,
    headers: cacheHeaders(args.request, 'private'),
  }
}

/**
 * A shopper whose prices are given on demand (a business customer without price display, in a shop without
 * no-price checkout; ADR 0045) does not check out: back to the basket, which says why. The API would take the
 * order (ICM knows nothing of the storefront's setting); the shop does not offer it.
 */
export async function requirePricedCheckout({ scope, session, locale }: Shopper) {
  if (mayCheckOut(await priceVisibilityFor(scope, session))) return
  session.flash('toast', { key: 'basket.prices.on_demand.note', type: 'error' })
  throw redirect(stepPath(locale.lang, 'basket'), 303)
}

function flashOf(results: ValidationResults): ValidationFlash {
  const slim = (m: ValidationResults['errors'][number]) => ({
    code: m.code,
    message: m.message,
    scopes: m.scopes,
  })
  return {
    valid: results.valid,
    adjusted: results.adjusted,
    errors: results.errors.map(slim),
    infos: results.infos.map(slim),
  }
}

/** Stays on a page with the validation results shown once (post/redirect/get, `?error=true`). */
export async function redirectWithValidation(session: ShopSession, url: string, results: ValidationResults) {
  session.flash('validation', flashOf(results))
  return redirect(url, { status: 303 })
}

/**
 * "Continue" on a step: validates the step's scopes (spec §4). Valid and not adjusted → the next step;
 * invalid or adjusted → the page of the first step the results point to (this one, or an earlier one), with
 * `error=true` and the results.
 */
export async function continueFrom(
  ctx: Pick<CheckoutContext, 'scope' | 'session' | 'locale' | 'basket'>,
  step: Exclude<CheckoutStep, 'receipt' | 'review'>,
) {
  const results = await validateBasket(ctx.scope, ctx.basket.id, STEP_SCOPES[step])
  const lang = ctx.locale.lang
  if (mayContinue(results)) {
    return redirect(stepPath(lang, nextStep(step)), { status: 303 })
  }
  const target = firstStepFor(results, step)
  return redirectWithValidation(ctx.session, `${stepPath(lang, target)}?error=true`, results)
}

/**
 * The checkout's return URLs for the payment provider. They carry the `;lang=` matrix parameter (spec §2),
 * which the route `$lang.checkout.$` takes off again. Before checkout success leads to review; after the
 * order (with its id) to the receipt; cancel and failure always back to the payment step.
 */
export function paymentReturnUrls(request: Request, lang: string, localeId: string, orderId?: string) {
  const origin = config.publicUrl
  const url = (step: string, status: string) =>
    `${origin}/${lang}/checkout/${step};lang=${localeId}?redirect=${status}` +
    (orderId ? `&orderId=${encodeURIComponent(orderId)}` : '')
  return {
    successUrl: url(orderId ? 'receipt' : 'review', 'success'),
    cancelUrl: url('payment', 'cancel'),
    failureUrl: url('payment', 'failure'),
  }
}

/** Lines with the product's name and variation (as ordered for an order's lines, else from the catalog). */
export async function namedLines(scope: IcmScope, basket: CheckoutBasket) {
  const products = await Promise.all(
    basket.lines.map((line) => (line.name ? null : product(scope, line.sku).catch(() => null))),
  )
  return basket.lines.map((line, i) => {
    const p = products[i]
    return {
      ...line,
      name: line.name ?? p?.name ?? line.sku,
      variation: p?.variationValues.map((v) => `${v.name}: ${v.displayValue}`).join(', ') || undefined,
    }
  })
}
