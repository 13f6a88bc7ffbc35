import '~/browser/account-texts'
import { UserEditFrame } from '~/components/organization/UserEditFrame'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { useShopForm } from '~/components/forms'
import { UserProfileFields } from '~/components/organization/UserForm'
import { userProfileBody, userProfileDefaults, userProfileSchema } from '~/models/b2b-user'
import { noindexMeta } from '~/models/seo'
import { getUser, requireUserManager, updateUser } from '~/services/b2b-users.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { finishUserEdit, openUserEdit } from '~/services/user-edit.server'

export const headers = pageHeaders

const FIELDS = ['title', 'firstName', 'lastName', 'email', 'phoneHome']

/**
 * A user's profile, changed (spec org §2 `users/{login}/profile`). Opened directly, without the user's page
 * before it, it goes there (§5).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user, frame } = await openUserEdit(args, 'account.user.update_profile.heading')
  return data({ ...frame, profile: userProfileDefaults(user) }, { headers: privateHeaders() })
}

/** `PUT customers/{no}/users/{login}` with the profile (and the user's `active` as it is); back to the user. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo } = shopper
  const submission = parseSubmission(await readForm(request), { schema: userProfileSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const user = await loginAgainIfRefused(request, shopper, getUser(scope, customerNo, params.login ?? ''))
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateUser(scope, customerNo, user.login, userProfileBody(submission.value, user.active)),
  )
  return finishUserEdit(shopper, submission, result, {
    user: result.ok ? result.value : user,
    fields: FIELDS,
    success: 'account.user.update_profile.success',
  })
}

export default function UserProfilePage() {
  const { name, profile, usersUrl, detailUrl, access } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'user-profile',
    schema: userProfileSchema(t),
    defaultValue: profile,
  })
  return (
    <UserEditFrame
      heading="account.user.update_profile.heading"
      name={name}
      usersUrl={usersUrl}
      detailUrl={detailUrl}
      access={access}
      form={form}
    >
      <UserProfileFields fields={fields} />
    </UserEditFrame>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
