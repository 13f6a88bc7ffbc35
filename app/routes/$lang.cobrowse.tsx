import type { LoaderFunctionArgs } from '@remix-run/node'
import { enterCobrowse } from '~/services/cobrowse.server'
import { shopperOf } from '~/services/shopper.server'

/**
 * `/{lang}/cobrowse` (spec shell §2.1, §4.7, §5; issue 35): a sales representative's link into the shop as a
 * customer's user. A resource route without a page of its own: the login it makes must not race the shop
 * layout's loaders, and it always answers a redirect (home, or the error page).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  return enterCobrowse(shopper, new URL(request.url).searchParams)
}
