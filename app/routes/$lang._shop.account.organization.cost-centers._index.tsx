import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { CostCenterPager, CostCenterTable } from '~/components/organization/CostCenterTable'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import {
  COST_CENTERS_PAGE_SIZE,
  costCentersPath,
  filterOf,
  MAX_FILTER_LENGTH,
  pageOf,
} from '~/models/cost-center'
import { noindexMeta } from '~/models/seo'
import { organizationAccessOf } from '~/services/company.server'
import { costCenterPage, requireCostCenterAccess } from '~/services/cost-centers.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { markParentVisited } from '~/services/organization.server'

export const headers = pageHeaders

/**
 * Cost center management (spec org §2 `cost-centers`): the cost centers the user sees (all of the company's
 * for an account admin, their own for a cost center owner: the API decides), 25 a page with plain page
 * links, filtered by a text in the name or id. The page is the parent of the create page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireCostCenterAccess({ request, params, context })
  const t = fixedT(shopper.locale.id)
  const query = new URL(request.url).searchParams
  const page = pageOf(query.get('page'))
  const filter = filterOf(query.get('nameOrId'))
  const list = await loginAgainIfRefused(
    request,
    shopper,
    costCenterPage(shopper.scope, shopper.user.customerNo, {
      offset: (page - 1) * COST_CENTERS_PAGE_SIZE,
      limit: COST_CENTERS_PAGE_SIZE,
      nameOrId: filter,
    }),
  )
  const base = costCentersPath(shopper.locale.lang)
  markParentVisited(shopper.session, base)
  return data(
    {
      title: t('account.organization.cost_center_management'),
      access: organizationAccessOf(shopper.user),
      costCenters: list.costCenters,
      total: list.total,
      page,
      pages: Math.max(1, Math.ceil(list.total / COST_CENTERS_PAGE_SIZE)),
      filter: filter ?? '',
    },
    { headers: privateHeaders() },
  )
}

export default function CostCentersPage() {
  const { costCenters, total, page, pages, filter, access, title } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const base = costCentersPath(locale.lang)
  return (
    <>
      <Breadcrumb items={[{ name: title }]} homeUrl={`/${locale.lang}/home`} />
      <OrganizationNav current="cost-centers" access={access} />
      <h1>{title}</h1>
      <p>
        <Link to={`${base}/create`} className="button">
          {t('account.costcenter.create.heading')}
        </Link>
      </p>
      <Form method="get" action={base} role="search" className="cost-centers-filter">
        <label htmlFor="cost-centers-filter">{t('account.costcenter.list.filter.label')}</label>
        <input
          id="cost-centers-filter"
          type="search"
          name="nameOrId"
          defaultValue={filter}
          maxLength={MAX_FILTER_LENGTH}
        />
        <button type="submit">{t('account.costcenter.list.filter.submit')}</button>
      </Form>
      {costCenters.length === 0 ? (
        <p className="cost-centers-empty">
          {filter ? t('account.costcenter.list.no_match', { filter }) : t('account.costcenter.list.empty')}
        </p>
      ) : (
        <>
          <p className="cost-centers-count">{t('account.costcenter.list.count', { count: total })}</p>
          <CostCenterTable costCenters={costCenters} base={base} />
          <CostCenterPager page={page} pages={pages} base={base} filter={filter} />
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
