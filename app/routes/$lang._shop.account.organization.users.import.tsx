import '~/browser/account-texts'
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Breadcrumb } from '~/components/Breadcrumb'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { UserImportResults } from '~/components/organization/UserImportResults'
import { useShell } from '~/components/useShell'
import { newUserBody } from '~/models/b2b-user'
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_LINES,
  USER_IMPORT_MAX_TEXT,
  userImportResults,
  userImportSchema,
  type UserImportOutcome,
  type UserImportSummary,
} from '~/models/user-import'
import { noindexMeta } from '~/models/seo'
import { createUsers, listRoles, requireUserManager } from '~/services/b2b-users.server'
import { organizationAccessOf } from '~/services/company.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { invalid, type ActionResult } from '~/services/form-result.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'

export const headers = pageHeaders

/** Bulk import of users (issue 17): a pasted list, one user a line, each line's result shown. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const roles = await loginAgainIfRefused(request, shopper, listRoles(shopper.scope, shopper.customerNo))
  return data(
    {
      title: shopper.t('account.user.import.heading'),
      roles: roles.filter((role) => !role.fixed).map(({ id, name }) => ({ id, name })),
      usersUrl: shopper.usersUrl,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

/**
 * Reads the list (roles checked against the company's), then sends the valid lines in one `POST …/users`:
 * the API checks them all before it writes any (it writes in short chunks, see ADR 0029), and pins each
 * refusal on its element. Every line's result is shown: 200 when users were created (the form starts empty
 * again), 422 when none were (the list stays to be corrected); an empty or too long list is 400.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo } = shopper
  const roles = await loginAgainIfRefused(request, shopper, listRoles(scope, customerNo))
  const schema = userImportSchema(
    t,
    roles.map((role) => role.id),
  )
  const submission = parseSubmission(await readForm(request, { maxBytes: USER_IMPORT_MAX_TEXT * 4 }), {
    schema,
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const lines = submission.value
  const valid = lines.flatMap((line) => (line.ok ? [newUserBody(line.user, shopper.locale.currency)] : []))
  let outcome: UserImportOutcome | null = null
  if (valid.length) {
    const result = await loginAgainIfRefused(request, shopper, createUsers(scope, customerNo, valid))
    outcome = result.ok ? { ok: true, created: result.value } : { ok: false, problems: result.errors }
  }
  const summary = userImportResults(lines, outcome, t)
  return data<ActionResult & { summary: UserImportSummary }>(
    { result: submission.reply({ resetForm: summary.created > 0 }), summary },
    { status: summary.created > 0 ? 200 : 422, headers: privateHeaders() },
  )
}

export default function UserImportPage() {
  const { roles, usersUrl, access } = useLoaderData<typeof loader>()
  const answer = useActionData<{ summary?: UserImportSummary }>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'user-import', schema: userImportSchema(t) })
  const list = getTextareaProps(fields.list, { ariaDescribedBy: `${fields.list.id}-hint` })
  return (
    <>
      <Breadcrumb
        items={[
          { name: t('account.organization.user_management'), url: usersUrl },
          { name: t('account.user.import.heading') },
        ]}
        homeUrl={`/${locale.lang}/home`}
      />
      <h1>{t('account.user.import.heading')}</h1>
      <OrganizationNav current="users" access={access} />
      {answer?.summary ? <UserImportResults summary={answer.summary} base={usersUrl} /> : null}
      <Form method="post" {...getFormProps(form)} className="org-form user-import-form">
        <FormErrors form={form} />
        <div className="form-field">
          <label htmlFor={fields.list.id}>{t('account.user.import.list.label')}</label>
          <textarea {...list} key={list.key} rows={10} maxLength={USER_IMPORT_MAX_TEXT} spellCheck={false} />
          <div className="field-hint" id={`${fields.list.id}-hint`}>
            <p>{t('account.user.import.list.hint', { max: USER_IMPORT_MAX_LINES })}</p>
            <p>
              <code>{USER_IMPORT_COLUMNS.join(';')}</code>
            </p>
            <p>{t('account.user.import.list.example')}</p>
            <p>
              <code>jdoe;Jane;Doe;jane.doe@example.com;{roles[0]?.id ?? ''};500;2000;monthly</code>
            </p>
            {roles.length ? (
              <p>
                {t('account.user.import.list.roles')}{' '}
                {roles.map((role) => `${role.id} (${role.name})`).join(', ')}
              </p>
            ) : null}
          </div>
          <ErrorList id={fields.list.errorId} errors={fields.list.errors} />
        </div>
        <SubmitButton>{t('account.user.import.submit')}</SubmitButton>
      </Form>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
