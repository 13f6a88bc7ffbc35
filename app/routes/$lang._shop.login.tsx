import { getFormProps } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { z } from 'zod'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { SsoButtons } from '~/components/SsoButtons'
import type { Translate } from '~/models/messages'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { PasskeySignIn } from '~/components/PasskeySignIn'
import { passkeyLoginSchema } from '~/models/passkeys'
import { login, loginWithPasskey, type LoginChallenge } from '~/services/auth.server'
import { anonymousBasket } from '~/services/basket.server'
import { formText, parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused, type ActionResult } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { welcomeAfterLogin } from '~/services/login-welcome.server'
import { shopperOf, type Shopper } from '~/services/shopper.server'
import { ssoProviders } from '~/services/sso-provider.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/** The login form's fields; the browser checks the same schema before posting, the server decides. */
const loginSchema = (t: Translate) =>
  z.object({
    login: z
      .string({ required_error: t('account.login.login.error.required') })
      .trim()
      .min(1, t('account.login.login.error.required'))
      .max(254),
    password: z
      .string({ required_error: t('account.login.password.error.required') })
      .min(1, t('account.login.password.error.required'))
      .max(256),
    returnUrl: z.string().max(2048).optional(),
    /** The login challenge ICM asked for after a lock (its id and the shopper's answer). */
    challengeId: z.string().max(2000).optional(),
    challengeAnswer: z
      .string()
      .trim()
      .regex(/^-?\d{1,6}$/, t('account.login.challenge.error.number'))
      .optional(),
  })

/** Secrets and one-shot challenge fields are never sent back to the page. */
const SECRET_FIELDS = ['password', 'challengeId', 'challengeAnswer']

/** A refused login that asks for a challenge: the page needs the question to show it. */
type LoginAnswer = ActionResult & { challenge?: LoginChallenge | null }

/** The notices a link to the login page may ask for (`messageKey`, spec shell §2.2); any other is ignored. */
const LOGIN_NOTICES = new Map([
  ['session_timeout', 'account.login.session_timeout.message'],
  // The quote pages (spec shell §2.1 `quote-list`, `addProductToQuoteRequest`).
  ['quotes', 'account.login.quotes.message'],
])

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, session } = await shopperOf({ request, params, context })
  const url = new URL(request.url)
  const returnUrl = safeReturnUrl(url.searchParams.get('returnUrl'), `/${locale.lang}/home`)
  if (session.get('user')) throw redirect(returnUrl)
  const t = fixedT(locale.id)
  const notice = LOGIN_NOTICES.get(url.searchParams.get('messageKey') ?? '')
  return data(
    {
      title: t('account.login.title'),
      returnUrl,
      lang: locale.lang,
      notice: notice ? t(notice) : null,
      forgotPasswordUrl: `/${locale.lang}/forgotPassword`,
      providers: ssoProviders(),
    },
    { headers: privateHeaders() },
  )
}

