import '~/browser/account-texts'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { NewsletterForm } from '~/components/account/NewsletterForm'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, SelectField, useShopForm } from '~/components/forms'
import { useShell } from '~/components/useShell'
import { SHOP_LOCALES } from '~/models/locale'
import { profileCapabilities } from '~/models/profile-capabilities'
import { PROFILE_FIELD_LABELS, PROFILE_LIMITS, mapProfile, profileSchema } from '~/models/profile'
import { noindexMeta } from '~/models/seo'
import { organizationAccessOf } from '~/services/company.server'
import { configuration } from '~/services/configuration.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import {
  loginAgainIfRefused,
  profileManagedElsewhere,
  requireLogin,
  requireProfileCapability,
} from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { isSubscribed } from '~/services/newsletter.server'
import { ownUser, updateOwnUser } from '~/services/profile.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const LOCALE_IDS = SHOP_LOCALES.map((l) => l.id)
const FIELDS = [
  'title',
  'firstName',
  'lastName',
  'phoneHome',
  'phoneBusiness',
  'phoneMobile',
  'fax',
  'birthday',
  'department',
  'preferredLanguage',
] as const

const profileUrl = (lang: string) => `/${lang}/account/profile`

/**
 * The profile (`/{lang}/account/profile`, spec §2; logged in, noindex): the user's names, title, phones,
 * birthday, department and preferred language, changed in one form; the e-mail address and the password are
 * changed on their own pages (each needs the current password). A business user who manages the company's
 * users finds the way to the company's data here; a private customer has none (§5).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const { user, locale, scope } = shopper
  const t = fixedT(locale.id)
  const [stored, settings] = await Promise.all([
    loginAgainIfRefused(request, shopper, ownUser(scope, user)),
    configuration(scope),
  ])
  const lang = locale.lang
  const profile = mapProfile(stored)
  const capabilities = profileCapabilities(user)
  const managed = profileManagedElsewhere(shopper)
  // Spec §7: the subscription is read by the user's current address; a 404 means not subscribed.
  const subscribed = settings.newsletter
    ? await loginAgainIfRefused(request, shopper, isSubscribed(scope, profile.email))
    : null
  return data(
    {
      title: t('account.profile.heading'),
      profile,
      subscribed,
      business: user.customerType === 'SMBCustomer',
      companyUrl: organizationAccessOf(user).manageUsers
        ? `/${lang}/account/organization/settings/company`
        : null,
      emailUrl: capabilities.editEmail ? `${profileUrl(lang)}/email` : null,
      passwordUrl: capabilities.editPassword ? `${profileUrl(lang)}/password` : null,
      editable: capabilities.editProfile,
      /** Where the user changes what the shop may not (the identity provider's name), in their language. */
      managedNotice: managed ? t(managed.key, managed.values) : null,
    },
    { headers: privateHeaders() },
  )
}

