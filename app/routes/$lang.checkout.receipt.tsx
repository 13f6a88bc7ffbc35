import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { OrderDetails } from '~/components/order/OrderDetails'
import { ApprovalReasons, ApprovalStages } from '~/components/requisition/RequisitionDetails'
import { requisitionPath, type Requisition } from '~/models/requisition'
import { RecurringOrderReceipt } from '~/components/recurring-order/RecurringOrderReceipt'
import { recurringOrderScopeOf, getRecurringOrder } from '~/services/recurring-orders.server'
import { useShell } from '~/components/useShell'
import { noindexMeta } from '~/models/seo'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders, notFound } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { tokenOf } from '~/services/icm.server'
import { namedCostCenter } from '~/services/basket-cost-center.server'
import { getOrder } from '~/services/orders.server'
import { loginAgainIfRefused, requireLogin } from '~/services/guards.server'
import { getRequisition } from '~/services/requisitions.server'
import { handlePaymentReturn } from '~/services/payment-return.server'
import { shopperOf } from '~/services/shopper.server'
import { pageTracking, purchaseEvent } from '~/services/tracking.server'

export const headers = pageHeaders

/**
 * The receipt of a basket that became a requisition (issue 18; spec org §2 "checkout receipt requisition"):
 * its number, why it needs approval and who decides, and the basket as submitted. Only its buyer, logged in,
 * reads it.
 */
async function requisitionReceipt(args: LoaderFunctionArgs, id: string) {
  const shopper = await requireLogin(args)
  const requisition = await loginAgainIfRefused(args.request, shopper, getRequisition(shopper.scope, id))
  const t = fixedT(shopper.locale.id)
  return data(
    { title: t('checkout.receipt.requisition.title'), order: null, requisition, recurringOrder: null },
    { headers: cacheHeaders(args.request, 'private') },
  )
}

/**
 * The receipt of a basket set up as a recurring order (spec §2 `recurringOrderId`, §4): its number, schedule,
 * next order day and the template's lines and totals. Only its buyer, logged in, reads it (their own endpoint).
 */
async function recurringOrderReceipt(args: LoaderFunctionArgs, id: string) {
  const shopper = await requireLogin(args)
  const recurringOrder = await loginAgainIfRefused(
    args.request,
    shopper,
    getRecurringOrder(shopper.scope, recurringOrderScopeOf(shopper.user, undefined), id),
  )
  const t = fixedT(shopper.locale.id)
  return data(
    {
      title: t('checkout.receipt.recurring.title', { number: recurringOrder.number }),
      order: null,
      requisition: null,
      recurringOrder,
    },
    { headers: cacheHeaders(args.request, 'private') },
  )
}

/**
 * The receipt: the order as placed (number, lines, addresses, shipping, payment, totals), shown with the
 * account's order view. A guest reads it through the order token the session keeps; anyone else's order id
 * finds nothing (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Back from the card payment page after the order (`?redirect=success&orderId=`).
  const returned = await handlePaymentReturn({ request, params, context })
  if (returned) throw returned
  const requisitionId = new URL(request.url).searchParams.get('requisitionId')
  if (requisitionId) return requisitionReceipt({ request, params, context }, requisitionId)
  const recurringOrderId = new URL(request.url).searchParams.get('recurringOrderId')
  if (recurringOrderId) return recurringOrderReceipt({ request, params, context }, recurringOrderId)
  const shopper = await shopperOf({ request, params, context })
  const { scope, session, locale } = shopper
  const orderId = new URL(request.url).searchParams.get('orderId') ?? session.get('orderId')
  if (!orderId) throw redirect(`/${locale.lang}/basket`)
  // An old receipt link without the session that placed the order shows nobody's order.
  if (!tokenOf(scope)) throw notFound()
  const found = await getOrder(scope, orderId)
  const order = { ...found, costCenter: await namedCostCenter(shopper, found.costCenter) }
  const t = fixedT(locale.id)
  // The purchase, with the shopper's tracking consent (ADR 0035); sent once however often the receipt shows.
  const tracking = await pageTracking({ request, context }, async () => [
    await purchaseEvent(scope, session, found),
  ])
  return data(
    { title: t('checkout.receipt.title'), order, requisition: null, recurringOrder: null, tracking },
    { headers: cacheHeaders(request, 'private') },
  )
}

export default function Receipt() {
  const { order, requisition, recurringOrder } = useLoaderData<typeof loader>()
  const { locale } = useShell()
  const { t } = useTranslation()
  if (requisition) return <RequisitionReceipt requisition={requisition} />
  if (recurringOrder) return <RecurringOrderReceipt recurringOrder={recurringOrder} />
  if (!order) return null
  return (
    <>
      <h1>{t('checkout.receipt.title')}</h1>
      <p className="receipt-intro" role="status">
        {t('checkout.receipt.thanks')}{' '}
        <strong data-testid="order-number">
          {t('checkout.receipt.number', { number: order.documentNumber ?? order.id })}
        </strong>
      </p>
      {order.email ? <p>{t('checkout.receipt.email', { email: order.email })}</p> : null}
      <OrderDetails order={order} />
      <p>
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </p>
    </>
  )
}

/** What the buyer sees after submitting a basket that needs approval. */
function RequisitionReceipt({ requisition }: { requisition: Requisition }) {
  const { locale } = useShell()
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('checkout.receipt.requisition.title')}</h1>
      <p className="receipt-intro" role="status">
        {t('checkout.receipt.requisition.thanks')}{' '}
        <strong data-testid="requisition-number">
          {t('checkout.receipt.requisition.number', { number: requisition.requisitionNo })}
        </strong>
      </p>
      <p>{t('checkout.receipt.requisition.next')}</p>
      <ApprovalReasons reasons={requisition.reasons} />
      <ApprovalStages requisition={requisition} />
      <OrderDetails order={requisition.details} />
      <p className="page-actions">
        <Link to={requisitionPath(locale.lang, 'buyer', requisition.id)}>
          {t('checkout.receipt.requisition.view')}
        </Link>{' '}
        <Link to={`/${locale.lang}/home`}>{t('basket.continue_shopping')}</Link>
      </p>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = noindexMeta
