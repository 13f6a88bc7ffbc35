import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listen } from './helpers'

/** What ICM was asked, and whether each of its answers was read to the end or given up by the storefront. */
const asked: { method: string; url: string; ifNoneMatch?: string }[] = []
let cancelled = 0
let upstream: Server
let loader: (args: { request: Request; params: object; context: object }) => Promise<Response>

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>'
const PREFIX = '/INTERSHOP/static/WFS/ironbridge-Site/-'

function icm(req: IncomingMessage, res: ServerResponse) {
  asked.push({ method: req.method!, url: req.url!, ifNoneMatch: req.headers['if-none-match'] })
  res.on('close', () => {
    if (!res.writableFinished) cancelled += 1
  })
  const file = req.url!.slice(PREFIX.length)
  if (file === '/images/1.svg') {
    if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304, { ETag: '"v1"' }).end()
    res.writeHead(200, {
      'Content-Type': 'image/svg+xml',
      'Content-Length': Buffer.byteLength(SVG),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: '"v1"',
      'Set-Cookie': 'icm=1',
    })
    return res.end(req.method === 'HEAD' ? undefined : SVG)
  }
  if (file === '/images/gzipped.svg') {
    const body = gzipSync(SVG.repeat(50))
    res.writeHead(200, {
      'Content-Type': 'image/svg+xml',
      'Content-Encoding': 'gzip',
      'Content-Length': body.length,
    })
    return res.end(body)
  }
  if (file === '/images/broken.svg') return res.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom')
  // A missing file: an error body that keeps coming, so only a cancel ends the transfer early.
  res.writeHead(404, { 'Content-Type': 'application/json', 'Content-Length': 10_000_000 })
  res.write(`{"errors":[{"code":"static.not_found"}],"padding":"${'x'.repeat(64 * 1024)}`)
}

beforeAll(async () => {
  upstream = createServer(icm)
  process.env.ICM_BASE_URL = await listen(upstream)
  process.env.ICM_TIMEOUT_MS = '3000'
  // The route reads its settings at import, so it comes after the upstream's address is known.
  ;({ loader } = (await import('~/routes/INTERSHOP.static.$')) as unknown as { loader: typeof loader })
})
afterAll(() => {
  upstream.closeAllConnections()
  return new Promise((resolve) => upstream.close(resolve))
})
beforeEach(() => {
  asked.length = 0
  cancelled = 0
})

const load = (path: string, init: RequestInit = {}) =>
  loader({ request: new Request(`http://shop.test${path}`, init), params: {}, context: {} })

describe('ICM static files through the storefront', () => {
  it('passes a file with its length and cache headers, and nothing else of ICM’s answer', async () => {
    const response = await load(`${PREFIX}/images/1.svg?x=1`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(SVG)
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(SVG)))
    expect(response.headers.get('etag')).toBe('"v1"')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('set-cookie')).toBeNull()
    // The query is the storefront's; ICM gets the path only.
    expect(asked).toEqual([{ method: 'GET', url: `${PREFIX}/images/1.svg`, ifNoneMatch: undefined }])
  })

  it('answers a missing file 404 without body or length, and gives up ICM’s error body', async () => {
    const response = await load(`${PREFIX}/images/missing.svg`)
    expect(response.status).toBe(404)
    expect(response.body).toBeNull()
    expect(response.headers.get('content-length')).toBeNull()
    expect(response.headers.get('content-type')).toBeNull()
    // ICM's unfinished answer was cancelled, not left to run.
    await expect.poll(() => cancelled, { timeout: 3000 }).toBe(1)
  })

  it('sends no length with a body fetch has decoded, nor with a 502 for ICM’s failure', async () => {
    const gzipped = await load(`${PREFIX}/images/gzipped.svg`)
    expect(gzipped.headers.get('content-length')).toBeNull()
    expect(await gzipped.text()).toBe(SVG.repeat(50))
    const broken = await load(`${PREFIX}/images/broken.svg`)
    expect(broken.status).toBe(502)
    expect(broken.body).toBeNull()
    expect(broken.headers.get('content-length')).toBeNull()
  })

  it('asks ICM with HEAD for HEAD, and passes revalidation through to a bodyless 304', async () => {
    const head = await load(`${PREFIX}/images/1.svg`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(SVG)))
    const revalidated = await load(`${PREFIX}/images/1.svg`, { headers: { 'If-None-Match': '"v1"' } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body).toBeNull()
    expect(revalidated.headers.get('etag')).toBe('"v1"')
    expect(asked.map((a) => [a.method, a.ifNoneMatch])).toEqual([
      ['HEAD', undefined],
      ['GET', '"v1"'],
    ])
  })

  it('passes no path that leaves the static files once decoded', async () => {
    for (const path of [
      '/INTERSHOP/static/..%2F..%2Fmail',
      '/INTERSHOP/static/%2e%2e/rest/WFS/ironbridge-Site/-/customers',
      `${PREFIX}/images/..%5C..%5Cmail`,
      `${PREFIX}/images/%00.svg`,
      '/INTERSHOP/static/%E0%A4%A',
    ]) {
      const response = await load(path)
      expect(response.status, path).toBe(404)
      expect(response.body, path).toBeNull()
    }
    expect(asked).toEqual([])
  })

  it('answers 503 when ICM cannot be reached', async () => {
    const saved = process.env.ICM_BASE_URL
    // The route took its ICM address at import: a closed port stands for an ICM that went away.
    upstream.closeAllConnections()
    await new Promise((resolve) => upstream.close(resolve))
    try {
      const response = await load(`${PREFIX}/images/1.svg`)
      expect(response.status).toBe(503)
      expect(response.body).toBeNull()
    } finally {
      upstream = createServer(icm)
      await new Promise<void>((resolve) =>
        upstream.listen(Number(new URL(saved!).port), '127.0.0.1', resolve),
      )
    }
  })
})
