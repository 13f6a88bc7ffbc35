import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { quotesPath } from '~/models/quote'
import { requireQuoting } from '~/services/quote-pages.server'

/**
 * `quote-list` of the route table (spec shell §2.1: feature freetextQuoting, login required, the login redirect
 * carrying `messageKey=quotes`): its guards, then the account's quote list, where the shop keeps it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale } = await requireQuoting({ request, params, context }, { list: true })
  throw redirect(quotesPath(locale.lang))
}
