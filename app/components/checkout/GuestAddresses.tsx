import type { SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useHydrated } from 'remix-utils/use-hydrated'
import {
  AddressFields,
  addressDefaults,
  addressFieldset,
  addressErrorLabel,
  useFocusAfterUpdate,
} from '~/components/checkout/AddressFields'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { CheckboxField, Field, useShopForm } from '~/components/forms'
import type { Address, Country, Region } from '~/models/address'
import { guestAddressesSchema } from '~/models/address-form'
import { regionCodes } from '~/models/address'

/**
 * A guest's e-mail, invoice address and (unless the same) ship-to address. The ship-to fields are on the page
 * only while "ship to the invoice address" is not ticked: with JavaScript they follow the box at once; without
 * it the server's answer leaves them out, and the "apply" button beside the box posts the form back to add or
 * drop them (focus back on the box).
 */
export function GuestAddresses({
  countries,
  regions,
  home,
  invoice,
  shipTo,
  email,
  lastResult,
  lang,
}: {
  countries: Country[]
  regions: Record<string, Region[]>
  home: string
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
  const hydrated = useHydrated()
  const sameId = fields.sameAsInvoice!.id
  const updated = useFocusAfterUpdate() === sameId
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
        home={home}
      />
      <CheckboxField
        className="checkbox"
        meta={fields.sameAsInvoice!}
        label={t('checkout.address.same_as_invoice')}
        onChange={(event) => setSame(event.target.checked)}
        autoFocus={updated}
      />
      {hydrated ? null : (
        <button type="submit" name="update" value={sameId} formNoValidate className="link-button">
          {t('checkout.address.same_as_invoice.apply')}
        </button>
      )}
      {same ? null : (
        <AddressFields
          fields={addressFieldset(fields.shipping)}
          legend={t('checkout.address.shipping')}
          countries={countries}
          regions={regions}
          home={home}
        />
      )}
    </CheckoutForm>
  )
}
