import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { AddressView, Amount, DeliveryTime, ValidationMessages } from '~/components/checkout/CheckoutParts'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { CheckoutStep } from '~/components/checkout/CheckoutStep'
import { ErrorList } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import type { Translate } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import { updateCheckoutBasket } from '~/services/checkout.server'
import { invalid, refused } from '~/services/form-result.server'
import { eligibleShippingMethods } from '~/services/shipping.server'
import { continueFrom, namedLines, requireCheckoutStep } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { parseSubmission, readForm } from '~/services/form.server'
import { trackBasket } from '~/services/tracking.server'

export const headers = pageHeaders

const shippingSchema = (t: Translate) =>
  z.object({
    shippingMethod: z
      .string({ required_error: t('checkout.shipping.required') })
      .min(1)
      .max(100),
  })

/** The shipping step: the methods eligible for the ship-to address, with costs and delivery time. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'shipping')
  const [methods, lines] = await Promise.all([
    eligibleShippingMethods(ctx.scope, ctx.basket.id),
    namedLines(ctx.scope, ctx.basket),
  ])
  return data(
    {
      title: ctx.t('checkout.shipping.title'),
      basket: ctx.basket,
      lines,
      methods,
      validation: ctx.validation,
    },
    { headers: ctx.headers },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'shipping')
  const submission = parseSubmission(await readForm(request), { schema: shippingSchema(ctx.t), t: ctx.t })
  if (submission.status !== 'success') return invalid(submission)
  if (submission.value.shippingMethod !== ctx.basket.shippingMethod?.id) {
    const result = await updateCheckoutBasket(ctx.scope, ctx.basket.id, {
      commonShippingMethod: submission.value.shippingMethod,
    })
    if (!result.ok) return refused(submission, ctx.t, result.errors)
  }
  await trackBasket(ctx.scope, ctx.session, ctx.basket, 'add_shipping_info', {
    shippingTier: submission.value.shippingMethod,
  })
  return continueFrom(ctx, 'shipping')
}

export default function ShippingStep() {
  const { basket, lines, methods, validation } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'shipping-method', schema: shippingSchema(t) })
  const chosen = basket.shippingMethod?.id ?? methods[0]?.id
  return (
    <CheckoutStep
      basket={basket}
      lines={lines}
      head={
        <>
          <h1>{t('checkout.shipping.title')}</h1>
          <ValidationMessages validation={validation} />
        </>
      }
    >
      {basket.shipToAddress ? (
        <section className="checkout-summary-address">
          <h2>{t('checkout.address.shipping')}</h2>
          <AddressView address={basket.shipToAddress} />
          <Link to={`/${locale.lang}/checkout/address`}>{t('checkout.change')}</Link>
        </section>
      ) : null}
      <CheckoutForm
        form={form}
        submit={{ text: t('checkout.continue'), primary: true, disabled: methods.length === 0 }}
      >
        <fieldset
          className="method-choice"
          aria-describedby={fields.shippingMethod!.errors ? fields.shippingMethod!.errorId : undefined}
        >
          <legend>{t('checkout.shipping.methods')}</legend>
          {methods.length === 0 ? <p>{t('checkout.shipping.none')}</p> : null}
          {methods.map((method) => (
            <label key={method.id} className="method-option">
              <input
                type="radio"
                name={fields.shippingMethod!.name}
                value={method.id}
                defaultChecked={method.id === chosen}
                required
              />{' '}
              <strong>{method.name}</strong>{' '}
              {method.costs ? (
                <span className="method-costs">
                  <Amount item={method.costs} />
                </span>
              ) : null}{' '}
              {method.days ? (
                <span className="method-days">
                  (<DeliveryTime days={method.days} />)
                </span>
              ) : null}
              {method.description ? (
                <>
                  <br />
                  <small>{method.description}</small>
                </>
              ) : null}
            </label>
          ))}
          <ErrorList id={fields.shippingMethod!.errorId} errors={fields.shippingMethod!.errors} />
        </fieldset>
      </CheckoutForm>
    </CheckoutStep>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
