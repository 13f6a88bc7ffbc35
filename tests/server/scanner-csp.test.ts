/**
 * The code scanner's decoder is ZXing in WebAssembly where the browser has no BarcodeDetector (ADR 0044): the
 * CSP lets the scanner's documents compile WebAssembly, and no other page.
 */
import type { Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.mjs'
import { WASM_PAGES } from '../../server/security.mjs'
import { serverSettings } from '../../server/settings.mjs'
import { SCANNER_PAGE } from '~/models/scanner'
import { send } from './helpers'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function shop() {
  const app = createApp({
    build: undefined,
    settings: serverSettings({ PAGE_CACHE_SECONDS: '0' }),
    handler: (_req, res) => void res.type('text/html').send('<!doctype html><p>page</p>'),
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

const scriptSrc = (csp: unknown) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? []

describe('WebAssembly in the CSP', () => {
  it("allows 'wasm-unsafe-eval' on the scanner's pages, beside this origin and the answer's nonce", async () => {
    const origin = await shop()
    for (const path of ['/en/scanner', '/de/scanner?code=2900000000001', '/pl/scandit', '/ro/scanner/']) {
      const sources = scriptSrc((await send(origin, path)).headers['content-security-policy'])
      expect(sources, path).toContain("'wasm-unsafe-eval'")
      expect(sources, path).toContain("'self'")
      expect(
        sources.some((source) => source.startsWith("'nonce-")),
        path,
      ).toBe(true)
      // Never eval of JavaScript itself.
      expect(sources, path).not.toContain("'unsafe-eval'")
    }
  })

  it('allows it nowhere else: not on other pages, data requests of other routes, or look-alike paths', async () => {
    const origin = await shop()
    for (const path of [
      '/en/home',
      '/en/search?searchTerm=scanner',
      '/en/scanner-x',
      '/en/scanner/more',
      '/scanner',
      '/en/x/scanner',
    ]) {
      const sources = scriptSrc((await send(origin, path)).headers['content-security-policy'])
      expect(sources.length, path).toBeGreaterThan(0)
      expect(sources, path).not.toContain("'wasm-unsafe-eval'")
    }
  })

  it('names the same pages as the browser’s check before it loads the decoder', () => {
    expect(WASM_PAGES.map((page) => page.source)).toEqual([SCANNER_PAGE.source])
  })
})
