import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { DeleteConfirmation } from '~/components/recurring-order/RecurringOrderParts'
import { RecurringOrderPager, RecurringOrderTable } from '~/components/recurring-order/RecurringOrderTable'
import { useShell } from '~/components/useShell'
import {
  ADMIN_CONTEXT,
  listPageOf,
  RECURRING_ORDERS_PAGE_SIZE,
  recurringOrdersPath,
  type RecurringOrderContext,
} from '~/models/recurring-order'
import { noindexMeta } from '~/models/seo'
import { loginAgainIfRefused, requireLogin, type LoggedIn } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { recurringOrderAction } from '~/services/recurring-order-pages.server'
import {
  getRecurringOrder,
  isRecurringOrderAdmin,
  listRecurringOrders,
  recurringOrderScopeOf,
} from '~/services/recurring-orders.server'

export const headers = pageHeaders

/** An account admin's list is all of the customer's (`context=admin`); anyone else's their own (spec §6). */
const contextFor = (shopper: LoggedIn): RecurringOrderContext =>
  isRecurringOrderAdmin(shopper.user) ? ADMIN_CONTEXT : undefined

/**
 * The recurring orders (`/{lang}/account/recurring-orders`, logged in): 25 a page (`?page=`), newest first,
 * with their schedule, dates, count and status, a switch and a delete each. `?delete={id}` is the delete's
 * confirmation step.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const query = new URL(request.url).searchParams
  const listContext = contextFor(shopper)
  const scope = recurringOrderScopeOf(shopper.user, listContext)
  const page = listPageOf(query)
  const deleteId = query.get('delete')
  const list = await loginAgainIfRefused(
    request,
    shopper,
    listRecurringOrders(shopper.scope, scope, {
      limit: RECURRING_ORDERS_PAGE_SIZE,
      offset: (page - 1) * RECURRING_ORDERS_PAGE_SIZE,
    }),
  )
  const deleting = deleteId
    ? (list.rows.find((row) => row.id === deleteId) ??
      (await loginAgainIfRefused(request, shopper, getRecurringOrder(shopper.scope, scope, deleteId))))
    : null
  const t = fixedT(shopper.locale.id)
  return data(
    {
      title: t('account.recurring_orders.title'),
      rows: list.rows,
      total: list.total,
      page,
      pages: Math.max(1, Math.ceil(list.total / RECURRING_ORDERS_PAGE_SIZE)),
      context: listContext ?? null,
      deleting: deleting && { id: deleting.id, number: deleting.number },
    },
    { headers: privateHeaders() },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const url = new URL(request.url)
  const page = listPageOf(url.searchParams)
  const list = recurringOrdersPath(shopper.locale.lang)
  return recurringOrderAction(request, shopper, contextFor(shopper), {
    back: page > 1 ? `${list}?page=${page}` : list,
    afterDelete: list,
  })
}

export default function RecurringOrdersPage() {
  const { rows, total, page, pages, context, deleting } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const list = recurringOrdersPath(locale.lang)
  const here = page > 1 ? `${list}?page=${page}` : list
  return (
    <>
      <AccountBreadcrumb lang={locale.lang} trail={[{ name: t('account.recurring_orders.title') }]} />
      <h1>{t('account.recurring_orders.title')}</h1>
      {context ? <p>{t('account.recurring_orders.admin_intro')}</p> : null}
      {deleting ? <DeleteConfirmation order={deleting} action={here} cancelUrl={here} /> : null}
      {rows.length === 0 ? (
        <p data-testid="recurring-orders-empty">{t('account.recurring_orders.empty')}</p>
      ) : (
        <>
          <p>{t('account.recurring_orders.count', { count: total })}</p>
          <RecurringOrderTable
            rows={rows}
            showBuyer={!!context}
            context={context ?? undefined}
            action={here}
            deleteUrl={(id) =>
              `${list}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), delete: id })}`
            }
          />
          <RecurringOrderPager page={page} pages={pages} />
        </>
      )}
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
