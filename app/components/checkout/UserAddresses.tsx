import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AddressFields, addressDefaults, addressFieldset } from '~/components/checkout/AddressFields'
import { AddressView } from '~/components/checkout/CheckoutParts'
import { ErrorList, FormErrors, SubmitButton, useShopForm } from '~/components/forms'
import { addressLines, regionCodes, type Address, type Country, type Region } from '~/models/address'
import { editAddressSchema, newAddressSchema, selectAddressesSchema } from '~/models/address-form'

type Places = { countries: Country[]; regions: Record<string, Region[]> }
type ResultFor = (formId: string) => SubmissionResult<string[]> | null

/** A logged-in user's address step: choose the addresses, edit one of the address book, or add one. */
export function UserAddresses({
  addresses,
  invoiceUrn,
  shipToUrn,
  places,
  editId,
  resultFor,
  lang,
}: {
  addresses: Address[]
  invoiceUrn?: string
  shipToUrn?: string
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

function AddressSelection({
  addresses,
  invoiceUrn,
  shipToUrn,
  lastResult,
}: {
  addresses: Address[]
  invoiceUrn?: string
  shipToUrn?: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'select-addresses', schema: selectAddressesSchema(t), lastResult })
  const invoiceOptions = addresses.filter((a) => a.invoiceTo)
  const shipOptions = addresses.filter((a) => a.shipTo)
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate={form.noValidate}
      className="checkout-form"
      aria-label={t('checkout.address.choose')}
    >
      <AddressChoice
        name={fields.invoiceAddress!.name}
        errorId={fields.invoiceAddress!.errorId}
        errors={fields.invoiceAddress!.errors}
        addresses={invoiceOptions}
        checked={invoiceUrn ?? invoiceOptions[0]?.urn}
        legend={t('checkout.address.invoice')}
      />
      <AddressChoice
        name={fields.shipToAddress!.name}
        errorId={fields.shipToAddress!.errorId}
        errors={fields.shipToAddress!.errors}
        addresses={shipOptions}
        checked={shipToUrn ?? invoiceUrn ?? shipOptions[0]?.urn}
        legend={t('checkout.address.shipping')}
      />
      <FormErrors form={form} />
      <SubmitButton intent="select" className="primary">
        {t('checkout.continue')}
      </SubmitButton>
    </Form>
  )
}

/** One radio group of addresses (invoice or ship-to). */
function AddressChoice({
  name,
  errorId,
  errors,
  addresses,
  checked,
  legend,
}: {
  name: string
  errorId: string
  errors?: string[]
  addresses: Address[]
  checked?: string
  legend: string
}) {
  return (
    <fieldset className="address-choice" aria-describedby={errors ? errorId : undefined}>
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
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
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
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate={form.noValidate}
      className="checkout-form"
      aria-label={t('checkout.address.edit.title')}
    >
      {/* The default button for Enter: save, not "update regions". */}
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
      <input type="hidden" name={fields.addressId!.name} value={address.id} />
      <AddressFields
        fields={addressFieldset(fields.address)}
        legend={t('checkout.address.edit.title')}
        {...places}
      />
      <FormErrors form={form} />
      <SubmitButton intent="edit">{t('checkout.address.edit.save')}</SubmitButton>
    </Form>
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
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate={form.noValidate}
        className="checkout-form"
        aria-label={t('checkout.address.new')}
      >
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
        <FormErrors form={form} />
        <SubmitButton intent="create">{t('checkout.address.new.save')}</SubmitButton>
      </Form>
    </details>
  )
}
