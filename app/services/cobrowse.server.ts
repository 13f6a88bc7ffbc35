/**
 * The co-browse entry (spec shell §4.7, §5; issue 35): a sales representative's browser opens
 * `/{lang}/cobrowse?access-token=…&salesRepId=…` and is signed in as the customer's user, then goes to `/home`.
 * Without an access token, or with one ICM refuses, it goes to `/error` with the key saying why.
 */
import { redirect } from '@remix-run/node'
import { cobrowseEntryOf, COBROWSE_ERRORS, type CobrowseErrorKey } from '~/models/cobrowse'
import { loginWithCobrowseToken } from './auth.server'
import type { Shopper } from './shopper.server'

export const cobrowseErrorUrl = (lang: string, key: CobrowseErrorKey) =>
  `/${lang}/error?${new URLSearchParams({ error: key })}`

/** Signs the browser in as the link's user and answers the redirect: home, or the error page. */
export async function enterCobrowse(shopper: Shopper, params: URLSearchParams): Promise<Response> {
  const lang = shopper.locale.lang
  const entry = cobrowseEntryOf(params)
  if ('error' in entry) return redirect(cobrowseErrorUrl(lang, entry.error))
  const result = await loginWithCobrowseToken(
    shopper.scope,
    shopper.session,
    entry.accessToken,
    entry.salesRepId,
  )
  if (!result.ok)
    return redirect(
      cobrowseErrorUrl(
        lang,
        result.reason === 'sales-rep' ? COBROWSE_ERRORS.salesRepMismatch : COBROWSE_ERRORS.tokenRefused,
      ),
    )
  return redirect(`/${lang}/home`)
}
