import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireLocale } from '~/services/shopper.server'

/** The empty path redirects to home (spec §2.1). */
export async function loader({ params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  return redirect(`/${locale.lang}/home`, 301)
}
