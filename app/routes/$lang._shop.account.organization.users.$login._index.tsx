import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { BudgetChart } from '~/components/organization/BudgetChart'
import { BudgetInfo } from '~/components/organization/BudgetInfo'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { UserFormStatus } from '~/components/organization/UserFormStatus'
import { useShell } from '~/components/useShell'
import { userName, userProfileBody, userProfileDefaults, userStatusSchema } from '~/models/b2b-user'
import { noindexMeta } from '~/models/seo'
import {
  deleteUser,
  getUser,
  isSelf,
  listRoles,
  requireUserManager,
  updateUser,
  userUrl,
} from '~/services/b2b-users.server'
import { userBudgetHistory } from '~/services/budgets.server'
import { organizationAccessOf } from '~/services/company.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import type { IcmProblem } from '~/services/icm.server'
import { markParentVisited } from '~/services/organization.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/**
 * A user of the company (spec org §2 `users/{login}`): profile, roles, budget and its burn-down, the links to
 * the three edit pages (this page is their parent), and the status actions, which are not offered for
 * oneself. `?delete=confirm` asks before deleting.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { scope, customerNo, usersUrl } = shopper
  const login = params.login ?? ''
  const [user, roles, history] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([
      getUser(scope, customerNo, login),
      listRoles(scope, customerNo),
      userBudgetHistory(scope, customerNo, login).catch(() => null),
    ]),
  )
  const detailUrl = userUrl(usersUrl, user.login)
  const self = isSelf(user.login, shopper.user.login)
  markParentVisited(shopper.session, detailUrl)
  const roleNames = new Map(roles.map((role) => [role.id, role.name]))
  return data(
    {
      title: userName(user),
      user,
      roles: user.roleIDs.map((id) => roleNames.get(id) ?? id),
      history,
      self,
      confirmDelete: !self && new URL(request.url).searchParams.get('delete') === 'confirm',
      usersUrl,
      detailUrl,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

/**
 * Activates, deactivates (`PUT …/users/{login}` with `active`) or deletes the user; the API's refusals are
 * shown on the page (422), success comes back with a toast (deletion: to the list).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo, usersUrl, session } = shopper
  const submission = parseSubmission(await readForm(request), { schema: userStatusSchema, t })
  if (submission.status !== 'success') return invalid(submission)
  const user = await loginAgainIfRefused(request, shopper, getUser(scope, customerNo, params.login ?? ''))
  const name = userName(user)
  const { intent } = submission.value
  const change: Promise<{ ok: true } | { ok: false; errors: IcmProblem[] }> =
    intent === 'delete'
      ? deleteUser(scope, customerNo, user.login)
      : updateUser(
          scope,
          customerNo,
          user.login,
          userProfileBody(userProfileDefaults(user), intent === 'activate'),
        )
  const result = await loginAgainIfRefused(request, shopper, change)
  if (!result.ok) return refused(submission, t, result.errors)
  return intent === 'delete'
    ? redirectWithToast(session, usersUrl, {
        key: 'account.user.delete.success',
        values: { name },
        type: 'success',
      })
    : redirectWithToast(session, userUrl(usersUrl, user.login), {
        key: intent === 'activate' ? 'account.user.activate.success' : 'account.user.deactivate.success',
        values: { name },
        type: 'success',
      })
}

export default function UserPage() {
  const { user, roles, history, self, confirmDelete, usersUrl, detailUrl, access } =
    useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const name = userName(user)
  return (
    <>
      <Breadcrumb
        items={[{ name: t('account.organization.user_management'), url: usersUrl }, { name }]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{name}</h1>
      <OrganizationNav current="users" access={access} />
      {self ? <p className="hint">{t('account.user.self')}</p> : null}
      <section aria-labelledby="user-profile-heading">
        <h2 id="user-profile-heading">{t('account.user.profile.label')}</h2>
        <dl className="user-profile">
          {user.title ? <dt>{t('account.user.title.label')}</dt> : null}
          {user.title ? <dd>{user.title}</dd> : null}
          <dt>{t('account.user.name.label')}</dt>
          <dd>{`${user.firstName} ${user.lastName}`}</dd>
          <dt>{t('account.user.email.label')}</dt>
          <dd className="break-word">{user.email}</dd>
          <dt>{t('account.user.login.label')}</dt>
          <dd className="break-word">{user.login}</dd>
          {user.businessPartnerNo ? <dt>{t('account.user.business_partner_no.label')}</dt> : null}
          {user.businessPartnerNo ? <dd>{user.businessPartnerNo}</dd> : null}
          {user.phoneHome ? <dt>{t('account.user.phone.label')}</dt> : null}
          {user.phoneHome ? <dd>{user.phoneHome}</dd> : null}
          <dt>{t('account.user.column.status')}</dt>
          <dd>{t(user.active ? 'account.user.status.active' : 'account.user.status.inactive')}</dd>
        </dl>
        <Link to={`${detailUrl}/profile`}>{t('account.user.update_profile.heading')}</Link>
      </section>
      <section aria-labelledby="user-roles-heading">
        <h2 id="user-roles-heading">{t('account.user.roles.label')}</h2>
        {roles.length ? (
          <ul>
            {roles.map((role) => (
              <li key={role}>{role}</li>
            ))}
          </ul>
        ) : (
          <p>{t('account.user.roles.none')}</p>
        )}
        <Link to={`${detailUrl}/roles`}>{t('account.user.update_roles.heading')}</Link>
      </section>
      <section aria-labelledby="user-budget-heading">
        <h2 id="user-budget-heading">{t('account.user.budget.label')}</h2>
        <BudgetInfo budget={user.budget} suffix="user" />
        {history ? (
          <BudgetChart history={history} caption={t('account.user.budget.chart', { name })} />
        ) : null}
        <Link to={`${detailUrl}/budget`}>{t('account.user.update_budget.heading')}</Link>
      </section>
      {self ? null : (
        <UserFormStatus
          name={name}
          active={user.active}
          confirmDelete={confirmDelete}
          detailUrl={detailUrl}
        />
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
