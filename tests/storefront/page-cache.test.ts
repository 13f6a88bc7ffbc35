import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageCache, sharedMaxAge, staleSeconds } from '../../server/page-cache.mjs'

type Answer = { status?: number; headers?: Record<string, string>; body?: string }

const PUBLIC = { 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' }

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** An express app like server.mjs: compression, the page cache, then a page counting its renders. */
async function shop(
  answer: (path: string) => Answer | Promise<Answer>,
  options: { maxSeconds?: number; now?: () => number } = {},
) {
  const renders: string[] = []
  const app = express()
  app.use(compression({ threshold: 0 }))
  app.use(pageCache({ maxSeconds: options.maxSeconds ?? 10, now: options.now }))
  app.get('*', async (req, res) => {
    renders.push(req.path)
    const count = renders.length
    const { status = 200, headers = PUBLIC, body = `page ${req.path} #${count}` } = await answer(req.path)
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

  it('within stale-while-revalidate, renders an expired page once and gives the stale copy meanwhile', async () => {
    let clock = 1_000_000
    let finishRender: (answer: Answer) => void = () => {}
    let slow = false
    const swr = { ...PUBLIC, 'Cache-Control': 'public, s-maxage=2, stale-while-revalidate=300' }
    const { renders, get } = await shop(
      () => (slow ? new Promise<Answer>((resolve) => (finishRender = resolve)) : { headers: swr }),
      { maxSeconds: 10, now: () => clock },
    )
    const first = await (await get('/p')).text()
    clock += 3000
    slow = true
    const refreshing = get('/p')
    await vi.waitFor(() => expect(renders).toHaveLength(2))
    // While the page is rendered again, others get the stale copy, with its age.
    const meanwhile = await get('/p')
    expect(meanwhile.headers.get('X-Page-Cache')).toBe('hit')
    expect(meanwhile.headers.get('Age')).toBe('3')
    expect(await meanwhile.text()).toBe(first)
    finishRender({ headers: swr })
    const renewed = await refreshing
    expect(renewed.headers.get('X-Page-Cache')).toBe('miss')
    expect(await renewed.text()).toBe('page /p #2')
    expect(await (await get('/p')).text()).toBe('page /p #2')
    expect(renders).toHaveLength(2)
    // Past s-maxage plus stale-while-revalidate (at most maxSeconds), nothing stale is given.
    clock += 2000 + 10_000
    slow = false
    expect((await get('/p')).headers.get('X-Page-Cache')).toBe('miss')
  })

  it('drops the stale copy when rendering it again fails, instead of giving it on', async () => {
    let clock = 1_000_000
    let status = 200
    const waiting: (() => void)[] = []
    let slow = false
    const swr = { ...PUBLIC, 'Cache-Control': 'public, s-maxage=2, stale-while-revalidate=300' }
    const { renders, get } = await shop(
      async () => {
        if (slow) await new Promise<void>((resolve) => waiting.push(resolve))
        return { status, headers: swr }
      },
      { maxSeconds: 10, now: () => clock },
    )
    await get('/p')
    clock += 3000
    status = 500
    expect((await get('/p')).status).toBe(500)
    // The page is rendered again, and a request meanwhile gets no stale copy: there is none left.
    status = 200
    slow = true
    const rendering = get('/p')
    await vi.waitFor(() => expect(renders).toHaveLength(3))
    const meanwhile = get('/p')
    await vi.waitFor(() => expect(renders).toHaveLength(4))
    for (const finish of waiting) finish()
    expect((await rendering).headers.get('X-Page-Cache')).toBe('miss')
    expect((await meanwhile).headers.get('X-Page-Cache')).toBe('miss')
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

  it('reads stale-while-revalidate as a whole directive', () => {
    expect(staleSeconds('public, max-age=0, s-maxage=60, stale-while-revalidate=300')).toBe(300)
    expect(staleSeconds('public, s-maxage=60')).toBe(0)
    expect(staleSeconds('public, stale-while-revalidate=x')).toBe(0)
    expect(staleSeconds(undefined)).toBe(0)
  })
})
