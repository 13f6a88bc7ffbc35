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
    returnUrl: z.string().optional(),
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
  const submission = parseWithZod(await request.formData(), { schema: loginSchema(t) })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  // Read before the login replaces the anonymous token: its basket is merged into the user's afterwards.
  const anonymous = await anonymousBasket(scope, session)
  const result = await login(scope, session, submission.value)
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [t(result.messageKey)], hideFields: ['password'] }) },
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
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>()
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
        <button type="submit" disabled={navigation.state === 'submitting'}>
          {t('account.login.submit')}
        </button>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
