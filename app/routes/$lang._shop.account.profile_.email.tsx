import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ProfileSubpage } from '~/components/account/ProfileSubpage'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { emailSchema, PROFILE_FIELD_LABELS, PROFILE_LIMITS } from '~/models/profile'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused, requireLogin, requireProfileCapability } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { ownUser, updateOwnUser } from '~/services/profile.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const FIELDS = ['email', 'emailConfirmation', 'currentPassword'] as const

/** A new e-mail address (`/{lang}/account/profile/email`): typed twice, with the current password. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  await requireProfileCapability(shopper, 'editEmail')
  const t = fixedT(shopper.locale.id)
  const stored = await loginAgainIfRefused(request, shopper, ownUser(shopper.scope, shopper.user))
  return data(
    { title: t('account.profile.update_email.heading'), email: stored.email ?? '' },
    { headers: privateHeaders() },
  )
}

/**
 * The whole user with the new address, the current password sent as ICM clients send it. The API refuses a
 * wrong current password and an address someone else has; the
 * password is never echoed back.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  await requireProfileCapability(shopper, 'editEmail')
  const { user, locale, scope } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: emailSchema(t), t })
  const hideFields = ['currentPassword']
  if (submission.status !== 'success') return invalid(submission, { hideFields })
  const stored = await loginAgainIfRefused(request, shopper, ownUser(scope, user))
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateOwnUser(
      scope,
      user,
      stored,
      { email: submission.value.email },
      {
        currentPassword: submission.value.currentPassword,
      },
    ),
  )
  if (!result.ok) {
    return refusedAtFields(submission, t, result.errors, FIELDS, { hideFields })
  }
  // A login that was the e-mail address follows it (private customers): the session names the user as ICM does.
  if (result.value.login) shopper.session.set('user', { ...user, login: result.value.login })
  return redirectWithToast(shopper.session, `/${locale.lang}/account/profile`, {
    key: 'account.profile.update_email.message',
    type: 'success',
  })
}

export default function ProfileEmailPage() {
  const { email } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'profile-email', schema: emailSchema(t) })
  const label = (name: (typeof FIELDS)[number]) => t(PROFILE_FIELD_LABELS[name])
  return (
    <ProfileSubpage heading="account.profile.update_email.heading">
      <p>{t('account.profile.update_email.current', { email })}</p>
      <Form method="post" {...getFormProps(form)} className="profile-form">
        <input type="hidden" name="intent" value="email" />
        <FormErrors
          form={form}
          label={(name) =>
            (FIELDS as readonly string[]).includes(name) ? label(name as (typeof FIELDS)[number]) : undefined
          }
        />
        <Field
          meta={fields.email}
          label={label('email')}
          type="email"
          autoComplete="email"
          maxLength={PROFILE_LIMITS.email}
        />
        <Field
          meta={fields.emailConfirmation}
          label={label('emailConfirmation')}
          type="email"
          autoComplete="email"
          maxLength={PROFILE_LIMITS.email}
        />
        <Field
          meta={fields.currentPassword}
          label={label('currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton>{t('account.profile.update_email.submit')}</SubmitButton>
      </Form>
    </ProfileSubpage>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
