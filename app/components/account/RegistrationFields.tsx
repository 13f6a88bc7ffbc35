import type { FieldMetadata } from '@conform-to/react'
import { Link } from '@remix-run/react'
import type { TFunction } from 'i18next'
import { useTranslation } from '~/components/useTranslation'
import { AddressFields, addressFieldset } from '~/components/checkout/AddressFields'
import { CheckboxField, Field } from '~/components/forms'
import { useShell } from '~/components/useShell'
import type { Country, Region } from '~/models/address'
import type { CustomerKind } from '~/models/registration'

/*
 * What the registration page and a new identity's registration page (`/register/sso`) both show: one form
 * of the same rules (models/registration.ts), the second without the credentials and the captcha.
 */

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>

/** The labels of the fields both registrations have (the error summary's links name them too). */
export const registrationLabels = (t: TFunction) => ({
  companyName: t('account.register.company_name.label'),
  taxationID: t('account.register.taxation_id.label'),
  industry: t('account.register.industry.label'),
  terms: t('account.register.terms.label'),
})

/** The choice of the kind of customer, where the shop registers both; `query` is the page's link to one. */
export function RegistrationKinds({
  kinds,
  kind,
  query,
}: {
  kinds: readonly CustomerKind[]
  kind: CustomerKind
  query: (kind: CustomerKind) => string
}) {
  const { t } = useTranslation()
  if (kinds.length < 2) return null
  return (
    <nav aria-label={t('account.register.kind.label')} className="register-kinds">
      <ul>
        {kinds.map((type) => (
          <li key={type}>
            <Link to={query(type)} aria-current={type === kind ? 'page' : undefined}>
              {t(`account.register.kind.${type}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A business customer's company; nothing for a private customer. */
export function CompanyFields({
  kind,
  fields,
}: {
  kind: CustomerKind
  fields: { companyName: Meta; taxationID: Meta; industry: Meta }
}) {
  const { t } = useTranslation()
  const labels = registrationLabels(t)
  if (kind !== 'business') return null
  return (
    <fieldset>
      <legend>{t('account.register.company.legend')}</legend>
      <Field
        meta={fields.companyName}
        label={`${labels.companyName} *`}
        autoComplete="organization"
        required
      />
      <Field meta={fields.taxationID} label={labels.taxationID} />
      <Field meta={fields.industry} label={labels.industry} />
    </fieldset>
  )
}

/** The customer's address, the newsletter where the shop offers it, and the terms to accept. */
export function AddressAndTerms({
  fields,
  places,
  newsletter,
}: {
  fields: { address: Meta; newsletter: Meta; terms: Meta }
  places: { countries: Country[]; regions: Record<string, Region[]>; home: string }
  newsletter: boolean
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  return (
    <>
      <AddressFields
        fields={addressFieldset(fields.address)}
        legend={t('account.register.address.legend')}
        countries={places.countries}
        regions={places.regions}
        home={places.home}
      />
      {newsletter ? (
        <CheckboxField meta={fields.newsletter} label={t('account.register.newsletter.label')} />
      ) : null}
      <CheckboxField meta={fields.terms} label={`${t('account.register.terms.label')} *`} />
      <p className="field-hint">
        <a href={`/${locale.lang}/page/terms`} target="_blank" rel="noopener noreferrer">
          {t('checkout.review.terms_link')}
        </a>
      </p>
    </>
  )
}
