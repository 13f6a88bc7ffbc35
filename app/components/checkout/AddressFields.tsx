import type { FieldMetadata } from '@conform-to/react'
import type { TFunction } from 'i18next'
import { useActionData } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Field, SelectField } from '~/components/forms'
import type { Address, Country, Region } from '~/models/address'
import { ADDRESS_FIELDS, type AddressFieldName } from '~/models/address-form'

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>
type AddressValues = Partial<Record<AddressFieldName, string>>

/**
 * The fields of a nested address (`invoice.city`). `useShopForm` hands out its fields untyped (schema-less
 * `FieldMetadata<any>`), which hides Conform's `getFieldset` from the type checker; it is there at runtime.
 */
export function addressFieldset(meta: Meta | undefined): Record<AddressFieldName, Meta> {
  return (meta as FieldMetadata<AddressValues, Record<string, unknown>, string[]>).getFieldset()
}

/** An address as the form's default values (ICM's names where the form's differ). */
export function addressDefaults(address: Address | undefined): Partial<Record<AddressFieldName, string>> {
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

/**
 * An address form's field as the error summary names it: "City (Shipping address)" for `shipping.city`,
 * "E-mail address" for `email`; undefined for a name that is no address field.
 */
export function addressErrorLabel(t: TFunction): (name: string) => string | undefined {
  const groups: Record<string, string> = {
    invoice: t('checkout.address.invoice'),
    shipping: t('checkout.address.shipping'),
  }
  return (name) => {
    const path = name.split('.')
    const field = path.at(-1) ?? ''
    if (field !== 'email' && !(ADDRESS_FIELDS as readonly string[]).includes(field)) return undefined
    const label = t(`address.field.${field}`)
    const group = path.length > 1 ? groups[path[0]!] : undefined
    return group ? `${label} (${group})` : label
  }
}

const TEXT_FIELDS: [AddressFieldName, string][] = [
  ['companyName1', 'organization'],
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['addressLine1', 'address-line1'],
  ['addressLine2', 'address-line2'],
  ['postalCode', 'postal-code'],
  ['city', 'address-level2'],
]

/**
 * The address step's answer to a post that only re-renders the form (`update`, without JavaScript): the id
 * of the control that had focus, which the page gives it back (`autoFocus`) instead of starting at the top.
 */
export function useFocusAfterUpdate(): string | undefined {
  return useActionData<{ focus?: string }>()?.focus
}

/**
 * The fields of one address (Conform's fieldset of it). The region select is there only when the chosen
 * country has regions (the API lists none for Germany or Austria): with JavaScript it follows the country at
 * once, without it the "Show the regions" button posts the form back with everything typed so far, and the
 * answer puts the focus on the region select (or back on the country, for a country without regions).
 */
export function AddressFields({
  fields,
  legend,
  countries,
  regions,
  home,
}: {
  fields: Record<AddressFieldName, Meta>
  legend: string
  countries: Country[]
  regions: Record<string, Region[]>
  /** The country a new address starts in (`shopCountry`). */
  home: string
}) {
  const { t } = useTranslation()
  const label = (field: AddressFieldName) =>
    `${t(`address.field.${field}`)}${fields[field].required ? ' *' : ''}`
  const chosen = fields.countryCode.value
  const country = typeof chosen === 'string' && chosen ? chosen : home
  const initial = fields.countryCode.initialValue
  const countryRegions = (Object.hasOwn(regions, country) ? regions[country] : undefined) ?? []
  const hydrated = useHydrated()
  const updated = useFocusAfterUpdate() === fields.countryCode.id
  // A country chosen while the JavaScript was loading is in the select, not in the form's state (no handler
  // heard the change): tell the form, so that the regions follow it. After the form's own listeners are set
  // up (the parent's effects run after this one), hence the timeout.
  const countryId = fields.countryCode.id
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const select = document.getElementById(countryId)
      if (select instanceof HTMLSelectElement && select.value !== country)
        select.dispatchEvent(new Event('input', { bubbles: true }))
    })
    return () => window.clearTimeout(timer)
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <fieldset className="address-fields">
      <legend>{legend}</legend>
      {TEXT_FIELDS.map(([field, autoComplete]) => (
        <Field
          key={field}
          className="field"
          meta={fields[field]}
          label={label(field)}
          autoComplete={autoComplete}
        />
      ))}
      <SelectField
        className="field"
        meta={fields.countryCode}
        label={label('countryCode')}
        autoComplete="country"
        autoFocus={updated && !countryRegions.length}
        // A new address starts in the shop's country; a given one keeps its own.
        {...(typeof initial === 'string' && initial ? {} : { defaultValue: home })}
      >
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryCode}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {/* Without JavaScript, and before it runs, the regions of another country come with this post back. */}
      {hydrated ? null : (
        <button
          type="submit"
          name="update"
          value={fields.countryCode.id}
          formNoValidate
          className="link-button"
        >
          {t('address.regions.update')}
        </button>
      )}
      {countryRegions.length ? (
        <SelectField
          key={country}
          className="field"
          meta={fields.mainDivision}
          label={`${t('address.field.mainDivision')} *`}
          autoComplete="address-level1"
          autoFocus={updated}
        >
          <option value="">{t('address.region.choose')}</option>
          {countryRegions.map((r) => (
            <option key={r.regionCode} value={r.regionCode}>
              {r.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Field
        className="field"
        meta={fields.phoneHome}
        label={label('phoneHome')}
        type="tel"
        autoComplete="tel"
      />
    </fieldset>
  )
}
