import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
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
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { CheckboxField, useShopForm } from '~/components/forms'
import { RecurrenceForm } from '~/components/recurring-order/RecurrenceForm'
import { useShell } from '~/components/useShell'
import { hasLimits } from '~/models/budget'
import type { CheckoutBasket } from '~/models/checkout-basket'
import { STEP_SCOPES, firstStepFor, stepPath } from '~/models/checkout-steps'
import { totalsRows } from '~/models/checkout-totals'
import { mayContinue } from '~/models/checkout-validation'
import { messageText, type Translate } from '~/models/messages'
import {
  RECURRENCE_FIELD_OF,
  RECURRENCE_INTENT,
  recurrenceFormSchema,
  recurrenceOfForm,
} from '~/models/recurring-order'
import { noindexMeta } from '~/models/seo'
import { namedCostCenter } from '~/services/basket-cost-center.server'
import { ownBudget } from '~/services/own-budget.server'
import { checkoutBasket } from '~/services/checkout.server'
import { configuration } from '~/services/configuration.server'
import { invalid } from '~/services/form-result.server'
import { createOrder } from '~/services/orders.server'
import { validateBasket } from '~/services/validation.server'
import {
  namedLines,
  redirectWithValidation,
  requireCheckoutStep,
  type CheckoutContext,
} from '~/services/checkout-flow.server'
import { refusalReply } from '~/services/cost-centers.server'
import { loginUrl } from '~/services/guards.server'
import { setBasketRecurrence } from '~/services/recurring-orders.server'
import { redirectWithToast } from '~/services/toast.server'
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
  const loggedIn = isLoggedIn(ctx)
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
      // Recurring orders are for logged-in customers only (ADR 0020): a guest sees no "order regularly".
      recurrence: loggedIn ? { today: today() } : null,
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
  if (form.get('intent') === RECURRENCE_INTENT) return saveRecurrence({ request, params, context }, form)
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

/** Today as the form's first possible start date (yyyy-mm-dd); the API's own rule is the authority. */
const today = () => new Date().toISOString().slice(0, 10)

const isLoggedIn = (shopper: Pick<CheckoutContext, 'session'>) =>
  !!shopper.session.get('user') && !shopper.session.get('isAnonymous')

/**
 * "Order regularly" (spec §3, ADR 0020): sets the basket's recurrence, or removes it ("order once"), by a PATCH
 * of the basket; the API's refusals (400, 422 `basket.recurrence.*`) show at the field they name. Logged-in
 * customers only: a guest's post goes to the login page.
 */
async function saveRecurrence(args: ActionFunctionArgs, form: FormData) {
  const ctx = await requireCheckoutStep(args, 'review')
  if (!isLoggedIn(ctx)) throw redirect(loginUrl(args.request, ctx))
  const submission = parseSubmission(form, { schema: recurrenceFormSchema(ctx.t), t: ctx.t })
  if (submission.status !== 'success')
    return data({ intent: RECURRENCE_INTENT, result: submission.reply() }, { status: 400 })
  const recurrence = recurrenceOfForm(submission.value)
  const page = `/${ctx.locale.lang}/checkout/review`
  // "Order once" on a basket without a recurrence changes nothing: nothing is sent.
  if (!recurrence && !ctx.basket.recurrence) return redirect(page, { status: 303 })
  const saved = await setBasketRecurrence(ctx.scope, ctx.basket.id, recurrence)
  if (!saved.ok)
    return data(
      {
        intent: RECURRENCE_INTENT,
        result: refusalReply(submission, ctx.t, saved.errors, RECURRENCE_FIELD_OF),
      },
      { status: 422 },
    )
  return redirectWithToast(ctx.session, page, {
    key: recurrence ? 'checkout.recurrence.saved.message' : 'checkout.recurrence.removed.message',
    type: 'success',
  })
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
  const { basket, lines, termsRequired, validation, budget, recurrence } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { locale, display } = useShell()
  const { t } = useTranslation()
  const [submitted, setSubmitted] = useState(false)
  const recurrenceAnswer = answer && 'intent' in answer ? answer : null
  const [form, fields] = useShopForm({
    id: 'order',
    schema: reviewSchema(t, termsRequired),
    lastResult: answer && !recurrenceAnswer ? answer.result : null,
  })
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
      {recurrence ? (
        <RecurrenceForm
          recurrence={basket.recurrence}
          today={recurrence.today}
          lastResult={recurrenceAnswer?.result ?? null}
        />
      ) : null}
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
        {/* The terms themselves, one click away; a new tab keeps the review as the shopper left it. */}
        <p className="field-hint terms-link">
          <a href={`/${locale.lang}/page/terms`} target="_blank" rel="noopener noreferrer">
            {t('checkout.review.terms_link')}
          </a>
        </p>
        <FormErrors form={form} />
        <SubmitButton className="primary">
          {basket.recurrence && recurrence
            ? t('checkout.recurrence.submit')
            : basket.approval?.required
              ? t('checkout.approval.submit')
              : t('checkout.review.submit')}
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
