/**
 * Requests to the commerce API: every route Fastify has, its path parameters filled with real ids or
 * generated text, matrix parameters on any segment, queries with the names the handlers read, and bodies
 * (JSON of every shape, or something else) under any method, with and without a token.
 */
import fc from 'fast-check'
import type { FuzzRequest } from './client'
import type { Fixtures } from './fixtures'
import { apiBody, type Body } from './forms'
import type { ApiRoute } from './routes'
import { SITE } from './servers'
import { query, urlPart } from './shop-requests'
import { bytesOf, encode, longText, text } from './text'

export type ApiContext = {
  routes: ApiRoute[]
  fields: { query: string[]; body: string[] }
  fixtures: Fixtures
}

/**
 * Logins for `…/users/{login}` paths: Brightline's users, without the storefront's business session (the
 * API's admin token would deactivate it or take its roles, and the storefront's business pages with it).
 */
const pathLogins = (fixtures: Fixtures) =>
  fixtures.business.logins.filter((login) => !fixtures.reservedLogins.includes(login))

/** Real ids of the resources a collection segment names (`requisitions/:id`); others take any id there is. */
function idsUnder(collection: string | undefined, fixtures: Fixtures): string[] | undefined {
  const { api, business } = fixtures
  switch (collection) {
    case 'baskets':
      return [api.basketId, api.userBasketId, 'current']
    case 'requisitions':
      return business.requisitionIds
    case 'recurringorders':
      return [business.recurringOrderId]
    case 'costcenters':
      return [...business.costCenterIds, ...business.otherCompany.costCenterIds]
    case 'addresses':
      return [api.addressId]
  }
  return undefined
}

/** Values a path parameter takes in real URLs; `collection` is the literal segment before it. */
function paramValues(name: string, fixtures: Fixtures, collection?: string): string[] {
  const { api, sku, contentPageId, includeId, imagePath, categoryId, business } = fixtures
  const [style = '11', size = '160', file = `${sku}.svg`] = imagePath.split('/').slice(-3)
  switch (name) {
    case 'site':
      return [SITE]
    case 'id':
      return (
        idsUnder(collection, fixtures) ?? [
          api.basketId,
          api.userBasketId,
          'current',
          api.addressId,
          contentPageId,
          includeId,
          '-',
          ...business.requisitionIds,
          business.recurringOrderId,
          ...business.costCenterIds,
        ]
      )
    case 'itemId':
      return [api.itemId]
    case 'sku':
      return [sku]
    case 'instrumentId':
    case 'paymentId':
      return [...api.instrumentIds, 'open-tender', api.basketId]
    case 'addressId':
      return [api.addressId]
    case 'bucketId':
      return [api.basketId, api.userBasketId]
    case 'customer':
    case 'customerNo':
      return ['-', api.customerNo]
    case 'login':
      return ['-', ...pathLogins(fixtures), ...business.otherCompany.logins]
    case 'resource':
      return ['customers', 'privatecustomers']
    case 'code':
      return ['DE', 'US', 'SUMMER10']
    case 'style':
      return [style]
    case 'size':
      return [size]
    case 'file':
      return [file]
    case 'key':
      return ['manual.pdf', 'data_sheet.pdf']
    case '*':
      return [
        categoryId.split('.').join('/'),
        `${categoryId.split('.').join('/')}/products`,
        `${categoryId.split('.').join('/')}/productfilters`,
      ]
    default:
      return [sku, api.basketId]
  }
}

/** Matrix parameters as ICM has them, none, or generated (`;loc=%`, `;%=1`, prototype keys). */
const matrix = fc.oneof(
  { weight: 6, arbitrary: fc.constant(';loc=en_US;cur=USD') },
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ';loc=de_DE;cur=EUR',
      ';loc=%',
      ';%=1',
      ';loc=en_US;loc=xx',
      ';__proto__=1;constructor=2',
      ';=;;',
      ';cur',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(urlPart(['loc', 'cur', 'spgid', 'pgid', '__proto__']), urlPart(['en_US', 'USD', 'xx'])),
        { minLength: 1, maxLength: 3 },
      )
      .map((pairs) => pairs.map(([n, v]) => `;${n}=${v}`).join('')),
  },
)

