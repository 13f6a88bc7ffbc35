import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { AddressFields, addressDefaults, FieldError, replyOf } from '~/components/checkout/AddressFields'
import {
  AddressView,
  CheckoutTotals,
  FormMessages,
  ValidationMessages,
} from '~/components/checkout/CheckoutParts'
import { useShell } from '~/components/useShell'
import { addressLines, type Address } from '~/models/address'
import { addressSchema, guestAddressesSchema } from '~/models/address-form'
import { noindexMeta } from '~/models/seo'
import {
  countriesWithRegions,
  createBasketAddress,
  createCustomerAddress,
  eligibleAddresses,
  updateBasketAddress,
  updateCheckoutBasket,
  updateCustomerAddress,
} from '~/services/checkout.server'
import { continueFrom, requireCheckoutStep } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { redirectWithToast } from '~/services/toast.server'
import { echoSubmission, parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

type Translate = (key: string, values?: Record<string, unknown>) => string
type RegionsOf = (country: string) => string[] | undefined

/** The forms of a logged-in user: choose, create, edit. Guests post `guest`; `regions` re-renders (no JS). */
function userFormSchema(t: Translate, regionsOf: RegionsOf) {
  const address = addressSchema(t, regionsOf)
  return z.discriminatedUnion('intent', [
    z.object({
      intent: z.literal('select'),
      invoiceAddress: z.string({ required_error: t('checkout.address.invoice.required') }).min(1),
      shipToAddress: z.string({ required_error: t('checkout.address.shipping.required') }).min(1),
    }),
    z.object({
      intent: z.literal('create'),
      use: z.enum(['invoice', 'shipping', 'both']).default('both'),
      address,
    }),
    z.object({ intent: z.literal('edit'), addressId: z.string().min(1), address }),
  ])
}

const isBasketAddress = (address: Address | undefined) => !!address?.urn.startsWith('urn:address:basket:')

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'address')
  const { scope, session, basket, t } = ctx
  const user = session.get('user')
  const [places, addresses] = await Promise.all([
    countriesWithRegions(scope),
    user ? eligibleAddresses(scope, basket.id) : Promise.resolve(null),
  ])
  const url = new URL(request.url)
  return data(
    {
      title: t('checkout.address.title'),
      ...places,
      basket,
      addresses,
      editId: url.searchParams.get('edit'),
      validation: ctx.validation,
    },
    { headers: ctx.headers },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await requireCheckoutStep({ request, params, context }, 'address')
  const { scope, session, basket, locale, t } = ctx
  const form = await readForm(request)
  const places = await countriesWithRegions(scope)
  const regionsOf: RegionsOf = (country) =>
    Object.hasOwn(places.regions, country) ? places.regions[country]?.map((r) => r.regionCode) : undefined
  const here = `/${locale.lang}/checkout/address`
  const intent = String(form.get('intent') ?? '')
  // Without JavaScript a changed country posts the form back: the page re-renders with what was typed.
  if (intent === 'regions') {
    const schema = session.get('user') ? userFormSchema(t, regionsOf) : guestAddressesSchema(t, regionsOf)
    return data({
      intent: String(form.get('formId') ?? ''),
      result: echoSubmission(form, schema),
      messages: [] as string[],
    })
  }
  const user = session.get('user')
  if (!user) {
    const submission = parseSubmission(form, { schema: guestAddressesSchema(t, regionsOf), t })
    if (submission.status !== 'success')
      return data({ intent: 'guest', result: submission.reply(), messages: [] as string[] }, { status: 400 })
    const value = submission.value
    const invoice = isBasketAddress(basket.invoiceAddress)
      ? await updateBasketAddress(scope, basket.id, basket.invoiceAddress!.id, value.invoice, value.email)
      : await createBasketAddress(scope, basket.id, value.invoice, value.email)
    if (!invoice.ok)
      return data(
        { intent: 'guest', result: submission.reply(), messages: invoice.errors.map((e) => e.message) },
        { status: 422 },
      )
    let shipToUrn = invoice.address.urn
    if (value.shipping) {
      const separate =
        isBasketAddress(basket.shipToAddress) && basket.shipToAddress!.id !== basket.invoiceAddress?.id
      const shipTo = separate
        ? await updateBasketAddress(scope, basket.id, basket.shipToAddress!.id, value.shipping)
        : await createBasketAddress(scope, basket.id, value.shipping)
      if (!shipTo.ok)
        return data(
          { intent: 'guest', result: submission.reply(), messages: shipTo.errors.map((e) => e.message) },
          { status: 422 },
        )
      shipToUrn = shipTo.address.urn
    }
    const assigned = await updateCheckoutBasket(scope, basket.id, {
      invoiceToAddress: invoice.address.urn,
      commonShipToAddress: shipToUrn,
    })
    if (!assigned.ok)
      return data(
        { intent: 'guest', result: submission.reply(), messages: assigned.errors.map((e) => e.message) },
        { status: 422 },
      )
    return continueFrom(ctx, 'address')
  }
  const submission = parseSubmission(form, { schema: userFormSchema(t, regionsOf), t })
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply(), messages: [] as string[] }, { status: 400 })
  const value = submission.value
  const refused = (errors: { message: string }[]) =>
    data({ intent, result: submission.reply(), messages: errors.map((e) => e.message) }, { status: 422 })
  switch (value.intent) {
    case 'select': {
      const result = await updateCheckoutBasket(scope, basket.id, {
        invoiceToAddress: value.invoiceAddress,
        commonShipToAddress: value.shipToAddress,
      })
      if (!result.ok) return refused(result.errors)
      return continueFrom(ctx, 'address')
    }
    case 'create': {
      const created = await createCustomerAddress(scope, user, value.address)
      if (!created.ok) return refused(created.errors)
      const result = await updateCheckoutBasket(scope, basket.id, {
        ...(value.use !== 'shipping' ? { invoiceToAddress: created.id } : {}),
        ...(value.use !== 'invoice' ? { commonShipToAddress: created.id } : {}),
      })
      if (!result.ok) return refused(result.errors)
      return redirectWithToast(session, here, {
        key: 'account.addresses.new_address_created.message',
        type: 'success',
      })
    }
    case 'edit': {
      const result = await updateCustomerAddress(scope, user, value.addressId, value.address)
      if (!result.ok) return refused(result.errors)
      return redirectWithToast(session, here, {
        key: 'account.addresses.address_updated.message',
        type: 'success',
      })
    }
  }
}

