/**
 * The built storefront (`node server.mjs`) in front of the real commerce API on a small fresh database:
 * CSP nonces on rendered and cached pages, security headers, absolute URLs that no Host header can
 * change, ICM's static files, the maintenance page's Retry-After, and the refusal to start production
 * without a session secret.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cspNonceOf, executableInlineScripts, freePort, send, waitUntil } from './helpers'

const root = path.resolve(__dirname, '../..')
const PUBLIC_URL = 'https://shop.example.com'
const children: ChildProcess[] = []
let dataDir: string
let api: string
let shop: string
let unreachableIcmShop: string
let productPath: string
let otherProductPath: string
let categoryPath: string

/** Whether a URL answers 2xx; the body is read, so the connection is free again. */
async function ok(url: string) {
  const response = await fetch(url)
  await response.arrayBuffer()
  return response.ok
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const base = { ...process.env }
  for (const key of [
    'PUBLIC_URL',
    'SESSION_SECRET',
    'TRUSTED_PROXIES',
    'FRAME_ANCESTORS',
    'PAGE_CACHE_SECONDS',
  ])
    delete base[key]
  const child = spawn(process.execPath, args, { cwd: root, env: { ...base, ...env }, stdio: 'pipe' })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  Object.assign(child, { output: () => output })
  children.push(child)
  return child
}

async function storefront(env: Record<string, string>) {
  const port = await freePort()
  const child = start(['server.mjs'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-production',
    ...env,
  })
  const origin = `http://127.0.0.1:${port}`
  await waitUntil(`storefront on ${port}`, async () => ok(`${origin}/favicon.svg`), 30_000).catch((error) => {
    throw new Error(`${error.message}\n${(child as unknown as { output: () => string }).output()}`)
  })
  return origin
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-server-test-'))
  const apiPort = await freePort()
  api = `http://127.0.0.1:${apiPort}`
  start(['--import', 'tsx', 'commerce-api/main.ts'], {
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    SEED_PRODUCTS: '100',
  })
  await waitUntil('commerce API', async () => ok(`${api}/health`), 120_000)
  shop = await storefront({ ICM_BASE_URL: api, PUBLIC_URL })
  unreachableIcmShop = await storefront({ ICM_BASE_URL: `http://127.0.0.1:${await freePort()}` })

  const home = await (await fetch(`${shop}/en/home`)).text()
  const products = [...home.matchAll(/href="(\/en\/[^"]+-prd\d+)"/g)].map((m) => m[1]!)
  productPath = products[0]!
  otherProductPath = products[1]!
  categoryPath = /href="(\/en\/[^"]+-ctg[^"]+)"/.exec(home)![1]!
})

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
          child.once('exit', resolve)
          child.kill('SIGTERM')
        }),
    ),
  )
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Every script a browser would run carries the nonce its response's CSP allows, and nothing else does. */
function expectNoncesMatch(html: string, csp: string | null | undefined) {
  const nonce = cspNonceOf(csp)
  expect(nonce).toMatch(/^[\w-]{22}$/)
  const scripts = executableInlineScripts(html)
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) expect(script.nonce, script.body.slice(0, 80)).toBe(nonce)
  return nonce!
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
}

