/**
 * The one place that decides who may call which route, before any handler or domain call runs.
 *
 * Every route states an access rule, in its route config (`{ config: { access } }`) or in ROUTE_ACCESS below
 * (for the route modules written before this file); a route with neither, or with both, stops the server at
 * startup. One preHandler hook enforces the rule of the matched route. Whether a basket, an order or an
 * address belongs to the caller stays with the domain, which answers 404 for anyone else's.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf, requirePrincipal, requireUser } from './auth'
import type { Db } from './db/client'
import { hasPermission, type PermissionCheck } from './domain/permissions'
import { ApiError } from './http'

/** A route about one customer's data, named in its path (`customers/{customerNo}`, '-' for the caller's). */
export type CustomerAccess = {
  customer: true
  /** The permission the call needs, besides being a user of that customer. */
  permission?: PermissionCheck
  /** A user acting on themselves (the path's `:login` is theirs, or '-') does not need the permission. */
  self?: boolean
}

export type AccessRule =
  /** Anyone, with or without a token; a handler that personalizes reads the token itself. */
  | 'public'
  /** An API token: an anonymous shopper or a user (their baskets and orders; ownership is the domain's). */
  | 'token'
  /** A logged-in user. */
  | 'user'
  /**
   * A logged-in user, or a user of single sign-on who has no customer yet (issue 35: what completing the
   * registration reads); the handler tells them apart (auth.ts `callerOf`). Under every other rule such a
   * user is refused with 403 `account.sso.registration.required.error`.
   */
  | 'registrant'
  /** The shop's operator: the back office's bearer token (BACKOFFICE_TOKEN, routes/backoffice.ts). */
  | 'operator'
  | CustomerAccess

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (authorization.ts). */
    access?: AccessRule
  }
}

/**
 * The rules of the routes whose modules predate route-config rules, by `METHOD url`. A new route states its
 * rule in its own config instead.
 */