type ActionData = { intent: string; result: SubmissionResult<string[]>; messages: string[] }

export default function AddressStep() {
  const { countries, regions, basket, addresses, editId, validation } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const { locale } = useShell()
  const { t } = useTranslation()
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData : undefined)
  return (
    <>
      <h1>{t('checkout.address.title')}</h1>
      <ValidationMessages validation={validation} />
      {addresses ? (
        <UserAddresses
          addresses={addresses as Address[]}
          invoiceUrn={basket.invoiceAddress?.urn}
          shipToUrn={basket.shipToAddress?.urn}
          countries={countries}
          regions={regions}
          editId={editId}
          resultFor={resultFor}
          busy={busy}
          lang={locale.lang}
        />
      ) : (
        <GuestAddresses
          countries={countries}
          regions={regions}
          invoice={basket.invoiceAddress as Address | undefined}
          shipTo={basket.shipToAddress as Address | undefined}
          email={basket.email ?? basket.invoiceAddress?.email}
          action={resultFor('guest')}
          busy={busy}
          lang={locale.lang}
        />
      )}
      <CheckoutTotals basket={basket as never} />
    </>
  )
}

function GuestAddresses({
  countries,
  regions,
  invoice,
  shipTo,
  email,
  action,
  busy,
  lang,
}: {
  countries: { countryCode: string; name: string }[]
  regions: Record<string, { countryCode: string; regionCode: string; name: string }[]>
  invoice?: Address
  shipTo?: Address
  email?: string
  action?: ActionData
  busy: boolean
  lang: string
}) {
  const { t } = useTranslation()
  const reply = replyOf(action?.result)
  const separateDefault = !!invoice && !!shipTo && invoice.urn !== shipTo.urn
  const sameDefault = reply.posted ? reply.value('sameAsInvoice') === 'on' : !separateDefault
  const [same, setSame] = useState(sameDefault)
  // Without JavaScript the ship-to fields stay visible (and are ignored while the box is ticked).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const emailErrors = reply.errors('email')
  return (
    <Form method="post" className="checkout-form" aria-label={t('checkout.address.guest.title')}>
      {/* The default button for Enter: continue, not "update regions". */}
      <button
        type="submit"
        name="intent"
        value="guest"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {t('checkout.continue')}
      </button>
      <input type="hidden" name="formId" value="guest" />
      <p>
        {t('checkout.address.guest.intro')}{' '}
        <Link to={`/${lang}/login?returnUrl=${encodeURIComponent(`/${lang}/checkout/address`)}`}>
          {t('checkout.address.guest.login')}
        </Link>
      </p>
      <div className="field">
        <label htmlFor="guest-email">{t('address.field.email')} *</label>
        <input
          id="guest-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={(reply.posted ? reply.value('email') : email) ?? ''}
          aria-invalid={emailErrors ? true : undefined}
          aria-describedby={emailErrors ? 'guest-email-error' : undefined}
        />
        <FieldError id="guest-email-error" errors={emailErrors} />
      </div>
      <AddressFields
        prefix="invoice."
        legend={t('checkout.address.invoice')}
        countries={countries}
        regions={regions}
        defaults={addressDefaults(invoice)}
        reply={reply}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          name="sameAsInvoice"
          defaultChecked={sameDefault}
          onChange={(event) => setSame(event.target.checked)}
        />{' '}
        {t('checkout.address.same_as_invoice')}
      </label>
      <div hidden={same && hydrated}>
        <AddressFields
          prefix="shipping."
          legend={t('checkout.address.shipping')}
          countries={countries}
          regions={regions}
          defaults={addressDefaults(separateDefault ? shipTo : undefined)}
          reply={reply}
          htmlRequired={false}
        />
      </div>
      <FormMessages messages={action?.messages} />
      <button type="submit" name="intent" value="guest" disabled={busy} className="primary">
        {t('checkout.continue')}
      </button>
    </Form>
  )
}

