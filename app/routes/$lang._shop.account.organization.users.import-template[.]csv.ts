import '~/browser/account-texts'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvText } from '~/models/csv'
import { userImportTemplate } from '~/models/user-import'
import { listRoles, requireUserManager } from '~/services/b2b-users.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { privateHeaders } from '~/services/http.server'

/**
 * The user import's template (issue 32): a CSV download with the columns named in the shopper's language and
 * one example user, amounts and period written as the import reads them there. Semicolons separate the
 * cells, as spreadsheets of comma-decimal languages expect; the byte order mark makes them read UTF-8.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireUserManager({ request, params, context })
  const roles = await loginAgainIfRefused(request, shopper, listRoles(shopper.scope, shopper.customerNo))
  const role = roles.find((candidate) => !candidate.fixed)?.id
  const csv = csvText(userImportTemplate(shopper.t, shopper.locale.tag, role), ';')
  return new Response(`\uFEFF${csv}`, {
    headers: privateHeaders({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${shopper.t('account.user.import.template.filename')}"`,
      'X-Content-Type-Options': 'nosniff',
    }),
  })
}
