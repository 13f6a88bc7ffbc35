import type { HeadersFunction, LoaderFunctionArgs } from '@remix-run/node'
import { noSuggestions, suggestTerm, type SuggestionGroups } from '~/models/suggest'
import { shopperOf } from '~/services/shopper.server'
import { suggestCacheControl, suggestions } from '~/services/suggest.server'

/** The search box's fetcher asks `suggest.data`: it gets the same caching headers as a direct request. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers()
  for (const name of ['Cache-Control', 'Vary', 'X-Robots-Tag']) {
    const value = loaderHeaders.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}

/**
 * `/{lang}/suggest?searchTerm=…`: search suggestions as JSON for the header search box, grouped, with
 * storefront URLs. Terms under 2 characters (after trimming) get an empty answer without asking ICM.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  const term = suggestTerm(new URL(request.url).searchParams.get('searchTerm'))
  const headers = { 'Cache-Control': suggestCacheControl(request), Vary: 'Cookie', 'X-Robots-Tag': 'noindex' }
  if (!term) return Response.json(noSuggestions(''), { headers })
  let groups: SuggestionGroups
  try {
    groups = await suggestions({ locale, pgid: scope.pgid }, term)
  } catch (error) {
    // Suggestions are a convenience: an ICM failure leaves the search box working, never breaks the page.
    console.error('search suggestions failed:', error instanceof Response ? error.status : String(error))
    return Response.json(noSuggestions(term), { headers: { ...headers, 'Cache-Control': 'no-store' } })
  }
  return Response.json(groups, { headers })
}
