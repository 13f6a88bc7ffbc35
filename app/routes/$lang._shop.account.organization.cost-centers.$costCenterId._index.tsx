import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { BudgetChart } from '~/components/organization/BudgetChart'
import { BudgetInfo } from '~/components/organization/BudgetInfo'
import {
  ActionErrors,
  CostCenterActions,
  CostCenterBuyersTable,
  CostCenterOrdersTable,
} from '~/components/organization/CostCenterDetails'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import {
  costCenterActionSchema,
  costCenterPath,
  costCentersPath,
  mayEditCostCenter,
  personName,
} from '~/models/cost-center'
import { noindexMeta } from '~/models/seo'
import { costCenterBudgetHistory } from '~/services/budgets.server'
import { organizationAccessOf } from '~/services/company.server'
import {
  deleteCostCenter,
  getCostCenter,
  refusedForm,
  requireCostCenterAccess,
  updateCostCenter,
} from '~/services/cost-centers.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { markParentVisited } from '~/services/organization.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/**
 * A cost center (spec org §2 `cost-centers/{CostCenterId}`): owner, budget with spent and remaining, the
 * burn-down chart, buyers with their budgets, orders; the parent of its edit and buyers pages.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireCostCenterAccess({ request, params, context })
  const { locale, scope, user } = shopper
  const t = fixedT(locale.id)
  const id = params.costCenterId ?? ''
  const [costCenter, history] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([
      getCostCenter(scope, user.customerNo, id),
      costCenterBudgetHistory(scope, user.customerNo, id).catch(() => null),
    ]),
  )
  const mayEdit = mayEditCostCenter(user, costCenter)
  markParentVisited(shopper.session, costCenterPath(locale.lang, costCenter.costCenterId))
  return data(
    {
      title: costCenter.name,
      access: organizationAccessOf(user),
      costCenter,
      history,
      mayEdit,
      confirmDelete: mayEdit && new URL(request.url).searchParams.get('delete') === 'confirm',
      chartCaption: t('account.costcenter.chart.caption', { name: costCenter.name }),
    },
    { headers: privateHeaders() },
  )
}

/** Activate, deactivate or delete (after the confirmation step); the API decides and may refuse. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireCostCenterAccess({ request, params, context })
  const { locale, session, scope, user } = shopper
  const t = fixedT(locale.id)
  const id = params.costCenterId ?? ''
  const submission = parseSubmission(await readForm(request), { schema: costCenterActionSchema, t })
  if (submission.status !== 'success') return invalid(submission)
  const { intent } = submission.value
  if (intent === 'delete') {
    const result = await loginAgainIfRefused(request, shopper, deleteCostCenter(scope, user.customerNo, id))
    if (!result.ok) return refusedForm(submission, t, result.errors)
    return redirectWithToast(session, costCentersPath(locale.lang), {
      key: 'account.costcenter.delete.success',
      values: { id },
      type: 'success',
    })
  }
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateCostCenter(scope, user.customerNo, id, { active: intent === 'activate' }),
  )
  if (!result.ok) return refusedForm(submission, t, result.errors)
  return redirectWithToast(session, costCenterPath(locale.lang, result.value.costCenterId), {
    key: `account.costcenter.${intent}.success`,
    values: { name: result.value.name },
    type: 'success',
  })
}

export default function CostCenterPage() {
  const { costCenter, history, mayEdit, confirmDelete, access, chartCaption } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const base = costCenterPath(locale.lang, costCenter.costCenterId)
  return (
    <>
      <Breadcrumb
        items={[
          { name: t('account.organization.cost_center_management'), url: costCentersPath(locale.lang) },
          { name: costCenter.name },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <OrganizationNav current="cost-centers" access={access} />
      <h1>{costCenter.name}</h1>
      <ActionErrors />
      <dl className="cost-center-facts">
        <div>
          <dt>{t('account.costcenter.id.label')}</dt>
          <dd>{costCenter.costCenterId}</dd>
        </div>
        <div>
          <dt>{t('account.costcenter.owner.label')}</dt>
          <dd>{personName(costCenter.owner)}</dd>
        </div>
        <div>
          <dt>{t('account.costcenter.column.status')}</dt>
          <dd>
            {costCenter.active
              ? t('account.costcenter.status.active')
              : t('account.costcenter.status.inactive')}
          </dd>
        </div>
        <div>
          <dt>{t('account.costcenter.orders.heading')}</dt>
          <dd>
            {t('account.costcenter.orders.counts', {
              pending: costCenter.pendingOrders,
              approved: costCenter.approvedOrders,
            })}
          </dd>
        </div>
      </dl>
      <BudgetInfo budget={costCenter.budget} suffix="cost-center" />
      {history ? <BudgetChart history={history} caption={chartCaption} /> : null}
      {mayEdit ? (
        <>
          <p className="cost-center-links">
            <Link to={`${base}/edit`}>{t('account.costcenter.edit.heading')}</Link>{' '}
            <Link to={`${base}/buyers`}>{t('account.costcenter.buyers.heading')}</Link>
          </p>
          <CostCenterActions costCenter={costCenter} confirmDelete={confirmDelete} base={base} />
        </>
      ) : null}
      <h2>{t('account.costcenter.buyers.title')}</h2>
      <CostCenterBuyersTable buyers={costCenter.buyers} />
      <h2>{t('account.costcenter.orders.heading')}</h2>
      <CostCenterOrdersTable orders={costCenter.orders} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
