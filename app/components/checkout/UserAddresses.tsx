import type { SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import {
  AddressFields,
  addressDefaults,
  addressFieldset,
  addressErrorLabel,
} from '~/components/checkout/AddressFields'
import { AddressView } from '~/components/checkout/CheckoutParts'
import { AddressSelection } from '~/components/checkout/AddressSelection'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { useShopForm } from '~/components/forms'
import { regionCodes, type Address, type Country, type Region } from '~/models/address'
import type { PreferredUrns } from '~/models/address-book'
import { editAddressSchema, newAddressSchema } from '~/models/address-form'

type Places = { countries: Country[]; regions: Record<string, Region[]>; home: string }
type ResultFor = (formId: string) => SubmissionResult<string[]> | null

/** A logged-in user's address step: choose the addresses, edit one of the address book, or add one. */
export function UserAddresses({
  addresses,
  invoiceUrn,
  shipToUrn,
  preferred,
  places,
  editId,
  resultFor,
  lang,
}: {
  addresses: Address[]
  invoiceUrn?: string
  shipToUrn?: string
  preferred?: PreferredUrns
  places: Places
  editId: string | null
  resultFor: ResultFor
  lang: string
}) {
  const { t } = useTranslation()
  const edited = resultFor('edit')?.initialValue?.addressId
  const editing = addresses.find((a) => a.id === (typeof edited === 'string' ? edited : editId))
  const own = addresses.filter((a) => !a.urn.startsWith('urn:address:basket:'))
  if (!addresses.length)
    return (
      <>
        <p>{t('checkout.address.none')}</p>
        <NewAddressForm places={places} lastResult={resultFor('create')} open />
      </>
    )
  return (
    <>
      <AddressSelection
        addresses={addresses}
        invoiceUrn={invoiceUrn}
        shipToUrn={shipToUrn}
        preferred={preferred}
        lastResult={resultFor('select')}
      />
      <section aria-labelledby="edit-address-title">
        <h2 id="edit-address-title">{t('checkout.address.edit.title')}</h2>
        <ul className="address-list">
          {own.map((address) => (
            <li key={address.urn}>
              <AddressView address={address} />
              <Link to={`/${lang}/checkout/address?edit=${encodeURIComponent(address.id)}`}>
                {t('checkout.address.edit', { name: `${address.firstName} ${address.lastName}`.trim() })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {editing ? <EditAddressForm address={editing} places={places} lastResult={resultFor('edit')} /> : null}
      <NewAddressForm places={places} lastResult={resultFor('create')} open={!!resultFor('create')} />
    </>
  )
}

function EditAddressForm({
  address,
  places,
  lastResult,
}: {
  address: Address
  places: Places
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: `edit-address-${address.id}`,
    schema: editAddressSchema(t, regionCodes(places.regions)),
    lastResult,
    defaultValue: { addressId: address.id, address: addressDefaults(address) },
  })
  return (
    <CheckoutForm
      form={form}
      fieldLabel={addressErrorLabel(t)}
      label={t('checkout.address.edit.title')}
      submit={{ text: t('checkout.address.edit.save'), intent: 'edit' }}
      regions
    >
      <input type="hidden" name={fields.addressId!.name} value={address.id} />
      <AddressFields
        fields={addressFieldset(fields.address)}
        legend={t('checkout.address.edit.title')}
        {...places}
      />
    </CheckoutForm>
  )
}

function NewAddressForm({
  places,
  lastResult,
  open,
}: {
  places: Places
  lastResult: SubmissionResult<string[]> | null
  open: boolean
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'new-address',
    schema: newAddressSchema(t, regionCodes(places.regions)),
    lastResult,
    defaultValue: { use: 'both' },
  })
  return (
    <details className="new-address" open={open}>
      <summary>{t('checkout.address.new')}</summary>
      <CheckoutForm
        form={form}
        fieldLabel={addressErrorLabel(t)}
        label={t('checkout.address.new')}
        submit={{ text: t('checkout.address.new.save'), intent: 'create' }}
        regions
      >
        <AddressFields
          fields={addressFieldset(fields.address)}
          legend={t('checkout.address.new')}
          {...places}
        />
        <fieldset>
          <legend>{t('checkout.address.new.use')}</legend>
          {(['both', 'invoice', 'shipping'] as const).map((use) => (
            <label key={use} className="radio">
              <input
                type="radio"
                name={fields.use!.name}
                value={use}
                defaultChecked={use === (fields.use!.initialValue ?? 'both')}
              />{' '}
              {t(`checkout.address.new.use.${use}`)}
            </label>
          ))}
        </fieldset>
      </CheckoutForm>
    </details>
  )
}
