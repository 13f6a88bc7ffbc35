import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import {
  AddressView,
  CheckoutLines,
  CheckoutTotals,
  DeliveryTime,
  ValidationMessages,
} from '~/components/checkout/CheckoutParts'
import { ApprovalPreview } from '~/components/checkout/ApprovalPreview'
import { costCenterLabel } from '~/components/checkout/CostCenterSelection'
import { BudgetWidget } from '~/components/organization/BudgetWidget'
import { CheckboxField, FormErrors, SubmitButton, useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { hasLimits } from '~/models/budget'
import type { CheckoutBasket } from '~/models/checkout-basket'
import { STEP_SCOPES, firstStepFor, stepPath } from '~/models/checkout-steps'
import { totalsRows } from '~/models/checkout-totals'
import { mayContinue } from '~/models/checkout-validation'
import { messageText, type Translate } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import { namedCostCenter } from '~/services/basket-cost-center.server'
import { ownBudget } from '~/services/own-budget.server'
import { checkoutBasket } from '~/services/checkout.server'
import { configuration } from '~/services/configuration.server'
import { invalid } from '~/services/form-result.server'
import { createOrder } from '~/services/orders.server'
import { validateBasket } from '~/services/validation.server'
import { namedLines, redirectWithValidation, requireCheckoutStep } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { IcmError } from '~/services/icm.server'
import { followOrderOutcome } from '~/services/order-outcome.server'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { shopperOf } from '~/services/shopper.server'
import { parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

/** Whether the channel asks for the terms and conditions to be accepted (configuration `basket`). */
const termsRequired = async (scope: Parameters<typeof configuration>[0]) =>
  (await configuration(scope)).termsAndConditions

/** The submit: the basket it was made for, and the terms, which the channel may require. */
const reviewSchema = (t: Translate, termsRequired: boolean) =>
  z.object({
    basketId: z.string().max(100).optional(),
    termsAndConditions: termsRequired
      ? z.boolean({ required_error: t('basket.validation.terms_and_conditions.error') })
      : z.boolean().default(false),
  })

/** Infos of the basket the review shows: the tax of the delivery country differs from the shop's default. */
const REVIEW_INFOS = new Set(['basket.tax.destination_changed'])

/** Review: everything to be ordered, the terms, and the submit. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Back from the provider's page after authorising a wallet payment (`?redirect=success`).
  const returned = await handlePaymentReturn({ request, params, context })
  if (returned) throw returned
  const ctx = await requireCheckoutStep({ request, params, context }, 'review')
  const business = ctx.session.get('user')?.customerType === 'SMBCustomer'
  const [lines, terms, costCenter, budget] = await Promise.all([
    namedLines(ctx.scope, ctx.basket),
    termsRequired(ctx.scope),
    namedCostCenter(ctx, ctx.basket.costCenter),
    // A business user sees their budget before ordering (spec org §2 budget widget); without it the page stays.
    business ? ownBudget(ctx.scope).catch(() => null) : null,
  ])
  return data(
    {
      title: ctx.t('checkout.review.title'),
      basket: { ...ctx.basket, costCenter },
      lines,
      termsRequired: terms,
      budget: budget && hasLimits(budget) ? budget : null,
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
  const shopper = await shopperOf({ request, params, context })
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
  const submission = parseSubmission(form, {
    schema: reviewSchema(ctx.t, await termsRequired(scope)),
    t: ctx.t,
  })
  if (submission.status !== 'success') return invalid(submission)
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
  const { basket, lines, termsRequired, validation, budget } = useLoaderData<typeof loader>()
  const { locale, display } = useShell()
  const { t } = useTranslation()
  const [submitted, setSubmitted] = useState(false)
  const [form, fields] = useShopForm({ id: 'order', schema: reviewSchema(t, termsRequired) })
  const infos = basket.infos.filter((info) => REVIEW_INFOS.has(info.code))
  return (
    <>
      <h1>{t('checkout.review.title')}</h1>
      <ValidationMessages validation={validation} />
      {infos.length ? (
        <ul className="basket-infos" role="status">
          {infos.map((info) => (
            <li key={info.code}>{messageText(t, info)}</li>
          ))}
        </ul>
      ) : null}
      <ReviewSummary basket={basket} lang={locale.lang} />
      <h2>{t('checkout.review.items')}</h2>
      <CheckoutLines lines={lines} />
      {basket.promotionCodes.length ? (
        <p>{t('checkout.review.promotion_codes', { codes: basket.promotionCodes.join(', ') })}</p>
      ) : null}
      <CheckoutTotals totals={totalsRows(basket, display)} />
      {budget ? <BudgetWidget budget={budget} /> : null}
      {basket.approval?.required ? <ApprovalPreview approval={basket.approval} /> : null}
      <Form
        method="post"
        id={form.id}
        noValidate={form.noValidate}
        className="checkout-form checkout-submit"
        onSubmit={(event) => {
          // One order per click: a second click while the first is on its way does nothing.
          if (submitted) return event.preventDefault()
          form.onSubmit(event)
          if (!event.defaultPrevented) setSubmitted(true)
        }}
      >
        <input type="hidden" name="basketId" value={basket.id} />
        <CheckboxField
          className="checkbox"
          meta={fields.termsAndConditions!}
          label={`${t('checkout.review.terms')}${termsRequired ? ' *' : ''}`}
        />
        <FormErrors form={form} />
        <SubmitButton className="primary">
          {basket.approval?.required ? t('checkout.approval.submit') : t('checkout.review.submit')}
        </SubmitButton>
      </Form>
    </>
  )
}

/** What is ordered how: addresses, shipping method and payment, each with a link back to its step. */
function ReviewSummary({ basket, lang }: { basket: CheckoutBasket; lang: string }) {
  const { t } = useTranslation()
  const change = (step: string) => <Link to={`/${lang}/checkout/${step}`}>{t('checkout.change')}</Link>
  return (
    <div className="checkout-review">
      <section>
        <h2>{t('checkout.address.invoice')}</h2>
        {basket.invoiceAddress ? <AddressView address={basket.invoiceAddress} /> : null}
        {change('address')}
      </section>
      <section>
        <h2>{t('checkout.address.shipping')}</h2>
        {basket.shipToAddress ? <AddressView address={basket.shipToAddress} /> : null}
        {change('address')}
      </section>
      <section>
        <h2>{t('checkout.shipping.method')}</h2>
        {basket.shippingMethod ? (
          <p>
            {basket.shippingMethod.name}
            {basket.shippingMethod.days ? (
              <>
                {' '}
                (<DeliveryTime days={basket.shippingMethod.days} />)
              </>
            ) : null}
          </p>
        ) : null}
        {change('shipping')}
      </section>
      <section>
        <h2>{t('checkout.payment.method')}</h2>
        {basket.payment ? (
          <p data-testid="review-payment">
            {basket.payment.methodName}
            {basket.payment.accountIdentifier ? ` (${basket.payment.accountIdentifier})` : ''}
          </p>
        ) : null}
        {change('payment')}
      </section>
      {basket.costCenter ? (
        <section>
          <h2>{t('checkout.cost_center.label')}</h2>
          <p data-testid="review-cost-center">{costCenterLabel(basket.costCenter)}</p>
          <Link to={`/${lang}/basket`}>{t('checkout.change')}</Link>
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