/** `PUT` of the whole user with the form's fields (ICM's PUT: an empty field is removed); back with a toast. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  await requireProfileCapability(shopper, 'editProfile')
  const { user, locale, scope } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(await readForm(request), { schema: profileSchema(t, LOCALE_IDS), t })
  if (submission.status !== 'success') return invalid(submission)
  const { intent: _intent, ...form } = submission.value
  const changes = Object.fromEntries(FIELDS.map((field) => [field, form[field] ?? '']))
  const stored = await loginAgainIfRefused(request, shopper, ownUser(scope, user))
  const result = await loginAgainIfRefused(request, shopper, updateOwnUser(scope, user, stored, changes))
  if (!result.ok) {
    return refusedAtFields(submission, t, result.errors, FIELDS)
  }
  // The header greets the user by the names just saved.
  shopper.session.set('user', {
    ...user,
    firstName: result.value.firstName ?? user.firstName,
    lastName: result.value.lastName ?? user.lastName,
  })
  return redirectWithToast(shopper.session, profileUrl(locale.lang), {
    key: 'account.profile.update_profile.message',
    type: 'success',
  })
}

export default function ProfilePage() {
  const { profile, subscribed, business, companyUrl, emailUrl, passwordUrl, editable, managedNotice } =
    useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'profile',
    schema: profileSchema(t, LOCALE_IDS),
    defaultValue: profile,
  })
  const label = (name: keyof typeof PROFILE_FIELD_LABELS) => t(PROFILE_FIELD_LABELS[name])
  const phone = { type: 'tel' as const, maxLength: PROFILE_LIMITS.phone }
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: t('account.profile.heading') }]} />
      <h1>{t('account.profile.heading')}</h1>
      <section aria-labelledby="profile-details-heading" className="profile-details">
        <h2 id="profile-details-heading">{t('account.profile.details.heading')}</h2>
        {managedNotice ? (
          <p className="profile-managed" role="note">
            {managedNotice}
          </p>
        ) : null}
        {editable ? (
          <Form method="post" {...getFormProps(form)} className="profile-form">
            <FormErrors
              form={form}
              label={(name) =>
                Object.hasOwn(PROFILE_FIELD_LABELS, name)
                  ? label(name as keyof typeof PROFILE_FIELD_LABELS)
                  : undefined
              }
            />
            <Field meta={fields.title} label={label('title')} autoComplete="honorific-prefix" />
            <Field meta={fields.firstName} label={label('firstName')} autoComplete="given-name" />
            <Field meta={fields.lastName} label={label('lastName')} autoComplete="family-name" />
            <Field meta={fields.phoneHome} label={label('phoneHome')} autoComplete="tel" {...phone} />
            <Field
              meta={fields.phoneBusiness}
              label={label('phoneBusiness')}
              autoComplete="work tel"
              {...phone}
            />
            <Field
              meta={fields.phoneMobile}
              label={label('phoneMobile')}
              autoComplete="mobile tel"
              {...phone}
            />
            <Field meta={fields.fax} label={label('fax')} autoComplete="fax tel" {...phone} />
            <Field meta={fields.birthday} label={label('birthday')} type="date" autoComplete="bday" />
            <Field
              meta={fields.department}
              label={label('department')}
              autoComplete="organization-title"
              maxLength={PROFILE_LIMITS.department}
            />
            <SelectField meta={fields.preferredLanguage} label={label('preferredLanguage')}>
              <option value="">{t('account.profile.preferred_language.default')}</option>
              {SHOP_LOCALES.map((l) => (
                <option key={l.id} value={l.id} lang={l.tag}>
                  {l.label}
                </option>
              ))}
            </SelectField>
            <SubmitButton intent="profile">{t('account.profile.details.submit')}</SubmitButton>
          </Form>
        ) : (
          <dl className="profile-readonly">
            {FIELDS.filter((name) => profile[name]).map((name) => (
              <div key={name}>
                <dt>{label(name)}</dt>
                <dd>
                  {name === 'preferredLanguage'
                    ? (SHOP_LOCALES.find((l) => l.id === profile[name])?.label ?? profile[name])
                    : profile[name]}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="profile-login-heading" className="profile-login">
        <h2 id="profile-login-heading">{t('account.profile.login.heading')}</h2>
        <dl>
          <div>
            <dt>{t('account.profile.email.label')}</dt>
            <dd>{profile.email}</dd>
          </div>
          {profile.login && profile.login !== profile.email ? (
            <div>
              <dt>{t('account.profile.login.label')}</dt>
              <dd>{profile.login}</dd>
            </div>
          ) : null}
        </dl>
        {emailUrl || passwordUrl ? (
          <ul className="plain-list">
            {emailUrl ? (
              <li>
                <Link to={emailUrl}>{t('account.profile.update_email.link')}</Link>
              </li>
            ) : null}
            {passwordUrl ? (
              <li>
                <Link to={passwordUrl}>{t('account.profile.update_password.link')}</Link>
              </li>
            ) : null}
          </ul>
        ) : null}
      </section>
      {subscribed === null ? null : (
        <NewsletterForm
          lang={locale.lang}
          subscribed={subscribed}
          returnUrl={`/${locale.lang}/account/profile`}
        />
      )}
      {business && companyUrl ? (
        <section aria-labelledby="profile-company-heading" className="profile-company">
          <h2 id="profile-company-heading">{t('account.profile.company.heading')}</h2>
          <p>
            <Link to={companyUrl}>{t('account.profile.company.link')}</Link>
          </p>
        </section>
      ) : null}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
