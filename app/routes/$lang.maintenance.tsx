import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { ping } from '~/services/configuration.server'
import { requireLocale } from '~/services/shopper.server'

/**
 * Reachable only while the commerce API is down (then the page answers 503 through the error boundary);
 * otherwise it redirects to home (spec §4.2).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  await ping({ locale })
  throw redirect(`/${locale.lang}/home`)
}

/**
 * Never shown, since the loader always redirects or throws; having a component makes this a page route, so
 * its 503 is rendered by the error boundary as the maintenance page instead of going out as an empty body.
 */
export default function Maintenance() {
  return null
}
