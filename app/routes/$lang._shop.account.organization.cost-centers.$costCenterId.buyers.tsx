import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { AddBuyersForm, BuyerRow } from '~/components/organization/CostCenterBuyerForms'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import {
  addBuyersFormSchema,
  buyerBudgetFormSchema,
  costCenterPath,
  costCentersPath,
  MAX_BUYERS_PER_ADD,
  removeBuyerFormSchema,
  unassignedBuyers,
  type CostCenterBuyer,
  type CostCenterPerson,
} from '~/models/cost-center'
import { noindexMeta } from '~/models/seo'
import { listUsers } from '~/services/b2b-users.server'
import { organizationAccessOf } from '~/services/company.server'
import {
  addBuyersAction,
  canListUsers,
  editableCostCenter,
  removeBuyerAction,
  requireCostCenterAccess,
  updateBuyerAction,
} from '~/services/cost-centers.server'
import { formText, parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireParentVisited } from '~/services/organization.server'

export const headers = pageHeaders

/**
 * A cost center's buyers (spec org §2 `cost-centers/{id}/buyers`, "users are loaded on entry"): opened
 * directly it goes to the detail page (§5). The company's users are read with manage-users only.
 */
export async function loader(args: LoaderFunctionArgs) {
  const shopper = await requireCostCenterAccess(args)
  const { locale, scope, user } = shopper
  const t = fixedT(locale.id)
  requireParentVisited(shopper, costCenterPath(locale.lang, args.params.costCenterId ?? ''))
  const [costCenter, users] = await Promise.all([
    editableCostCenter(args, shopper),
    canListUsers(shopper)
      ? loginAgainIfRefused(args.request, shopper, listUsers(scope, user.customerNo))
      : Promise.resolve(null),
  ])
  const candidates = users
    ? unassignedBuyers(users, costCenter)
        .slice(0, MAX_BUYERS_PER_ADD)
        .map(({ login, firstName, lastName, email }) => ({ login, firstName, lastName, email }))
    : null
  return data(
    {
      title: t('account.costcenter.buyers.heading'),
      access: organizationAccessOf(user),
      costCenter: { costCenterId: costCenter.costCenterId, name: costCenter.name },
      buyers: costCenter.buyers,
      candidates,
    },
    { headers: privateHeaders() },
  )
}

/** Add buyers, change a buyer's budget, remove a buyer (`intent`); success comes back here with a toast. */
export async function action(args: ActionFunctionArgs) {
  const shopper = await requireCostCenterAccess(args)
  const t = fixedT(shopper.locale.id)
  const costCenter = await editableCostCenter(args, shopper)
  const form = await readForm(args.request, { maxFields: MAX_BUYERS_PER_ADD * 4 + 10 })
  const intent = formText(form, 'intent')
  if (intent === 'add') {
    const submission = parseSubmission(form, { schema: addBuyersFormSchema(t, shopper.locale.tag), t })
    return addBuyersAction(args.request, shopper, costCenter, submission)
  }
  if (intent === 'update') {
    const submission = parseSubmission(form, { schema: buyerBudgetFormSchema(t, shopper.locale.tag), t })
    return updateBuyerAction(args.request, shopper, costCenter, submission)
  }
  const submission = parseSubmission(form, { schema: removeBuyerFormSchema, t })
  return removeBuyerAction(args.request, shopper, costCenter, submission)
}

/**
 * The forms show the server's state (issue 32): their fields are uncontrolled and keep what they were
 * first given, so after a post (with JavaScript the page is revalidated, not rebuilt) a form whose server data
 * changed is made anew. A buyer's form is keyed by their budget and period, the add table by who is a buyer
 * and who can still be added: no stale ticks, no period the user never saw posted with "Save budget".
 */
const buyerStateKey = ({ login, budget }: CostCenterBuyer) =>
  [login, budget.budget?.value ?? '', budget.budget?.currency ?? '', budget.budgetPeriod ?? ''].join('|')
const addTableKey = (buyers: CostCenterBuyer[], candidates: CostCenterPerson[] | null) =>
  [...buyers.map(buyerStateKey), '', ...(candidates ?? []).map((candidate) => candidate.login)].join('\n')

export default function CostCenterBuyersPage() {
  const { title, access, costCenter, buyers, candidates } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const detail = costCenterPath(locale.lang, costCenter.costCenterId)
  return (
    <>
      <Breadcrumb
        items={[
          { name: t('account.organization.cost_center_management'), url: costCentersPath(locale.lang) },
          { name: costCenter.name, url: detail },
          { name: title },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <OrganizationNav current="cost-centers" access={access} />
      <h1>{title}</h1>
      <p>{t('account.costcenter.buyers.of', { name: costCenter.name })}</p>
      <h2>{t('account.costcenter.buyers.title')}</h2>
      {buyers.length === 0 ? (
        <p>{t('account.costcenter.buyers.empty')}</p>
      ) : (
        <ul className="cost-center-buyer-list">
          {buyers.map((buyer, index) => (
            <BuyerRow key={buyerStateKey(buyer)} buyer={buyer} index={index} />
          ))}
        </ul>
      )}
      <h2>{t('account.costcenter.buyers.add_heading')}</h2>
      {candidates === null ? <p>{t('account.costcenter.buyers.no_user_list')}</p> : null}
      {candidates?.length === 0 ? (
        <p>{t('account.costcenter.buyers.none_left')}</p>
      ) : (
        <AddBuyersForm key={addTableKey(buyers, candidates)} candidates={candidates} />
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
