import type { FieldMetadata } from '@conform-to/react'
import {
  redirect,
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ValidationMessages } from '~/components/checkout/CheckoutParts'
import { CheckoutStep } from '~/components/checkout/CheckoutStep'
import { PaymentMethodOption } from '~/components/checkout/PaymentMethodOption'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { ErrorList } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { paymentFormSchema, redirectsBeforeCheckout } from '~/models/payment'
import { noindexMeta } from '~/models/seo'
import {
  continueFrom,
  namedLines,
  paymentReturnUrls,
  requireCheckoutStep,
} from '~/services/checkout-flow.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { handlePaymentReturn } from '~/services/payment-return.server'
import {
  createBasketInstrument,
  eligiblePaymentMethods,
  saveUserInstrument,
  setPayment,
} from '~/services/payments.server'
import { preferredInstrumentId } from '~/services/saved-payments.server'
import { trackBasket } from '~/services/tracking.server'

export const headers = pageHeaders

/** The payment step: eligible methods (spec §5 filters), their parameters, saved instruments. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The provider sent the shopper back here (cancel or failure): hand its answer on, then show the page.
  const returned = await handlePaymentReturn({ request, params, context })
  if (returned) throw returned
  const ctx = await requireCheckoutStep({ request, params, context }, 'payment')
  const user = ctx.session.get('user')
  const [methods, lines, preferredId] = await Promise.all([
    eligiblePaymentMethods(ctx.scope, ctx.basket.id),
    namedLines(ctx.scope, ctx.basket),
    user ? preferredInstrumentId(ctx.scope, user) : undefined,
  ])
  return data(
    {
      title: ctx.t('checkout.payment.title'),
      basket: ctx.basket,
      lines,
      methods,
      loggedIn: !!user,
      preferredId: preferredId ?? null,
      validation: ctx.validation,
    },
    { headers: ctx.headers },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'payment')
  const { scope, basket, session, locale, t } = ctx
  const form = await readForm(request)
  const methods = await eligiblePaymentMethods(scope, basket.id)
  const submission = parseSubmission(form, { schema: paymentFormSchema(methods, t), t })
  if (submission.status !== 'success') return invalid(submission)
  const choice = submission.value
  const method = methods.find((m) => m.id === choice.paymentMethod)!
  if (method.restricted) return refused(submission, t, method.restrictions)

  let instrumentId = method.id
  const saved = method.instruments.find((i) => i.id === choice.instrument?.[method.id])
  if (saved) {
    instrumentId = saved.id
  } else if (method.parameters.length) {
    const values = choice.parameters?.[method.id] ?? {}
    const parameters = method.parameters
      .filter((p) => values[p.name] !== undefined)
      .map((p) => ({ name: p.name, value: values[p.name]! }))
    const user = session.get('user')
    const created =
      user && method.saveAllowed && choice.saveForLater
        ? await saveUserInstrument(scope, user, method.id, parameters)
        : await createBasketInstrument(scope, basket.id, method.id, parameters)
    if (!created.ok) return refused(submission, t, created.errors)
    instrumentId = created.value
  }

  if (redirectsBeforeCheckout(method)) {
    // Authorised on the provider's page before review; it sends the shopper back to review or here.
    const urls = paymentReturnUrls(request, locale.lang, locale.id)
    const result = await setPayment(scope, basket.id, instrumentId, urls)
    if (!result.ok) return refused(submission, t, result.errors)
    if (!result.value.redirectUrl)
      return refused(submission, t, [{ code: 'checkout.payment.redirect_missing' }])
    await trackBasket(scope, session, basket, 'add_payment_info', { paymentType: method.id })
    return redirect(result.value.redirectUrl, { status: 303 })
  }
  if (basket.payment?.instrumentId !== instrumentId) {
    const result = await setPayment(scope, basket.id, instrumentId)
    if (!result.ok) return refused(submission, t, result.errors)
  }
  await trackBasket(scope, session, basket, 'add_payment_info', { paymentType: method.id })
  return continueFrom(ctx, 'payment')
}

export default function PaymentStep() {
  const { basket, lines, methods, loggedIn, preferredId, validation } = useLoaderData<typeof loader>()
  const { t } = useTranslation()

  const available = methods.filter((m) => !m.restricted)
  const current = basket.payment && available.find((m) => m.id === basket.payment!.methodId)
  // Without a payment yet, the user's preferred instrument is chosen (spec §3 User).
  const preferred = available.find((m) => m.instruments.some((i) => i.id === preferredId))
  const [form, fields] = useShopForm({
    id: 'payment',
    schema: paymentFormSchema(methods, t),
    defaultValue: { paymentMethod: current?.id ?? preferred?.id ?? available[0]?.id },
  })
  const chosen = fields.paymentMethod!.initialValue
  // `useShopForm` hands out its fields untyped; `parameters` is the schema's record of records of strings.
  const parameters = (
    fields.parameters as FieldMetadata<
      Record<string, Record<string, string>>,
      Record<string, unknown>,
      string[]
    >
  ).getFieldset()
  return (
    <CheckoutStep
      basket={basket}
      lines={lines}
      head={
        <>
          <h1>{t('checkout.payment.title')}</h1>
          <ValidationMessages validation={validation} />
        </>
      }
    >
      <CheckoutForm
        form={form}
        submit={{ text: t('checkout.continue'), primary: true, disabled: available.length === 0 }}
      >
        <fieldset className="method-choice">
          <legend>{t('checkout.payment.methods')}</legend>
          {methods.map((method) => (
            <PaymentMethodOption
              key={method.id}
              method={method}
              chosen={method.id === chosen}
              fields={{
                paymentMethod: fields.paymentMethod!,
                instrument: fields.instrument!,
                saveForLater: fields.saveForLater!,
              }}
              parameters={parameters[method.id]?.getFieldset()}
              canSave={loggedIn}
              preferredInstrumentId={
                basket.payment?.instrumentId && basket.payment.methodId === method.id
                  ? basket.payment.instrumentId
                  : (preferredId ?? undefined)
              }
            />
          ))}
          <ErrorList id={fields.paymentMethod!.errorId} errors={fields.paymentMethod!.errors} />
        </fieldset>
      </CheckoutForm>
    </CheckoutStep>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
