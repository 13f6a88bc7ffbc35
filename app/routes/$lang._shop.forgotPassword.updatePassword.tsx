import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { updatePasswordError, updatePasswordSchema } from '~/models/password'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { icmCall, tryIcm, type IcmScope } from '~/services/icm.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/** Fields never sent back to the page: the passwords and the link's secret (the page renders it anew). */
const SECRET_FIELDS = ['password', 'passwordConfirmation', 'hash']
const MAX_LINK_VALUE = 256

/**
 * ICM's `POST security/password {userID, secureCode, password}` (the PWA's `updateUserPasswordByReminder`):
 * no token, no body in the answer; refusals name the attribute at fault.
 */
function setPasswordByLink(scope: IcmScope, input: { userID: string; secureCode: string; password: string }) {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: 'security/password',
      json: input,
      schema: z.unknown(),
      cache: 'none',
      token: null,
    }),
  )
}

/** The link's user id and secret from the query (`uid`, `Hash`), if both are there and of a sane size. */
function linkOf(request: Request): { uid: string; hash: string } | null {
  const query = new URL(request.url).searchParams
  const uid = query.get('uid')?.trim() ?? ''
  const hash = query.get('Hash')?.trim() ?? ''
  if (!uid || !hash || uid.length > MAX_LINK_VALUE || hash.length > MAX_LINK_VALUE) return null
  return { uid, hash }
}

/** The page of a password link (spec shell §2.2 `/forgotPassword/updatePassword`, uid and Hash; noindex). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const link = linkOf(request)
  // An invitation without identity provider lands here (`/invite`, issue 35): the same link, its own words.
  const invitation = new URL(request.url).searchParams.get('invitation') === '1'
  const heading = invitation
    ? 'account.invitation.set_password.title'
    : 'account.forgotdata.update_password.title'
  return data(
    {
      title: t(heading),
      heading,
      invitation,
      link,
      loginUrl: `/${locale.lang}/login`,
      reminderUrl: `/${locale.lang}/forgotPassword`,
    },
    { status: link ? 200 : 400, headers: privateHeaders() },
  )
}

/** Sets the password with the link; success goes to the login page with a toast (post/redirect/get). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale, session, scope } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: updatePasswordSchema(t), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: SECRET_FIELDS })
  const { uid, hash, password } = submission.value
  const result = await setPasswordByLink(
    { ...scope, token: undefined },
    {
      userID: uid,
      secureCode: hash,
      password,
    },
  )
  if (!result.ok) {
    const { code, field } = updatePasswordError(result.errors)
    return field
      ? refused(submission, t, [], { hideFields: SECRET_FIELDS, fieldErrors: { [field]: [t(code)] } })
      : refused(submission, t, [{ code }], { hideFields: SECRET_FIELDS })
  }
  return redirectWithToast(session, `/${locale.lang}/login`, {
    key: 'account.forgotdata.update_password.success.message',
    type: 'success',
  })
}

/** A plain form: the new password twice; the link's values ride along hidden. */
export default function UpdatePasswordPage() {
  const { link, loginUrl, reminderUrl, heading, invitation } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'update-password', schema: updatePasswordSchema(t) })
  const labels = {
    password: t('account.forgotdata.password.label'),
    passwordConfirmation: t('account.forgotdata.password_confirmation.label'),
  }
  return (
    <>
      <h1>{t(heading)}</h1>
      {link ? (
        <>
          <p>
            {t(
              invitation
                ? 'account.invitation.set_password.intro'
                : 'account.forgotdata.update_password.intro',
            )}
          </p>
          <Form method="post" {...getFormProps(form)} className="update-password-form">
            <FormErrors form={form} label={labels} />
            <input type="hidden" name="uid" value={link.uid} />
            <input type="hidden" name="hash" value={link.hash} />
            <Field
              meta={fields.password}
              label={labels.password}
              type="password"
              autoComplete="new-password"
              hint={t('account.forgotdata.password.hint')}
            />
            <Field
              meta={fields.passwordConfirmation}
              label={labels.passwordConfirmation}
              type="password"
              autoComplete="new-password"
            />
            <SubmitButton>{t('account.forgotdata.update_password.submit')}</SubmitButton>
          </Form>
          <p>
            <Link to={reminderUrl}>{t('account.forgotdata.update_password.new_link')}</Link>
          </p>
        </>
      ) : (
        <p role="alert">
          {t('account.forgotdata.update_password.link_invalid')}{' '}
          <Link to={reminderUrl}>{t('account.forgotdata.update_password.new_link')}</Link>{' '}
          <Link to={loginUrl}>{t('account.forgotdata.update_password.to_login')}</Link>
        </p>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
