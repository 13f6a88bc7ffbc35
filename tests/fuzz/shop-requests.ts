/**
 * Requests to the storefront: every route of app/routes with its parameters, splat paths in the shop's
 * SEO shapes, matrix parameters, queries and single-fetch `.data` URLs, sent with and without a session;
 * every form with generated submissions; wrong methods and media types; bodies over the limits.
 */
import fc from 'fast-check'
import type { FuzzRequest } from './client'
import type { Fixtures } from './fixtures'
import { fieldName, formBody, formFields, type Body, type Field } from './forms'
import type { ShopRoute } from './routes'
import { bytesOf, encode, encoding, longText, OFF_SITE_URLS, text, value } from './text'

export type ShopContext = { routes: ShopRoute[]; fixtures: Fixtures; origin: string }

/** A path segment or query part made of generated text, in one of the encodings. */
export const urlPart = (known: string[] = []) =>
  fc.tuple(text(known), encoding).map(([t, how]) => encode(t, how))

/** Query names every page may see: Remix's own, the add-items link, paging and the shop's common ones. */
const QUERY_NAMES = [
  '_data',
  '_routes',
  'index',
  'addItems',
  'pcode',
  'qty',
  'returnUrl',
  'searchTerm',
  'page',
  'sorting',
  'view',
  'error',
  'SearchParameter',
]

/**
 * Values fields and queries take: the real ids, and words the forms compare with. Never a login the suite
 * keeps for itself: a wrong password sent with it would lock the fixture sessions' users out.
 */
function knownValues(fixtures: Fixtures): string[] {
  const { sku, categoryId, contentPageId, shop, business } = fixtures
  const values = [
    sku,
    categoryId,
    contentPageId,
    shop.guest.lineId,
    shop.guest.basketId,
    shop.user.lineId,
    shop.user.basketId,
    `${sku}|2;${sku}|1`,
    `${sku},${sku}`,
    '/en/basket',
    ...fixtures.api.paymentMethods,
    ...fixtures.api.instrumentIds,
    'on',
    'new',
    'bbuyer',
    'Demo!2026',
    shop.business.lineId,
    shop.business.basketId,
    ...business.requisitionIds,
    ...business.decisionTokens,
    business.recurringOrderId,
    ...business.costCenterIds,
    ...business.logins,
    ...business.otherCompany.costCenterIds,
    ...business.otherCompany.logins,
    'APP_B2B_BUYER',
    'APP_B2B_APPROVER',
  ]
  return values.filter((known) => !fixtures.reservedLogins.includes(known))
}

/** Values a route's parameter takes in real URLs. */
function paramValues(name: string, fixtures: Fixtures): string[] {
  switch (name) {
    case 'lang':
      return fixtures.langs
    case 'lineId':
      return Object.values(fixtures.shop).map((session) => session.lineId)
    case 'requisitionId':
      return fixtures.business.requisitionIds
    case 'recurringOrderId':
      return [fixtures.business.recurringOrderId]
    case 'costCenterId':
      return [...fixtures.business.costCenterIds, ...fixtures.business.otherCompany.costCenterIds]
    case 'login':
      return [...fixtures.business.logins, ...fixtures.business.otherCompany.logins]
    case 'orderId':
      return ['00000000-0000-4000-8000-000000000000', '1', 'current']
    case 'term':
      return ['drill', fixtures.sku]
    case 'file':
      return ['categories.xml', 'pages.xml', `products-${fixtures.categoryId}.xml`, 'products-.xml']
    default:
      return [fixtures.sku, fixtures.categoryId, fixtures.contentPageId]
  }
}

