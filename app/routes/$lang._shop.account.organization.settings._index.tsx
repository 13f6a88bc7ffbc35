import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import { COMPANY_FIELD_LABELS, COMPANY_FIELDS, policyFacts } from '~/models/company'
import { noindexMeta } from '~/models/seo'
import { getCompany, organizationAccessOf } from '~/services/company.server'
import { loginAgainIfRefused, requirePermission } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'

export const headers = pageHeaders

/**
 * Organization settings (organization-and-requisitions §2 `settings`, APP_B2B_MANAGE_USERS): the company
 * profile in short with a link to change it, and the ordering policy as the API reports it on `customers/-`.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePermission({ request, params, context }, 'APP_B2B_MANAGE_USERS')
  const t = fixedT(shopper.locale.id)
  const company = await loginAgainIfRefused(request, shopper, getCompany(shopper.scope))
  return data(
    {
      title: t('account.organization.org_settings'),
      profile: company.profile,
      policy: company.policy,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

export default function OrganizationSettingsPage() {
  const { profile, policy, access } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <Breadcrumb
        items={[{ name: t('account.organization.org_settings') }]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.organization.org_settings')}</h1>
      <OrganizationNav current="settings" access={access} />
      <section aria-labelledby="company-profile-heading" className="organization-settings-profile">
        <h2 id="company-profile-heading">{t('account.organization.org_settings.company_profile')}</h2>
        <dl>
          {COMPANY_FIELDS.map((field) => (
            <div key={field}>
              <dt>{t(COMPANY_FIELD_LABELS[field])}</dt>
              <dd>{profile[field] || t('account.company.not_set')}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to={`/${locale.lang}/account/organization/settings/company`}>
            {t('account.organization.org_settings.company_profile.edit')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="ordering-policy-heading" className="organization-settings-policy">
        <h2 id="ordering-policy-heading">{t('account.organization.policy.heading')}</h2>
        <dl>
          {policyFacts(policy).map((fact) => (
            <div key={fact.term}>
              <dt>{t(fact.term)}</dt>
              <dd>{t(fact.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
