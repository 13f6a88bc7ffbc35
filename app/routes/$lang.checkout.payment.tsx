import type { SubmissionResult } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FieldError, replyOf } from '~/components/checkout/AddressFields'
import { Amount, CheckoutTotals, FormMessages, ValidationMessages } from '~/components/checkout/CheckoutParts'
import type { CheckoutBasket } from '~/models/checkout'
import { parameterSchema, redirectsBeforeCheckout, type PaymentMethod } from '~/models/payment'
import { noindexMeta } from '~/models/seo'
import {
  createBasketInstrument,
  eligiblePaymentMethods,
  saveUserInstrument,
  setPayment,
} from '~/services/checkout.server'
import { continueFrom, paymentReturnUrls, requireCheckoutStep } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { commitSession } from '~/services/session.server'
import { parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

/** The payment step: eligible methods (spec §5 filters), their parameters, saved instruments. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The provider sent the shopper back here (cancel or failure): hand its answer on, then show the page.
  const returned = await handlePaymentReturn(request, params)
  if (returned) throw returned
  const ctx = await requireCheckoutStep({ request, params, context }, 'payment')
  const methods = await eligiblePaymentMethods(ctx.scope, ctx.basket.id)
  return data(
    {
      title: ctx.t('checkout.payment.title'),
      basket: ctx.basket,
      methods,
      loggedIn: !!ctx.session.get('user'),
      validation: ctx.validation,
    },
    { headers: ctx.headers },
  )
}

const choiceSchema = z.object({
  paymentMethod: z.string().min(1).max(100),
  /** A saved or earlier entered instrument of the method; `new` enters new data. */
  instrument: z.string().max(100).optional(),
  saveForLater: z.boolean().default(false),
})

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'payment')
  const { scope, basket, session, locale, t } = ctx
  const form = await readForm(request)
  const paymentMethod = String(form.get('paymentMethod') ?? '')
  const choice = choiceSchema.safeParse({
    paymentMethod: paymentMethod || undefined,
    instrument: form.get(`instrument.${paymentMethod}`) || undefined,
    saveForLater: form.get('saveForLater') === 'on',
  })
  const fail = (messages: string[], result?: SubmissionResult<string[]>, status = 422) =>
    data({ messages, result: result ?? null, method: choice.data?.paymentMethod ?? null }, { status })
  if (!choice.success) return fail([t('checkout.payment.required')], undefined, 400)
  const methods = await eligiblePaymentMethods(scope, basket.id)
  const method = methods.find((m) => m.id === choice.data.paymentMethod)
  if (!method) return fail([t('checkout.payment.not_eligible')], undefined, 400)
  if (method.restricted) return fail(method.restrictionCauses)

  let instrumentId = method.id
  const saved = method.instruments.find((i) => i.id === choice.data.instrument)
  if (saved) {
    instrumentId = saved.id
  } else if (method.parameters.length) {
    // The parameters are checked against the server's own constraints, then sent (the server checks again).
    const submission = parseSubmission(form, {
      schema: z.object({ [method.id]: parameterSchema(method.parameters, (key) => t(key)) }),
      t,
    })
    if (submission.status !== 'success') return fail([], submission.reply(), 400)
    const values = (submission.value[method.id] ?? {}) as Record<string, string | undefined>
    const parameters = method.parameters
      .filter((p) => values[p.name] !== undefined)
      .map((p) => ({ name: p.name, value: values[p.name]! }))
    const user = session.get('user')
    const created =
      user && method.saveAllowed && choice.data.saveForLater
        ? await saveUserInstrument(scope, user, method.id, parameters)
        : await createBasketInstrument(scope, basket.id, method.id, parameters)
    if (!created.ok)
      return fail(
        created.errors.map((e) => e.message),
        submission.reply(),
      )
    instrumentId = created.id
  }

  if (redirectsBeforeCheckout(method)) {
    // Authorised on the provider's page before review; it sends the shopper back to review or here.
    const result = await setPayment(
      scope,
      basket.id,
      instrumentId,
      paymentReturnUrls(request, locale.lang, locale.id),
    )
    if (!result.ok) return fail(result.errors.map((e) => e.message))
    if (!result.redirectUrl) return fail([t('checkout.payment.redirect_missing')])
    return redirect(result.redirectUrl, {
      status: 303,
      headers: { 'Set-Cookie': await commitSession(session) },
    })
  }
  if (basket.payment?.instrumentId !== instrumentId) {
    const result = await setPayment(scope, basket.id, instrumentId)
    if (!result.ok) return fail(result.errors.map((e) => e.message))
  }
  return continueFrom(ctx, 'payment')
}

