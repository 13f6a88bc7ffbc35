import '~/browser/account-texts'
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { Field, useShopForm } from '~/components/forms'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { useShell } from '~/components/useShell'
import {
  COMPANY_FIELD_LABELS,
  COMPANY_FIELDS,
  COMPANY_LIMITS,
  companyProfileDefaults,
  companyProfileSchema,
} from '~/models/company'
import { noindexMeta } from '~/models/seo'
import { getCompany, organizationAccessOf, updateCompanyProfile } from '~/services/company.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, refusedAtFields } from '~/services/form-result.server'
import { loginAgainIfRefused, requirePermission } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { redirectWithToast } from '~/services/toast.server'

export const headers = pageHeaders

const PERMISSION = 'APP_B2B_MANAGE_USERS'
const pathOf = (lang: string) => `/${lang}/account/organization/settings/company`

/**
 * The company profile (organization-and-requisitions §2 `settings/company`, APP_B2B_MANAGE_USERS): shown and
 * changed in one form.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requirePermission({ request, params, context }, PERMISSION)
  const t = fixedT(shopper.locale.id)
  const company = await loginAgainIfRefused(request, shopper, getCompany(shopper.scope))
  return data(
    {
      title: t('account.organization.org_settings.company_profile'),
      profile: companyProfileDefaults(company.profile),
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

/**
 * `PUT customers/-` with the profile; success returns to the page with a toast (post/redirect/get). The API's
 * refusals are shown on the form: its 403 (a private customer, or a user whose permission was taken away
 * meanwhile) answers 403, any other 422.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requirePermission({ request, params, context }, PERMISSION)
  const t = fixedT(shopper.locale.id)
  const submission = parseSubmission(await readForm(request), { schema: companyProfileSchema(t), t })
  if (submission.status !== 'success') return invalid(submission)
  const result = await loginAgainIfRefused(
    request,
    shopper,
    updateCompanyProfile(shopper.scope, submission.value),
  )
  if (!result.ok) {
    return refusedAtFields(submission, t, result.errors, COMPANY_FIELDS, {
      status: 'forbidden' in result ? 403 : 422,
    })
  }
  return redirectWithToast(shopper.session, pathOf(shopper.locale.lang), {
    key: 'account.company.update.success.message',
    type: 'success',
  })
}

export default function CompanyProfilePage() {
  const { profile, access } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({
    id: 'company-profile',
    schema: companyProfileSchema(t),
    defaultValue: profile,
  })
  const description = getTextareaProps(fields.description)
  return (
    <>
      <Breadcrumb
        items={[
          {
            name: t('account.organization.org_settings'),
            url: `/${locale.lang}/account/organization/settings`,
          },
          { name: t('account.organization.org_settings.company_profile') },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.organization.org_settings.company_profile')}</h1>
      <OrganizationNav current="settings" access={access} />
      <Form method="post" {...getFormProps(form)} className="org-form company-profile-form">
        <FormErrors
          form={form}
          label={(name) =>
            Object.hasOwn(COMPANY_FIELD_LABELS, name)
              ? t(COMPANY_FIELD_LABELS[name as keyof typeof COMPANY_FIELD_LABELS])
              : undefined
          }
        />
        <Field
          meta={fields.companyName}
          label={t(COMPANY_FIELD_LABELS.companyName)}
          autoComplete="organization"
          maxLength={COMPANY_LIMITS.companyName}
        />
        <Field
          meta={fields.companyName2}
          label={t(COMPANY_FIELD_LABELS.companyName2)}
          maxLength={COMPANY_LIMITS.companyName2}
        />
        <Field
          meta={fields.taxationID}
          label={t(COMPANY_FIELD_LABELS.taxationID)}
          maxLength={COMPANY_LIMITS.taxationID}
        />
        <Field
          meta={fields.industry}
          label={t(COMPANY_FIELD_LABELS.industry)}
          maxLength={COMPANY_LIMITS.industry}
        />
        <div className="form-field">
          <label htmlFor={fields.description.id}>{t(COMPANY_FIELD_LABELS.description)}</label>
          <textarea {...description} key={description.key} rows={5} maxLength={COMPANY_LIMITS.description} />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <SubmitButton>{t('account.company.update.submit')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
