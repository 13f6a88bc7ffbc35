import type { SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Address, Country, Region } from '~/models/address'
import type { ADDRESS_FIELDS } from '~/models/address-form'

type FieldName = (typeof ADDRESS_FIELDS)[number]

/** A posted form's values and messages (Conform's reply), read by field name (`invoice.city`). */
export function replyOf(result: SubmissionResult<string[]> | null | undefined) {
  const values = (result?.initialValue ?? {}) as Record<string, unknown>
  const value = (name: string): string | undefined => {
    let node: unknown = values
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
    return typeof node === 'string' ? node : undefined
  }
  const errors = (name: string) => result?.error?.[name] ?? undefined
  return { value, errors, posted: !!result }
}

export type Reply = ReturnType<typeof replyOf>

export function addressDefaults(address: Address | undefined): Partial<Record<FieldName, string>> {
  if (!address) return {}
  return {
    companyName1: address.companyName1,
    firstName: address.firstName,
    lastName: address.lastName,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    postalCode: address.postalCode,
    city: address.city,
    countryCode: address.countryCode,
    mainDivision: address.mainDivisionCode,
    phoneHome: address.phone,
  }
}

const AUTOCOMPLETE: Record<FieldName, string> = {
  companyName1: 'organization',
  firstName: 'given-name',
  lastName: 'family-name',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  countryCode: 'country',
  mainDivision: 'address-level1',
  phoneHome: 'tel',
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p className="field-error" id={id}>
      {errors.join(' ')}
    </p>
  )
}

/**
 * The fields of one address. The region select follows the country: with JavaScript at once, without it
 * through the "Update regions" button, which posts the form back with everything typed so far.
 */
export function AddressFields({
  prefix,
  legend,
  countries,
  regions,
  defaults,
  reply,
  htmlRequired = true,
}: {
  /** Field name prefix, e.g. `invoice.`; empty for a form with one address. */
  prefix: string
  legend: string
  countries: Country[]
  regions: Record<string, Region[]>
  defaults: Partial<Record<FieldName, string>>
  reply: Reply
  /**
   * Mark required fields for the browser too. Off for an address that may be left empty (the ship-to address
   * while "same as invoice" is ticked): the server decides.
   */
  htmlRequired?: boolean
}) {
  const { t } = useTranslation()
  const idBase = prefix.replace(/\W/g, '-') || 'address-'
  const valueOf = (field: FieldName) => (reply.posted ? reply.value(prefix + field) : defaults[field]) ?? ''
  const [country, setCountry] = useState(valueOf('countryCode') || countries[0]?.countryCode || '')
  const countryRegions = (Object.hasOwn(regions, country) ? regions[country] : undefined) ?? []
  const text = (field: FieldName, required: boolean, type = 'text') => {
    const name = prefix + field
    const errors = reply.errors(name)
    return (
      <div className="field">
        <label htmlFor={idBase + field}>
          {t(`address.field.${field}`)}
          {required ? ' *' : ''}
        </label>
        <input
          id={idBase + field}
          name={name}
          type={type}
          defaultValue={valueOf(field)}
          autoComplete={AUTOCOMPLETE[field]}
          required={required && htmlRequired}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${idBase}${field}-error` : undefined}
        />
        <FieldError id={`${idBase}${field}-error`} errors={errors} />
      </div>
    )
  }
  const countryErrors = reply.errors(prefix + 'countryCode')
  const regionErrors = reply.errors(prefix + 'mainDivision')
  return (
    <fieldset className="address-fields">
      <legend>{legend}</legend>
      {text('companyName1', false)}
      {text('firstName', true)}
      {text('lastName', true)}
      {text('addressLine1', true)}
      {text('addressLine2', false)}
      {text('postalCode', true)}
      {text('city', true)}
      <div className="field">
        <label htmlFor={idBase + 'countryCode'}>{t('address.field.countryCode')} *</label>
        <select
          id={idBase + 'countryCode'}
          name={prefix + 'countryCode'}
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          autoComplete="country"
          required={htmlRequired}
          aria-invalid={countryErrors ? true : undefined}
        >
          {countries.map((c) => (
            <option key={c.countryCode} value={c.countryCode}>
              {c.name}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" name="intent" value="regions" formNoValidate className="link-button">
            {t('address.regions.update')}
          </button>
        </noscript>
        <FieldError id={`${idBase}countryCode-error`} errors={countryErrors} />
      </div>
      {countryRegions.length ? (
        <div className="field">
          <label htmlFor={idBase + 'mainDivision'}>{t('address.field.mainDivision')} *</label>
          <select
            key={country}
            id={idBase + 'mainDivision'}
            name={prefix + 'mainDivision'}
            defaultValue={valueOf('mainDivision')}
            autoComplete="address-level1"
            required={htmlRequired}
            aria-invalid={regionErrors ? true : undefined}
          >
            <option value="">{t('address.region.choose')}</option>
            {countryRegions.map((r) => (
              <option key={r.regionCode} value={r.regionCode}>
                {r.name}
              </option>
            ))}
          </select>
          <FieldError id={`${idBase}mainDivision-error`} errors={regionErrors} />
        </div>
      ) : null}
      {text('phoneHome', false, 'tel')}
    </fieldset>
  )
}