describe('the built storefront', () => {
  it('puts the CSP nonce on every inline script of a page, and security headers on every answer', async () => {
    const response = await fetch(`${shop}${productPath}`, { headers: { 'User-Agent': 'test-browser' } })
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy')
    expectNoncesMatch(await response.text(), csp)
    expect(csp).toContain('upgrade-insecure-requests')
    expect(csp).toContain(`form-action 'self' ${api}`)

    const home = await (await fetch(`${shop}/en/home`)).text()
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.css)"/.exec(home)!
    const answers = {
      asset: await send(shop, asset[1] ?? asset[2]!),
      favicon: await send(shop, '/favicon.svg'),
      notFound: await send(shop, '/en/no-such-page-at-all'),
      image: await send(shop, '/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/100/1000001.svg'),
      methodNotAllowed: await send(shop, '/en/home', { method: 'PUT' }),
    }
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.headers, what).toMatchObject(SECURITY_HEADERS)
      expect(answer.headers['content-security-policy'], what).toContain("object-src 'none'")
    }
    expect(answers.asset.status).toBe(200)
    expect(answers.notFound.status).toBe(404)
    expectNoncesMatch(answers.notFound.body, answers.notFound.headers['content-security-policy'] as string)
    // Pictures may be shown by other sites (mails, procurement systems); pages may not be read by them.
    expect(answers.image.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(answers.favicon.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('gives two hits of a cached page different nonces, each matching its own CSP', async () => {
    // One after the other, each body read: fetch keeps using the one connection, so with several storefront
    // processes (ADR 0050) the three requests reach the same process and its page cache.
    const get = () => fetch(`${shop}${categoryPath}`)
    await (await get()).text()
    const first = await get()
    const firstHtml = await first.text()
    const second = await get()
    const secondHtml = await second.text()
    expect(first.headers.get('x-page-cache')).toBe('hit')
    expect(second.headers.get('x-page-cache')).toBe('hit')
    const firstNonce = expectNoncesMatch(firstHtml, first.headers.get('content-security-policy'))
    const secondNonce = expectNoncesMatch(secondHtml, second.headers.get('content-security-policy'))
    expect(secondNonce).not.toBe(firstNonce)
    expect(firstHtml.replaceAll(firstNonce, 'N')).toBe(secondHtml.replaceAll(secondNonce, 'N'))
  })

  it('writes absolute URLs from PUBLIC_URL whatever Host or X-Forwarded-Host say, so the cache serves no stranger’s host', async () => {
    const page = otherProductPath
    const poisoned = await send(shop, page, {
      headers: {
        Host: 'evil.example:8443',
        'X-Forwarded-Host': 'evil-forwarded.example',
        'X-Forwarded-Proto': 'https',
        'User-Agent': 'test-browser',
      },
    })
    expect(poisoned.status).toBe(200)
    expect(poisoned.headers['x-page-cache']).toBe('miss')
    const plain = await send(shop, page, { headers: { 'User-Agent': 'test-browser' } })
    const other = await send(shop, page, { headers: { Host: 'other.example', 'User-Agent': 'test-browser' } })
    for (const answer of [poisoned, plain, other]) {
      expect(answer.body).not.toMatch(/evil|other\.example|127\.0\.0\.1/)
      expect(answer.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${page}"/>`)
      expect(answer.body).toContain(`hrefLang="de-DE" href="${PUBLIC_URL}/de/`)
      // JSON-LD
      expect(answer.body).toMatch(/"item":"https:\/\/shop\.example\.com\/en\//)
    }
    expect([plain.headers['x-page-cache'], other.headers['x-page-cache']]).toEqual(['hit', 'hit'])
    const nonce = (answer: { headers: Record<string, unknown> }) =>
      cspNonceOf(answer.headers['content-security-policy'] as string)!
    expect(plain.body.replaceAll(nonce(plain), 'N')).toBe(poisoned.body.replaceAll(nonce(poisoned), 'N'))

    const evil = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' }
    const robots = await send(shop, '/robots.txt', { headers: evil })
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
    const sitemap = await send(shop, '/sitemap.xml', { headers: evil })
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/sitemap/de/categories.xml</loc>`)
    expect(sitemap.body).not.toContain('evil')
  })

  it('answers a missing ICM file 404 at once, without a length it does not send', async () => {
    const started = Date.now()
    const missing = await send(shop, '/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/101/none.svg')
    expect(missing.status).toBe(404)
    expect(missing.body).toBe('')
    expect(Number(missing.headers['content-length'] ?? 0)).toBe(0)
    expect(Date.now() - started).toBeLessThan(3000)
    const attachment = await send(shop, '/INTERSHOP/static/WFS/other-Site/-/attachments/x.pdf', {
      method: 'HEAD',
    })
    expect(attachment.status).toBe(404)
  })

  it('tells with Retry-After when to come back while ICM is unreachable', async () => {
    const page = await send(unreachableIcmShop, '/en/home')
    expect(page.status).toBe(503)
    expect(page.headers['retry-after']).toBe('30')
    // Without the shell's data the page still has its title, in the page's language.
    expect(page.body).toContain('<html lang="en-US">')
    expect(page.body).toContain('<title>We&#x27;ll be right back</title>')
    expect((await send(unreachableIcmShop, '/de/home')).body).toContain(
      '<title>Wir sind gleich wieder da</title>',
    )
    expectNoncesMatch(page.body, page.headers['content-security-policy'] as string)
    const data = await send(unreachableIcmShop, '/en/home.data')
    expect(data.status).toBe(503)
    expect(data.headers['retry-after']).toBe('30')
  })
})

describe('HEAD requests', () => {
  it('answer as the GET would, without a body, for pages and data requests, whatever Origin they carry', async () => {
    for (const path of ['/en/home', '/en/search/drill.data?view=1000001', '/en/home.data']) {
      const get = await fetch(`${shop}${path}`, { redirect: 'manual' })
      await get.arrayBuffer()
      const head = await fetch(`${shop}${path}`, {
        method: 'HEAD',
        redirect: 'manual',
        headers: { Origin: 'https://evil.example' },
      })
      expect(head.status, path).toBe(get.status)
      expect(await head.text(), path).toBe('')
    }
  })
})

describe('the shopper’s session', () => {
  it('is written back by the server once per answer, redirects included; an unchanged session sets no cookie', async () => {
    const sku = /-prd([^/?#]+)$/.exec(productPath)![1]!
    const added = await fetch(`${shop}/en/basket/add`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sku, quantity: '1' }),
    })
    expect(added.status).toBe(303)
    // The add created an anonymous token and a toast: the redirect carries them, and is personal.
    const first = added.headers.get('set-cookie')
    expect(first).toMatch(/^apiToken=/)
    expect(added.headers.get('cache-control')).toBe('private, no-store')
    const page = await fetch(new URL(added.headers.get('location')!, shop), {
      headers: { Cookie: first!.split(';')[0]! },
    })
    expect(page.status).toBe(200)
    await page.arrayBuffer()
    // Showing the toast used it up: the page writes the session back without it.
    const second = page.headers.get('set-cookie')
    expect(second).toMatch(/^apiToken=/)
    expect(second!.split(';')[0]).not.toBe(first!.split(';')[0])
    const again = await fetch(`${shop}/en/basket`, { headers: { Cookie: second!.split(';')[0]! } })
    expect(await again.text()).toContain(sku)
    expect(again.headers.get('set-cookie')).toBeNull()
  })
})

describe('stopping', () => {
  it('SIGTERM ends the storefront at once, not after the keep-alive timeout of a connection in use', async () => {
    const origin = await storefront({ ICM_BASE_URL: api })
    const child = children.at(-1)!
    // A keep-alive connection with a request under way when the signal comes (its last line not yet sent).
    const socket = connect(Number(new URL(origin).port), '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.write('GET /favicon.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    socket.write('\r\n')
    expect(await exited).toBe(0)
    expect(Date.now() - started).toBeLessThan(5000)
    // The request under way was answered, not cut.
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
    socket.destroy()
  })
})

describe('session secret', () => {
  it('production refuses to start without SESSION_SECRET, with a message saying so', async () => {
    const child = start(['server.mjs'], {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      ICM_BASE_URL: api,
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    // EX_CONFIG: `npm start` does not start it again with the same settings.
    expect(code).toBe(78)
    const output = (child as unknown as { output: () => string }).output()
    expect(output).toContain('storefront: cannot start: SESSION_SECRET is not set.')
  })

  it('development keeps its own secret, with a warning', async () => {
    const port = await freePort()
    const child = start(['server.mjs'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      ICM_BASE_URL: api,
    })
    await waitUntil('development storefront', async () => ok(`http://127.0.0.1:${port}/en/home`), 30_000)
    expect((child as unknown as { output: () => string }).output()).toContain(
      'SESSION_SECRET is not set; using the development secret',
    )
  })
})
