import type { LoaderFunctionArgs } from '@remix-run/node'
import { categoryTree } from '~/services/categories.server'
import { mainNavigationList } from '~/services/main-navigation.server'
import { shopperOf } from '~/services/shopper.server'

/**
 * `/{lang}/main-navigation`: the main navigation's list as HTML, for a page whose data names a list the
 * browser does not show yet (ADR 0055). The shopper's own tree (ICM's customer segment), so private; the key
 * is in `?v=`, so a cached copy is never a stale one for the page that asks.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, scope } = await shopperOf({ request, params, context })
  let list
  try {
    list = mainNavigationList(await categoryTree(scope), locale)
  } catch (error) {
    // The browser keeps the list it shows and asks again on the next page.
    console.error('main navigation failed:', error instanceof Response ? error.status : String(error))
    return new Response(null, { status: 503, headers: { 'Retry-After': '10', 'Cache-Control': 'no-store' } })
  }
  return new Response(list.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
      Vary: 'Cookie',
      'X-Navigation-Key': list.key,
      'X-Robots-Tag': 'noindex',
    },
  })
}
