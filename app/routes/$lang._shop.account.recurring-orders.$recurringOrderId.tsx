import '~/browser/account-texts'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { AccountBreadcrumb } from '~/components/AccountBreadcrumb'
import { OrderDetails } from '~/components/order/OrderDetails'
import {
  ActiveToggle,
  ApprovalStatuses,
  DeleteConfirmation,
  LastOrders,
  RecurringOrderError,
  RecurringOrderSummary,
} from '~/components/recurring-order/RecurringOrderParts'
import { useShell } from '~/components/useShell'
import { contextOf, recurringOrderPath, recurringOrdersPath } from '~/models/recurring-order'
import { noindexMeta } from '~/models/seo'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { recurringOrderAction } from '~/services/recurring-order-pages.server'
import { getRecurringOrder, recurringOrderScopeOf } from '~/services/recurring-orders.server'

export const headers = pageHeaders

/**
 * One recurring order (`/{lang}/account/recurring-orders/{id}`, logged in). The spec's `context` parameter says
 * where it was reached from: `admin` (an account admin's list of all the customer's) reads it through the
 * customer endpoint, otherwise it is the user's own. Unknown or someone else's: 404. `?delete=1` is the
 * delete's confirmation step.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const query = new URL(request.url).searchParams
  const pageContext = contextOf(query)
  const scope = recurringOrderScopeOf(shopper.user, pageContext)
  const recurringOrder = await loginAgainIfRefused(
    request,
    shopper,
    getRecurringOrder(shopper.scope, scope, params.recurringOrderId ?? ''),
  )
  const t = fixedT(shopper.locale.id)
  return data(
    {
      title: t('account.recurring_orders.detail.title', { number: recurringOrder.number }),
      recurringOrder,
      context: scope === 'customer' ? pageContext : undefined,
      confirmDelete: query.has('delete'),
    },
    { headers: privateHeaders() },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const shopper = await requireLogin({ request, params, context })
  const pageContext = contextOf(new URL(request.url).searchParams)
  const id = params.recurringOrderId ?? ''
  return recurringOrderAction(request, shopper, pageContext, {
    back: recurringOrderPath(shopper.locale.lang, id, pageContext),
    afterDelete: recurringOrdersPath(shopper.locale.lang),
  })
}

export default function RecurringOrderPage() {
  const { recurringOrder, context, confirmDelete } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  const list = recurringOrdersPath(locale.lang)
  const here = recurringOrderPath(locale.lang, recurringOrder.id, context)
  const title = t('account.recurring_orders.detail.title', { number: recurringOrder.number })
  const deleteUrl = `${here}${here.includes('?') ? '&' : '?'}delete=1`
  return (
    <>
      <AccountBreadcrumb
        lang={locale.lang}
        trail={[{ name: t('account.recurring_orders.title'), url: list }, { name: title }]}
      />
      <h1>{title}</h1>
      {confirmDelete ? <DeleteConfirmation order={recurringOrder} action={here} cancelUrl={here} /> : null}
      <RecurringOrderError order={recurringOrder} />
      <RecurringOrderSummary order={recurringOrder} showBuyer={!!context} />
      <div className="page-actions recurring-order-actions">
        <ActiveToggle order={recurringOrder} action={here} />
        {confirmDelete ? null : <Link to={deleteUrl}>{t('account.recurring_orders.delete')}</Link>}
        <Link to={list}>{t('account.recurring_orders.detail.back')}</Link>
      </div>
      <LastOrders order={recurringOrder} />
      <ApprovalStatuses order={recurringOrder} />
      <h2>{t('account.recurring_orders.template')}</h2>
      <OrderDetails order={recurringOrder.order} />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
