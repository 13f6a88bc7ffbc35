import type { IncomingHttpHeaders, Server } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request } from 'node:http'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.mjs'
import { serverSettings } from '../../server/settings.mjs'
import { cspNonceOf, executableInlineScripts, send, sendRaw } from './helpers'

/**
 * A page-cache hit answered before Express (ADR 0053) must be the answer the whole stack would give, and
 * only for requests the whole stack would answer with that page.
 */

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><title>Drill</title></head><body><p>${'Drill '.repeat(400)}</p>` +
  `<script nonce="${nonce}">window.__remixContext = {}</script>` +
  `<script nonce="${nonce}" type="module" async>import "/assets/entry.js"</script></body></html>`

/** The storefront's app with the page cache on; the stand-in for Remix renders `page` shareably. */
async function shop(
  env: Record<string, string> = {},
  answer: (req: ExpressRequest, res: ExpressResponse) => void = (_req, res) => {
    res
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=0, s-maxage=60',
        Vary: 'Cookie, User-Agent',
      })
      .send(page(res.locals.cspNonce))
  },
) {
  const rendered: string[] = []
  const app = createApp({
    build: undefined,
    settings: serverSettings({ PAGE_CACHE_SECONDS: '10', ...env }),
    handler: (req: ExpressRequest, res: ExpressResponse) => {
      rendered.push(req.originalUrl)
      answer(req, res)
    },
  })
  // Counts the requests that reach Express's router, i.e. the layers (a hit answered before them does not).
  let throughExpress = 0
  const router = (app as unknown as { _router: { handle: (...args: unknown[]) => unknown } })._router
  const route = router.handle
  router.handle = function (...args: unknown[]) {
    throughExpress += 1
    return route.apply(this, args)
  }
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { origin, rendered, throughExpress: () => throughExpress }
}

const raw = (origin: string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
    })
      .on('error', reject)
      .end()
  })

/** Headers that belong to one answer: its date, nonce, age, whether it was a hit, its transfer. */
function comparable(headers: IncomingHttpHeaders) {
  const nonce = cspNonceOf(headers['content-security-policy'] as string)!
  const rest = Object.fromEntries(
    Object.entries(headers)
      .filter(
        ([name]) =>
          ![
            'date',
            'age',
            'x-page-cache',
            'content-length',
            'transfer-encoding',
            'content-encoding',
          ].includes(name),
      )
      .map(([name, value]) => [name, String(value).replaceAll(nonce, 'NONCE')]),
  )
  return rest
}

describe('page-cache hits before the layers', () => {
  it('carry the miss’s headers (security headers included), each hit its own nonce in header and page', async () => {
    const { origin, rendered, throughExpress } = await shop()
    const miss = await raw(origin, '/en/drill')
    expect(throughExpress()).toBe(1)
    const hits = [await raw(origin, '/en/drill'), await raw(origin, '/en/drill')]
    expect(rendered).toEqual(['/en/drill'])
    expect(miss.headers['x-page-cache']).toBe('miss')
    const nonces = [miss, ...hits].map((a) => cspNonceOf(a.headers['content-security-policy'] as string))
    expect(new Set(nonces).size).toBe(3)
    expect(throughExpress()).toBe(1)
    for (const [i, hit] of hits.entries()) {
      expect(hit.headers['x-page-cache']).toBe('hit')
      expect(hit.headers.age).toBe('0')
      expect(hit.headers.connection).toBe('keep-alive')
      expect(Number(hit.headers['content-length'])).toBe(hit.body.length)
      expect(comparable(hit.headers)).toEqual(comparable(miss.headers))
      const html = hit.body.toString('utf8')
      for (const script of executableInlineScripts(html)) expect(script.nonce).toBe(nonces[i + 1])
      expect(html.replaceAll(nonces[i + 1]!, 'N')).toBe(page('N'))
    }
    // The security headers are those of every answer.
    expect(hits[0]!.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(hits[0]!.headers['x-content-type-options']).toBe('nosniff')
    expect(hits[0]!.headers['content-security-policy']).toContain("form-action 'self'")
  })

  it('are the hits the whole stack gives: same headers and page as a hit that went through the layers', async () => {
    const { origin, rendered, throughExpress } = await shop()
    await raw(origin, '/en/drill')
    const before = throughExpress()
    const fast = await raw(origin, '/en/drill', { 'Accept-Encoding': 'gzip' })
    expect(throughExpress()).toBe(before)
    // A forwarded header from a client no proxy is trusted for: the layers remove it, then the cache answers.
    const layered = await raw(origin, '/en/drill', {
      'Accept-Encoding': 'gzip',
      'X-Forwarded-For': '203.0.113.9',
    })
    expect(throughExpress()).toBe(before + 1)
    expect(rendered).toHaveLength(1)
    expect(layered.headers['x-page-cache']).toBe('hit')
    expect(fast.headers['x-page-cache']).toBe('hit')
    expect(comparable(fast.headers)).toEqual(comparable(layered.headers))
    expect(Object.keys(fast.headers)).toEqual(Object.keys(layered.headers))
    expect(fast.headers['content-encoding']).toBe('gzip')
    const pageOf = (answer: typeof fast) =>
      gunzipSync(answer.body)
        .toString('utf8')
        .replaceAll(cspNonceOf(answer.headers['content-security-policy'] as string)!, 'N')
    expect(pageOf(fast)).toBe(pageOf(layered))
  })

  it('are only for requests every layer would pass on unchanged; the others go through the layers', async () => {
    const { origin, rendered, throughExpress } = await shop()
    await raw(origin, '/en/drill')
    let routed = throughExpress()
    const expectRouted = (what: string) => {
      expect(throughExpress(), what).toBe(++routed)
    }
    // A Host that is not host[:port]: 400, as from the layers, not the stored page.
    const badHost = await sendRaw(origin, 'GET /en/drill HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n')
    expect(badHost.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expectRouted('bad host')
    const noHost = await sendRaw(origin, 'GET /en/drill HTTP/1.0\r\n\r\n')
    expect(noHost.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expectRouted('no host')
    // A forwarded host, valid or not, is the layers' to judge.
    expect(
      (await send(origin, '/en/drill', { headers: { 'X-Forwarded-Host': 'evil example' } })).status,
    ).toBe(200)
    expectRouted('forwarded host')
    // A GET declaring a body: the hit closes the connection (the body is not read), as through the layers.
    const withBody = await sendRaw(
      origin,
      'GET /en/drill HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Length: 500000\r\n\r\nabc',
    )
    expect(withBody).toMatch(/^HTTP\/1\.1 200 /)
    expect(withBody.toLowerCase()).toContain('x-page-cache: hit')
    expect(withBody.toLowerCase()).toContain('connection: close')
    expectRouted('body')
    // An absolute-form target becomes a path in the layers first.
    const absolute = await sendRaw(
      origin,
      'GET http://evil.example/en/drill HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect(absolute.toLowerCase()).toContain('x-page-cache: hit')
    expectRouted('absolute-form')
    // Not the methods the page cache answers.
    expect((await send(origin, '/en/drill', { method: 'DELETE' })).status).toBe(405)
    expectRouted('DELETE')
    // Compression the layers do (br only) is theirs.
    const br = await raw(origin, '/en/drill', { 'Accept-Encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['x-page-cache']).toBe('hit')
    const nonce = cspNonceOf(br.headers['content-security-policy'] as string)!
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(page(nonce))
    expectRouted('br')
    // Asked to go to the page: rendered again, through the layers.
    await raw(origin, '/en/drill', { 'Cache-Control': 'no-cache' })
    expectRouted('no-cache')
    expect(rendered).toEqual(['/en/drill', '/en/drill'])
  })

  it('keep one copy per Cookie and User-Agent, answer HEAD with the GET’s head, and plain clients plainly', async () => {
    const { origin, rendered, throughExpress } = await shop()
    await raw(origin, '/en/drill', { Cookie: 'cookieConsent=1' })
    await raw(origin, '/en/drill', { Cookie: 'cookieConsent=1' })
    await raw(origin, '/en/drill', { Cookie: 'cookieConsent=2' })
    await raw(origin, '/en/drill', { Cookie: 'cookieConsent=1', 'User-Agent': 'Googlebot/2.1' })
    expect(rendered).toHaveLength(3)
    const routed = throughExpress()
    const get = await raw(origin, '/en/drill', { Cookie: 'cookieConsent=2' })
    const head = await raw(origin, '/en/drill', { Cookie: 'cookieConsent=2' }, 'HEAD')
    const identity = await raw(origin, '/en/drill', {
      Cookie: 'cookieConsent=2',
      'Accept-Encoding': 'identity',
    })
    expect(throughExpress()).toBe(routed)
    expect(rendered).toHaveLength(3)
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['x-page-cache']).toBe('hit')
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(comparable(head.headers)).toEqual(comparable(get.headers))
    for (const answer of [get, identity]) {
      expect(answer.headers['content-encoding']).toBeUndefined()
      const nonce = cspNonceOf(answer.headers['content-security-policy'] as string)!
      expect(answer.body.toString('utf8')).toBe(page(nonce))
    }
  })

  it('never come from answers the whole stack would not store: errors, 503s, refused URLs', async () => {
    const { origin, rendered } = await shop({}, (req, res) => {
      res
        .status(req.path === '/en/maintenance' ? 503 : 200)
        .set({ 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' })
        .type('html')
        .send(page(res.locals.cspNonce))
    })
    for (let i = 0; i < 2; i++) {
      const maintenance = await raw(origin, '/en/maintenance')
      expect(maintenance.status).toBe(503)
      expect(maintenance.headers['retry-after']).toBe('30')
      expect(maintenance.headers['x-page-cache']).toBe('miss')
      expect((await raw(origin, '/en/%/home')).status).toBe(400)
      expect((await raw(origin, '/%5C/home')).status).toBe(404)
    }
    expect(rendered).toEqual(['/en/maintenance', '/en/maintenance'])
  })

  it('are off with PAGE_CACHE_SECONDS=0', async () => {
    const { origin, rendered, throughExpress } = await shop({ PAGE_CACHE_SECONDS: '0' })
    await raw(origin, '/en/drill')
    await raw(origin, '/en/drill')
    expect(rendered).toHaveLength(2)
    expect(throughExpress()).toBe(2)
  })
})
