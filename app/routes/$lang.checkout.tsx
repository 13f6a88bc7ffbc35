import { data, type LoaderFunctionArgs } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { CheckoutHeader, type StepIndicatorData } from '~/components/checkout/CheckoutHeader'
import { RouteErrorPage } from '~/components/ErrorPage'
import { useShell } from '~/components/useShell'
import { firstIncompleteStep, stepIndex, type CheckoutStep } from '~/models/checkout-steps'
import { checkoutBasketOf } from '~/services/checkout-flow.server'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { shopperOf } from '~/services/shopper.server'

export const headers = pageHeaders

const STEPS = ['address', 'shipping', 'payment', 'review'] as const

/**
 * The checkout's frame: its own header, the logo and the step indicator instead of the shop's navigation
 * and search. A step is a link while the shopper may go there: up to the first incomplete one.
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
    { headers: privateHeaders() },
  )
}

export type CheckoutLayoutData = typeof loader

function CheckoutFrame({ steps, children }: { steps: StepIndicatorData | null; children: ReactNode }) {
  const { locale } = useShell()
  return (
    <>
      <CheckoutHeader locale={locale} steps={steps} />
      <main id="main" tabIndex={-1}>
        <div className="checkout">{children}</div>
      </main>
    </>
  )
}

export default function CheckoutLayout() {
  return (
    <CheckoutFrame steps={useLoaderData<typeof loader>()}>
      <Outlet />
    </CheckoutFrame>
  )
}

/** A step's error keeps the checkout header, with the steps when the layout's loader got that far. */
export function ErrorBoundary() {
  const { locale } = useShell()
  return (
    <CheckoutFrame steps={useRouteLoaderData<typeof loader>('routes/$lang.checkout') ?? null}>
      <RouteErrorPage lang={locale.lang} />
    </CheckoutFrame>
  )
}