type ActionData = { messages: string[]; result: SubmissionResult<string[]> | null; method: string | null }

export default function PaymentStep() {
  const { basket, methods, loggedIn, validation } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const available = (methods as PaymentMethod[]).filter((m) => !m.restricted)
  const initial =
    actionData?.method ??
    (basket.payment && available.some((m) => m.id === basket.payment!.methodId)
      ? basket.payment.methodId
      : available[0]?.id)
  const reply = replyOf(actionData?.result)
  return (
    <>
      <h1>{t('checkout.payment.title')}</h1>
      <ValidationMessages validation={validation} />
      <Form method="post" className="checkout-form">
        <fieldset className="method-choice">
          <legend>{t('checkout.payment.methods')}</legend>
          {(methods as PaymentMethod[]).map((method) => (
            <div key={method.id} className={`method-option${method.restricted ? ' restricted' : ''}`}>
              <label>
                <input
                  type="radio"
                  name="paymentMethod"
                  value={method.id}
                  disabled={method.restricted}
                  defaultChecked={method.id === initial}
                  required
                />{' '}
                <strong>{method.name}</strong>
                {method.costs && (method.costs.gross.value !== 0 || method.costs.net.value !== 0) ? (
                  <>
                    {' '}
                    <span className="method-costs">
                      {t('checkout.payment.costs')} <Amount item={method.costs} />
                    </span>
                  </>
                ) : null}
              </label>
              {method.description ? <p className="hint">{method.description}</p> : null}
              {method.costsThreshold &&
              method.costs &&
              (method.costs.gross.value || method.costs.net.value) ? (
                <p className="hint">
                  {t('checkout.payment.costs_threshold')} <Amount item={method.costsThreshold} />
                </p>
              ) : null}
              {method.restricted ? (
                <ul className="restriction-causes">
                  {method.restrictionCauses.map((cause) => (
                    <li key={cause}>{cause}</li>
                  ))}
                </ul>
              ) : null}
              {!method.restricted && (method.instruments.length > 0 || method.parameters.length > 0) ? (
                <fieldset className="method-parameters">
                  <legend className="visually-hidden">
                    {t('checkout.payment.data', { name: method.name })}
                  </legend>
                  {method.instruments.map((instrument, i) => (
                    <label key={instrument.id} className="radio">
                      <input
                        type="radio"
                        name={`instrument.${method.id}`}
                        value={instrument.id}
                        defaultChecked={i === 0}
                      />{' '}
                      {instrument.accountIdentifier}
                    </label>
                  ))}
                  {method.instruments.length > 0 && method.parameters.length > 0 ? (
                    <label className="radio">
                      <input type="radio" name={`instrument.${method.id}`} value="new" />{' '}
                      {t('checkout.payment.new_instrument')}
                    </label>
                  ) : null}
                  {method.parameters.map((parameter) => {
                    const name = `${method.id}.${parameter.name}`
                    const errors = reply.errors(name)
                    const id = `param-${method.id}-${parameter.name}`
                    const c = parameter.constraints ?? {}
                    return (
                      <div className="field" key={parameter.name}>
                        <label htmlFor={id}>
                          {parameter.displayName ?? parameter.name}
                          {c.required ? ' *' : ''}
                        </label>
                        <input
                          id={id}
                          name={name}
                          type="text"
                          defaultValue={reply.value(name) ?? ''}
                          placeholder={parameter.description}
                          minLength={c.size?.min}
                          maxLength={c.size?.max}
                          autoComplete="off"
                          aria-invalid={errors ? true : undefined}
                          aria-describedby={errors ? `${id}-error` : undefined}
                        />
                        <FieldError id={`${id}-error`} errors={errors} />
                      </div>
                    )
                  })}
                  {loggedIn && method.saveAllowed ? (
                    <label className="checkbox">
                      <input type="checkbox" name="saveForLater" /> {t('checkout.payment.save_for_later')}
                    </label>
                  ) : null}
                </fieldset>
              ) : null}
            </div>
          ))}
        </fieldset>
        <FormMessages messages={actionData?.messages} />
        <button
          type="submit"
          className="primary"
          disabled={navigation.state !== 'idle' || available.length === 0}
        >
          {t('checkout.continue')}
        </button>
      </Form>
      <CheckoutTotals basket={basket as unknown as CheckoutBasket} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
