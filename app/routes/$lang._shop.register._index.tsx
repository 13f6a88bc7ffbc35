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
import { Captcha } from '~/components/Captcha'
import {
  AddressAndTerms,
  CompanyFields,
  RegistrationKinds,
  registrationLabels,
} from '~/components/account/RegistrationFields'
import { addressErrorLabel } from '~/components/checkout/AddressFields'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { Honeypot } from '~/components/Honeypot'
import { SsoButtons } from '~/components/SsoButtons'
import { useShell } from '~/components/useShell'
import { regionCodes } from '~/models/address'
import { API_CODES } from '~/models/api-codes'
import { captchaSolution } from '~/models/captcha'
import { isSpam } from '~/models/honeypot'
import {
  registrationErrors,
  registrationKinds,
  registrationSchema,
  REGISTRATION_SECRETS,
  type CustomerKind,
} from '~/models/registration'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { login, savedBasketId } from '~/services/auth.server'
import { anonymousBasket, mergeIntoUserBasket } from '~/services/basket.server'
import { newCaptcha } from '~/services/captcha.server'
import { configuration } from '~/services/configuration.server'
import { countriesWithRegions } from '~/services/countries.server'
import { echoSubmission, parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { registerCustomer } from '~/services/registration.server'
import { shopperOf, type PageArgs } from '~/services/shopper.server'
import { ssoProviders } from '~/services/sso-provider.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/** The kind of customer the page registers (`?type=business`), where the shop registers it; else 404. */
async function registrationPage(args: PageArgs) {
  const shopper = await shopperOf(args)
  const url = new URL(args.request.url)
  const settings = await configuration(shopper.scope)
  const { kinds, kind } = registrationKinds(settings.registration, url.searchParams.get('type'))
  if (!kind) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const returnUrl = safeReturnUrl(url.searchParams.get('returnUrl'), `/${shopper.locale.lang}/account`)
  return { ...shopper, settings, kinds, kind, returnUrl }
}

/** `/register` (spec shell §2.1, noindex): personal, as each view holds a captcha question of its own. */
export async function loader(args: LoaderFunctionArgs) {
  const { locale, session, scope, settings, kinds, kind, returnUrl } = await registrationPage(args)
  if (session.get('user')) throw redirect(`/${locale.lang}/account`)
  const [places, challenge] = await Promise.all([
    countriesWithRegions(scope),
    settings.captcha ? newCaptcha(scope) : Promise.resolve(null),
  ])
  const t = fixedT(locale.id)
  return data(
    {
      title: t('account.register.title'),
      kinds,
      kind,
      returnUrl,
      places,
      challenge,
      newsletter: settings.newsletter,
      providers: ssoProviders(),
    },
    { headers: privateHeaders() },
  )
}

/**
 * Registers the customer; then either the approval page (spec §4: the kind needs approval) or the login,
 * the anonymous basket merged as the login page merges it, and `returnUrl` (default the account).
 */
export async function action(args: ActionFunctionArgs) {
  const { locale, session, scope, settings, kind, returnUrl } = await registrationPage(args)
  const t = fixedT(locale.id)
  const form = await readForm(args.request)
  if (isSpam(form)) throw new Response(null, { status: 400, statusText: 'Bad Request' })
  const places = await countriesWithRegions(scope)
  const schema = registrationSchema(t, regionCodes(places.regions))
  // Without JavaScript a changed country posts the form back for its regions: nothing is checked or sent.
  const update = form.get('update')
  if (typeof update === 'string') return data({ result: echoSubmission(form, schema), focus: update })
  const submission = parseSubmission(form, { schema, t })
  if (submission.status !== 'success') return invalid(submission, { hideFields: REGISTRATION_SECRETS })
  const value = { ...submission.value, kind }
  const captcha = settings.captcha ? captchaSolution(value) : undefined
  const created = await registerCustomer(scope, value, captcha, locale.id)
  if (!created.ok) {
    const { fieldErrors, formErrors } = registrationErrors(t, created.errors)
    return refused(submission, t, formErrors, {
      hideFields: REGISTRATION_SECRETS,
      fieldErrors,
      status: created.errors.some((e) => e.code === API_CODES.loginNotUnique) ? 409 : 422,
    })
  }
  if (created.approvalPending ?? settings.approval[kind]) return redirect(`/${locale.lang}/register/approval`)
  const anonymous = await anonymousBasket(scope, session)
  const loggedIn = await login(scope, session, { login: value.email, password: value.password })
  if (!loggedIn.ok) return redirect(`/${locale.lang}/login`)
  const userScope = { ...scope, token: session.get('apiToken') }
  if (anonymous) await mergeIntoUserBasket(userScope, anonymous, await savedBasketId(userScope))
  return redirectWithToast(session, returnUrl, {
    key: 'account.register.success.message',
    values: { name: `${value.address.firstName} ${value.address.lastName}` },
    type: 'success',
  })
}

export default function RegisterPage() {
  const { kinds, kind, returnUrl, places, challenge, newsletter, providers } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const { locale } = useShell()
  const schema = registrationSchema(t, regionCodes(places.regions))
  const [form, fields] = useShopForm({ id: `register-${kind}`, schema, defaultValue: { kind } })
  const addressLabel = addressErrorLabel(t)
  const labels: Record<string, string> = {
    ...registrationLabels(t),
    email: t('account.register.email.label'),
    password: t('account.register.password.label'),
    passwordConfirmation: t('account.register.password_confirmation.label'),
    captchaAnswer: t('captcha.legend'),
  }
  const query = (type: CustomerKind) =>
    `?${new URLSearchParams({ ...(type === 'business' ? { type } : {}), returnUrl })}`
  return (
    <>
      <h1>{t('account.register.title')}</h1>
      <p>{t('account.register.intro')}</p>
      <SsoButtons providers={providers} lang={locale.lang} intent="register" returnUrl={returnUrl} />
      <RegistrationKinds kinds={kinds} kind={kind} query={query} />
      <Form method="post" action={query(kind)} {...getFormProps(form)} className="register-form">
        <FormErrors form={form} label={(name) => labels[name] ?? addressLabel(name)} />
        <input type="hidden" name="kind" value={kind} />
        <Honeypot />
        <CompanyFields kind={kind} fields={fields} />
        <fieldset>
          <legend>{t('account.register.credentials.legend')}</legend>
          <Field meta={fields.email} label={`${labels.email} *`} type="email" autoComplete="email" />
          <Field
            meta={fields.password}
            label={`${labels.password} *`}
            type="password"
            autoComplete="new-password"
            hint={t('account.forgotdata.password.hint')}
          />
          <Field
            meta={fields.passwordConfirmation}
            label={`${labels.passwordConfirmation} *`}
            type="password"
            autoComplete="new-password"
          />
        </fieldset>
        <AddressAndTerms fields={fields} places={places} newsletter={newsletter} />
        {challenge ? <Captcha challenge={challenge} meta={fields.captchaAnswer} /> : null}
        <SubmitButton className="primary">{t('account.register.submit')}</SubmitButton>
      </Form>
      <p>
        {t('account.register.have_account')}{' '}
        <Link to={`/${locale.lang}/login?${new URLSearchParams({ returnUrl })}`}>
          {t('account.register.to_login')}
        </Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
