import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { CostCenterForm } from '~/components/organization/CostCenterForm'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import {
  budgetBody,
  costCenterCurrency,
  costCenterFormSchema,
  costCenterPath,
  costCentersPath,
} from '~/models/cost-center'
import { amountText } from '~/models/budget'
import { noindexMeta } from '~/models/seo'
import { organizationAccessOf } from '~/services/company.server'
import {
  canListUsers,
  editableCostCenter,
  managerOptions,
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
import { clearParentVisited, requireParentVisited } from '~/services/organization.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/**
 * Editing a cost center (spec org §2 `cost-centers/{id}/edit`): opened directly, without its detail page
 * first, it goes to the detail page (§5).
 */
export async function loader(args: LoaderFunctionArgs) {
  const shopper = await requireCostCenterAccess(args)
  const { locale, user } = shopper
  const t = fixedT(locale.id)
  requireParentVisited(shopper, costCenterPath(locale.lang, args.params.costCenterId ?? ''))
  const costCenter = await editableCostCenter(args, shopper)
  const managers = await loginAgainIfRefused(args.request, shopper, managerOptions(shopper, costCenter.owner))
  return data(
    {
      title: t('account.costcenter.edit.heading'),
      access: organizationAccessOf(user),
      costCenter: { costCenterId: costCenter.costCenterId, name: costCenter.name },
      defaults: {
        costCenterId: costCenter.costCenterId,
        name: costCenter.name,
        owner: costCenter.owner.login,
        budget: amountText(costCenter.budget.budget, locale.tag),
        budgetPeriod: costCenter.budget.budgetPeriod ?? '',
        active: costCenter.active ? ('on' as const) : ('' as const),
      },
      managers,
      ownerHint: canListUsers(shopper) ? undefined : t('account.costcenter.owner.self_only'),
    },
    { headers: privateHeaders() },
  )
}

/** Saves every field (`PATCH`); success goes back to the detail page with a toast. */
export async function action(args: ActionFunctionArgs) {
  const shopper = await requireCostCenterAccess(args)
  const { locale, session, scope, user } = shopper
  const t = fixedT(locale.id)
  const costCenter = await editableCostCenter(args, shopper)
  const submission = parseSubmission(await readForm(args.request), {
    schema: costCenterFormSchema(t, locale.tag),
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const form = submission.value
  const result = await loginAgainIfRefused(
    args.request,
    shopper,
    updateCostCenter(scope, user.customerNo, costCenter.costCenterId, {
      costCenterId: form.costCenterId,
      name: form.name,
      ownerLogin: form.owner,
      active: form.active ?? false,
      ...budgetBody(form, costCenterCurrency(costCenter, locale.currency)),
    }),
  )
  if (!result.ok) return refusedForm(submission, t, result.errors)
  clearParentVisited(session)
  return redirectWithToast(session, costCenterPath(locale.lang, result.value.costCenterId), {
    key: 'account.costcenter.update.success',
    values: { name: result.value.name },
    type: 'success',
  })
}

export default function EditCostCenterPage() {
  const { title, access, costCenter, defaults, managers, ownerHint } = useLoaderData<typeof loader>()
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
      <CostCenterForm
        id="cost-center-edit"
        managers={managers}
        defaults={defaults}
        submitLabel={t('account.costcenter.edit.submit')}
        cancelUrl={detail}
        ownerHint={ownerHint}
      />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
