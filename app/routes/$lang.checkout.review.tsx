import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { CheckoutLines, CheckoutTotals, ValidationMessages } from '~/components/checkout/CheckoutParts'
import { ApprovalPreview } from '~/components/checkout/ApprovalPreview'
import { BudgetWidget } from '~/components/organization/BudgetWidget'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { CheckboxField, useShopForm } from '~/components/forms'
import { RecurrenceFields, recurrenceLabels } from '~/components/recurring-order/RecurrenceForm'
import { PriceNotes } from '~/components/PriceNotes'
import { useShell } from '~/components/useShell'
import { hasLimits } from '~/models/budget'
import { STEP_SCOPES, firstStepFor, stepPath } from '~/models/checkout-steps'
import { totalsRows } from '~/models/checkout-totals'
import { mayContinue } from '~/models/checkout-validation'
import { RECURRENCE_INTENT, recurrenceFormValues, reviewFormSchema } from '~/models/recurring-order'
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
import {
  applyPostedRecurrence,
  isLoggedIn,
  placeOrder,
  saveRecurrence,
  today,
} from '~/services/review.server'
import { ReviewSummary } from '~/components/checkout/ReviewSummary'
import { parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

/** Whether the channel asks for the terms and conditions to be accepted (configuration `basket`). */
const termsRequired = async (scope: Parameters<typeof configuration>[0]) =>
  (await configuration(scope)).termsAndConditions

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
    schema: reviewFormSchema(ctx.t, await termsRequired(scope), isLoggedIn(ctx)),
    t: ctx.t,
  })
  if (submission.status !== 'success') return invalid(submission)
  // The schedule the form shows is the one ordered, "Save schedule" pressed or not.
  const refused = await applyPostedRecurrence(ctx, form, submission)
  if (refused) return refused
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

export default function ReviewStep() {
  const { basket, lines, termsRequired, validation, budget, recurrence } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { locale, display } = useShell()
  const { t } = useTranslation()
  const [submitted, setSubmitted] = useState(false)
  // An answer came back (a refusal at a field): the shopper may correct it and submit again.
  useEffect(() => setSubmitted(false), [answer])
  const [form, fields] = useShopForm({
    id: 'order',
    schema: reviewFormSchema(t, termsRequired, !!recurrence),
    lastResult: answer?.result ?? null,
    defaultValue: recurrence ? recurrenceFormValues(basket.recurrence, recurrence.today) : undefined,
  })
  return (
    <>
      <h1>{t('checkout.review.title')}</h1>
      <ValidationMessages validation={validation} />
      <PriceNotes infos={basket.infos ?? []} />
      <ReviewSummary basket={basket} lang={locale.lang} />
      <h2>{t('checkout.review.items')}</h2>
      <CheckoutLines lines={lines} />
      {basket.promotionCodes.length ? (
        <p>{t('checkout.review.promotion_codes', { codes: basket.promotionCodes.join(', ') })}</p>
      ) : null}
      <CheckoutTotals totals={totalsRows(basket, display)} />
      {budget ? <BudgetWidget budget={budget} /> : null}
      {basket.approval?.required ? <ApprovalPreview approval={basket.approval} /> : null}
      {/* One form: the place-order button posts the schedule as shown, "Save schedule" only saves it. */}
      <Form
        method="post"
        id={form.id}
        noValidate={form.noValidate}
        className="checkout-form checkout-submit"
        onSubmit={(event) => {
          const saving =
            (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === RECURRENCE_INTENT
          // One order per click: a second click while the first is on its way does nothing.
          if (submitted && !saving) return event.preventDefault()
          form.onSubmit(event)
          if (!event.defaultPrevented && !saving) setSubmitted(true)
        }}
      >
        <FormErrors
          form={form}
          label={{ ...recurrenceLabels(t), termsAndConditions: t('checkout.review.terms') }}
        />
        {recurrence ? (
          <RecurrenceFields
            form={form}
            fields={fields}
            recurrence={basket.recurrence}
            today={recurrence.today}
          />
        ) : null}
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
        <SubmitButton className="primary" intent="place">
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

export const meta: MetaFunction<typeof loader> = noindexMeta
