import '~/browser/account-texts'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { ordersCsvFilename } from '~/models/order'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { getOrder, ordersCsv } from '~/services/orders.server'
import type { PageArgs } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

/** The export form: the ids of the orders ticked in the list (at most the 300 the list can show). */
const ExportSchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(100))
    .min(1)
    .max(300)
    .transform((ids) => [...new Set(ids)]),
})

/**
 * The CSV export of one or several orders (spec §7 `orders-csv`): ICM's CSV, no cell a formula, as a download,
 * `order-{number}.csv` for one order, `orders.csv` for several. A per-order download is a plain link (GET),
 * the export of the selection a form post; both read the same form. An empty or unusable selection goes
 * back to the list with a message: the list page is where the shopper chooses again.
 */
async function exportOrders(args: PageArgs, form: FormData) {
  const shopper = await requireLogin(args)
  const submission = parseSubmission(form, { schema: ExportSchema, t: fixedT(shopper.locale.id) })
  if (submission.status !== 'success') {
    return redirectWithToast(shopper.session, `/${shopper.locale.lang}/account/orders`, {
      key: 'account.orders.export.none_selected.error',
      type: 'error',
    })
  }
  const { ids } = submission.value
  const [csv, one] = await loginAgainIfRefused(
    args.request,
    shopper,
    Promise.all([
      ordersCsv(shopper.scope, ids),
      // One order's file is named after its order number.
      ids.length === 1 ? getOrder(shopper.scope, ids[0]!) : Promise.resolve(null),
    ]),
  )
  const filename = ordersCsvFilename(one ? [one] : ids.map((id) => ({ id })))
  return new Response(csv, {
    headers: privateHeaders({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    }),
  })
}

/** The query of a plain link, as the form a post would carry. */
function formOfQuery(request: Request): FormData {
  const form = new FormData()
  for (const [name, value] of new URL(request.url).searchParams) form.append(name, value)
  return form
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return exportOrders({ request, params, context }, formOfQuery(request))
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return exportOrders({ request, params, context }, await readForm(request))
}
