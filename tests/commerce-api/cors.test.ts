import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCorsOrigins } from '../../commerce-api/cors'
import { call, SITE, startApi, tokenFor, type Api } from './harness'

const CLIENT = 'http://pwa.example:4200'

let api: Api
let closed: Api
beforeAll(async () => {
  ;[api, closed] = await Promise.all([
    startApi({ products: 40, corsOrigins: [CLIENT] }),
    startApi({ products: 40 }),
  ])
})
afterAll(() => Promise.all([api.close(), closed.close()]))

const preflight = (target: Api, path: string, origin: string, method = 'POST') =>
  fetch(target.url(path), {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type,authentication-token',
    },
  })

const exposed = (headers: Headers) =>
  (headers.get('access-control-expose-headers') ?? '').split(/\s*,\s*/).map((h) => h.toLowerCase())

describe('CORS for browser-side ICM clients (ICM_CORS_ORIGINS)', () => {
  it('answers the preflight of an allowed origin with 204 and what the client may send', async () => {
    const response = await preflight(api, 'baskets', CLIENT)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPATCH\b/)
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    expect(allowed).toContain('authentication-token')
    expect(allowed).toContain('content-type')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0)
  })

  it('lets an allowed origin read answers and the headers ICM clients read', async () => {
    const categories = await call(api.url('categories?view=tree&limit=1'), { headers: { origin: CLIENT } })
    expect(categories.status).toBe(200)
    expect(categories.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(categories.headers.get('vary')).toMatch(/origin/i)
    expect(exposed(categories.headers)).toEqual(
      expect.arrayContaining(['authentication-token', 'error-key', 'error-type']),
    )

    const anonymous = await tokenFor(api, { grant_type: 'anonymous' })
    const basket = await call(api.url('baskets'), {
      method: 'POST',
      headers: { origin: CLIENT },
      token: anonymous.json.access_token,
      json: {},
    })
    expect(basket.status).toBe(201)
    expect(basket.headers.get('access-control-allow-origin')).toBe(CLIENT)
  })

  it('lets an allowed origin read refusals, including those made before routing', async () => {
    const refused = await call(api.url('baskets/current'), { headers: { origin: CLIENT } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(refused.headers.get('error-key')).toBeTruthy()

    const unknownSite = await call(api.url('categories').replace(SITE, 'nowhere-Site'), {
      headers: { origin: CLIENT },
    })
    expect(unknownSite.status).toBe(404)
    expect(unknownSite.headers.get('access-control-allow-origin')).toBe(CLIENT)
    expect(exposed(unknownSite.headers)).toContain('error-key')
  })

  it('gives other origins, and every origin when none is configured, nothing to read', async () => {
    for (const [target, origin] of [
      [api, 'http://evil.example'],
      [closed, CLIENT],
    ] as const) {
      const refusedPreflight = await preflight(target, 'baskets', origin)
      expect(refusedPreflight.status).toBe(404)
      expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull()
      const read = await call(target.url('categories'), { headers: { origin } })
      expect(read.status).toBe(200)
      expect(read.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  it('lets the allowed origins show the pictures only when CORS is configured', async () => {
    const picture = (target: Api) =>
      fetch(
        target
          .url('')
          .replace(/\/INTERSHOP\/rest\/.*$/, `/INTERSHOP/static/WFS/${SITE}/-/images/1/100/x.svg`),
      )
    expect((await picture(api)).headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect((await picture(closed)).headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })
})

describe('ICM_CORS_ORIGINS', () => {
  it('takes origins separated by commas or spaces, and any origin as *', () => {
    expect(parseCorsOrigins('https://a.example, http://b.example:4200  *')).toEqual([
      'https://a.example',
      'http://b.example:4200',
      '*',
    ])
    expect(parseCorsOrigins(undefined)).toEqual([])
  })

  it('refuses a value that is no origin, naming it', () => {
    expect(() => parseCorsOrigins('https://a.example/path')).toThrow(/a\.example\/path/)
    expect(() => parseCorsOrigins('a.example')).toThrow(/not an origin/)
  })
})
