import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from '~/components/useTranslation'
import { CheckoutForm } from '~/components/checkout/CheckoutForm'
import { ErrorList } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { addressLines, type Address } from '~/models/address'
import type { PreferredUrns } from '~/models/address-book'
import { selectAddressesSchema } from '~/models/address-form'

/**
 * The choice of invoice and ship-to address among the user's addresses: the basket's, else the user's
 * preferred ones (account address book), else the first.
 */
export function AddressSelection({
  addresses,
  invoiceUrn,
  shipToUrn,
  preferred = {},
  lastResult,
}: {
  addresses: Address[]
  invoiceUrn?: string
  shipToUrn?: string
  preferred?: PreferredUrns
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'select-addresses', schema: selectAddressesSchema(t), lastResult })
  const invoiceOptions = addresses.filter((a) => a.invoiceTo)
  const shipOptions = addresses.filter((a) => a.shipTo)
  const offered = (options: Address[], urn?: string) => options.find((a) => a.urn === urn)?.urn
  const invoiceChoice = invoiceUrn ?? offered(invoiceOptions, preferred.invoiceTo) ?? invoiceOptions[0]?.urn
  return (
    <CheckoutForm
      form={form}
      label={t('checkout.address.choose')}
      submit={{ text: t('checkout.continue'), intent: 'select', primary: true }}
    >
      <AddressChoice
        name={fields.invoiceAddress!.name}
        errorId={fields.invoiceAddress!.errorId}
        errors={fields.invoiceAddress!.errors}
        addresses={invoiceOptions}
        checked={invoiceChoice}
        legend={t('checkout.address.invoice')}
      />
      <AddressChoice
        name={fields.shipToAddress!.name}
        errorId={fields.shipToAddress!.errorId}
        errors={fields.shipToAddress!.errors}
        addresses={shipOptions}
        checked={shipToUrn ?? offered(shipOptions, preferred.shipTo) ?? invoiceChoice ?? shipOptions[0]?.urn}
        legend={t('checkout.address.shipping')}
      />
    </CheckoutForm>
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
