import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import { policyFacts } from '~/models/company'
import { noindexMeta } from '~/models/seo'
import { getCompany, organizationAccessOf } from '~/services/company.server'
import { loginAgainIfRefused, requireFeature, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'

export const headers = pageHeaders

/**
 * The organization's cost center settings (organization-and-requisitions §2 `organization-settings`, feature
 * costCenters): whether an order needs a cost center and which order total budgets count, as the API reports
 * them on `customers/-`, with the way to cost center management for those who may open it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'costCenters')
  const shopper = await requireLogin({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const company = await loginAgainIfRefused(request, shopper, getCompany(shopper.scope))
  return data(
    {
      title: t('account.organization.cost_center_settings.title'),
      policy: company.policy,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

export default function CostCenterSettingsPage() {
  const { policy, access } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <Breadcrumb
        items={[{ name: t('account.organization.organization_settings') }]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.organization.cost_center_settings.title')}</h1>
      <OrganizationNav access={access} />
      <dl className="organization-policy">
        {policyFacts(policy).map((fact) => (
          <div key={fact.term}>
            <dt>{t(fact.term)}</dt>
            <dd>{t(fact.value)}</dd>
          </div>
        ))}
      </dl>
      {access.viewCostCenters ? (
        <p>
          <Link to={`/${locale.lang}/account/organization/cost-centers`}>
            {t('account.organization.cost_center_management')}
          </Link>
        </p>
      ) : null}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
