import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ValidationMessages } from '~/components/checkout/CheckoutParts'
import { CheckoutStep } from '~/components/checkout/CheckoutStep'
import { GuestAddresses } from '~/components/checkout/GuestAddresses'
import { UserAddresses } from '~/components/checkout/UserAddresses'
import { useShell } from '~/components/useShell'
import { noindexMeta } from '~/models/seo'
import { eligibleAddresses } from '~/services/addresses.server'
import { preferredUrns } from '~/services/address-book.server'
import { addressStepAction } from '~/services/checkout-address.server'
import { namedLines, requireCheckoutStep } from '~/services/checkout-flow.server'
import { countriesWithRegions } from '~/services/countries.server'
import { readForm } from '~/services/form.server'
import { pageHeaders } from '~/services/headers'

export const headers = pageHeaders

/** The address step: a guest types e-mail and addresses, a user chooses from (or adds to) the address book. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'address')
  const { scope, session, basket, t } = ctx
  const user = session.get('user')
  const [places, addresses, lines, preferred] = await Promise.all([
    countriesWithRegions(scope),
    user ? eligibleAddresses(scope, basket.id) : Promise.resolve(null),
    namedLines(scope, basket),
    user ? preferredUrns(scope, user) : Promise.resolve({}),
  ])
  return data(
    {
      title: t('checkout.address.title'),
      places,
      basket,
      lines,
      addresses,
      preferred,
      editId: new URL(request.url).searchParams.get('edit'),
      validation: ctx.validation,
    },
    { headers: ctx.headers },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'address')
  return addressStepAction(ctx, await readForm(request))
}

export default function AddressStep() {
  const { places, basket, lines, addresses, preferred, editId, validation } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formId: string; result: SubmissionResult<string[]> }>()
  const { locale } = useShell()
  const { t } = useTranslation()
  // The page has up to three forms: each shows only the answer to its own post.
  const resultFor = (formId: string) => (actionData?.formId === formId ? actionData.result : null)
  return (
    <CheckoutStep
      basket={basket}
      lines={lines}
      head={
        <>
          <h1>{t('checkout.address.title')}</h1>
          <ValidationMessages validation={validation} />
        </>
      }
    >
      {addresses ? (
        <UserAddresses
          addresses={addresses}
          invoiceUrn={basket.invoiceAddress?.urn}
          shipToUrn={basket.shipToAddress?.urn}
          preferred={preferred}
          places={places}
          editId={editId}
          resultFor={resultFor}
          lang={locale.lang}
        />
      ) : (
        <GuestAddresses
          {...places}
          invoice={basket.invoiceAddress}
          shipTo={basket.shipToAddress}
          email={basket.email ?? basket.invoiceAddress?.email}
          lastResult={resultFor('guest')}
          lang={locale.lang}
        />
      )}
    </CheckoutStep>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
