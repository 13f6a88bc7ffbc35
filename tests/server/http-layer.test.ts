import fs from 'node:fs'
import type { Server } from 'node:http'
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app.mjs'
import { requestBounds } from '../../server/security.mjs'
import { frameAncestors, serverSettings, trustedProxies } from '../../server/settings.mjs'
import { cspNonceOf, send, sendRaw } from './helpers'

type Handler = (req: ExpressRequest, res: ExpressResponse) => void

const servers: Server[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

/** The storefront's Express app with a stand-in for Remix that records what reached it. */
async function shop(env: Record<string, string> = {}, handler?: Handler) {
  const reached: { method: string; path: string; nonce: string }[] = []
  const app = createApp({
    build: undefined,
    settings: serverSettings({ PAGE_CACHE_SECONDS: '0', ...env }),
    handler: (req: ExpressRequest, res: ExpressResponse) => {
      reached.push({ method: req.method, path: req.path, nonce: res.locals.cspNonce })
      if (handler) return handler(req, res)
      res.type('text/plain').send(`app ${req.method} ${req.path}`)
    },
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as { port: number }
  return { origin: `http://127.0.0.1:${port}`, reached }
}

/** What Express made of the client and its forwarded headers. */
const echoClient: Handler = (req, res) => {
  res.json({
    ip: req.ip,
    hostname: req.hostname,
    protocol: req.protocol,
    forwardedFor: req.headers['x-forwarded-for'] ?? null,
    forwardedHost: req.headers['x-forwarded-host'] ?? null,
    clientAddress: req.headers['x-storefront-client-address'],
  })
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('public files', () => {
  it('serves the build’s favicon with an hour’s caching; page paths reach the app without a look at the disk', async () => {
    const stat = vi.spyOn(fs, 'stat')
    const { origin, reached } = await shop()
    const favicon = await fetch(`${origin}/favicon.svg`)
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('content-type')).toContain('image/svg+xml')
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(stat).toHaveBeenCalledTimes(1)
    for (const page of [
      '/en/home',
      '/en/power-tools-ctgPower-Tools.Drills',
      '/robots.txt',
      '/favicon.svg/x',
    ]) {
      expect(await (await fetch(`${origin}${page}`)).text()).toBe(`app GET ${page}`)
    }
    expect(reached.map((r) => r.path)).toEqual([
      '/en/home',
      '/en/power-tools-ctgPower-Tools.Drills',
      '/robots.txt',
      '/favicon.svg/x',
    ])
    expect(stat).toHaveBeenCalledTimes(1)
  })
})

describe('connections', () => {
  it('stay open after a page-cache hit, which is answered before Node marks the request complete', async () => {
    const { origin, reached } = await shop({ PAGE_CACHE_SECONDS: '10' }, (_req, res) => {
      res
        .set({ 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' })
        .type('html')
        .send('<p>page</p>')
    })
    const headers = { Connection: 'keep-alive' }
    const miss = await send(origin, '/en/home', { headers })
    const hit = await send(origin, '/en/home', { headers })
    expect(miss.headers['x-page-cache']).toBe('miss')
    expect(hit.headers['x-page-cache']).toBe('hit')
    expect(hit.headers.connection).toBe('keep-alive')
    expect(reached).toHaveLength(1)
    // A post whose body is left unread still closes it.
    const refused = await send(origin, '/en/login', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(refused.status).toBe(415)
    expect(refused.headers.connection).toBe('close')
  })
})

describe('request bounds', () => {
  it('lets only GET, HEAD and POST reach the app; others answer 405 with Allow, in the path’s language', async () => {
    const { origin, reached } = await shop()
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const answer = await send(origin, '/fr/basket', { method })
      expect(answer.status, method).toBe(405)
      expect(answer.headers.allow, method).toBe('GET, HEAD, POST')
      expect(answer.headers['cache-control']).toBe('no-store')
      if (method !== 'HEAD') expect(answer.body, method).toContain('<title>Méthode non autorisée</title>')
    }
    // Outside a language's path the page is German, the shop's default.
    const german = await send(origin, '/INTERSHOP/static/x.svg', { method: 'DELETE' })
    expect(german.body).toContain('<html lang="de-DE">')
    expect(german.body).toContain('Methode nicht erlaubt')
    expect(german.body).toContain('href="/de/home"')
    expect(reached).toEqual([])

    expect((await send(origin, '/en/home')).body).toBe('app GET /en/home')
    expect((await send(origin, '/en/home', { method: 'HEAD' })).status).toBe(200)
    expect((await send(origin, '/en/login', { method: 'POST', headers: FORM, body: 'a=1' })).status).toBe(200)
    expect(reached.map((r) => r.method)).toEqual(['GET', 'HEAD', 'POST'])
  })

  it('answers 413 to a POST declaring more than MAX_BODY_BYTES, without the app reading it', async () => {
    const { origin, reached } = await shop({ MAX_BODY_BYTES: '1000' })
    const tooLarge = await send(origin, '/pl/login', {
      method: 'POST',
      headers: FORM,
      body: `a=${'x'.repeat(999)}`,
    })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.headers.connection).toBe('close')
    expect(tooLarge.body).toContain('<title>Żądanie jest zbyt duże</title>')
    expect(reached).toEqual([])
    const fits = await send(origin, '/pl/login', {
      method: 'POST',
      headers: FORM,
      body: `a=${'x'.repeat(998)}`,
    })
    expect(fits.status).toBe(200)
    expect(reached).toHaveLength(1)
  })

  it('closes the connection after answering a post whose body it did not read, so no next request waits for it', async () => {
    // The app refuses a declared 500 KB form (its own limit is lower than MAX_BODY_BYTES) without reading it.
    const { origin } = await shop({}, (_req, res) => {
      res.status(413).type('text/plain').send('too large')
    })
    const started = Date.now()
    const answer = await sendRaw(
      origin,
      'POST /en/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 500000\r\n\r\na=xxxxxxxx',
    )
    // sendRaw returns when the server closes the connection; kept open, it would wait for 499,990 more bytes.
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(Date.now() - started).toBeLessThan(5000)

    // A post whose body the app read keeps its connection.
    const { origin: reading } = await shop({}, (req, res) => {
      req.resume()
      req.on('end', () => res.status(413).type('text/plain').send('read'))
    })
    const kept = await send(reading, '/en/login', { method: 'POST', headers: FORM, body: 'a=1' })
    expect(kept.status).toBe(413)
    expect(kept.headers.connection).toBe('keep-alive')
  })

  it('answers 415 to a POST that is not a form', async () => {
    const { origin, reached } = await shop()
    for (const type of ['application/json', 'text/plain', 'text/xml', undefined]) {
      const answer = await send(origin, '/ro/login', {
        method: 'POST',
        headers: type ? { 'Content-Type': type } : {},
        body: '{"login":"x"}',
      })
      expect(answer.status, type).toBe(415)
      expect(answer.headers['accept-post']).toBe('application/x-www-form-urlencoded, multipart/form-data')
      expect(answer.body).toContain('<title>Format de date neacceptat</title>')
    }
    expect(reached).toEqual([])
    const multipart = 'multipart/form-data; boundary=x'
    const body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'
    await send(origin, '/en/login', { method: 'POST', headers: { 'Content-Type': multipart }, body })
    await send(origin, '/en/login', {
      method: 'POST',
      headers: { 'Content-Type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
      body: 'a=1',
    })
    expect(reached).toHaveLength(2)
  })

  it('lets other body types through to the paths of the allowlist only', async () => {
    const app = express()
    app.use(requestBounds({ maxBodyBytes: 1024, otherBodyTypesAllowed: [/^\/punchout\/cxml$/] }))
    app.post('*', (_req, res) => res.send('reached'))
    const server = app.listen(0, '127.0.0.1')
    servers.push(server)
    await new Promise((resolve) => server.once('listening', resolve))
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const xml = { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<cXML/>' }
    expect((await send(origin, '/punchout/cxml', xml)).body).toBe('reached')
    expect((await send(origin, '/punchout/cxml/other', xml)).status).toBe(415)
  })
})

describe('URL checks', () => {
  it('answer 400 naming the part to malformed escapes and control characters, in the path’s language', async () => {
    const { origin, reached } = await shop()
    const refused = [
      ['/en/search?searchTerm=a%00b', 'searchTerm'],
      ['/de/search?searchTerm=%E0%A4%A', 'searchTerm'],
      ['/en/search?x%00y=1', 'xy'],
      ['/en/product/1000204%00', '1000204%00'],
      ['/en/%/home', '%'],
      ['/en/home?returnUrl=%2Fen%0D%0ASet-Cookie:x', 'returnUrl'],
    ]
    for (const [path, name] of refused) {
      const answer = await send(origin, path!)
      expect(answer.status, path).toBe(400)
      expect(answer.body, path).toContain(name)
      expect(answer.headers['set-cookie'], path).toBeUndefined()
    }
    expect((await send(origin, '/de/search?searchTerm=%E0%A4%A')).body).toContain('Der Parameter')
    expect(reached).toEqual([])
    const fine = await send(origin, '/en/search?searchTerm=S%C3%BC%C3%9F+%26+mehr&page=2')
    expect(fine.status).toBe(200)
    expect(reached).toHaveLength(1)
  })

  it('answer 404 to a path beginning with a backslash, which URL parsers read as `//host` (the render threw: 500)', async () => {
    const { origin, reached } = await shop()
    for (const path of [
      '/%5C/home',
      '/%5C',
      '/%5C%5C/home',
      "/%5C1');--/account/recurring-orders/x",
      '/%5c.data',
    ]) {
      const answer = await send(origin, path)
      expect(answer.status, path).toBe(404)
      expect(answer.headers['set-cookie'], path).toBeUndefined()
    }
    expect(reached).toEqual([])
    // A backslash further on is a character of the page's address like any other.
    expect((await send(origin, '/en/search?searchTerm=%5C')).status).toBe(200)
    expect((await send(origin, '/en/%5C/home')).status).toBe(200)
    expect(reached).toHaveLength(2)
  })
})

describe('posts from other sites', () => {
  it('answer 403 in the path’s language before the app sees them; the shop’s own and header-less posts pass', async () => {
    const { origin, reached } = await shop({ PUBLIC_URL: 'https://shop.example' })
    const post = (headers: Record<string, string>) =>
      send(origin, '/fr/basket/add', {
        method: 'POST',
        headers: { ...FORM, ...headers },
        body: 'sku=1&quantity=1',
      })
    const crossSite: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Referer: 'https://evil.example/page' },
      // The public origin, sent to another host: Remix would abort the action (a 500) on that mismatch.
      { Origin: 'https://shop.example' },
    ]
    for (const headers of crossSite) {
      const answer = await post(headers)
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(answer.body).toContain('<title>Demande refusée</title>')
    }
    expect(reached).toEqual([])
    const own: Record<string, string>[] = [
      { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      { Referer: 'https://shop.example/fr/home' },
      { Referer: `${origin}/fr/home` },
      {},
    ]
    for (const headers of own) expect((await post(headers)).status, JSON.stringify(headers)).toBe(200)
    expect(reached).toHaveLength(4)
  })
})

describe('request targets', () => {
  it('serve an absolute-form target by its path and refuse targets that are no path', async () => {
    const { origin, reached } = await shop()
    const absolute = await sendRaw(
      origin,
      'GET http://evil.example/en/home?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect(absolute).toMatch(/^HTTP\/1\.1 200/)
    expect(reached.at(-1)?.path).toBe('/en/home')
    const star = await sendRaw(origin, 'GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
    expect(star).toMatch(/^HTTP\/1\.1 400/)
  })
})

/** `GET /en/home` with exactly this Host header, written byte for byte. */
const homeWithHost = (origin: string, host: string) =>
  sendRaw(origin, `GET /en/home HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)

describe('Host and forwarded headers', () => {
  it('answers 400 to a Host that is not host[:port], and serves valid ones', async () => {
    const { origin, reached } = await shop()
    for (const host of [
      'a b',
      'exa/mple',
      'shop.example:99999',
      '[::1',
      'shop.example:80:80',
      'shop@evil',
      '1.2.3.4.5',
      '256.1.1.1',
    ]) {
      const answer = await homeWithHost(origin, host)
      expect(answer.split('\r\n')[0], host).toBe('HTTP/1.1 400 Bad Request')
      expect(answer, host).toContain('<title>Invalid request</title>')
    }
    const noHost = await sendRaw(origin, 'GET /en/home HTTP/1.0\r\n\r\n')
    expect(noHost.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expect(reached).toEqual([])
    for (const host of [
      'shop.example.com',
      'shop.example:8080',
      '[::1]:3000',
      '127.0.0.1',
      'shop_internal',
    ]) {
      const answer = await homeWithHost(origin, host)
      expect(answer.split('\r\n')[0], host).toBe('HTTP/1.1 200 OK')
    }
    expect(reached).toHaveLength(5)
  })

  it('ignores and removes forwarded headers when no proxy is trusted (the default)', async () => {
    const { origin } = await shop({}, echoClient)
    const answer = await send(origin, '/en/home', {
      headers: {
        Host: 'shop.example.com',
        'X-Forwarded-For': '203.0.113.7',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
        // The app's own header naming the client: a client's value is replaced.
        'X-Storefront-Client-Address': '198.51.100.66',
      },
    })
    expect(JSON.parse(answer.body)).toEqual({
      ip: '127.0.0.1',
      hostname: 'shop.example.com',
      protocol: 'http',
      forwardedFor: null,
      forwardedHost: null,
      clientAddress: '127.0.0.1',
    })
  })

  it('uses the forwarded client address, host and scheme from a trusted proxy only', async () => {
    const { origin } = await shop({ TRUSTED_PROXIES: '127.0.0.2, 10.0.0.0/8' }, echoClient)
    const forwarded = {
      Host: 'internal:3000',
      'X-Forwarded-For': '198.51.100.1, 203.0.113.7',
      'X-Forwarded-Host': 'shop.example.com',
      'X-Forwarded-Proto': 'https',
    }
    const viaProxy = JSON.parse(
      (await send(origin, '/en/home', { headers: forwarded, localAddress: '127.0.0.2' })).body,
    )
    // The address the trusted proxy saw connecting; the entry before it came from the client and counts for nothing.
    expect(viaProxy).toMatchObject({
      ip: '203.0.113.7',
      hostname: 'shop.example.com',
      protocol: 'https',
      clientAddress: '203.0.113.7',
    })
    const direct = JSON.parse(
      (await send(origin, '/en/home', { headers: forwarded, localAddress: '127.0.0.1' })).body,
    )
    expect(direct).toMatchObject({
      ip: '127.0.0.1',
      hostname: 'internal',
      protocol: 'http',
      forwardedFor: null,
    })

    const badHost = await send(origin, '/en/home', {
      headers: { ...forwarded, 'X-Forwarded-Host': 'evil example' },
      localAddress: '127.0.0.2',
    })
    expect(badHost.status).toBe(400)
    const badScheme = await send(origin, '/en/home', {
      headers: { ...forwarded, 'X-Forwarded-Proto': 'javascript' },
      localAddress: '127.0.0.2',
    })
    expect(badScheme.status).toBe(400)
  })

  it('trusts a number of proxy hops', async () => {
    const { origin } = await shop({ TRUSTED_PROXIES: '1' }, echoClient)
    const answer = await send(origin, '/en/home', {
      headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7' },
    })
    expect(JSON.parse(answer.body).ip).toBe('203.0.113.7')
  })

  it('reads TRUSTED_PROXIES as nobody, a hop count or a list, and refuses to start on anything else', () => {
    expect(trustedProxies(undefined)).toBe(false)
    expect(trustedProxies(' ')).toBe(false)
    expect(trustedProxies('2')).toBe(2)
    expect(trustedProxies('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback'])
    expect(() =>
      createApp({ build: undefined, settings: serverSettings({ TRUSTED_PROXIES: 'proxy.example' }) }),
    ).toThrow(/TRUSTED_PROXIES/)
  })
})

describe('security headers', () => {
  it('are on app answers and the layer’s own error pages, with a fresh nonce for every response', async () => {
    const { origin, reached } = await shop()
    const answers = [
      await send(origin, '/en/home'),
      await send(origin, '/en/home'),
      await send(origin, '/en/home', { method: 'DELETE' }),
      await send(origin, '/en/home', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
      }),
    ]
    const nonces = answers.map((a) => cspNonceOf(a.headers['content-security-policy'] as string))
    for (const answer of answers) {
      const csp = answer.headers['content-security-policy'] as string
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toContain("form-action 'self' http://127.0.0.1:4100")
      expect(csp).not.toContain('upgrade-insecure-requests')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(answer.headers['strict-transport-security']).toBeUndefined()
      expect(answer.headers['x-powered-by']).toBeUndefined()
    }
    expect(new Set(nonces).size).toBe(4)
    for (const nonce of nonces) expect(nonce).toMatch(/^[\w-]{22}$/)
    // The app renders with the nonce of its own response.
    expect(reached.map((r) => r.nonce)).toEqual(nonces.slice(0, 2))
  })

  it('follow FRAME_ANCESTORS, HSTS_MAX_AGE, PAYMENT_PAGE_URL, IDENTITY_PROVIDERS and an https PUBLIC_URL', async () => {
    const framed = await shop({
      FRAME_ANCESTORS: 'self, https://buy.example.com *.procure.example',
      HSTS_MAX_AGE: '31536000',
      PAYMENT_PAGE_URL: 'https://pay.example.com/psp/',
      PUBLIC_URL: 'https://shop.example.com',
      // "Sign in with …" and the logout are posts answered by a redirect to the provider (ADR 0037).
      IDENTITY_PROVIDERS: JSON.stringify([
        {
          id: 'corp',
          displayName: 'Corp',
          issuer: 'https://login.example.com/realms/shop',
          clientId: 'storefront',
        },
      ]),
    })
    const answer = await send(framed.origin, '/en/home')
    const csp = answer.headers['content-security-policy'] as string
    expect(csp).toContain("frame-ancestors 'self' https://buy.example.com *.procure.example")
    expect(csp).toContain("form-action 'self' https://pay.example.com https://login.example.com;")
    expect(csp).toContain('upgrade-insecure-requests')
    // X-Frame-Options cannot name other origins; browsers that know frame-ancestors ignore it anyway.
    expect(answer.headers['x-frame-options']).toBeUndefined()
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000')
  })

  it('reads FRAME_ANCESTORS as CSP sources and refuses anything that could break the header', () => {
    expect(frameAncestors(undefined)).toEqual(["'self'"])
    expect(frameAncestors('none')).toEqual(["'none'"])
    expect(frameAncestors("'self' https://a.example:8443")).toEqual(["'self'", 'https://a.example:8443'])
    expect(() => frameAncestors('https://a.example;script-src *')).toThrow(/FRAME_ANCESTORS/)
    expect(() => frameAncestors("'none' https://a.example")).toThrow(/FRAME_ANCESTORS/)
    // A quoted host is no CSP source: refused rather than sent as a policy browsers would misread.
    expect(() => frameAncestors("'https://a.example'")).toThrow(/FRAME_ANCESTORS/)
  })
})

describe('errors', () => {
  it('turn into a 500 page and one log line, and the server keeps serving', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { origin } = await shop({}, (req) => {
      if (req.path === '/en/broken') throw new Error('render failed\n    at somewhere (file.js:1:1)')
      throw Object.assign(new Error('bad path'), { status: 400 })
    })
    const answer = await send(origin, '/en/broken')
    expect(answer.status).toBe(500)
    expect(answer.body).toContain('<title>Something went wrong</title>')
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
    expect(log).toHaveBeenCalledTimes(1)
    const line = String(log.mock.calls[0]![0])
    expect(line).toMatch(/^storefront: GET \/en\/broken failed: Error: render failed \| at somewhere/)
    expect(line).not.toContain('\n')
    // A client error thrown with its status keeps it and is not logged as a failure.
    const clientError = await send(origin, '/de/other')
    expect(clientError.status).toBe(400)
    expect(clientError.body).toContain('Ungültige Anfrage')
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('close the connection when the answer had begun', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { origin } = await shop({}, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.write('<!DOCTYPE html><p>half')
      throw new Error('stream broke')
    })
    // Closed at once: not left open until the client gives up (send's own limit is 10 s).
    const started = Date.now()
    await expect(send(origin, '/en/home')).rejects.toThrow(/aborted|ECONNRESET|socket hang up/)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('a 503 tells when to come back; other answers do not', async () => {
    const { origin } = await shop({}, (req, res) => {
      res.status(req.path === '/en/maintenance' ? 503 : 500).send('x')
    })
    expect((await send(origin, '/en/maintenance')).headers['retry-after']).toBe('30')
    expect((await send(origin, '/en/other')).headers['retry-after']).toBeUndefined()
  })
})
