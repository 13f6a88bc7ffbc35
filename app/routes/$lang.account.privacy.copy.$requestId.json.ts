import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { copyFilename } from '~/models/privacy'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { privateHeaders } from '~/services/http.server'
import { getPersonalDataCopy } from '~/services/privacy.server'

/**
 * The copy of a confirmed data-protection request as a JSON file (issue 33, ADR 0031): for its owner,
 * logged in, while it can be downloaded; otherwise back to the data-protection page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const copy = await loginAgainIfRefused(
    request,
    shopper,
    getPersonalDataCopy(shopper.scope, params.requestId ?? ''),
  )
  if (!copy) throw redirect(`/${shopper.locale.lang}/account/privacy`)
  return new Response(`${JSON.stringify(copy, null, 2)}\n`, {
    headers: privateHeaders({
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${copyFilename(copy.createdAt)}"`,
      'X-Content-Type-Options': 'nosniff',
    }),
  })
}
