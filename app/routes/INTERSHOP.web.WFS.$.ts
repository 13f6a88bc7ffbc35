import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { legacyServerPath } from '~/models/url'
import { notFound } from '~/services/http.server'

/** Old links into the ICM storefront (bookmarks, e-mails, search engines) move to this shop's pages for good. */
export async function loader({ request }: LoaderFunctionArgs) {
  const target = legacyServerPath(new URL(request.url))
  if (!target) throw notFound()
  return redirect(target, 301)
}
