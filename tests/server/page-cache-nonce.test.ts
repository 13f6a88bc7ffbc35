import { request, type IncomingHttpHeaders, type Server } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { pageCache } from '../../server/page-cache.mjs'
import { securityHeaders } from '../../server/security.mjs'
import { serverSettings } from '../../server/settings.mjs'
import { cspNonceOf, executableInlineScripts } from './helpers'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** Security headers, compression and the page cache as in server/app.mjs, then a page with inline scripts. */
async function shop(page: (nonce: string) => string) {
  let renders = 0
  const app = express()
  app.use(securityHeaders(serverSettings({})))
  app.use(compression({ threshold: 0 }))
  app.use(pageCache({ maxSeconds: 10, nonceOf: (res: express.Response) => res.locals.cspNonce }))
  app.get('*', (_req, res) => {
    renders += 1
    const html = page(res.locals.cspNonce)
    res.status(200).set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=60',
      Vary: 'Cookie',
    })
    // Streamed in small pieces, so that a nonce is split between two writes.
    for (let at = 0; at < html.length; at += 7) res.write(html.slice(at, at + 7))
    res.end()
  })
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'gzip' } })
    const csp = response.headers.get('content-security-policy')
    return { response, html: await response.text(), nonce: cspNonceOf(csp), csp }
  }
  /** The raw answer (not decoded) to a request with this Accept-Encoding. */
  const raw = (path: string, acceptEncoding: string | null, method = 'GET') =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers: Record<string, string> =
        acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding }
      request(`${origin}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
      })
        .on('error', reject)
        .end()
    })
  return { get, raw, renders: () => renders }
}

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Product"}</script></head>` +
  `<body><p>Drill</p><script nonce="${nonce}">window.__remixContext = {}</script>` +
  `<script nonce="${nonce}" type="module" async>import "/assets/entry.js"</script>` +
  `<script nonce="${nonce}">$RC("B:0", "S:0")</script></body></html>`

describe('page cache and CSP nonces', () => {
  it('gives every hit a nonce of its own, in the page and in its CSP', async () => {
    const { get, renders } = await shop(page)
    const answers = [await get('/en/drill'), await get('/en/drill'), await get('/en/drill')]
    expect(renders()).toBe(1)
    expect(answers.map((a) => a.response.headers.get('X-Page-Cache'))).toEqual(['miss', 'hit', 'hit'])
    const nonces = answers.map((a) => a.nonce)
    expect(new Set(nonces).size).toBe(3)
    for (const { html, nonce } of answers) {
      const scripts = executableInlineScripts(html)
      expect(scripts).toHaveLength(3)
      for (const script of scripts) expect(script.nonce).toBe(nonce)
      // Nothing but the nonce differs from the page as rendered.
      expect(html.replaceAll(nonce!, 'N')).toBe(page('N'))
    }
  })

  it('never hands out the stored nonce, even on a page without inline scripts', async () => {
    const { get } = await shop(() => '<!DOCTYPE html><p>No scripts</p>')
    const first = await get('/en/plain')
    const second = await get('/en/plain')
    expect(second.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(second.nonce).toBeDefined()
    expect(second.nonce).not.toBe(first.nonce)
    expect(second.csp!.match(/'nonce-/g)).toHaveLength(1)
    expect(second.html).toBe('<!DOCTYPE html><p>No scripts</p>')
  })

  it('answers hits in gzip from parts compressed once, br or plain to clients that do not take gzip', async () => {
    const { raw, renders } = await shop((nonce) => page(nonce).repeat(50))
    await raw('/en/big', null)
    const pageOf = (body: Buffer, headers: IncomingHttpHeaders) => {
      const nonce = cspNonceOf(String(headers['content-security-policy']))!
      return body.toString('utf8').replaceAll(nonce, 'N')
    }
    const gzip = await raw('/en/big', 'br;q=0.5, gzip')
    expect(gzip.headers['x-page-cache']).toBe('hit')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length)
    expect(pageOf(gunzipSync(gzip.body), gzip.headers)).toBe(page('N').repeat(50))
    // Assembled, not compressed again: the hit's own nonce sits in the gzip bytes as a stored block.
    expect(gzip.body.includes(cspNonceOf(String(gzip.headers['content-security-policy']))!)).toBe(true)
    const br = await raw('/en/big', 'br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(pageOf(brotliDecompressSync(br.body), br.headers)).toBe(page('N').repeat(50))
    const plain = await raw('/en/big', null)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(pageOf(plain.body, plain.headers)).toBe(page('N').repeat(50))
    const head = await raw('/en/big', 'gzip', 'HEAD')
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.body.length).toBe(0)
    expect(renders()).toBe(1)
  })
})
