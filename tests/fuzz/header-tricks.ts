/**
 * Header and framing tricks, written byte for byte: Host and X-Forwarded-Host values a client library
 * refuses to send (spaces, CR/LF, two of them, none), over-long and too many headers, contradicting body
 * framing, odd request lines, cookies that are garbage. Each is applied to an ordinary request.
 */
import fc from 'fast-check'
import type { FuzzRequest } from './client'
import { restUrl, type Fixtures } from './fixtures'
import { bytesOf, text } from './text'

type Trick = (request: FuzzRequest) => FuzzRequest

const add =
  (...headers: [string, string][]): Trick =>
  (r) => ({ ...r, headers: [...r.headers, ...headers] })
const host =
  (...values: string[]): Trick =>
  (r) => ({ ...r, headers: [...values.map((v): [string, string] => ['Host', v]), ...r.headers] })

/** A body the trick can frame wrongly (the base request may have none). */
const withBody = (r: FuzzRequest) => r.body ?? Buffer.from('a=1')

export function tricks(origin: string): fc.Arbitrary<Trick> {
  const { host: authority } = new URL(origin)
  const named = fc.constantFrom<Trick>(
    host(`${authority.replace(':', ' :')}`),
    host('a b'),
    host(' '),
    host(''),
    host('evil.example'),
    host(`${authority}@evil.example`),
    host('evil.example:99999'),
    host('[::1'),
    host('%zz'),
    host(`${authority}\r\nX-Injected: 1`),
    host(`${authority}\nX-Injected: 1`),
    host(`${authority}\rX-Injected: 1`),
    host(authority, 'evil.example'),
    host('h'.repeat(10_000)),
    (r) => ({ ...r, omitHost: true }),
    add(['X-Forwarded-Host', 'evil.example']),
    add(['X-Forwarded-Host', 'a b']),
    add(['X-Forwarded-Host', '']),
    add(['X-Forwarded-Host', `evil.example, ${authority}`]),
    add(['X-Forwarded-Host', 'evil.example\r\nX-Injected: 1']),
    add(['X-Forwarded-Host', 'evil.example'], ['X-Forwarded-Host', authority]),
    add(['X-Forwarded-Proto', 'javascript']),
    add(['X-Forwarded-Proto', 'https, http']),
    add(['X-Forwarded-For', '%zz, , ::ffff:1.2.3.4, 999.1.1.1']),
    add(['Forwarded', 'for="_gazonk";host=evil.example;proto=javascript']),
    add(['X-Long', 'a'.repeat(9000)]),
    add(['X-Long', 'a'.repeat(70_000)]),
    add(...Array.from({ length: 2500 }, (_, i): [string, string] => [`X-N${i}`, String(i)])),
    add(['Cookie', `apiToken=${'A'.repeat(20_000)}`]),
    add(['Cookie', 'apiToken=x'], ['Cookie', 'apiToken=y']),
    add(['Cookie', 'apiToken=\u0001\u0002; a=%zz; =; ;;']),
    add(['X-Bad Name', '1']),
    add(['(x)', '1']),
    add(['\u00dc', '1']),
    add(['X-Nul', 'a\u0000b']),
    add(['X-Folded', 'a\r\n folded']),
    add(['Expect', '100-continue']),
    add(['Expect', 'x-fuzz']),
    add(['Connection', 'Upgrade'], ['Upgrade', 'h2c']),
    add(['Transfer-Encoding', 'gzip']),
    add(['Accept-Encoding', 'gzip;q=1, br, *;q=0, identity;q=0']),
    add(['Content-Encoding', 'gzip']),
    add(['Content-Type', 'application/x-www-form-urlencoded; charset=%zz']),
    add(['If-Modified-Since', 'not a date']),
    add(['Range', 'bytes=-1,0-,1-2,' + '3-4,'.repeat(500)]),
    (r) => ({
      ...r,
      headers: [...r.headers, ['Content-Length', '3'], ['Content-Length', '4']],
      body: Buffer.from('a=12'),
    }),
    (r) => ({ ...r, headers: [...r.headers, ['Content-Length', '4']], body: withBody(r), chunked: 2 }),
    (r) => ({
      ...r,
      headers: [...r.headers, ['Transfer-Encoding', 'chunked, identity']],
      body: withBody(r),
      chunked: 2,
    }),
    (r) => ({
      ...r,
      headers: [...r.headers, ['Transfer-Encoding', 'xchunked']],
      body: withBody(r),
      chunked: 2,
    }),
    (r) => ({ ...r, headers: [...r.headers, ['Content-Length', '-1']], body: Buffer.alloc(0) }),
    (r) => ({ ...r, headers: [...r.headers, ['Content-Length', 'abc']], body: Buffer.alloc(0) }),
    (r) => ({
      ...r,
      headers: [...r.headers, ['Content-Length', '99999999999999999999']],
      body: Buffer.alloc(0),
    }),
    (r) => ({ ...r, version: 'HTTP/1.0' }),
    (r) => ({ ...r, version: 'HTTP/2.0' }),
    (r) => ({ ...r, version: 'HTTP/1.1 extra' }),
    (r) => ({ ...r, version: 'HTTP/1.x' }),
    (r) => ({ ...r, target: `http://evil.example${r.target}` }),
    (r) => ({ ...r, target: `${origin}${r.target}` }),
    (r) => ({ ...r, method: 'OPTIONS', target: '*' }),
    (r) => ({ ...r, target: r.target.replace('/', '/\u0000') }),
    (r) => ({ ...r, target: `${r.target}#fragment` }),
    (r) => ({ ...r, target: r.target.replace('/', '//') }),
    (r) => ({ ...r, target: `/..${r.target}` }),
    (r) => ({ ...r, method: 'GET\u0000' }),
    (r) => ({ ...r, method: 'G E T' }),
  )
  // Generated values where a server expects a host name or a cookie.
  const generated = fc
    .tuple(
      fc.constantFrom(
        'Host',
        'X-Forwarded-Host',
        'Cookie',
        'Origin',
        'Referer',
        'Accept-Language',
        'Content-Type',
      ),
      text(),
    )
    .map(([name, value]): Trick => (r) => ({
      ...r,
      headers:
        name === 'Host' ? [[name, bytesOf(value)], ...r.headers] : [...r.headers, [name, bytesOf(value)]],
    }))
  return fc.oneof({ weight: 4, arbitrary: named }, { weight: 1, arbitrary: generated })
}