/** A route's URL with its parameters filled: under `/INTERSHOP/rest/WFS/{site}/-{matrix}/` for ICM routes. */
function apiTarget(route: ApiRoute, fixtures: Fixtures): fc.Arbitrary<string> {
  const rest = route.path.startsWith('/rest/:site/')
  const segments = (rest ? route.path.slice('/rest/:site/'.length) : route.path.slice(1)).split('/')
  const parts = segments.map((segment, i) => {
    if (segment === '*' || segment.startsWith(':')) {
      const real = paramValues(segment === '*' ? '*' : segment.slice(1), fixtures, segments[i - 1])
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...real) },
        { weight: 3, arbitrary: urlPart(real) },
        { weight: 1, arbitrary: longText(101, 3000).map((t) => encode(t, 'encoded')) },
      )
    }
    return fc.oneof(
      { weight: 15, arbitrary: fc.constant(segment) },
      { weight: 1, arbitrary: urlPart([segment]) },
    )
  })
  const withMatrix = fc
    .tuple(fc.tuple(...parts), fc.option(fc.tuple(fc.nat(), matrix), { freq: 5 }))
    .map(([list, mx]) => {
      const out = [...list]
      if (mx && out.length) out[mx[0] % out.length] += mx[1]
      return out.join('/')
    })
  if (!rest) return withMatrix.map((p) => `/${p}`)
  return fc
    .tuple(
      fc.oneof({ weight: 10, arbitrary: fc.constant(SITE) }, { weight: 1, arbitrary: urlPart([SITE]) }),
      fc.oneof(
        { weight: 10, arbitrary: fc.constant('-') },
        { weight: 1, arbitrary: urlPart(['-', 'smb-responsive']) },
      ),
      matrix,
      withMatrix,
    )
    .map(([site, app, mx, p]) => `/INTERSHOP/rest/WFS/${site}/${app}${mx}/${p}`)
}

type TokenKind = 'none' | 'anonymous' | 'user' | 'garbage' | 'long' | 'twice'

function tokenHeaders(fixtures: Fixtures, route: ApiRoute): fc.Arbitrary<[string, string][]> {
  // Logging out revokes the token it is sent with: the suite's own tokens stay out of it.
  const kinds: TokenKind[] = route.path.includes('logout')
    ? ['none', 'garbage', 'long']
    : ['none', 'anonymous', 'anonymous', 'user', 'user', 'garbage', 'long', 'twice']
  return fc.constantFrom(...kinds).chain((kind): fc.Arbitrary<[string, string][]> => {
    const header = (v: string): [string, string][] => [['authentication-token', v]]
    switch (kind) {
      case 'none':
        return fc.constant([])
      case 'anonymous':
        return fc.constant(header(fixtures.api.anonymousToken))
      case 'user':
        return fc.constant(header(fixtures.api.userToken))
      case 'garbage':
        return text().map((t) => header(bytesOf(t).replace(/[\r\n]/g, '')))
      case 'long':
        return fc.constant(header('A'.repeat(8000)))
      case 'twice':
        return fc.constant([...header(fixtures.api.userToken), ...header(fixtures.api.anonymousToken)])
    }
  })
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO']

const extra = fc.oneof(
  { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.constantFrom<[string, string]>(
        ['Accept', 'application/xml'],
        ['Accept', 'text/csv'],
        ['Accept-Language', 'x'.repeat(2000)],
        ['X-Forwarded-For', '1.2.3.4, %zz, ::1, '.repeat(50)],
        ['X-Forwarded-For', 'unknown'],
        ['X-Forwarded-Host', 'evil.example'],
        ['X-Forwarded-Proto', 'javascript'],
        ['Origin', 'https://evil.example'],
        ['Content-Encoding', 'gzip'],
        ['Content-Encoding', 'br, gzip'],
      ),
      { maxLength: 3 },
    ),
  },
)

