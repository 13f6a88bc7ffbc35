import '~/browser/account-texts'
import { UserEditFrame } from '~/components/organization/UserEditFrame'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShopForm } from '~/components/forms'
import { UserBudgetFields } from '~/components/organization/UserForm'
import { useShell } from '~/components/useShell'
import { budgetCurrencyOf } from '~/models/b2b-user'
import { budgetFormSchema, budgetFormValue, budgetInputOf } from '~/models/budget'
import { noindexMeta } from '~/models/seo'
import { getUser, requireUserManager, setUserBudget } from '~/services/b2b-users.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { finishUserEdit, openUserEdit } from '~/services/user-edit.server'

export const headers = pageHeaders

const FIELDS = ['orderSpentLimit', 'budget', 'budgetPeriod']

/**
 * A user's budget and order limit, changed (spec org §2 `users/{login}/budget`), in the currency the budget is
 * kept in (the shop's for a user without one). Opened directly, without the user's page, it goes there (§5).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { shopper, user, frame } = await openUserEdit(args, 'account.user.update_budget.heading')
  return data(
    {
      ...frame,
      budget: budgetFormValue(user.budget, shopper.locale.tag),
      currency: budgetCurrencyOf(user.budget) ?? shopper.locale.currency,
    },
    { headers: privateHeaders() },
  )
}

/** `PUT …/users/{login}/budgets`: an empty amount removes that limit; back to the user with a toast. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo } = shopper
  const submission = parseSubmission(await readForm(request), {
    schema: budgetFormSchema(t, shopper.locale.tag),
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const user = await loginAgainIfRefused(request, shopper, getUser(scope, customerNo, params.login ?? ''))
  const currency = budgetCurrencyOf(user.budget) ?? shopper.locale.currency
  const result = await loginAgainIfRefused(
    request,
    shopper,
    setUserBudget(scope, customerNo, user.login, budgetInputOf(submission.value, currency)),
  )
  return finishUserEdit(shopper, submission, result, {
    user,
    fields: FIELDS,
    success: 'account.user.update_budget.success',
  })
}

export default function UserBudgetPage() {
  const { name, budget, currency, usersUrl, detailUrl, access } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { locale } = useShell()
  const [form, fields] = useShopForm({
    id: 'user-budget',
    schema: budgetFormSchema(t, locale.tag),
    defaultValue: budget,
  })
  return (
    <UserEditFrame
      heading="account.user.update_budget.heading"
      name={name}
      usersUrl={usersUrl}
      detailUrl={detailUrl}
      access={access}
      form={form}
    >
      <UserBudgetFields fields={fields} currency={currency} />
    </UserEditFrame>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