function AddressChoice({
  name,
  addresses,
  checked,
  legend,
}: {
  name: string
  addresses: Address[]
  checked?: string
  legend: string
}) {
  return (
    <fieldset className="address-choice">
      <legend>{legend}</legend>
      {addresses.map((address) => (
        <label key={address.urn} className="address-option">
          <input
            type="radio"
            name={name}
            value={address.urn}
            defaultChecked={address.urn === checked}
            required
          />{' '}
          {addressLines(address).join(', ')}
        </label>
      ))}
    </fieldset>
  )
}

function UserAddresses({
  addresses,
  invoiceUrn,
  shipToUrn,
  countries,
  regions,
  editId,
  resultFor,
  busy,
  lang,
}: {
  addresses: Address[]
  invoiceUrn?: string
  shipToUrn?: string
  countries: { countryCode: string; name: string }[]
  regions: Record<string, { countryCode: string; regionCode: string; name: string }[]>
  editId: string | null
  resultFor: (intent: string) => ActionData | undefined
  busy: boolean
  lang: string
}) {
  const { t } = useTranslation()
  const select = resultFor('select')
  const create = resultFor('create')
  const editResult = resultFor('edit')
  const editing = addresses.find(
    (a) => a.id === (editResult ? replyOf(editResult.result).value('addressId') : editId),
  )
  const invoiceOptions = addresses.filter((a) => a.invoiceTo)
  const shipOptions = addresses.filter((a) => a.shipTo)
  return (
    <>
      {addresses.length ? (
        <Form method="post" className="checkout-form" aria-label={t('checkout.address.choose')}>
          <input type="hidden" name="intent" value="select" />
          <AddressChoice
            name="invoiceAddress"
            addresses={invoiceOptions}
            checked={invoiceUrn ?? invoiceOptions[0]?.urn}
            legend={t('checkout.address.invoice')}
          />
          <AddressChoice
            name="shipToAddress"
            addresses={shipOptions}
            checked={shipToUrn ?? invoiceUrn ?? shipOptions[0]?.urn}
            legend={t('checkout.address.shipping')}
          />
          <FormMessages
            messages={[
              ...(select?.messages ?? []),
              ...Object.values(select?.result.error ?? {}).flatMap((e) => e ?? []),
            ]}
          />
          <button type="submit" disabled={busy} className="primary">
            {t('checkout.continue')}
          </button>
        </Form>
      ) : (
        <p>{t('checkout.address.none')}</p>
      )}
      {addresses.length ? (
        <section aria-labelledby="edit-address-title">
          <h2 id="edit-address-title">{t('checkout.address.edit.title')}</h2>
          <ul className="address-list">
            {addresses
              .filter((a) => !a.urn.startsWith('urn:address:basket:'))
              .map((address) => (
                <li key={address.urn}>
                  <AddressView address={address} />
                  <Link to={`/${lang}/checkout/address?edit=${encodeURIComponent(address.id)}`}>
                    {t('checkout.address.edit', { name: `${address.firstName} ${address.lastName}`.trim() })}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      {editing ? (
        <Form method="post" className="checkout-form" aria-label={t('checkout.address.edit.title')}>
          <button
            type="submit"
            name="intent"
            value="edit"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            {t('checkout.address.edit.save')}
          </button>
          <input type="hidden" name="formId" value="edit" />
          <input type="hidden" name="addressId" value={editing.id} />
          <AddressFields
            prefix="address."
            legend={t('checkout.address.edit.title')}
            countries={countries}
            regions={regions}
            defaults={addressDefaults(editing)}
            reply={replyOf(editResult?.result)}
          />
          <FormMessages messages={editResult?.messages} />
          <button type="submit" name="intent" value="edit" disabled={busy}>
            {t('checkout.address.edit.save')}
          </button>
        </Form>
      ) : null}
      <details className="new-address" open={!!create || addresses.length === 0}>
        <summary>{t('checkout.address.new')}</summary>
        <Form method="post" className="checkout-form" aria-label={t('checkout.address.new')}>
          <button
            type="submit"
            name="intent"
            value="create"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            {t('checkout.address.new.save')}
          </button>
          <input type="hidden" name="formId" value="create" />
          <AddressFields
            prefix="address."
            legend={t('checkout.address.new')}
            countries={countries}
            regions={regions}
            defaults={{}}
            reply={replyOf(create?.result)}
          />
          <fieldset>
            <legend>{t('checkout.address.new.use')}</legend>
            {(['both', 'invoice', 'shipping'] as const).map((use) => (
              <label key={use} className="radio">
                <input type="radio" name="use" value={use} defaultChecked={use === 'both'} />{' '}
                {t(`checkout.address.new.use.${use}`)}
              </label>
            ))}
          </fieldset>
          <FormMessages messages={create?.messages} />
          <button type="submit" name="intent" value="create" disabled={busy}>
            {t('checkout.address.new.save')}
          </button>
        </Form>
      </details>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
