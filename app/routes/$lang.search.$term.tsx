import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

/** `/search/{term or sku}` (spec shell §2): the search page for that term. */
export function loader({ params }: LoaderFunctionArgs) {
  const term = (params.term ?? '').trim()
  return redirect(`/${params.lang}/search?${new URLSearchParams({ searchTerm: term })}`, 301)
}