/** The shop's SEO path shapes (`…-prd{sku}`, `…-ctg{id}`, `…-pg{id}`, short forms) with real or generated ids. */
function seoPath(fixtures: Fixtures): fc.Arbitrary<string> {
  const { sku, categoryId, contentPageId } = fixtures
  const id = (real: string) =>
    fc.oneof({ weight: 2, arbitrary: fc.constant(encodeURIComponent(real)) }, urlPart([real]))
  const slug = fc.oneof(fc.constantFrom('tools', 'cordless-drills', ''), urlPart())
  return fc.oneof(
    fc.tuple(slug, id(sku)).map(([s, x]) => `${s}-prd${x}`),
    fc.tuple(slug, id(sku), id(categoryId)).map(([s, x, c]) => `${s}-prd${x}-ctg${c}`),
    fc.tuple(slug, slug, id(categoryId)).map(([a, b, c]) => `${a}/${b}-ctg${c}`),
    fc.tuple(slug, id(contentPageId)).map(([s, x]) => `${s}-pg${x}`),
    fc
      .tuple(
        fc.constantFrom('product', 'category', 'categoryref', 'page'),
        urlPart([sku, categoryId, contentPageId]),
      )
      .map(([kind, x]) => `${kind}/${x}`),
    fc.tuple(id(categoryId), urlPart()).map(([c, catalog]) => `categoryref/${c}@${catalog}`),
    fc.array(urlPart(), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
    fc.integer({ min: 50, max: 2000 }).map((n) => Array(n).fill('a').join('/')),
  )
}

/** The splat part of a route: the shop's own shapes where the route has them, generated segments otherwise. */
function splat(route: ShopRoute, fixtures: Fixtures): fc.Arbitrary<string> {
  const generic = fc.array(urlPart(), { maxLength: 4 }).map((parts) => parts.join('/'))
  const file = route.segments.join('/')
  if (file === ':lang/*') return seoPath(fixtures)
  if (file === 'INTERSHOP/static/*') {
    const real = fixtures.imagePath.replace(/^\/INTERSHOP\/static\//, '')
    const parts = real.split('/')
    return fc.oneof(
      fc.constant(real),
      fc
        .tuple(fc.nat(parts.length - 1), urlPart())
        .map(([i, x]) => parts.map((p, j) => (j === i ? x : p)).join('/')),
      generic,
    )
  }
  if (file === 'INTERSHOP/web/WFS/*')
    return fc.oneof(
      fc
        .tuple(
          fc.oneof(fc.constant('ironbridge-Site'), urlPart()),
          fc.oneof(fc.constantFrom('en_US', 'de_DE'), urlPart()),
          fc.oneof(fc.constantFrom('ViewCart-View', 'ViewQuickorder-Start', 'ViewContent-Start'), urlPart()),
        )
        .map(([site, locale, pipeline]) => `${site}/${locale}/-/USD/${pipeline}`),
      generic,
    )
  return generic
}

/** A matrix parameter (`;loc=%`, `;%=1`) for some segment. */
const matrix = fc.oneof(
  fc.constantFrom(
    ';loc=%',
    ';%=1',
    ';loc=en_US;cur=USD',
    ';__proto__=x',
    ';=',
    ';;;',
    ';loc',
    ';spgid=%E0%A4%A',
  ),
  fc.tuple(urlPart(['loc', 'cur', 'spgid']), urlPart()).map(([n, v]) => `;${n}=${v}`),
)

/** The path of a route with its parameters filled, maybe with matrix parameters and a `.data` suffix. */
export function routePath(route: ShopRoute, fixtures: Fixtures, realLang = false): fc.Arbitrary<string> {
  const segments = route.segments.map((segment) => {
    if (segment === '*') return splat(route, fixtures)
    if (segment === ':lang' && realLang) return fc.constantFrom(...fixtures.langs)
    if (segment.startsWith(':')) {
      const real = paramValues(segment.slice(1), fixtures)
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...real) },
        { weight: 1, arbitrary: urlPart(real) },
      )
    }
    return fc.oneof(
      { weight: 12, arbitrary: fc.constant(segment) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(segment.toUpperCase(), encode(segment, 'encoded', ''), `${segment}%00`),
      },
    )
  })
  const decorated = fc
    .tuple(fc.tuple(...segments), fc.option(fc.tuple(fc.nat(), matrix), { freq: 6 }))
    .map(([parts, mx]) => {
      const list = [...parts]
      if (mx && list.length) list[mx[0] % list.length] += mx[1]
      return `/${list.join('/')}`
    })
  return fc
    .tuple(decorated, fc.constantFrom('', '', '', '', '', '.data', '.data', '/', '//', '/.', '/..', '%2F'))
    .map(([p, suffix]) => (p === '/' && suffix === '.data' ? '/_root.data' : p + suffix))
}

