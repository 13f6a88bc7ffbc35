import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ProfileSubpage } from '~/components/account/ProfileSubpage'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { passwordSchema, PROFILE_FIELD_LABELS } from '~/models/profile'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused, requireLogin, requireProfileCapability } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { changeOwnPassword } from '~/services/profile.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const

/** A new password (`/{lang}/account/profile/password`): the current one, the new one twice. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  await requireProfileCapability(shopper, 'editPassword')
  const t = fixedT(shopper.locale.id)
  return data({ title: t('account.profile.update_password.heading') }, { headers: privateHeaders() })
}

/**
 * `PUT …/credentials/password`: a wrong current password
 * and a new one against ICM's rule are shown at their fields; passwords are never echoed back. Success goes to
 * the profile with `account.profile.update_password.message` (spec §8).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  await requireProfileCapability(shopper, 'editPassword')
  const { user, locale, scope } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: passwordSchema(t), t })
  const hideFields = [...FIELDS]
  if (submission.status !== 'success') return invalid(submission, { hideFields })
  const result = await loginAgainIfRefused(request, shopper, changeOwnPassword(scope, user, submission.value))
  if (!result.ok) {
    return refusedAtFields(submission, t, result.errors, FIELDS, { hideFields })
  }
  return redirectWithToast(shopper.session, `/${locale.lang}/account/profile`, {
    key: 'account.profile.update_password.message',
    type: 'success',
  })
}

export default function ProfilePasswordPage() {
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'profile-password', schema: passwordSchema(t) })
  const label = (name: (typeof FIELDS)[number]) => t(PROFILE_FIELD_LABELS[name])
  return (
    <ProfileSubpage heading="account.profile.update_password.heading">
      <Form method="post" {...getFormProps(form)} className="profile-form">
        <input type="hidden" name="intent" value="password" />
        <FormErrors
          form={form}
          label={(name) =>
            (FIELDS as readonly string[]).includes(name) ? label(name as (typeof FIELDS)[number]) : undefined
          }
        />
        <Field
          meta={fields.currentPassword}
          label={label('currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <Field
          meta={fields.password}
          label={label('password')}
          type="password"
          autoComplete="new-password"
          hint={t('account.profile.new_password.hint')}
        />
        <Field
          meta={fields.passwordConfirmation}
          label={label('passwordConfirmation')}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton>{t('account.profile.update_password.submit')}</SubmitButton>
      </Form>
    </ProfileSubpage>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