export const ROUTE_ACCESS: Readonly<Record<string, AccessRule>> = {
  // The channel, catalog and content: the same for everyone.
  'GET /rest/:site/configurations': 'public',
  'GET /rest/:site/personalization': 'public',
  'GET /rest/:site/categories': 'public',
  'GET /rest/:site/categories/*': 'public',
  'GET /rest/:site/products': 'public',
  'GET /rest/:site/productfilters': 'public',
  'GET /rest/:site/products/:sku': 'public',
  'GET /rest/:site/products/:sku/variations': 'public',
  'GET /rest/:site/products/:sku/bundles': 'public',
  'GET /rest/:site/products/:sku/partOfRetailSet': 'public',
  'GET /rest/:site/products/:sku/links': 'public',
  'GET /rest/:site/productprices': 'public',
  'GET /rest/:site/inventories': 'public',
  'GET /rest/:site/promotions/:id': 'public',
  'GET /rest/:site/suggest': 'public',
  'GET /rest/:site/productlookup': 'public',
  'GET /rest/:site/cms/includes/:id': 'public',
  'GET /rest/:site/cms/pages/:id': 'public',
  'GET /rest/:site/cms/pagetree/:id': 'public',
  'GET /rest/:site/countries': 'public',
  'GET /rest/:site/countries/:code/main-divisions': 'public',

  // The logged-in customer and user ('-'); a user of single sign-on without a customer learns they have none.
  'GET /rest/:site/customers/-': 'registrant',
  'GET /rest/:site/customers/-/users/-': 'registrant',
  'GET /rest/:site/privatecustomers/-': 'registrant',

  // Baskets, checkout and orders of the caller, anonymous or not.
  'POST /rest/:site/baskets': 'token',
  'GET /rest/:site/baskets/:id': 'token',
  'PATCH /rest/:site/baskets/:id': 'token',
  'POST /rest/:site/baskets/:id/items': 'token',
  'PATCH /rest/:site/baskets/:id/items/:itemId': 'token',
  'DELETE /rest/:site/baskets/:id/items/:itemId': 'token',
  'POST /rest/:site/baskets/:id/promotioncodes': 'token',
  'DELETE /rest/:site/baskets/:id/promotioncodes/:code': 'token',
  'POST /rest/:site/baskets/:id/merges': 'token',
  'POST /rest/:site/baskets/:id/addresses': 'token',
  'PATCH /rest/:site/baskets/:id/addresses/:addressId': 'token',
  'GET /rest/:site/baskets/:id/eligible-addresses': 'token',
  'GET /rest/:site/baskets/:id/eligible-shipping-methods': 'token',
  'GET /rest/:site/baskets/:id/buckets/:bucketId/eligible-shipping-methods': 'token',
  'GET /rest/:site/baskets/:id/eligible-payment-methods': 'token',
  'PUT /rest/:site/baskets/:id/payments/open-tender': 'token',
  'PATCH /rest/:site/baskets/:id/payments/open-tender': 'token',
  'DELETE /rest/:site/baskets/:id/payments/:paymentId': 'token',
  'POST /rest/:site/baskets/:id/payment-instruments': 'token',
  'DELETE /rest/:site/baskets/:id/payment-instruments/:instrumentId': 'token',
  'POST /rest/:site/baskets/:id/validations': 'token',
  'POST /rest/:site/orders': 'token',
  'GET /rest/:site/orders': 'token',
  'GET /rest/:site/orders/:id': 'token',
  'PATCH /rest/:site/orders/:id': 'token',
  'POST /rest/:site/orders-csv': 'token',

  // A customer's address book, saved payments and payment methods (`{customers|privatecustomers}/{no|-}`).
  'GET /rest/:site/:resource/:customer/addresses': { customer: true },
  'POST /rest/:site/:resource/:customer/addresses': { customer: true },
  'GET /rest/:site/:resource/:customer/addresses/:id': { customer: true },
  'PUT /rest/:site/:resource/:customer/addresses/:id': { customer: true },
  'DELETE /rest/:site/:resource/:customer/addresses/:id': { customer: true },
  'GET /rest/:site/:resource/:customer/payments': { customer: true },
  'POST /rest/:site/:resource/:customer/payments': { customer: true },
  'GET /rest/:site/:resource/:customer/payments/:instrumentId': { customer: true },
  'DELETE /rest/:site/:resource/:customer/payments/:instrumentId': { customer: true },
  'GET /rest/:site/:resource/:customer/eligible-payment-methods': { customer: true },

  // The payment provider's page: its session id, handed out by the redirect, is the credential.
  'GET /psp/pay/:session': 'public',
  'POST /psp/pay/:session': 'public',
  // Generated pictures and attachments of the catalog.
  'GET /INTERSHOP/static/WFS/:site/-/images/:style/:size/:file': 'public',
  'GET /INTERSHOP/static/WFS/:site/-/attachments/:key': 'public',
  'GET /health': 'public',
  // CORS preflights (@fastify/cors): they carry no credentials and answer only headers.
  'OPTIONS *': 'public',
}

/** A rule with what its check needs from the path, worked out once when the route is registered. */
type CompiledRule = {
  rule: AccessRule
  /** The path parameter naming the customer, and where the resource kind (customers|privatecustomers) is. */
  customer?: { param: string; resource: { param: string } | { literal: string } }
}

export type RouteAccess = { method: string; url: string; access: AccessRule }

const registered = new WeakMap<FastifyInstance, RouteAccess[]>()

/** Every route the server registered, with its access rule (the authorization walk test reads this). */
export const routeAccessOf = (app: FastifyInstance): readonly RouteAccess[] => registered.get(app) ?? []

const CUSTOMER_PARAMS = [':customerNo', ':customer']
const CUSTOMER_RESOURCES = ['customers', 'privatecustomers']

function compile(method: string, url: string, rule: AccessRule): CompiledRule {
  if (typeof rule === 'string') return { rule }
  const segments = url.split('/')
  const at = segments.findIndex((segment) => CUSTOMER_PARAMS.includes(segment))
  const before = segments[at - 1]
  if (at < 1 || before === undefined)
    throw new Error(`${method} ${url}: a customer rule needs a :customerNo path parameter`)
  if (!before.startsWith(':') && !CUSTOMER_RESOURCES.includes(before))
    throw new Error(`${method} ${url}: the customer parameter must follow customers/ or privatecustomers/`)
  if (rule.self && !segments.includes(':login'))
    throw new Error(`${method} ${url}: a rule for the user themselves needs a :login path parameter`)
  return {
    rule,
    customer: {
      param: segments[at]!.slice(1),
      resource: before.startsWith(':') ? { param: before.slice(1) } : { literal: before },
    },
  }
}