/** An ordinary request with one to three tricks applied. */
export function trickRequest(origin: string, base: fc.Arbitrary<FuzzRequest>): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(base, fc.array(tricks(origin), { minLength: 1, maxLength: 3 }))
    .map(([request, list]) => list.reduce((r, trick) => trick(r), request))
}

/** Ordinary storefront requests the tricks are applied to: pages with and without a session, posts, files. */
export function shopBase(fixtures: Fixtures, origin: string): fc.Arbitrary<FuzzRequest> {
  const form = (path: string, body: string, cookie?: string): FuzzRequest => ({
    method: 'POST',
    target: path,
    headers: [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Origin', origin],
      ...(cookie ? ([['Cookie', cookie]] as [string, string][]) : []),
    ],
    body: Buffer.from(body),
  })
  return fc.constantFrom<FuzzRequest>(
    { method: 'GET', target: '/en/home', headers: [] },
    { method: 'GET', target: '/de/basket', headers: [['Cookie', fixtures.shop.guest.cookie]] },
    { method: 'GET', target: `/en/prd${fixtures.sku}`, headers: [] },
    { method: 'GET', target: '/en/home.data', headers: [] },
    { method: 'GET', target: '/favicon.svg', headers: [] },
    { method: 'GET', target: fixtures.imagePath, headers: [] },
    form(
      '/en/basket/add',
      `sku=${fixtures.sku}&quantity=1&returnUrl=%2Fen%2Fbasket`,
      fixtures.shop.guest.cookie,
    ),
    form('/en/login', 'login=bbuyer&password=x'),
  )
}

/** Ordinary API calls the tricks are applied to: health, catalog reads, a basket with its token, a token. */
export function apiBase(fixtures: Fixtures): fc.Arbitrary<FuzzRequest> {
  const rest = (path: string) => restUrl('', path)
  return fc.constantFrom<FuzzRequest>(
    { method: 'GET', target: '/health', headers: [] },
    { method: 'GET', target: rest('categories'), headers: [] },
    { method: 'GET', target: rest(`products/${fixtures.sku}`), headers: [] },
    {
      method: 'GET',
      target: rest(`baskets/${fixtures.api.basketId}`),
      headers: [['authentication-token', fixtures.api.anonymousToken]],
    },
    {
      method: 'POST',
      target: rest('token'),
      headers: [['Content-Type', 'application/json']],
      body: Buffer.from('{"grant_type":"anonymous"}'),
    },
  )
}
