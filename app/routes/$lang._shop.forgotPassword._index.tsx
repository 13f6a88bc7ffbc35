import { getFormProps } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { Captcha } from '~/components/Captcha'
import { API_CODES } from '~/models/api-codes'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { Honeypot } from '~/components/Honeypot'
import { CAPTCHA_FIELDS, captchaFields, captchaSolution } from '~/models/captcha'
import { isSpam } from '~/models/honeypot'
import type { Translate } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import { newCaptcha } from '~/services/captcha.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, type ActionResult } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { MAIL_SERVER_ERROR, requestPasswordReminder } from '~/services/password-reminder.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

/** The reminder form: one field for the e-mail address or login (ICM's `email`), and the captcha. */
const reminderSchema = (t: Translate) =>
  z.object({
    name: z
      .string({ required_error: t('account.forgotdata.request.name.error.required') })
      .trim()
      .min(1, t('account.forgotdata.request.name.error.required'))
      .max(254, t(API_CODES.reminderNameInvalid)),
    ...captchaFields(t),
  })

/** Where a sent reminder leads: the same page, saying what happens next (post/redirect/get). */
const sentUrl = (lang: string) => `/${lang}/forgotPassword?sent=1`

/**
 * The password reminder page (spec shell §2.1 `forgotPassword`, noindex): a question of the shop's captcha
 * for this visitor (so the page is personal), or, after a reminder, the confirmation, which reads the same
 * whether or not the name belongs to an account.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const sent = new URL(request.url).searchParams.get('sent') === '1'
  return data(
    {
      title: t('account.forgotdata.request.title'),
      sent,
      challenge: sent ? null : await newCaptcha(scope),
      loginUrl: `/${locale.lang}/login`,
      againUrl: `/${locale.lang}/forgotPassword`,
    },
    { headers: privateHeaders() },
  )
}

/**
 * Asks ICM for the reminder. A filled honeypot is answered like a sent reminder without asking ICM (a bot
 * learns nothing); ICM's refusals show in the form (spec §8), each post with a new question.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const form = await readForm(request)
  if (isSpam(form)) throw redirect(sentUrl(locale.lang), 303)
  const submission = parseSubmission(form, { schema: reminderSchema(t), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: CAPTCHA_FIELDS })
  const result = await requestPasswordReminder(
    { ...scope, token: undefined },
    submission.value.name,
    captchaSolution(submission.value),
  )
  if (result.ok) throw redirect(sentUrl(locale.lang), 303)
  if ('field' in result)
    return data<ActionResult>(
      {
        result: submission.reply({
          hideFields: CAPTCHA_FIELDS,
          fieldErrors: { [result.field]: [t(result.messageKey)] },
        }),
      },
      { status: 422 },
    )
  if ('retryAfter' in result) {
    const minutes = Math.max(1, Math.ceil(result.retryAfter / 60))
    return data<ActionResult>(
      {
        result: submission.reply({
          hideFields: CAPTCHA_FIELDS,
          formErrors: [t(result.messageKey, { count: minutes })],
        }),
      },
      { status: 429, headers: { 'Retry-After': String(result.retryAfter) } },
    )
  }
  return data<ActionResult>(
    { result: submission.reply({ hideFields: CAPTCHA_FIELDS, formErrors: [t(result.messageKey)] }) },
    { status: result.messageKey === MAIL_SERVER_ERROR ? 503 : 422 },
  )
}

export default function ForgotPasswordPage() {
  const { sent, challenge, loginUrl, againUrl } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'forgot-password', schema: reminderSchema(t) })
  if (sent || !challenge)
    return (
      <>
        <h1>{t('account.forgotdata.request.sent.title')}</h1>
        <p role="status">{t('account.forgotdata.request.sent.text')}</p>
        <p>
          {t('account.forgotdata.request.sent.again')}{' '}
          <Link to={againUrl}>{t('account.forgotdata.request.submit')}</Link>
        </p>
        <p>
          <Link to={loginUrl}>{t('account.forgotdata.update_password.to_login')}</Link>
        </p>
      </>
    )
  const labels = {
    name: t('account.forgotdata.request.name.label'),
    captchaAnswer: t('captcha.legend'),
  }
  return (
    <>
      <h1>{t('account.forgotdata.request.title')}</h1>
      <p>{t('account.forgotdata.request.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="forgot-password-form">
        <FormErrors form={form} label={labels} />
        <Field meta={fields.name} label={labels.name} autoComplete="username" />
        <Captcha challenge={challenge} meta={fields.captchaAnswer} />
        <Honeypot />
        <SubmitButton>{t('account.forgotdata.request.submit')}</SubmitButton>
      </Form>
      <p>
        <Link to={loginUrl}>{t('account.forgotdata.update_password.to_login')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
