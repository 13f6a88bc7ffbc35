import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { pageCache, sharedMaxAge } from '../../server/page-cache.mjs'

type Answer = { status?: number; headers?: Record<string, string>; body?: string }

const PUBLIC = { 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' }

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** An express app like server.mjs: compression, the page cache, then a page counting its renders. */
async function shop(
  answer: (path: string) => Answer,
  options: { maxSeconds?: number; now?: () => number } = {},
) {
  const renders: string[] = []
  const app = express()
  app.use(compression({ threshold: 0 }))
  app.use(pageCache({ maxSeconds: options.maxSeconds ?? 10, now: options.now }))
  app.get('*', (req, res) => {
    renders.push(req.path)
    const { status = 200, headers = PUBLIC, body = `page ${req.path} #${renders.length}` } = answer(req.path)
    res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', ...headers })
    // Written in pieces, as the streaming renderer does.
    res.write(body.slice(0, 3))
    res.end(body.slice(3))
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server!.once('listening', resolve))
  const origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'identity', ...headers }, method })
  return { renders, get }
}

describe('page cache', () => {
  it('serves a shareable page again without rendering it, with Age and the same headers', async () => {
    const { renders, get } = await shop(() => ({}))
    const first = await get('/en/drills-ctgDrills')
    const second = await get('/en/drills-ctgDrills')
    expect(renders).toEqual(['/en/drills-ctgDrills'])
    expect(await second.text()).toBe(await first.text())
    expect(first.headers.get('X-Page-Cache')).toBe('miss')
    expect(second.headers.get('X-Page-Cache')).toBe('hit')
    expect(second.headers.get('Age')).toBe('0')
    expect(second.headers.get('Cache-Control')).toBe(PUBLIC['Cache-Control'])
    expect(second.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    // Another URL is another page.
    await get('/en/saws-ctgSaws')
    expect(renders).toEqual(['/en/drills-ctgDrills', '/en/saws-ctgSaws'])
  })

  it('never stores personal, uncacheable or failed answers', async () => {
    const answers: Record<string, Answer> = {
      '/private': { headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie' } },
      '/cookie': { headers: { ...PUBLIC, 'Set-Cookie': 'apiToken=x' } },
      '/missing': { status: 404 },
      '/no-shared-age': { headers: { 'Cache-Control': 'public, max-age=60' } },
      '/vary-all': { headers: { ...PUBLIC, Vary: '*' } },
    }
    const { renders, get } = await shop((path) => answers[path] ?? {})
    for (const path of Object.keys(answers)) {
      await get(path)
      const again = await get(path)
      expect(again.headers.get('X-Page-Cache'), path).toBe('miss')
    }
    expect(renders).toEqual(Object.keys(answers).flatMap((path) => [path, path]))
  })

  it('keeps one copy per value of the headers the page varies on', async () => {
    const { renders, get } = await shop(() => ({ headers: { ...PUBLIC, Vary: 'Cookie, User-Agent' } }))
    await get('/p', { 'User-Agent': 'Googlebot/2.1' })
    await get('/p', { 'User-Agent': 'Googlebot/2.1' })
    await get('/p', { 'User-Agent': 'Googlebot/2.1', Cookie: 'cookieConsent=1' })
    await get('/p', { 'User-Agent': 'bingbot/2.0' })
    expect(renders).toHaveLength(3)
  })

  it('keeps a page for its s-maxage, at most maxSeconds, and renders it again after', async () => {
    let clock = 1_000_000
    const { renders, get } = await shop(
      (path) => ({
        headers: {
          ...PUBLIC,
          'Cache-Control': path === '/short' ? 'public, s-maxage=2' : PUBLIC['Cache-Control'],
        },
      }),
      { maxSeconds: 10, now: () => clock },
    )
    await get('/short')
    await get('/long')
    clock += 2500
    expect((await get('/long')).headers.get('Age')).toBe('2')
    expect((await get('/short')).headers.get('X-Page-Cache')).toBe('miss')
    clock += 8000
    expect((await get('/long')).headers.get('X-Page-Cache')).toBe('miss')
    expect(renders).toEqual(['/short', '/long', '/short', '/long'])
  })

  it('compresses a stored page for each client and answers HEAD from it', async () => {
    const body = 'x'.repeat(5000)
    const { renders, get } = await shop(() => ({ body }))
    await get('/big')
    const gzipped = await get('/big', { 'Accept-Encoding': 'gzip' })
    expect(gzipped.headers.get('X-Page-Cache')).toBe('hit')
    // fetch decodes the gzip itself; the header shows the transfer was compressed.
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(await gzipped.text()).toBe(body)
    const head = await get('/big', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('X-Page-Cache')).toBe('hit')
    expect(renders).toEqual(['/big'])
  })

  it('goes to the page for a request with Cache-Control: no-cache, and is off with maxSeconds 0', async () => {
    const { renders, get } = await shop(() => ({}))
    await get('/a')
    await get('/a', { 'Cache-Control': 'no-cache' })
    expect(renders).toEqual(['/a', '/a'])
    await server!.close()
    server = undefined
    const off = await shop(() => ({}), { maxSeconds: 0 })
    await off.get('/a')
    await off.get('/a')
    expect(off.renders).toEqual(['/a', '/a'])
  })
})

describe('sharedMaxAge', () => {
  it('reads s-maxage of public answers only', () => {
    expect(sharedMaxAge('public, max-age=0, s-maxage=60, stale-while-revalidate=300')).toBe(60)
    expect(sharedMaxAge('public, s-maxage=0')).toBe(0)
    expect(sharedMaxAge('private, no-store')).toBe(0)
    expect(sharedMaxAge('public, no-cache, s-maxage=60')).toBe(0)
    expect(sharedMaxAge(undefined)).toBe(0)
  })
})
