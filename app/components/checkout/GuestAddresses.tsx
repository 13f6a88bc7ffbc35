import type { SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  AddressFields,
  addressDefaults,
  addressFieldset,
  addressErrorLabel,
} from '~/components/checkout/AddressFields'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { CheckboxField, Field, useShopForm } from '~/components/forms'
import type { Address, Country, Region } from '~/models/address'
import { guestAddressesSchema } from '~/models/address-form'
import { regionCodes } from '~/models/address'

/** A guest's e-mail, invoice address and (unless the same) ship-to address. */
export function GuestAddresses({
  countries,
  regions,
  invoice,
  shipTo,
  email,
  lastResult,
  lang,
}: {
  countries: Country[]
  regions: Record<string, Region[]>
  invoice?: Address
  shipTo?: Address
  email?: string
  lastResult: SubmissionResult<string[]> | null
  lang: string
}) {
  const { t } = useTranslation()
  const separate = !!invoice && !!shipTo && invoice.urn !== shipTo.urn
  const [form, fields] = useShopForm({
    id: 'guest-addresses',
    schema: guestAddressesSchema(t, regionCodes(regions)),
    lastResult,
    defaultValue: {
      email,
      invoice: addressDefaults(invoice),
      sameAsInvoice: separate ? undefined : 'on',
      shipping: addressDefaults(separate ? shipTo : undefined),
    },
  })
  const [same, setSame] = useState(fields.sameAsInvoice!.initialValue === 'on')
  // Without JavaScript the ship-to fields stay visible (and are ignored while the box is ticked).
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <CheckoutForm
      form={form}
      fieldLabel={addressErrorLabel(t)}
      label={t('checkout.address.guest.title')}
      submit={{ text: t('checkout.continue'), intent: 'guest', primary: true }}
      regions
    >
      <p>
        {t('checkout.address.guest.intro')}{' '}
        <Link to={`/${lang}/login?returnUrl=${encodeURIComponent(`/${lang}/checkout/address`)}`}>
          {t('checkout.address.guest.login')}
        </Link>
      </p>
      <Field
        className="field"
        meta={fields.email!}
        type="email"
        label={`${t('address.field.email')} *`}
        autoComplete="email"
      />
      <AddressFields
        fields={addressFieldset(fields.invoice)}
        legend={t('checkout.address.invoice')}
        countries={countries}
        regions={regions}
      />
      <CheckboxField
        className="checkbox"
        meta={fields.sameAsInvoice!}
        label={t('checkout.address.same_as_invoice')}
        onChange={(event) => setSame(event.target.checked)}
      />
      <div hidden={same && hydrated}>
        <AddressFields
          fields={addressFieldset(fields.shipping)}
          legend={t('checkout.address.shipping')}
          countries={countries}
          regions={regions}
        />
      </div>
    </CheckoutForm>
  )
}
