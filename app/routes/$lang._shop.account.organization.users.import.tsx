import '~/browser/account-texts'
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { Breadcrumb } from '~/components/Breadcrumb'
import { ErrorList, FormErrors, SubmitButton } from '~/components/form-controls'
import { useShopForm } from '~/components/forms'
import { OrganizationNav } from '~/components/organization/OrganizationNav'
import { UserImportResults } from '~/components/organization/UserImportResults'
import { useShell } from '~/components/useShell'
import { newUserBody } from '~/models/b2b-user'
import { amountExample } from '~/models/amount'
import { BUDGET_PERIODS } from '~/models/budget'
import {
  alreadyImported,
  linesToCorrect,
  linesToSend,
  USER_IMPORT_MAX_LINES,
  USER_IMPORT_MAX_TEXT,
  userImportResults,
  userImportSchema,
  userImportTemplate,
  type UserImportOutcome,
  type UserImportSummary,
} from '~/models/user-import'
import { noindexMeta } from '~/models/seo'
import { createUsers, listRoles, listUsers, requireUserManager } from '~/services/b2b-users.server'
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
  const assignable = roles.filter((role) => !role.fixed).map(({ id, name }) => ({ id, name }))
  return data(
    {
      title: shopper.t('account.user.import.heading'),
      roles: assignable,
      /** The template's two lines, shown as the example (the download has the same). */
      template: userImportTemplate(shopper.t, shopper.locale.tag, assignable[0]?.id).map((row) =>
        row.join(';'),
      ),
      amountExample: amountExample(shopper.locale.tag),
      usersUrl: shopper.usersUrl,
      access: organizationAccessOf(shopper.user),
    },
    { headers: privateHeaders() },
  )
}

/**
 * Reads the list (roles checked against the company's, amounts and periods in the shopper's language), leaves
 * out the lines already imported (a user with that login and the same names and e-mail exists: a re-import
 * of a file whose first lines went in), then sends the other valid lines in one `POST …/users`: the API
 * checks them all before it writes any (it writes in short chunks, see ADR 0029), and pins each refusal on its
 * element. Every line's result is shown, and the box keeps the lines still to be corrected: 200 when users
 * were created or every line was done, 422 when none were; an empty or too long list is 400.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const { t, scope, customerNo } = shopper
  const roles = await loginAgainIfRefused(request, shopper, listRoles(scope, customerNo))
  const schema = userImportSchema({ t, tag: shopper.locale.tag, roles: roles.map((role) => role.id) })
  const submission = parseSubmission(await readForm(request, { maxBytes: USER_IMPORT_MAX_TEXT * 4 }), {
    schema,
    t,
  })
  if (submission.status !== 'success') return invalid(submission)
  const lines = submission.value
  const skipped = lines.some((line) => line.ok)
    ? alreadyImported(lines, await loginAgainIfRefused(request, shopper, listUsers(scope, customerNo)))
    : new Map()
  const valid = linesToSend(lines, skipped).map((line) => newUserBody(line.user, shopper.locale.currency))
  let outcome: UserImportOutcome | null = null
  if (valid.length) {
    const result = await loginAgainIfRefused(request, shopper, createUsers(scope, customerNo, valid))
    outcome = result.ok ? { ok: true, created: result.value } : { ok: false, problems: result.errors }
  }
  const summary = userImportResults(lines, outcome, t, skipped)
  const remaining = linesToCorrect(String(submission.payload.list ?? ''), summary.results)
  const reply = submission.reply()
  const done = summary.results.every((line) => line.status === 'created' || line.status === 'skipped')
  return data<ActionResult & ImportAnswer>(
    {
      result: { ...reply, initialValue: { ...reply.initialValue, list: remaining } },
      summary,
      remaining,
      answerId: crypto.randomUUID(),
    },
    { status: summary.created > 0 || done ? 200 : 422, headers: privateHeaders() },
  )
}

/** What an import answers besides the form's reply: every line's result and the lines left in the box. */
type ImportAnswer = { summary: UserImportSummary; remaining: string; answerId: string }

export default function UserImportPage() {
  const { roles, template, amountExample, usersUrl, access } = useLoaderData<typeof loader>()
  const answer = useActionData<Partial<ImportAnswer>>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const [form, fields] = useShopForm({ id: 'user-import', schema: userImportSchema({ t, tag: locale.tag }) })
  const list = getTextareaProps(fields.list, { ariaDescribedBy: `${fields.list.id}-hint` })
  // After an import the box holds the lines still to correct: a new answer gives the box anew.
  const listValue = answer?.remaining ?? list.defaultValue
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
          <textarea
            {...list}
            key={`${list.key ?? ''}${answer?.answerId ?? ''}`}
            defaultValue={listValue}
            rows={10}
            maxLength={USER_IMPORT_MAX_TEXT}
            spellCheck={false}
          />
          <div className="field-hint" id={`${fields.list.id}-hint`}>
            <p>{t('account.user.import.list.hint', { max: USER_IMPORT_MAX_LINES })}</p>
            <p>
              {t('account.user.import.list.formats', {
                example: amountExample,
                periods: BUDGET_PERIODS.map((period) => t(`account.user.budget.period.${period}`)).join(', '),
              })}
            </p>
            <p>
              <code>{template[0]}</code>
            </p>
            <p>{t('account.user.import.list.example')}</p>
            <p>
              <code>{template[1]}</code>
            </p>
            <p>
              <a href={`${usersUrl}/import-template.csv`} download>
                {t('account.user.import.template.download')}
              </a>
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
