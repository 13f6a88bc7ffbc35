import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { safeReturnUrl } from '~/models/url'
import { problemText } from '~/models/add-items'
import { login } from '~/services/auth.server'
import { anonymousBasket, mergeIntoUserBasket } from '~/services/basket.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'
import { noindexMeta } from '~/models/seo'
import { parseSubmission, readForm } from '~/services/form.server'

export const headers = pageHeaders

type Translate = (key: string) => string
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, session } = await shopperOf(request, params)
  const url = new URL(request.url)
  const returnUrl = safeReturnUrl(url.searchParams.get('returnUrl'), `/${locale.lang}/home`)
  if (session.get('user')) throw redirect(returnUrl)
  const t = fixedT(locale.id)
  return data({ title: t('account.login.title'), returnUrl }, { headers: cacheHeaders(request, 'private') })
}

/** Login by e-mail or user name; the user's token replaces the anonymous one (spec §4.7, §8). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { locale, session, scope } = await shopperOf(request, params)
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: loginSchema(t), t })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  // Read before the login replaces the anonymous token: its basket is merged into the user's afterwards.
  const anonymous = await anonymousBasket(scope, session)
  const { challengeId, challengeAnswer, ...credentials } = submission.value
  const result = await login(scope, session, {
    ...credentials,
    ...(challengeId && challengeAnswer ? { challenge: { id: challengeId, answer: challengeAnswer } } : {}),
  })
  if (!result.ok) {
    const hide = { hideFields: ['password', 'challengeId', 'challengeAnswer'] }
    if ('retryAfter' in result) {
      const minutes = Math.max(1, Math.ceil(result.retryAfter / 60))
      return data(
        { result: submission.reply({ formErrors: [t(result.messageKey, { count: minutes })], ...hide }) },
        { status: 429, headers: { 'Retry-After': String(result.retryAfter) } },
      )
    }
    return data(
      {
        result: submission.reply({ formErrors: [t(result.messageKey)], ...hide }),
        challenge: 'challenge' in result ? result.challenge : null,
      },
      { status: 422 },
    )
  }
  const merge = anonymous
    ? await mergeIntoUserBasket({ ...scope, token: session.get('apiToken') }, anonymous)
    : null
  const details = !merge
    ? []
    : merge.ok
      ? [
          t('basket.merge.success.message'),
          ...merge.infos.map((info) => problemText(t, { message: '', ...info })),
        ]
      : [t('basket.merge.failed.message'), ...merge.errors.slice(0, 1).map((error) => problemText(t, error))]
  const user = session.get('user')
  return redirectWithToast(session, safeReturnUrl(submission.value.returnUrl, `/${locale.lang}/home`), {
    key: 'account.login.success.message',
    values: { name: [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.login ?? '') },
    type: merge && !merge.ok ? 'info' : 'success',
    ...(details.length ? { details } : {}),
  })
}

export default function LoginPage() {
  const { returnUrl } = useLoaderData<typeof loader>()
  const actionData = useActionData<{
    result?: SubmissionResult<string[]>
    challenge?: { id: string; operands: [number, number] } | null
  }>()
  const challenge = actionData?.challenge
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema(t) }),
  })
  return (
    <>
      <h1>{t('account.login.title')}</h1>
      <p>{t('account.login.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="login-form">
        {form.errors ? (
          <p className="form-error" id={form.errorId} role="alert">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <input type="hidden" name="returnUrl" value={returnUrl} />
        <label>
          {t('account.login.login.label')}
          <input {...getInputProps(fields.login, { type: 'text' })} autoComplete="username" required />
        </label>
        {fields.login.errors ? (
          <p className="field-error" id={fields.login.errorId}>
            {fields.login.errors.join(' ')}
          </p>
        ) : null}
        <label>
          {t('account.login.password.label')}
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            autoComplete="current-password"
            required
          />
        </label>
        {fields.password.errors ? (
          <p className="field-error" id={fields.password.errorId}>
            {fields.password.errors.join(' ')}
          </p>
        ) : null}
        {challenge ? (
          <>
            <input type="hidden" name="challengeId" value={challenge.id} />
            <label>
              {t('account.login.challenge.label', { a: challenge.operands[0], b: challenge.operands[1] })}
              <input
                {...getInputProps(fields.challengeAnswer, { type: 'text' })}
                key={challenge.id}
                inputMode="numeric"
                autoComplete="off"
                required
              />
            </label>
            {fields.challengeAnswer.errors ? (
              <p className="field-error" id={fields.challengeAnswer.errorId}>
                {fields.challengeAnswer.errors.join(' ')}
              </p>
            ) : null}
          </>
        ) : null}
        <button type="submit" disabled={navigation.state === 'submitting'}>
          {t('account.login.submit')}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