function request(
  target: string,
  method: string,
  headers: [string, string][],
  body: Body | null,
  chunked: number | null,
): FuzzRequest {
  return {
    method,
    target,
    headers: body?.contentType === undefined ? headers : [...headers, ['Content-Type', body.contentType]],
    ...(body ? { body: body.body } : {}),
    ...(chunked && body ? { chunked } : {}),
  }
}

/** Every route with generated path parameters, matrix parameters, queries and tokens, with its own methods. */
export function apiUrlRequest(ctx: ApiContext): fc.Arbitrary<FuzzRequest> {
  const known = [
    ctx.fixtures.sku,
    ctx.fixtures.api.basketId,
    'lineItems',
    'name-asc',
    'tree',
    '200',
    '0',
    '-1',
    '10001',
  ]
  return fc.oneof(
    ...ctx.routes.map((route) =>
      fc
        .record({
          target: apiTarget(route, ctx.fixtures),
          query: query(ctx.fields.query, known),
          method: fc.constantFrom(...route.methods, 'HEAD'),
          token: tokenHeaders(ctx.fixtures, route),
          headers: extra,
        })
        .map((r) => request(r.target + r.query, r.method, [...r.token, ...r.headers], null, null)),
    ),
  )
}

/** Every route with generated bodies under its own and other methods, in JSON and other media types. */
export function apiBodyRequest(ctx: ApiContext): fc.Arbitrary<FuzzRequest> {
  const { fixtures } = ctx
  const known = [
    fixtures.sku,
    fixtures.api.basketId,
    fixtures.api.itemId,
    fixtures.api.addressId,
    'anonymous',
    'password',
    'refresh_token',
    'bbuyer',
    'CONTINUE',
    'SUCCESS',
    ...fixtures.api.paymentMethods,
    ...fixtures.business.requisitionIds,
    ...fixtures.business.decisionTokens,
    fixtures.business.recurringOrderId,
    ...fixtures.business.costCenterIds,
    ...pathLogins(fixtures),
    'ApprovalStatusChange',
    'APPROVED',
    'REJECTED',
  ].filter((known) => !fixtures.reservedLogins.includes(known))
  return fc.oneof(
    ...ctx.routes.map((route) =>
      fc
        .record({
          target: apiTarget(route, fixtures),
          method: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...route.methods) },
            { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
          ),
          token: tokenHeaders(fixtures, route),
          body: fc.option(apiBody(ctx.fields.body, known), { freq: 8 }),
          chunked: fc.option(fc.integer({ min: 1, max: 8192 }), { freq: 6 }),
          headers: extra,
        })
        .map((r) => request(r.target, r.method, [...r.token, ...r.headers], r.body, r.chunked)),
    ),
  )
}

/** Bodies of 1–3 MiB, past the API's 1 MiB limit, sent chunked or with their length, to routes that take bodies. */
export function apiOversizedRequest(ctx: ApiContext): fc.Arbitrary<FuzzRequest> {
  const routes = ctx.routes.filter((route) => route.methods.some((m) => m !== 'GET'))
  return fc
    .record({
      route: fc.constantFrom(...routes),
      size: fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }),
      type: fc.constantFrom(
        'application/json',
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=x',
      ),
      chunked: fc.option(fc.integer({ min: 1024, max: 65536 }), { freq: 2 }),
    })
    .map((r) => {
      const path = r.route.path
        .replace('/rest/:site/', `/INTERSHOP/rest/WFS/${SITE}/-;loc=en_US;cur=USD/`)
        .replace(/:\w+|\*/g, ctx.fixtures.api.basketId)
      const body = Buffer.from(`{"a":"${'x'.repeat(r.size)}"}`)
      return request(
        path,
        r.route.methods.find((m) => m !== 'GET')!,
        [['authentication-token', ctx.fixtures.api.anonymousToken]],
        { contentType: r.type, body },
        r.chunked,
      )
    })
}
