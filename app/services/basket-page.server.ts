import { redirect } from '@remix-run/node'
import type { BasketLine } from '~/models/basket'
import { CHECKOUT_BLOCKED, type BasketForm } from '~/models/basket-forms'
import { STEP_SCOPES, firstStepFor, stepPath } from '~/models/checkout-steps'
import { mayContinue } from '~/models/checkout-validation'
import { isQuantityRule, type ApiMessage } from '~/models/messages'
import type { QuantityRules } from '~/models/quantity'
import {
  addPromotionCode,
  currentBasket,
  deleteLineItem,
  removePromotionCode,
  updateBasketFields,
  updateLineItem,
  type ChangeResult,
} from './basket.server'
import { redirectWithValidation, requirePricedCheckout } from './checkout-flow.server'
import { configuration } from './configuration.server'
import type { IcmScope } from './icm.server'
import { product } from './products.server'
import type { ShopSession } from './session.server'
import { shopperOf, type PageArgs } from './shopper.server'
import { trackBasket, trackBasketChange } from './tracking.server'
import { validateBasket } from './validation.server'

/* The basket page's changes (its route's action): starting checkout, one form's ICM call, and what it says. */

/**
 * "Checkout" (spec §4 "Starting checkout"): the basket is validated for the scopes of BeforeCheckout, ICM
 * fixing what it can. With the channel's acceleration the review scope is validated too: all valid goes
 * straight to review, otherwise to the first step the results point to (`error=true`). Without it checkout
 * starts at the address step.
 */
export async function startCheckout(args: PageArgs) {
  const shopper = await shopperOf(args)
  const { locale, scope, session } = shopper
  const lang = locale.lang
  await requirePricedCheckout(shopper)
  const basket = await currentBasket(scope)
  if (!basket || basket.lines.length === 0) throw redirect(`${stepPath(lang, 'basket')}?error=true`, 303)
  const before = await validateBasket(scope, basket.id, STEP_SCOPES.basket)
  if (!mayContinue(before))
    return redirectWithValidation(
      session,
      `${stepPath(lang, 'basket')}?error=true#${CHECKOUT_BLOCKED}`,
      before,
    )
  await trackBasket(scope, session, basket, 'begin_checkout')
  const settings = await configuration(scope)
  if (!settings.acceleration) return redirect(stepPath(lang, 'address'), 303)
  const review = await validateBasket(scope, basket.id, STEP_SCOPES.review)
  if (mayContinue(review)) return redirect(stepPath(lang, 'review'), 303)
  return redirectWithValidation(
    session,
    `${stepPath(lang, firstStepFor(review, 'address'))}?error=true`,
    review,
  )
}

/**
 * The quantity rules of the product of a line whose new quantity ICM refused by a rule (its message names no
 * number; the shop's text does), from the cached product call; none for other refusals.
 */
export async function rulesOfLine(
  scope: IcmScope,
  basket: { lines: { id: string; sku: string }[] },
  form: BasketForm,
  errors: ApiMessage[],
): Promise<QuantityRules | undefined> {
  if (form.intent !== 'quantity' || !errors.some((error) => isQuantityRule(error.code))) return undefined
  const sku = basket.lines.find((line) => line.id === form.lineId)?.sku
  return sku ? product(scope, sku).catch(() => undefined) : undefined
}

/** What a successful change says on the next page (post/redirect/get with a toast). */
export function successToast(form: BasketForm, deleted: boolean) {
  switch (form.intent) {
    case 'quantity':
    case 'delete':
      return { key: deleted ? 'basket.line.deleted.message' : 'basket.line.updated.message' }
    case 'delivery':
      return { key: 'checkout.desired_delivery_date.success.message' }
    case 'addCode':
      return { key: 'basket.promotion_code.added.message', values: { code: form.code.toUpperCase() } }
    case 'removeCode':
      return { key: 'basket.promotion_code.removed.message', values: { code: form.code } }
    case 'fields':
      return { key: 'basket.fields.saved.message' }
  }
}

/** The ICM call of one basket form. */
export function changeOf(scope: IcmScope, basketId: string, form: BasketForm): Promise<ChangeResult> {
  switch (form.intent) {
    case 'quantity':
      return form.quantity
        ? updateLineItem(scope, basketId, form.lineId, { quantity: form.quantity })
        : deleteLineItem(scope, basketId, form.lineId)
    case 'delete':
      return deleteLineItem(scope, basketId, form.lineId)
    case 'delivery':
      return updateLineItem(scope, basketId, form.lineId, { desiredDelivery: form.desiredDelivery ?? null })
    case 'addCode':
      return addPromotionCode(scope, basketId, form.code)
    case 'removeCode':
      return removePromotionCode(scope, basketId, form.code)
    case 'fields':
      return updateBasketFields(scope, basketId, {
        messageToMerchant: form.messageToMerchant ?? '',
        externalOrderReference: form.externalOrderReference ?? '',
      })
  }
}

/** A line deleted or its quantity changed: `remove_from_cart` or `add_to_cart` of the difference (ADR 0035). */
export async function trackQuantityChange(
  scope: IcmScope,
  session: ShopSession,
  lines: BasketLine[],
  form: BasketForm,
  deleted: boolean,
) {
  if (form.intent !== 'quantity' && form.intent !== 'delete') return
  const line = lines.find((l) => l.id === form.lineId)
  if (!line) return
  const wanted = deleted || form.intent !== 'quantity' ? 0 : (form.quantity ?? 0)
  const change = wanted - line.quantity
  if (change === 0) return
  await trackBasketChange(scope, session, change > 0 ? 'add_to_cart' : 'remove_from_cart', [
    { sku: line.sku, quantity: Math.abs(change), unit: line.singleBasePrice },
  ])
}
