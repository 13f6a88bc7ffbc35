/**
 * The built shop with its demo catalog for the browser benches (page weight, Lighthouse): the commerce API
 * on its own PGlite folder under $TMPDIR (seeded on first use, reused later; `fresh` seeds again) and the
 * production storefront, both on loopback. Nothing is built here: a missing build is an error that says so.
 *
 * The storefront runs from a copy of the build taken at the start (with server.mjs, server/ and locales/), so
 * that an `npm run build` in the working tree during a run does not pull the files from under the pages.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { formsOf } from './browser'
import { childEnv, portInUse, root, start, waitUntilUp } from './servers'

/** Fails with what to do when `npm run build` has not been run. */
export function requireBuild() {
  for (const file of ['build/server/index.js', 'build/client/assets'])
    if (!existsSync(path.join(root, file)))
      throw new Error(
        `${file} is missing: run \`npm run build\` first (this bench measures the build, it builds nothing)`,
      )
}

/** A copy of the built storefront in a new folder under $TMPDIR, removed when the process exits. */
function copyOfBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-build-'))
  for (const entry of ['build', 'server', 'server.mjs', 'locales', 'package.json'])
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true })
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/**
 * The commerce API (seeded with the default demo catalog) and the storefront from a copy of the build; up when
 * this resolves. `build` is the copy's build folder (what the pages load).
 */
export async function startDemoShop(options: {
  shopPort: number
  apiPort: number
  dataDir: string
  fresh: boolean
}) {
  const { shopPort, apiPort } = options
  for (const port of [shopPort, apiPort])
    if (await portInUse(port))
      throw new Error(`port ${port} is in use; choose other ports (see the bench's header)`)
  if (options.fresh) rmSync(options.dataDir, { recursive: true, force: true })
  mkdirSync(options.dataDir, { recursive: true })
  const apiOrigin = `http://127.0.0.1:${apiPort}`
  const api = start(
    'commerce API',
    ['--import', 'tsx', 'commerce-api/main.ts'],
    childEnv({ API_PORT: String(apiPort), API_HOST: '127.0.0.1', DATA_DIR: options.dataDir }),
  )
  // The first start seeds the demo catalog (a minute or two on two cores).
  await waitUntilUp(api, `${apiOrigin}/health`, 900_000)
  const copy = copyOfBuild()
  const shop = start(
    'storefront',
    [path.join(copy, 'server.mjs')],
    childEnv({
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      ICM_BASE_URL: apiOrigin,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    }),
  )
  const origin = `http://127.0.0.1:${shopPort}`
  await waitUntilUp(shop, `${origin}/en/home`, 60_000)
  return { api, shop, origin, apiOrigin, build: path.join(copy, 'build') }
}

export type CatalogPages = { home: string; category: string; product: string; search: string }

/**
 * Home, a leaf category with products, a product page with an add-to-basket form and a search with several
 * hits, found by following links like a crawler (paths on the shop's origin, English shop).
 */
export async function findCatalogPages(origin: string): Promise<CatalogPages> {
  const get = async (pagePath: string) => {
    const response = await fetch(new URL(pagePath, origin))
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`)
    return response.text()
  }
  const home = '/en/home'
  const homeHtml = await get(home)
  const categories = [
    ...new Set(
      [...homeHtml.matchAll(/href="(\/en\/[^"]+-ctg[^"?#]+\.[^"?#]+\.[^"?#]+)"/g)].map((m) => m[1]!),
    ),
  ]
  for (const category of categories) {
    const categoryHtml = await get(category)
    const products = [
      ...new Set([...categoryHtml.matchAll(/href="(\/en\/[^"?#]+-prd[^"?#]+)"/g)].map((m) => m[1]!)),
    ]
    for (const product of products) {
      const productHtml = await get(product)
      if (!/name="intent" value="addToBasket"/.test(productHtml)) continue
      // A word of the category's name that finds several products: a result list, not a redirect to one product.
      const name = /<h1[^>]*>([^<]+)</.exec(categoryHtml)?.[1] ?? ''
      for (const word of [
        ...name
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length > 3),
        'drill',
      ]) {
        const search = `/en/search?searchTerm=${encodeURIComponent(word)}`
        const response = await fetch(new URL(search, origin), { redirect: 'manual' })
        const html = await response.text()
        if (response.status === 200 && /-prd/.test(html)) return { home, category, product, search }
      }
    }
  }
  throw new Error(
    'no leaf category with a product that can be added to the basket, or no search with results',
  )
}

/**
 * Puts one piece of `productPath` into a new guest basket through the product page's own form (as a browser
 * without JavaScript posts it) and returns the session's Cookie header.
 */
export async function guestBasketWithOneItem(origin: string, productPath: string): Promise<string> {
  const cookies = new Map<string, string>()
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
    }
  }
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const pageUrl = new URL(productPath, origin).toString()
  const page = await fetch(pageUrl)
  remember(page)
  const form = formsOf(await page.text(), pageUrl).find((f) =>
    f.fields.some((field) => field.name === 'intent' && field.value === 'addToBasket'),
  )
  if (!form) throw new Error(`no add-to-basket form on ${productPath}`)
  const body = new URLSearchParams()
  for (const field of form.fields)
    if ((field.type !== 'checkbox' && field.type !== 'radio') || field.checked)
      body.append(field.name, field.value)
  const added = await fetch(form.action, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { cookie: header(), 'content-type': 'application/x-www-form-urlencoded', origin },
  })
  remember(added)
  if (added.status >= 400) throw new Error(`adding ${productPath} to the basket answered ${added.status}`)
  const basket = await (await fetch(new URL('/en/basket', origin), { headers: { cookie: header() } })).text()
  if (!/-prd/.test(basket)) throw new Error('the basket is still empty after adding a product')
  return header()
}

/** A folder under $TMPDIR for a bench's demo database. */
export const benchDataDir = (name: string) => path.join(os.tmpdir(), `storefront-bench-${name}`)
