import '~/browser/account-texts'
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import {
  AddressFields,
  addressDefaults,
  addressErrorLabel,
  addressFieldset,
} from '~/components/checkout/AddressFields'
import { AddressView } from '~/components/checkout/CheckoutParts'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { regionCodes, type Country, type Region } from '~/models/address'
import { bookAddressSchema, SHARINGS, sharingOf, shareSchema, type BookAddress } from '~/models/address-book'
import { editAddressSchema } from '~/models/address-form'

type Places = { countries: Country[]; regions: Record<string, Region[]>; home: string }
type Result = SubmissionResult<string[]> | null

/** One address as a card: its lines, what it is preferred for, who owns and shares it, and what the user may do. */
export function AddressCard({
  address,
  business,
  here,
}: {
  address: BookAddress
  business: boolean
  here: string
}) {
  const { t } = useTranslation()
  const link = (param: string) => `${here}?${new URLSearchParams({ [param]: address.id })}`
  const name = `${address.firstName} ${address.lastName}`.trim()
  return (
    <li className="address-card" data-testid="address-card">
      <AddressView address={address} />
      <ul className="address-card-facts">
        {address.preferredInvoiceTo ? <li>{t('account.address_book.preferred_invoice')}</li> : null}
        {address.preferredShipTo ? <li>{t('account.address_book.preferred_ship_to')}</li> : null}
        {business ? <li>{ownerText(t, address)}</li> : null}
        {business && address.shared ? (
          <li>
            {address.sharedFor.length
              ? t('account.address_book.shared_for', { numbers: address.sharedFor.join(', ') })
              : t('account.address_book.shared_company')}
          </li>
        ) : null}
      </ul>
      <div className="address-card-actions">
        {(['invoiceTo', 'shipTo'] as const).map((purpose) =>
          (
            purpose === 'invoiceTo'
              ? address.preferredInvoiceTo || !address.invoiceTo
              : address.preferredShipTo || !address.shipTo
          ) ? null : (
            <Form method="post" key={purpose}>
              <input type="hidden" name="addressId" value={address.urn} />
              <input type="hidden" name="purpose" value={purpose} />
              <SubmitButton intent="prefer" className="link-button">
                {t(`account.address_book.prefer.${purpose}`, { name })}
              </SubmitButton>
            </Form>
          ),
        )}
        {address.editable ? (
          <>
            <Link to={link('edit')}>{t('account.address_book.edit', { name })}</Link>
            {business && address.owner ? (
              <Link to={link('share')}>{t('account.address_book.share', { name })}</Link>
            ) : null}
            <Link to={link('delete')}>{t('account.address_book.delete', { name })}</Link>
          </>
        ) : null}
      </div>
    </li>
  )
}

function ownerText(t: (key: string, values?: Record<string, string>) => string, address: BookAddress) {
  return address.owner
    ? t('account.address_book.owner', { owner: address.owner })
    : t('account.address_book.company_address')
}

/** The confirmation step of a delete (works without JavaScript: the list's link leads here). */
export function DeleteAddress({ address, cancelUrl }: { address: BookAddress; cancelUrl: string }) {
  const { t } = useTranslation()
  return (
    <section
      className="address-delete"
      role="alertdialog"
      aria-labelledby="address-delete-title"
      aria-describedby="address-delete-text"
    >
      <h2 id="address-delete-title">{t('account.address_book.delete.title')}</h2>
      <AddressView address={address} />
      <p id="address-delete-text">{t('account.address_book.delete.question')}</p>
      <Form method="post" action={cancelUrl} className="page-actions">
        <input type="hidden" name="addressId" value={address.id} />
        <SubmitButton intent="delete" className="danger" autoFocus>
          {t('account.address_book.delete.confirm')}
        </SubmitButton>{' '}
        <Link to={cancelUrl}>{t('account.address_book.delete.cancel')}</Link>
      </Form>
    </section>
  )
}

/** A new address of the book, in the address form the checkout uses. */
export function NewAddressForm({
  places,
  lastResult,
  open,
}: {
  places: Places
  lastResult: Result
  open: boolean
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'new-address',
    schema: bookAddressSchema(t, regionCodes(places.regions)),
    lastResult,
  })
  return (
    <details className="new-address" open={open}>
      <summary>{t('account.address_book.new')}</summary>
      <CheckoutForm
        form={form}
        fieldLabel={addressErrorLabel(t)}
        label={t('account.address_book.new')}
        submit={{ text: t('account.address_book.new.save'), intent: 'create' }}
        regions
      >
        <AddressFields
          fields={addressFieldset(fields.address)}
          legend={t('account.address_book.new')}
          {...places}
        />
      </CheckoutForm>
    </details>
  )
}

export function EditAddressForm({
  address,
  places,
  lastResult,
}: {
  address: BookAddress
  places: Places
  lastResult: Result
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: `edit-address-${address.id}`,
    schema: editAddressSchema(t, regionCodes(places.regions)),
    lastResult,
    defaultValue: { addressId: address.id, address: addressDefaults(address) },
  })
  return (
    <section aria-labelledby="address-edit-title">
      <h2 id="address-edit-title">{t('account.address_book.edit.title')}</h2>
      <CheckoutForm
        form={form}
        fieldLabel={addressErrorLabel(t)}
        label={t('account.address_book.edit.title')}
        submit={{ text: t('account.address_book.edit.save'), intent: 'edit' }}
        regions
      >
        <input type="hidden" name={fields.addressId!.name} value={address.id} />
        <AddressFields
          fields={addressFieldset(fields.address)}
          legend={t('account.address_book.edit.title')}
          {...places}
        />
      </CheckoutForm>
    </section>
  )
}

/** Who a business address is shared with: nobody, the whole company, or the users whose partner numbers are given. */
export function ShareAddressForm({ address, lastResult }: { address: BookAddress; lastResult: Result }) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: `share-address-${address.id}`,
    schema: shareSchema(t),
    lastResult,
    defaultValue: {
      addressId: address.id,
      sharing: sharingOf(address),
      sharedFor: address.sharedFor.join(', '),
    },
  })
  const chosen = fields.sharing!.value ?? fields.sharing!.initialValue
  return (
    <section aria-labelledby="address-share-title">
      <h2 id="address-share-title">{t('account.address_book.share.title')}</h2>
      <AddressView address={address} />
      <CheckoutForm
        form={form}
        label={t('account.address_book.share.title')}
        submit={{ text: t('account.address_book.share.save'), intent: 'share' }}
      >
        <input type="hidden" name={fields.addressId!.name} value={address.id} />
        <fieldset>
          <legend>{t('account.address_book.share.legend')}</legend>
          {SHARINGS.map((sharing) => (
            <label key={sharing} className="radio">
              <input
                type="radio"
                name={fields.sharing!.name}
                value={sharing}
                defaultChecked={sharing === chosen}
              />{' '}
              {t(`account.address_book.share.${sharing}`)}
            </label>
          ))}
        </fieldset>
        <Field
          meta={fields.sharedFor!}
          label={t('account.address_book.share.partner_numbers')}
          hint={t('account.address_book.share.users.hint')}
          autoComplete="off"
        />
      </CheckoutForm>
    </section>
  )
}
