import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { organizationBase } from '~/services/organization.server'
import { requireLocale } from '~/services/shopper.server'

/**
 * The organization area's empty path redirects to its cost centers (organization-and-requisitions §2: no
 * access rule of its own; the cost center list applies its guards).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  return redirect(`${organizationBase(locale.lang)}/cost-centers`)
}