export function query(names: string[], values: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names, ...QUERY_NAMES) },
    { weight: 1, arbitrary: fieldName(names) },
  )
  const pair = fc
    .tuple(name, value(values), encoding)
    .map(([n, v, how]) => `${encode(n, how)}=${encode(v, how)}`)
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    {
      weight: 6,
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => `?${pairs.join('&')}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&&',
        '?=',
        '?%',
        '?a=%zz&b=%E0%A4%A',
        '?__proto__[x]=1',
        '?a[99999999]=1',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...names, ...QUERY_NAMES), fc.integer({ min: 500, max: 3000 }))
        .map(
          ([n, count]) =>
            `?${Array.from({ length: count }, (_, i) => `${encode(n, 'encoded')}[${i}]=${i}`).join('&')}`,
        ),
    },
  )
}

export type CookieKind =
  | 'none'
  | 'guest'
  | 'user'
  | 'business'
  | 'admin'
  | 'garbage'
  | 'forged'
  | 'tampered'
  | 'huge'
  | 'twice'
  | 'others'

/** A forged session: well-formed, but its signature is not the shop's. */
const forgedSession = (data: object) =>
  `apiToken=${encodeURIComponent(Buffer.from(JSON.stringify(data)).toString('base64'))}.${encodeURIComponent('c2lnbmF0dXJl')}`

export function cookie(fixtures: Fixtures, kinds: CookieKind[]): fc.Arbitrary<string | undefined> {
  const { guest, user, business, admin } = fixtures.shop
  return fc.constantFrom(...kinds).chain((kind): fc.Arbitrary<string | undefined> => {
    switch (kind) {
      case 'none':
        return fc.constant(undefined)
      case 'guest':
        return fc.constant(guest.cookie)
      case 'user':
        return fc.constant(user.cookie)
      case 'business':
        return fc.constant(business.cookie)
      case 'admin':
        return fc.constant(admin.cookie)
      case 'garbage':
        return fc
          .tuple(text(), encoding)
          .map(([t, how]) => `apiToken=${encode(t, how === 'raw' ? 'loose' : how, '=')}`)
      case 'forged':
        return fc.constantFrom(
          forgedSession({
            apiToken: 'x',
            isAnonymous: false,
            user: { login: 'admin', customerType: 'SMBCustomer' },
          }),
          forgedSession({ __proto__: { polluted: true }, compare: Array(500).fill('1') }),
          `${guest.cookie.split('.')[0]}.AAAA`,
          `${guest.cookie.split('.')[0]}`,
          'apiToken=e30%3D.%zz',
        )
      case 'tampered':
        return fc.nat(guest.cookie.length - 12).map((i) => {
          const at = 10 + i
          const char = guest.cookie[at] === 'A' ? 'B' : 'A'
          return guest.cookie.slice(0, at) + char + guest.cookie.slice(at + 1)
        })
      case 'huge':
        return fc.constantFrom(
          `apiToken=${'A'.repeat(7000)}`,
          Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; '),
        )
      case 'twice':
        return fc.constant(`apiToken=garbage; ${guest.cookie}; apiToken=x`)
      case 'others':
        return fc
          .tuple(urlPart(['de', 'xx', '../']), urlPart())
          .map(([locale, consent]) => `preferredLocale=${locale}; cookieConsent=${consent}`)
    }
  })
}

const ALL_COOKIES: CookieKind[] = [
  'none',
  'none',
  'guest',
  'guest',
  'user',
  'user',
  'business',
  'business',
  'admin',
  'garbage',
  'forged',
  'tampered',
  'huge',
  'twice',
  'others',
]
/** Logging out (GET or POST) ends the session it is sent with: the fixture sessions stay out of it. */
const DISPOSABLE_COOKIES: CookieKind[] = ['none', 'garbage', 'forged', 'tampered', 'huge', 'others']

const cookiesFor = (route: ShopRoute) =>
  route.segments.includes('logout') ? DISPOSABLE_COOKIES : ALL_COOKIES

/** Headers a browser (or something pretending to be one) adds; the odd ones now and then. */
function extraHeaders(origin: string): fc.Arbitrary<[string, string][]> {
  const header = fc.oneof(
    fc.constantFrom<[string, string]>(
      ['Accept', 'text/html'],
      ['Accept', 'application/json'],
      ['Accept', 'text/x-script'],
      ['Accept-Language', 'de-DE,de;q=0.9'],
      ['Accept-Language', 'x'.repeat(3000)],
      ['User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
      ['User-Agent', ''],
      ['Origin', origin],
      ['Origin', 'null'],
      ['Origin', 'https://evil.example'],
      ['Referer', `${origin}/en/home`],
      ['Referer', 'https://evil.example/'],
      ['Referer', '%zz'],
      ['Sec-Fetch-Site', 'cross-site'],
      ['Sec-Fetch-Site', 'same-origin'],
      ['X-Forwarded-Host', 'evil.example'],
      ['X-Forwarded-Proto', 'javascript'],
      ['X-Forwarded-For', '1.2.3.4, %zz, ::1'],
      ['If-None-Match', '*'],
      ['Range', 'bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9'],
    ),
    fc
      .tuple(
        fc.constantFrom('Accept', 'Accept-Language', 'User-Agent', 'Referer', 'Origin', 'X-Forwarded-Host'),
        text(),
      )
      .map(([n, v]): [string, string] => [n, bytesOf(v).replace(/[\r\n]/g, ' ')]),
  )
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: fc.array(header, { maxLength: 3 }) },
  )
}

function withCookie(headers: [string, string][], value: string | undefined): [string, string][] {
  return value === undefined ? headers : [['Cookie', value], ...headers]
}

function withBody(headers: [string, string][], body: Body): [string, string][] {
  return body.contentType === undefined ? headers : [...headers, ['Content-Type', body.contentType]]
}

/**
 * The query of a route's URL: for the requisition decision page mostly the approver's links as their mail has
 * them (`?token=…&decision=approve`), else `generated`.
 */
function routeQuery(route: ShopRoute, fixtures: Fixtures, generated: fc.Arbitrary<string>) {
  if (!route.segments.includes('requisition-decision')) return generated
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fixtures.business.decisionQueries) },
    { weight: 2, arbitrary: generated },
  )
}

/** GET and HEAD on every route: generated parameters, splats, matrix parameters, queries, cookies. */
export function pageRequest(ctx: ShopContext): fc.Arbitrary<FuzzRequest> {
  const known = knownValues(ctx.fixtures)
  return fc.oneof(
    ...ctx.routes
      .filter((route) => route.hasLoader)
      .map((route) =>
        fc
          .record({
            method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
            path: routePath(route, ctx.fixtures),
            query: routeQuery(route, ctx.fixtures, query(route.fields, [...route.values, ...known])),
            cookie: cookie(ctx.fixtures, cookiesFor(route)),
            headers: extraHeaders(ctx.origin),
          })
          .map((r): FuzzRequest => ({
            method: r.method,
            target: r.path + r.query,
            headers: withCookie(r.headers, r.cookie),
          })),
      ),
  )
}

/** A same-origin Origin mostly (else the post is refused before its form is read), sometimes none or another. */
function formOrigin(origin: string): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<[string, string][]>([['Origin', origin]]) },
    { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: extraHeaders(origin) },
  )
}

/** Single-fetch and classic data requests of an action. */
const ACTION_QUERY = fc.constantFrom(
  '',
  '',
  '',
  '',
  '?index',
  '?_data=routes%2F%24lang.basket',
  '?_routes=%zz',
)

/** POSTs to every route with an action: generated submissions of its form's fields in every media type. */
export function formRequest(
  ctx: ShopContext,
  options: { chunked?: boolean } = {},
): fc.Arbitrary<FuzzRequest> {
  const known = knownValues(ctx.fixtures)
  return fc.oneof(
    ...ctx.routes
      .filter((route) => route.hasAction)
      .map((route) =>
        fc
          .record({
            path: routePath(route, ctx.fixtures, true),
            query: routeQuery(route, ctx.fixtures, ACTION_QUERY),
            cookie: cookie(ctx.fixtures, cookiesFor(route)),
            headers: formOrigin(ctx.origin),
            body: formBody(formFields(route.fields, [...route.values, ...known])),
            chunked:
              options.chunked === false
                ? fc.constant(undefined)
                : fc.option(fc.integer({ min: 1, max: 8192 }), { freq: 6 }),
          })
          .map((r): FuzzRequest => ({
            method: 'POST',
            target: r.path + r.query,
            headers: withBody(withCookie(r.headers, r.cookie), r.body),
            body: r.body.body,
            ...(r.chunked ? { chunked: r.chunked } : {}),
          })),
      ),
  )
}

const WRONG_METHODS = [
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'CONNECT',
  'M-SEARCH',
  'post',
  'Get',
  'FOO',
  'GET',
]

/** Every route with a method it does not take, and a body in some media type (GET with a body too). */
export function wrongMethodRequest(ctx: ShopContext): fc.Arbitrary<FuzzRequest> {
  const known = knownValues(ctx.fixtures)
  return fc.oneof(
    ...ctx.routes.map((route) =>
      fc
        .record({
          method: fc.constantFrom(...WRONG_METHODS),
          path: routePath(route, ctx.fixtures, true),
          cookie: cookie(ctx.fixtures, cookiesFor(route)),
          headers: formOrigin(ctx.origin),
          body: fc.option(formBody(formFields(route.fields, [...route.values, ...known])), { freq: 4 }),
        })
        .map((r): FuzzRequest => ({
          method: r.method,
          target: r.method === 'CONNECT' ? '127.0.0.1:80' : r.path,
          headers: r.body
            ? withBody(withCookie(r.headers, r.cookie), r.body)
            : withCookie(r.headers, r.cookie),
          ...(r.body ? { body: r.body.body } : {}),
        })),
    ),
  )
}

/** Posts of 1–3 MiB to every form: one huge field, a huge file part, or thousands of fields; chunked or not. */
export function oversizedRequest(ctx: ShopContext): fc.Arbitrary<FuzzRequest> {
  const routes = ctx.routes.filter((route) => route.hasAction)
  return fc
    .record({
      route: fc.constantFrom(...routes),
      field: fc.nat(),
      lang: fc.constantFrom(...ctx.fixtures.langs),
      size: fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }),
      shape: fc.constantFrom('field', 'file', 'fields'),
      chunked: fc.option(fc.integer({ min: 1024, max: 65536 }), { freq: 2 }),
      cookie: cookie(ctx.fixtures, ['none', 'guest']),
    })
    .map((r): FuzzRequest => {
      const name = r.route.fields[r.field % Math.max(1, r.route.fields.length)] ?? 'field'
      const segment = (s: string) =>
        s === ':lang' ? r.lang : s === '*' ? 'x' : s.startsWith(':') ? ctx.fixtures.shop.guest.lineId : s
      let body: Body
      if (r.shape === 'file') {
        body = {
          contentType: 'multipart/form-data; boundary=b0undary',
          body: Buffer.concat([
            Buffer.from(
              `--b0undary\r\nContent-Disposition: form-data; name="${name}"; filename="a.bin"\r\n\r\n`,
            ),
            Buffer.alloc(r.size, 'x'),
            Buffer.from('\r\n--b0undary--\r\n'),
          ]),
        }
      } else if (r.shape === 'fields') {
        const pair = `${name}=1&`
        body = {
          contentType: 'application/x-www-form-urlencoded',
          body: Buffer.from(pair.repeat(Math.ceil(r.size / pair.length))),
        }
      } else {
        body = {
          contentType: 'application/x-www-form-urlencoded',
          body: Buffer.from(`${name}=${'x'.repeat(r.size)}`),
        }
      }
      return {
        method: 'POST',
        target: `/${r.route.segments.map(segment).join('/')}`,
        headers: withBody(withCookie([['Origin', ctx.origin]], r.cookie), body),
        body: body.body,
        ...(r.chunked ? { chunked: r.chunked } : {}),
      }
    })
}

/** The routes that take a `returnUrl` (or redirect on their own), with the URLs an open redirect would follow. */
export function redirectRequest(ctx: ShopContext): fc.Arbitrary<FuzzRequest> {
  const { fixtures, origin } = ctx
  const lang = fc.constantFrom(...fixtures.langs)
  const target = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...OFF_SITE_URLS) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...OFF_SITE_URLS), text()).map(([u, t]) => u + t) },
    { weight: 1, arbitrary: longText(100, 5000, OFF_SITE_URLS) },
  )
  const post = (
    path: string,
    fields: Field[],
    cookieValue: string | undefined,
    how: 'encoded' | 'loose',
  ): FuzzRequest => {
    const body = Buffer.from(
      fields.map(([n, v]) => `${encode(n, how)}=${encode(v, how)}`).join('&'),
      'latin1',
    )
    return {
      method: 'POST',
      target: path,
      headers: withCookie(
        [
          ['Origin', origin],
          ['Content-Type', 'application/x-www-form-urlencoded'],
        ],
        cookieValue,
      ),
      body,
    }
  }
  const how = fc.constantFrom<'encoded' | 'loose'>('encoded', 'loose')
  const session = cookie(fixtures, ['none', 'guest', 'user', 'business'])
  return fc.oneof(
    fc.tuple(lang, target, how, session).map(([l, url, h, c]) => ({
      method: 'GET',
      target: `/${l}/login?returnUrl=${encode(url, h)}`,
      headers: withCookie([], c),
    })),
    fc.tuple(lang, target, how).map(([l, url, h]) => ({
      method: 'GET',
      target: `/${l}/logout?returnUrl=${encode(url, h)}`,
      headers: [],
    })),
    fc
      .tuple(lang, target, how)
      .map(([l, url, h]) => post(`/${l}/logout`, [['returnUrl', url]], undefined, h)),
    fc.tuple(lang, target, how, session).map(([l, url, h, c]) =>
      post(
        `/${l}/basket/add`,
        [
          ['sku', fixtures.sku],
          ['quantity', '1'],
          ['returnUrl', url],
        ],
        c,
        h,
      ),
    ),
    fc.tuple(lang, target, how, session, fc.constantFrom('add', 'remove')).map(([l, url, h, c, intent]) =>
      post(
        `/${l}/compare`,
        [
          ['intent', intent],
          ['sku', fixtures.sku],
          ['returnUrl', url],
        ],
        c,
        h,
      ),
    ),
    fc.tuple(lang, target, how).map(([l, url, h]) =>
      post(
        `/${l}/login`,
        [
          ['login', 'bbuyer'],
          ['password', 'wrong'],
          ['returnUrl', url],
        ],
        undefined,
        h,
      ),
    ),
    fc.tuple(lang, target, how).map(([l, url, h]) => ({
      method: 'GET',
      target: `/${l}/home?addItems=${encodeURIComponent(`${fixtures.sku}|1`)}&returnUrl=${encode(url, h)}`,
      headers: [],
    })),
    fc.tuple(target, how).map(([url, h]) => ({ method: 'GET', target: `/${encode(url, h)}`, headers: [] })),
  )
}
