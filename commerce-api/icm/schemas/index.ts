/**
 * The wire schema of every route the commerce API serves, by resource area. The contract tests validate each
 * answer they receive against its route's schema (tests/commerce-api/wire-check.ts), so an answer in a shape
 * ICM never sends fails the suite; the storefront's loader tests validate their ICM fixtures the same way.
 */
import { z } from 'zod'
import { backofficeWire } from './backoffice'
import { catalogWire } from './catalog'
import { checkoutWire } from './checkout'
import { ErrorBodySchema } from './common'
import { contentWire } from './content'
import { costCenterWire } from './cost-centers'
import { organizationWire } from './organization'
import { profileWire } from './profile'
import { punchoutWire } from './punchout'
import { passkeyWire } from './passkeys'
import { personalDataRequestWire } from './personal-data-requests'
import { requisitionWire } from './requisitions'
import { salesRepWire } from './sales-reps'
import { recurringOrderWire } from './recurring-orders'
import { registrationWire } from './registration'
import type { NotJson, WireRule } from './rules'
import { sessionWire } from './session'
import { storeWire } from './stores'
import { securityWire } from './security'
import { trackingWire } from './tracking'
import { orderTemplateWire, wishlistWire } from './wishlists'
import { contactWire } from './contact'
import { backofficeQuoteWire, quoteWire } from './quotes'

export type { NotJson, WireRule } from './rules'
export { ErrorBodySchema } from './common'

/** Outside ICM's contract: the API's own health probe. */
const operationsWire: WireRule[] = [
  { method: 'GET', route: '/health', schema: z.object({ status: z.literal('ok') }) },
]

export const WIRE_RULES: readonly WireRule[] = [
  ...catalogWire,
  ...contentWire,
  ...sessionWire,
  ...checkoutWire,
  ...costCenterWire,
  ...organizationWire,
  ...requisitionWire,
  ...recurringOrderWire,
  ...operationsWire,
  ...securityWire,
  ...backofficeWire,
  ...registrationWire,
  ...wishlistWire,
  ...orderTemplateWire,
  ...profileWire,
  ...personalDataRequestWire,
  ...punchoutWire,
  ...passkeyWire,
  ...salesRepWire,
  ...trackingWire,
  ...contactWire,
  ...storeWire,
  ...quoteWire,
  ...backofficeQuoteWire,
]

export const NOT_JSON: readonly NotJson[] = [
  { method: 'GET', route: '/psp/pay/:session', reason: "the payment provider's hosted page (HTML)" },
  { method: 'POST', route: '/psp/pay/:session', reason: "the payment provider's answer (a redirect)" },
  { method: 'GET', route: '/INTERSHOP/static/WFS/:site/-/images/:style/:size/:file', reason: 'a picture' },
  { method: 'GET', route: '/INTERSHOP/static/WFS/:site/-/attachments/:key', reason: 'a document' },
  { method: 'GET', route: '/INTERSHOP/static/WFS/:site/-/contactpersons/:file', reason: 'a photo' },
  { method: 'POST', route: '/rest/:site/orders-csv', reason: 'the orders as CSV (text/csv)' },
  { method: 'OPTIONS', route: '*', reason: 'CORS preflights answer only headers (204)' },
  { method: 'GET', route: '/mailbox', reason: 'the local mailbox page (HTML; no SMTP_URL set)' },
  { method: 'GET', route: '/mailbox/:id', reason: 'one mail of the local mailbox (HTML)' },
  { method: 'GET', route: '/tracking', reason: 'the local tracking collector page (HTML)' },
  {
    method: 'POST',
    route: '/rest/:site/customers/:customerNo/punchouts/cxml1.2/setuprequest',
    reason: 'a cXML PunchOutSetupResponse or Status (text/xml), refusals included (ADR 0033)',
  },
  {
    method: 'POST',
    route: '/rest/:site/customers/:customerNo/punchouts/cxml1.2/orderrequest',
    reason: 'a cXML Status response (text/xml), refusals included (ADR 0033)',
  },
  // The procurement sandbox (routes/punchout-sandbox.ts): HTML pages, refusals as pages too.
  { method: 'GET', route: '/punchout-sandbox', reason: "the procurement sandbox's start page (HTML)" },
  ...(['cxml', 'oci', 'ids', 'order', 'hook/:protocol'] as const).map((page) => ({
    method: 'POST' as const,
    route: `/punchout-sandbox/${page}`,
    reason: 'a page of the procurement sandbox (HTML)',
  })),
  // The sales desk (routes/sales-desk.ts, issue 35): HTML pages and redirects, refusals as pages too.
  { method: 'GET', route: '/sales-desk', reason: "the sales desk's sign-in or customers page (HTML)" },
  ...(['login', 'logout', 'cobrowse'] as const).map((page) => ({
    method: 'POST' as const,
    route: `/sales-desk/${page}`,
    reason: 'a form of the sales desk (a redirect, or an HTML page)',
  })),
]

const byRoute = new Map(WIRE_RULES.map((rule) => [`${rule.method} ${rule.route}`, rule]))

/** The schema a successful answer of this route must match (undefined: the route has no rule). */
export function wireSchemaOf(method: string, route: string, path: string): z.ZodTypeAny | undefined {
  const rule = byRoute.get(`${method === 'HEAD' ? 'GET' : method} ${route}`)
  if (!rule) return undefined
  return typeof rule.schema === 'function' ? rule.schema(path) : rule.schema
}

export const errorSchema = ErrorBodySchema

/** A route pattern as a regular expression over the request path (`:name` one segment, `*` the rest). */
const patternOf = (route: string) =>
  new RegExp(
    '^' +
      route
        .split('/')
        .map((segment) =>
          segment === '*'
            ? '.*'
            : segment.startsWith(':')
              ? '[^/]+'
              : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
        )
        .join('/') +
      '$',
  )

const patterns = WIRE_RULES.map((rule) => ({
  rule,
  pattern: patternOf(rule.route),
  // The most literal route wins, as in Fastify's router (customers/- before :resource/:customer).
  rank: rule.route.split('/').filter((segment) => segment.startsWith(':') || segment === '*').length,
})).sort((a, b) => a.rank - b.rank)

/**
 * The schema of a successful answer for a request path as the API's router sees it (`/rest/{site}/…`, matrix
 * parameters taken out), for checking answers made elsewhere (the storefront's ICM fixtures).
 */
export function wireSchemaForPath(method: string, path: string): z.ZodTypeAny | undefined {
  const found = patterns.find(({ rule, pattern }) => rule.method === method && pattern.test(path))
  if (!found) return undefined
  return typeof found.rule.schema === 'function' ? found.rule.schema(path) : found.rule.schema
}