function ruleOf(method: string, url: string, declared: AccessRule | undefined): AccessRule {
  const listed =
    ROUTE_ACCESS[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_ACCESS[`GET ${url}`] : undefined)
  if (declared && listed)
    throw new Error(`${method} ${url} states its access rule twice (route config and ROUTE_ACCESS)`)
  const rule = declared ?? listed
  if (!rule)
    throw new Error(
      `${method} ${url} has no access rule: add { config: { access } } to the route (see authorization.ts)`,
    )
  return rule
}

// A foreign customer number in the path answers 404 customer.not_found, as a foreign basket or order does: the
// caller learns nothing about whether that customer exists, and the address and payment routes answered so
// before this hook. A permission missing for the caller's own customer answers 403, as ICM does.
const customerNotFound = () => new ApiError(404, 'customer.not_found', 'The customer could not be found.')
const forbidden = (permission: string) =>
  new ApiError(403, 'authorization.forbidden', `This call needs the permission ${permission}.`)

const sha256 = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether the request carries the operator's token as `Authorization: Bearer …`, compared in constant time
 * (both sides hashed first, so neither the token's length nor its first differing character shows).
 */
export function hasOperatorToken(request: FastifyRequest, token: string | undefined): boolean {
  return holdsSecret(request, token, { basic: false })
}

/**
 * Whether the request carries `secret` as `Authorization: Bearer …` or, with `basic`, as the password of
 * `Authorization: Basic …` (any user name: what a browser asks for and then sends with every link), compared
 * as hasOperatorToken does.
 */
export function holdsSecret(
  request: FastifyRequest,
  secret: string | undefined,
  { basic }: { basic: boolean },
): boolean {
  const header = request.headers.authorization
  if (!secret || typeof header !== 'string') return false
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2)
  let sent = ''
  if (/^Bearer$/i.test(scheme)) sent = value
  else if (basic && /^Basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8')
    sent = decoded.slice(decoded.indexOf(':') + 1)
  }
  return !!sent && timingSafeEqual(sha256(sent), sha256(secret))
}

const operatorOnly = () =>
  new ApiError(
    401,
    'backoffice.token.invalid',
    'The back office needs the operator token (BACKOFFICE_TOKEN) as Authorization: Bearer.',
  )

async function authorize(
  db: Db,
  request: FastifyRequest,
  { rule, customer }: CompiledRule,
  operatorToken: string | undefined,
) {
  if (rule === 'public') return
  if (rule === 'operator') {
    if (!hasOperatorToken(request, operatorToken)) throw operatorOnly()
    return
  }
  if (rule === 'token') {
    await requirePrincipal(db, request)
    return
  }
  if (rule === 'registrant') {
    const caller = await callerOf(db, request)
    if (!caller || !('registrant' in caller)) await requireUser(db, request)
    return
  }
  const user = await requireUser(db, request)
  if (rule === 'user' || !customer) return
  const params = request.params as Record<string, string | undefined>
  const resource =
    'literal' in customer.resource ? customer.resource.literal : params[customer.resource.param]
  const customerNo = params[customer.param]
  const expected = user.customerType === 'SMBCustomer' ? 'customers' : 'privatecustomers'
  if (resource !== expected || (customerNo !== '-' && customerNo !== user.customerNo))
    throw customerNotFound()
  if (!rule.permission) return
  const login = params.login
  const self =
    rule.self && login !== undefined && (login === '-' || login.toLowerCase() === user.login.toLowerCase())
  if (!self && !hasPermission(user, rule.permission)) throw forbidden(rule.permission)
}

/**
 * Installs the access rules on the server; call it before any route is registered. Each route's rule is
 * checked when it is registered, whenever that is (a route without one throws there), and enforced in one
 * preHandler hook that resolves the caller once.
 */
export function installAuthorization(
  app: FastifyInstance,
  db: Db,
  { operatorToken }: { operatorToken?: string } = {},
) {
  const rules = new Map<string, CompiledRule>()
  const list: RouteAccess[] = []
  registered.set(app, list)

  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const access = ruleOf(method, route.url, route.config?.access)
      rules.set(`${method} ${route.url}`, compile(method, route.url, access))
      list.push({ method, url: route.url, access })
    }
  })

  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url
    // The not-found handler has no route and nothing to protect.
    if (url === undefined) return
    const compiled = rules.get(`${request.method} ${url}`)
    // Unreachable while onRoute sees every route; refuses rather than lets a call through unchecked.
    if (!compiled) throw new ApiError(403, 'authorization.forbidden', 'This route has no access rule.')
    await authorize(db, request, compiled, operatorToken)
  })
}
