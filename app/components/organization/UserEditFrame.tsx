import '~/browser/account-texts'
import { getFormProps, type FormMetadata } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { FormErrors, SubmitButton } from '~/components/form-controls'
import { useShell } from '~/components/useShell'
import { OrganizationNav, type OrganizationAccess } from './OrganizationNav'
import { userFieldLabels } from './UserForm'

/**
 * What a user's three edit pages (profile, roles, budget) share: the breadcrumb "User management › name ›
 * heading" (spec org §2), the heading, the organization navigation, and the form with its errors, Save and a
 * way back to the user. The page gives its heading key and its fields.
 */
export function UserEditFrame<Fields extends Record<string, unknown>>({
  heading,
  name,
  usersUrl,
  detailUrl,
  access,
  form,
  children,
}: {
  heading: string
  name: string
  usersUrl: string
  detailUrl: string
  access: OrganizationAccess
  form: FormMetadata<Fields, string[]>
  children: ReactNode
}) {
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <Breadcrumb
        items={[
          { name: t('account.organization.user_management'), url: usersUrl },
          { name, url: detailUrl },
          { name: t(heading) },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t(heading)}</h1>
      <OrganizationNav current="users" access={access} />
      <Form method="post" {...getFormProps(form)} className="org-form user-form">
        <FormErrors form={form} label={userFieldLabels(t)} />
        {children}
        <SubmitButton>{t('account.user.save')}</SubmitButton>{' '}
        <Link to={detailUrl}>{t('account.user.cancel')}</Link>
      </Form>
    </>
  )
}
