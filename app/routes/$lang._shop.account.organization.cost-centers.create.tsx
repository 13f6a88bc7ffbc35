import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { CostCenterForm } from '~/components/organization/CostCenterForm'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import { budgetBody, costCenterFormSchema, costCenterPath, costCentersPath } from '~/models/cost-center'
import { noindexMeta } from '~/models/seo'
import { organizationAccessOf } from '~/services/company.server'
import {
  canListUsers,
  createCostCenter,
  managerOptions,
  refusedForm,
  requireCostCenterAccess,
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
 * A new cost center (spec org §2 `cost-centers/create`): opened directly, without the list first, it goes to
 * the list (§5). The owner is one of the manager choices (§5); the API decides whether the user may create.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireCostCenterAccess({ request, params, context })
  const t = fixedT(shopper.locale.id)
  requireParentVisited(shopper, costCentersPath(shopper.locale.lang))
  const managers = await loginAgainIfRefused(request, shopper, managerOptions(shopper))
  return data(
    {
      title: t('account.costcenter.create.heading'),
      access: organizationAccessOf(shopper.user),
      managers,
      owner: shopper.user.login,
      ownerHint: canListUsers(shopper) ? undefined : t('account.costcenter.owner.self_only'),
    },
    { headers: privateHeaders() },
  )
}

/** Creates the cost center; success goes to its detail page with a toast, a refusal shows the API's reason. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireCostCenterAccess({ request, params, context })
  const { locale, session, scope, user } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), {
    schema: costCenterFormSchema(t, locale.tag),
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const form = submission.value
  const result = await loginAgainIfRefused(
    request,
    shopper,
    createCostCenter(scope, user.customerNo, {
      costCenterId: form.costCenterId,
      name: form.name,
      ownerLogin: form.owner,
      active: form.active ?? false,
      ...budgetBody(form, locale.currency),
    }),
  )
  if (!result.ok) return refusedForm(submission, t, result.errors)
  clearParentVisited(session)
  return redirectWithToast(session, costCenterPath(locale.lang, result.value.costCenterId), {
    key: 'account.costcenter.create.success',
    values: { name: result.value.name },
    type: 'success',
  })
}

export default function CreateCostCenterPage() {
  const { title, access, managers, owner, ownerHint } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const list = costCentersPath(locale.lang)
  return (
    <>
      <Breadcrumb
        items={[{ name: t('account.organization.cost_center_management'), url: list }, { name: title }]}
        homeUrl={`/${locale.lang}/home`}
      />
      <OrganizationNav current="cost-centers" access={access} />
      <h1>{title}</h1>
      <CostCenterForm
        id="cost-center-create"
        managers={managers}
        defaults={{ owner, active: 'on' }}
        submitLabel={t('account.costcenter.create.submit')}
        cancelUrl={list}
        ownerHint={ownerHint}
      />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
