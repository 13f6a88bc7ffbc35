import { getFormProps } from '@conform-to/react'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import {
  AddressAndTerms,
  CompanyFields,
  RegistrationKinds,
  registrationLabels,
} from '~/components/account/RegistrationFields'
import { addressErrorLabel } from '~/components/checkout/AddressFields'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { regionCodes } from '~/models/address'
import {
  registrationErrors,
  registrationKinds,
  ssoRegistrationSchema,
  type CustomerKind,
} from '~/models/registration'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { configuration } from '~/services/configuration.server'
import { countriesWithRegions } from '~/services/countries.server'
import { echoSubmission, parseSubmission, readForm } from '~/services/form.server'
import { invalid, refused } from '~/services/form-result.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { registerIdentity } from '~/services/registration.server'
import { shopperOf, type PageArgs } from '~/services/shopper.server'
import {
  cancelRegistration,
  completeRegistration,
  pendingRegistration,
  SSO_FAILURES,
} from '~/services/sso.server'
import { identityProvider } from '~/services/sso-provider.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

/**
 * The page of a new identity (spec shell §2.2 `/register/sso` with userid, firstName, lastName): only while
 * the session holds one; otherwise the registration page, or the login page when its time ran out.
 */
async function registrationPage(args: PageArgs) {
  const shopper = await shopperOf(args)
  const { locale, session, scope } = shopper
  const pending = pendingRegistration(session)
  if (pending === 'expired')
    throw redirect(`/${locale.lang}/login?${new URLSearchParams({ messageKey: 'session_timeout' })}`)
  if (!pending) throw redirect(`/${locale.lang}/register`)
  const settings = await configuration(scope)
  const url = new URL(args.request.url)
  const { kinds, kind = 'private' } = registrationKinds(settings.registration, url.searchParams.get('type'))
  const provider = identityProvider(session.get('sso')?.provider)
  return { ...shopper, pending, settings, kinds, kind, url, provider }
}

export async function loader(args: LoaderFunctionArgs) {
  const { locale, scope, pending, settings, kinds, kind, url, provider } = await registrationPage(args)
  const t = fixedT(locale.id)
  const query = url.searchParams
  return data(
    {
      title: t('account.sso.registration.title'),
      kinds,
      kind,
      places: await countriesWithRegions(scope),
      newsletter: settings.newsletter,
      email: pending.email ?? '',
      provider: provider?.displayName ?? '',
      // The names the provider gave, as the link carries them (spec §2.2), else as the session kept them.
      firstName: query.get('firstName') || pending.firstName || '',
      lastName: query.get('lastName') || pending.lastName || '',
      userid: query.get('userid') || pending.userid,
    },
    { headers: privateHeaders() },
  )
}

/**
 * `register`: the customer created with the new identity's token, then signed in as after any sign-in at the
 * provider (or the approval page, as the registration page does). `cancel`: the identity's token revoked,
 * and logged out at the provider too.
 */
export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request)
  const { locale, session, scope, pending, settings, kind } = await registrationPage(args)
  const t = fixedT(locale.id)
  if (form.get('intent') === 'cancel') {
    const atProvider = await cancelRegistration(scope, session, locale)
    return redirectWithToast(session, atProvider ?? `/${locale.lang}/home`, {
      key: 'account.sso.registration.cancelled.message',
      type: 'info',
    })
  }
  const places = await countriesWithRegions(scope)
  const schema = ssoRegistrationSchema(t, regionCodes(places.regions))
  // Without JavaScript a changed country posts the form back for its regions: nothing is checked or sent.
  const update = form.get('update')
  if (typeof update === 'string') return data({ result: echoSubmission(form, schema), focus: update })
  const submission = parseSubmission(form, { schema, t })
  if (submission.status !== 'success') return invalid(submission)
  const value = { ...submission.value, kind }
  const created = await registerIdentity(
    scope,
    pending.token,
    value,
    { email: pending.email ?? '', userId: pending.userid },
    locale.id,
  )
  if (!created.ok) {
    const { fieldErrors, formErrors } = registrationErrors(t, created.errors)
    return refused(submission, t, formErrors, { fieldErrors, status: 422 })
  }
  if (created.approvalPending ?? settings.approval[kind]) {
    session.unset('ssoRegistration')
    session.unset('sso')
    return redirect(`/${locale.lang}/register/approval`)
  }
  const welcome = await completeRegistration(scope, session, pending, t)
  if (!welcome)
    return redirectWithToast(session, `/${locale.lang}/login`, { key: SSO_FAILURES.failed, type: 'error' })
  return redirectWithToast(session, safeReturnUrl(pending.returnUrl, `/${locale.lang}/account`), welcome)
}

export default function SsoRegistrationPage() {
  const { kinds, kind, places, newsletter, email, provider, firstName, lastName, userid } =
    useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const schema = ssoRegistrationSchema(t, regionCodes(places.regions))
  const [form, fields] = useShopForm({
    id: `register-sso-${kind}`,
    schema,
    defaultValue: { kind, address: { firstName, lastName } },
  })
  const addressLabel = addressErrorLabel(t)
  const labels: Record<string, string> = registrationLabels(t)
  const query = (type: CustomerKind) =>
    `?${new URLSearchParams({ userid, firstName, lastName, ...(type === 'business' ? { type } : {}) })}`
  return (
    <>
      <h1>{t('account.sso.registration.title')}</h1>
      <p>{t('account.sso.registration.intro', { provider })}</p>
      {email ? (
        <dl className="profile-readonly">
          <div>
            <dt>{t('account.register.email.label')}</dt>
            <dd>{email}</dd>
          </div>
        </dl>
      ) : null}
      <RegistrationKinds kinds={kinds} kind={kind} query={query} />
      <Form method="post" action={query(kind)} {...getFormProps(form)} className="register-form">
        <FormErrors form={form} label={(name) => labels[name] ?? addressLabel(name)} />
        <input type="hidden" name="kind" value={kind} />
        <CompanyFields kind={kind} fields={fields} />
        <AddressAndTerms fields={fields} places={places} newsletter={newsletter} />
        <SubmitButton className="primary" intent="register">
          {t('account.register.submit')}
        </SubmitButton>
      </Form>
      <Form method="post" action={query(kind)} className="register-sso-cancel">
        <SubmitButton intent="cancel">{t('account.sso.registration.cancel')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
