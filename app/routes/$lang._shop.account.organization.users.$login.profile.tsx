import { UserEditFrame } from '~/components/organization/UserEditFrame'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useShopForm } from '~/components/forms'
import { UserProfileFields } from '~/components/organization/UserForm'
import {
  userName,
  userProfileBody,
  userProfileDefaults,
  userProfileSchema,
  userRefusal,
} from '~/models/b2b-user'
import { noindexMeta } from '~/models/seo'
import { getUser, requireUserManager, updateUser, userUrl } from '~/services/b2b-users.server'
import { organizationAccessOf } from '~/services/company.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { clearParentVisited, requireParentVisited } from '~/services/organization.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const FIELDS = ['title', 'firstName', 'lastName', 'email', 'phoneHome']

/**
 * A user's profile, changed (spec org §2 `users/{login}/profile`). Opened directly, without the user's page
 * before it, it goes there (§5).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const login = params.login ?? ''
  const detailUrl = userUrl(shopper.usersUrl, login)
  requireParentVisited(shopper, detailUrl)
  const user = await loginAgainIfRefused(request, shopper, getUser(shopper.scope, shopper.customerNo, login))
  return data(
    {
      title: shopper.t('account.user.update_profile.heading'),
      name: userName(user),
      profile: userProfileDefaults(user),
      usersUrl: shopper.usersUrl,
      detailUrl,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

/** `PUT customers/{no}/users/{login}` with the profile (and the user's `active` as it is); back to the user. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo, usersUrl, session } = shopper
  const submission = parseSubmission(await readForm(request), { schema: userProfileSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const user = await loginAgainIfRefused(request, shopper, getUser(scope, customerNo, params.login ?? ''))
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateUser(scope, customerNo, user.login, userProfileBody(submission.value, user.active)),
  )
  if (!result.ok) {
    const { fieldErrors, formMessages } = userRefusal(result.errors, FIELDS, t)
    return refused(submission, t, formMessages, { fieldErrors })
  }
  clearParentVisited(session)
  return redirectWithToast(session, userUrl(usersUrl, user.login), {
    key: 'account.user.update_profile.success',
    values: { name: userName(result.value) },
    type: 'success',
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
