import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { firstIncompleteStep, stepIndex, type CheckoutStep } from '~/models/checkout-steps'
import { checkoutBasketOf } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { PRIVATE_NO_STORE } from '~/services/http.server'
import { shopperOf } from '~/services/shopper.server'

export const handle = { checkoutHeader: true }

export const headers = pageHeaders

const STEPS = ['address', 'shipping', 'payment', 'review'] as const

/**
 * The checkout's frame: the step indicator of the checkout header (root renders it instead of the main
 * navigation and search). A step is a link while the shopper may go there: up to the first incomplete one.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shopper = await shopperOf({ request, params, context })
  const current = (new URL(request.url).pathname.split('/')[3] ?? '').split(';')[0] as CheckoutStep
  const onReceipt = current === 'receipt'
  const basket = onReceipt ? null : await checkoutBasketOf({ request, context }, shopper)
  const reachable: CheckoutStep = onReceipt ? 'basket' : basket ? firstIncompleteStep(basket) : 'basket'
  return data(
    {
      steps: STEPS.map((step) => ({
        step,
        reachable: step !== current && stepIndex(step) <= stepIndex(reachable),
        done: onReceipt || (stepIndex(step) < stepIndex(current) && stepIndex(step) >= 0),
      })),
      current,
    },
    { headers: { 'Cache-Control': PRIVATE_NO_STORE, Vary: 'Cookie' } },
  )
}

export type CheckoutLayoutData = typeof loader

export default function CheckoutLayout() {
  return (
    <div className="checkout">
      <Outlet />
    </div>
  )
}
