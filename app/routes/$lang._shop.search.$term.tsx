import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireLocale } from '~/services/shopper.server'

/** `/search/{term or sku}` (spec shell §2): the search page for that term. */
export function loader({ params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const term = (params.term ?? '').trim()
  return redirect(`/${locale.lang}/search?${new URLSearchParams({ searchTerm: term })}`, 301)
}
