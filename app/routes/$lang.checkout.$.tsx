import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireLocale } from '~/services/shopper.server'
import { notFound } from '~/services/http.server'

const MATRIX_STEP = /^(address|shipping|payment|review|receipt);lang=[a-z]{2}_[A-Z]{2}$/

/**
 * Return URLs given to the payment provider carry a `;lang=` matrix parameter (spec §2), e.g.
 * `/en/checkout/review;lang=en_US?redirect=success&…`: the step is the part before it, the query goes along.
 * Anything else below /checkout is not a page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const match = MATRIX_STEP.exec(params['*'] ?? '')
  if (!match) throw notFound()
  const url = new URL(request.url)
  throw redirect(`/${locale.lang}/checkout/${match[1]}${url.search}`)
}
