import '~/browser/account-texts'
import { UserEditFrame } from '~/components/organization/UserEditFrame'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShopForm } from '~/components/forms'
import { UserRoleFields } from '~/components/organization/UserForm'
import { userRolesSchema } from '~/models/b2b-user'
import { noindexMeta } from '~/models/seo'
import { getUser, listRoles, requireUserManager, setUserRoles } from '~/services/b2b-users.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { finishUserEdit, openUserEdit } from '~/services/user-edit.server'

export const headers = pageHeaders

/**
 * A user's roles, changed (spec org §2 `users/{login}/roles`): the company's roles as checkboxes. Opened
 * directly, without the user's page before it, it goes there (§5).
 */
export async function loader(args: LoaderFunctionArgs) {
  const {
    user,
    extra: roles,
    frame,
  } = await openUserEdit(args, 'account.user.update_roles.heading', ({ scope, customerNo }) =>
    listRoles(scope, customerNo),
  )
  return data(
    {
      ...frame,
      roles,
      roleIDs: user.roleIDs.filter((id) => roles.some((role) => role.id === id && !role.fixed)),
    },
    { headers: privateHeaders() },
  )
}

/**
 * `PUT …/users/{login}/roles` with the roles ticked; the API keeps the fixed role and refuses taking user
 * management from oneself or from the company's last administrator (shown on the form).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo } = shopper
  const submission = parseSubmission(await readForm(request), { schema: userRolesSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const user = await loginAgainIfRefused(request, shopper, getUser(scope, customerNo, params.login ?? ''))
  const result = await loginAgainIfRefused(
    request,
    shopper,
    setUserRoles(scope, customerNo, user.login, submission.value.roleIDs),
  )
  return finishUserEdit(shopper, submission, result, {
    user,
    fields: ['roleIDs'],
    success: 'account.user.update_roles.success',
  })
}

export default function UserRolesPage() {
  const { name, roles, roleIDs, usersUrl, detailUrl, access } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'user-roles',
    schema: userRolesSchema(t),
    defaultValue: { roleIDs },
  })
  return (
    <UserEditFrame
      heading="account.user.update_roles.heading"
      name={name}
      usersUrl={usersUrl}
      detailUrl={detailUrl}
      access={access}
      form={form}
    >
      <UserRoleFields meta={fields.roleIDs} roles={roles} />
    </UserEditFrame>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