/**
 * Login by e-mail or user name; the user's token replaces the anonymous one (spec §4.7, §8). A post with
 * `intent=passkey` (the page's script, after the browser's passkey ceremony) signs in with the passkey's
 * answer instead (issue 35); the rest is the same.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const { locale, session, scope } = shopper
  const t = fixedT(locale.id)
  const form = await readForm(request)
  if (formText(form, 'intent') === 'passkey') return passkeyLogin(shopper, form)
  const submission = parseSubmission(form, { schema: loginSchema(t), t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: ['password'] })
  // Read before the login replaces the anonymous token: its basket is merged into the user's afterwards.
  const anonymous = await anonymousBasket(scope, session)
  const { challengeId, challengeAnswer, ...credentials } = submission.value
  const result = await login(scope, session, {
    ...credentials,
    ...(challengeId && challengeAnswer ? { challenge: { id: challengeId, answer: challengeAnswer } } : {}),
  })
  if (!result.ok) {
    if ('retryAfter' in result) {
      const minutes = Math.max(1, Math.ceil(result.retryAfter / 60))
      const formErrors = [t(result.messageKey, { count: minutes })]
      return data<LoginAnswer>(
        { result: submission.reply({ formErrors, hideFields: SECRET_FIELDS }) },
        { status: 429, headers: { 'Retry-After': String(result.retryAfter) } },
      )
    }
    if ('challenge' in result) {
      const formErrors = [t(result.messageKey)]
      return data<LoginAnswer>(
        { result: submission.reply({ formErrors, hideFields: SECRET_FIELDS }), challenge: result.challenge },
        { status: 422 },
      )
    }
    return refused(submission, t, [{ code: result.messageKey }], { hideFields: SECRET_FIELDS })
  }
  const welcome = await welcomeAfterLogin(scope, session, anonymous, t)
  return redirectWithToast(
    session,
    safeReturnUrl(submission.value.returnUrl, `/${locale.lang}/home`),
    welcome,
  )
}

/** A passkey's answer: the same session, basket merge and welcome as a password login, or why not. */
async function passkeyLogin({ locale, session, scope }: Shopper, form: FormData) {
  const parsed = passkeyLoginSchema.safeParse(Object.fromEntries(form))
  const t = fixedT(locale.id)
  if (!parsed.success)
    return data({ passkeyError: t('account.login.passkey.error.invalid') }, { status: 400 })
  const anonymous = await anonymousBasket(scope, session)
  const result = await loginWithPasskey(scope, session, parsed.data)
  if (!result.ok) return data({ passkeyError: t(result.messageKey) }, { status: 401 })
  const welcome = await welcomeAfterLogin(scope, session, anonymous, t)
  return redirectWithToast(session, safeReturnUrl(parsed.data.returnUrl, `/${locale.lang}/home`), welcome)
}

/** The reference form of the shop: `useShopForm`, `Field`s, the form's own errors and its own button. */
export default function LoginPage() {
  const { returnUrl, lang, notice, forgotPasswordUrl, providers } = useLoaderData<typeof loader>()
  const challenge = useActionData<LoginAnswer>()?.challenge
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'login', schema: loginSchema(t) })
  const labels = { login: t('account.login.login.label'), password: t('account.login.password.label') }
  // A refused login (wrong e-mail or password, a lock) is the error of both fields: marked invalid, described
  // by the form's message (the summary), besides any error of the field itself.
  const refusedAs = (meta: { errorId: string; errors?: string[] }) =>
    form.errors?.length
      ? {
          'aria-invalid': true,
          'aria-describedby': [meta.errors?.length ? meta.errorId : '', form.errorId].join(' ').trim(),
        }
      : {}
  return (
    <>
      <h1>{t('account.login.title')}</h1>
      {notice ? (
        <p className="login-notice" role="status">
          {notice}
        </p>
      ) : null}
      <p>{t('account.login.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="login-form">
        <FormErrors form={form} label={labels} />
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <Field
          meta={fields.login}
          label={labels.login}
          // `webauthn`: browsers that can offer the shop's passkeys in the field's suggestions do (issue 35).
          autoComplete="username webauthn"
          {...refusedAs(fields.login)}
        />
        <Field
          meta={fields.password}
          label={labels.password}
          type="password"
          autoComplete="current-password"
          {...refusedAs(fields.password)}
        />
        {challenge ? (
          <>
            <input type="hidden" name="challengeId" value={challenge.id} />
            <Field
              key={challenge.id}
              meta={fields.challengeAnswer}
              label={t('account.login.challenge.label', {
                a: challenge.operands[0],
                b: challenge.operands[1],
              })}
              inputMode="numeric"
              autoComplete="off"
              required
            />
          </>
        ) : null}
        <SubmitButton>{t('account.login.submit')}</SubmitButton>
      </Form>
      <PasskeySignIn lang={lang} returnUrl={returnUrl} />
      <p>
        <Link to={forgotPasswordUrl}>{t('account.login.forgot_password.link')}</Link>
      </p>
      <SsoButtons providers={providers} lang={lang} intent="login" returnUrl={returnUrl} />
      <p className="login-register">
        {t('account.login.register.intro')}{' '}
        <Link to={`/${lang}/register?${new URLSearchParams({ returnUrl })}`}>
          {t('account.login.register.link')}
        </Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
