import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  AddressView,
  CheckoutLines,
  CheckoutTotals,
  DeliveryTime,
  FormMessages,
  ValidationMessages,
} from '~/components/checkout/CheckoutParts'
import { useShell } from '~/components/useShell'
import type { Address } from '~/models/address'
import { STEP_SCOPES, firstStepFor, mayContinue, stepPath, type CheckoutBasket } from '~/models/checkout'
import { noindexMeta } from '~/models/seo'
import { configuration } from '~/services/catalog.server'
import { checkoutBasket, createOrder, validateBasket } from '~/services/checkout.server'
import { namedLines, redirectWithValidation, requireCheckoutStep } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { IcmError } from '~/services/icm.server'
import { followOrderOutcome } from '~/services/order-outcome.server'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { shopperOf } from '~/services/shopper.server'
import { readForm } from '~/services/form.server'

export const headers = pageHeaders

/** Whether the channel asks for the terms and conditions to be accepted (configuration `basket`). */
const termsRequired = async (scope: Parameters<typeof configuration>[0]) =>
  (await configuration(scope)).termsAndConditions

/** Review: everything to be ordered, the terms, and the submit. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Back from the provider's page after authorising a wallet payment (`?redirect=success`).
  const returned = await handlePaymentReturn(request, params)
  if (returned) throw returned
  const ctx = await requireCheckoutStep({ request, params, context }, 'review')
  const [lines, terms] = await Promise.all([namedLines(ctx.scope, ctx.basket), termsRequired(ctx.scope)])
  return data(
    {
      title: ctx.t('checkout.review.title'),
      basket: ctx.basket,
      lines,
      termsRequired: terms,
      validation: ctx.validation,
    },
    { headers: ctx.headers },
  )
}

/**
 * Submitting (spec §4): validate toward the receipt (scopes All, CostCenter, no adjustments), then `POST orders`
 * and follow its outcome. Desired delivery dates are already on the lines (the basket page saves each one).
 * A second submit of the same basket (double click, reloaded POST, another tab) finds the basket ordered; the
 * API answers the order already made, and the shopper lands on the same receipt.
 */
export const ORDER_OUTCOME_UNKNOWN = 'order-outcome-unknown'

export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await shopperOf(request, params)
  const { scope, locale } = shopper
  const form = await readForm(request)
  const postedBasket = String(form.get('basketId') ?? '')
  const accepted = form.get('termsAndConditions') === 'on'
  const current = await checkoutBasket(scope)
  if (!current || current.id !== postedBasket) {
    // Already ordered (or gone): the API answers the existing order for that basket, or "not found".
    if (!postedBasket) return followOrderOutcome(request, shopper, { kind: 'basketNotFound' })
    return followOrderOutcome(request, shopper, await placeOrder(createOrder(scope, postedBasket, accepted)))
  }
  const ctx = await requireCheckoutStep({ request, params, context }, 'review')
  if ((await termsRequired(scope)) && !accepted)
    return data({ messages: [ctx.t('basket.validation.terms_and_conditions.error')] }, { status: 400 })
  try {
    const results = await validateBasket(scope, current.id, STEP_SCOPES.review)
    if (!mayContinue(results)) {
      const target = firstStepFor(results, 'review')
      return redirectWithValidation(ctx.session, `${stepPath(locale.lang, target)}?error=true`, results)
    }
  } catch (error) {
    // The basket was ordered by a parallel submit between our read and the validation: the order call says so.
    if (!(error instanceof IcmError && error.status === 404)) throw error
  }
  return followOrderOutcome(request, shopper, await placeOrder(createOrder(scope, current.id, accepted)))
}

/**
 * The order call itself: when ICM went away or timed out while it ran, the order may well have been placed.
 * The shopper is told exactly that (and how to check) instead of the general maintenance page (issue 14).
 */
async function placeOrder<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof Response && (error.status === 503 || error.status === 504))
      throw Response.json(
        { reason: ORDER_OUTCOME_UNKNOWN },
        { status: error.status, headers: { 'Retry-After': '30' } },
      )
    throw error
  }
}

export default function ReviewStep() {
  const { basket, lines, termsRequired, validation } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [submitted, setSubmitted] = useState(false)
  const b = basket as unknown as CheckoutBasket
  const change = (step: string) => <Link to={`/${locale.lang}/checkout/${step}`}>{t('checkout.change')}</Link>
  return (
    <>
      <h1>{t('checkout.review.title')}</h1>
      <ValidationMessages validation={validation} />
      <div className="checkout-review">
        <section>
          <h2>{t('checkout.address.invoice')}</h2>
          {b.invoiceAddress ? <AddressView address={b.invoiceAddress as Address} /> : null}
          {change('address')}
        </section>
        <section>
          <h2>{t('checkout.address.shipping')}</h2>
          {b.shipToAddress ? <AddressView address={b.shipToAddress as Address} /> : null}
          {change('address')}
        </section>
        <section>
          <h2>{t('checkout.shipping.method')}</h2>
          {b.shippingMethod ? (
            <p>
              {b.shippingMethod.name}
              {b.shippingMethod.days ? (
                <>
                  {' '}
                  (<DeliveryTime days={b.shippingMethod.days} />)
                </>
              ) : null}
            </p>
          ) : null}
          {change('shipping')}
        </section>
        <section>
          <h2>{t('checkout.payment.method')}</h2>
          {b.payment ? (
            <p data-testid="review-payment">
              {b.payment.methodName}
              {b.payment.accountIdentifier ? ` (${b.payment.accountIdentifier})` : ''}
            </p>
          ) : null}
          {change('payment')}
        </section>
      </div>
      <h2>{t('checkout.review.items')}</h2>
      <CheckoutLines lines={lines} />
      {b.promotionCodes.length ? (
        <p>{t('checkout.review.promotion_codes', { codes: b.promotionCodes.join(', ') })}</p>
      ) : null}
      <CheckoutTotals basket={b} />
      <Form
        method="post"
        className="checkout-form checkout-submit"
        onSubmit={(event) => {
          // One order per click: a second click while the first is on its way does nothing.
          if (submitted) event.preventDefault()
          else setSubmitted(true)
        }}
      >
        <input type="hidden" name="basketId" value={b.id} />
        <label className="checkbox">
          <input type="checkbox" name="termsAndConditions" required={termsRequired} />{' '}
          {t('checkout.review.terms')}
          {termsRequired ? ' *' : ''}
        </label>
        <FormMessages messages={actionData && 'messages' in actionData ? actionData.messages : undefined} />
        <button
          type="submit"
          className="primary"
          disabled={(submitted && navigation.state !== 'idle') || navigation.state === 'submitting'}
        >
          {t('checkout.review.submit')}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
