import '~/browser/account-texts'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { UsersTable } from '~/components/organization/UsersTable'
import { useShell } from '~/components/useShell'
import { isOrderingUser } from '~/models/b2b-user'
import { noindexMeta } from '~/models/seo'
import { listRoles, listUsers, requireUserManager } from '~/services/b2b-users.server'
import { organizationAccessOf } from '~/services/company.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { markParentVisited } from '~/services/organization.server'

export const headers = pageHeaders

/**
 * The company's users (spec org §2 `users`, APP_B2B_MANAGE_USERS), loaded on entry; punchout users are not
 * among them (§5, §6). The page is the parent of the new-user page, which may be opened from here on.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo, usersUrl } = shopper
  const [users, roles] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([listUsers(scope, customerNo), listRoles(scope, customerNo)]),
  )
  markParentVisited(shopper.session, usersUrl)
  return data(
    {
      title: t('account.organization.user_management'),
      users: users.filter(isOrderingUser),
      roleNames: Object.fromEntries(roles.map((role) => [role.id, role.name])),
      usersUrl,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

export default function UsersPage() {
  const { users, roleNames, usersUrl, access } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <Breadcrumb
        items={[{ name: t('account.organization.user_management') }]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.organization.user_management')}</h1>
      <OrganizationNav current="users" access={access} />
      <ul className="page-actions">
        <li>
          <Link to={`${usersUrl}/create`}>{t('account.user.list.add')}</Link>
        </li>
        <li>
          <Link to={`${usersUrl}/import`}>{t('account.user.import.heading')}</Link>
        </li>
      </ul>
      {users.length === 0 ? (
        <p>{t('account.user.list.empty')}</p>
      ) : (
        <>
          <p>{t('account.user.list.count', { count: users.length })}</p>
          <UsersTable users={users} roleNames={roleNames} base={usersUrl} />
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
