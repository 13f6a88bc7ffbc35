import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ordersCsvFilename } from '~/models/order'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { PRIVATE_NO_STORE } from '~/services/http.server'
import { getOrder, ordersCsv } from '~/services/orders.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/form.server'

/** At most this many orders in one export (the list shows at most 300 as well). */
const MAX_IDS = 300

/** The order ids asked for: non-empty, of a sane length, each once. */
function idsOf(values: FormDataEntryValue[]): string[] {
  const ids = values
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.length <= 100)
  return [...new Set(ids)].slice(0, MAX_IDS)
}

/**
 * The CSV export of one or several orders (spec §7 `orders-csv`): ICM's CSV passed on as a download,
 * `order-{number}.csv` for one order, `orders.csv` for several. Nothing selected → back to the list with a
 * message. A per-order download is a plain link (GET), the export of the selection a form post.
 */
async function exportOrders(
  request: Request,
  params: LoaderFunctionArgs['params'],
  values: FormDataEntryValue[],
) {
  const shopper = await requireLogin(request, params)
  const ids = idsOf(values)
  if (ids.length === 0) {
    return redirectWithToast(shopper.session, `/${shopper.locale.lang}/account/orders`, {
      key: 'account.orders.export.none_selected.error',
      type: 'error',
    })
  }
  const [csv, one] = await loginAgainIfRefused(
    request,
    shopper,
    Promise.all([
      ordersCsv(shopper.scope, ids),
      // One order's file is named after its order number.
      ids.length === 1 ? getOrder(shopper.scope, ids[0]!) : Promise.resolve(null),
    ]),
  )
  const filename = ordersCsvFilename(one ? [one] : ids.map((id) => ({ id })))
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': PRIVATE_NO_STORE,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return exportOrders(request, params, new URL(request.url).searchParams.getAll('ids'))
}

export async function action({ request, params }: ActionFunctionArgs) {
  return exportOrders(request, params, (await readForm(request)).getAll('ids'))
}
