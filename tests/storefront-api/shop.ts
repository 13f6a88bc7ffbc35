import { and, eq } from 'drizzle-orm'
import { onTestFinished, vi } from 'vitest'
import { prices, products } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { loader as rootLoader } from '~/root'
import { action as basketAction } from '~/routes/$lang._shop.basket'
import { action as addAction } from '~/routes/$lang._shop.basket_.add'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { action as addressAction, loader as addressLoader } from '~/routes/$lang.checkout.address'
import { action as paymentAction } from '~/routes/$lang.checkout.payment'
import { action as shippingAction } from '~/routes/$lang.checkout.shipping'
import { answer, args, nextCookie } from '../storefront/loader-args'
import { renderRoute, type RouteFn } from '../storefront/render-route'
import { api } from './setup'

/**
 * A shopper's browser on the storefront, whose ICM is this file's commerce API (setup.ts): it calls a route's
 * loader or action as the server does and keeps the session cookie each answer sets, so that the next call
 * carries the session the last one left (the anonymous token of a first add, the user's token of a login).
 */
export class Browser {
  cookie: string | undefined

  constructor(readonly lang = 'en') {}

  /**
   * The answer of `fn` (a loader or action) to `path`; `form` posts, `headers` are sent along (a cross-site
   * post's `Origin`). Redirects are answered, not followed.
   */
  async call(
    fn: RouteFn,
    path: string,
    {
      form,
      params,
      headers,
    }: {
      form?: Record<string, string>
      params?: Record<string, string>
      headers?: Record<string, string>
    } = {},
  ) {
    const sent = await answer(
      fn,
      args(path, { cookie: this.cookie, form, headers, params: { lang: this.lang, ...params } }),
    )
    if (sent.setCookie) this.cookie = nextCookie(sent.setCookie)
    return sent
  }

  /** The data a loader answers with 200; anything else fails with what was answered instead. */
  async load(fn: RouteFn, path: string, params?: Record<string, string>) {
    const { response, data } = await this.call(fn, path, { params })
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status} ${response.headers.get('Location') ?? ''}`)
    return data
  }

  /** Posts `form` to an action and answers where it redirects to (failing when it does not redirect). */
  async post(fn: RouteFn, path: string, form: Record<string, string>, params?: Record<string, string>) {
    const { response, data } = await this.call(fn, path, { form, params })
    const location = response.headers.get('Location')
    if (!location)
      throw new Error(`${path} answered ${response.status} without a redirect: ${JSON.stringify(data)}`)
    return location
  }

  /** Logs in through the login page's form, as a shopper does: the session holds the user's real token. */
  async login(login: string, password = DEMO_PASSWORD) {
    await this.post(loginAction, `/${this.lang}/login`, { login, password })
  }

  /** Adds a product through the one add-to-basket form (a guest's first add makes the anonymous token). */
  async add(sku: string, quantity: number) {
    await this.post(addAction, `/${this.lang}/basket/add`, {
      sku,
      quantity: String(quantity),
      returnUrl: `/${this.lang}/basket`,
    })
  }

  /**
   * A logged-in shopper's way from the basket to the review: "Checkout", their address in `city` for invoice
   * and shipping, standard delivery, invoice. Fails at the step that does not lead on.
   */
  async checkoutToReview(city: string) {
    const step = (name: string) => `/${this.lang}/checkout/${name}`
    const expectNext = (location: string, name: string) => {
      if (location !== step(name)) throw new Error(`expected the ${name} step next, went to ${location}`)
    }
    expectNext(await this.post(basketAction, `/${this.lang}/basket`, { intent: 'checkout' }), 'address')
    const { addresses } = await this.load(addressLoader, step('address'))
    const address = addresses.find((candidate: { city: string }) => candidate.city === city)
    if (!address) throw new Error(`no address in ${city} to choose`)
    const chosen = { intent: 'select', invoiceAddress: address.urn, shipToAddress: address.urn }
    expectNext(await this.post(addressAction, step('address'), chosen), 'shipping')
    expectNext(await this.post(shippingAction, step('shipping'), { shippingMethod: 'STD_GROUND' }), 'payment')
    expectNext(await this.post(paymentAction, step('payment'), { paymentMethod: 'INVOICE' }), 'review')
  }

  /**
   * Renders a page as this shopper sees it: below the app's root loader (the shopper's price display), its
   * loader called with this browser's session. Answers the page language's translate function.
   */
  render(path: string, pattern: string, Component: () => JSX.Element | null, loader: RouteFn) {
    return renderRoute({ path, pattern, Component, loader, root: rootLoader, cookie: this.cookie })
  }
}

/**
 * A product of the seeded catalog as the API's database holds it: its name in `localeId` and its sale price in
 * `currency` (minor units), the source of truth the pages' prices are checked against.
 */
export async function seeded(sku: string, currency: string, localeId: string) {
  const [row] = await api.database.db
    .select({ names: products.names, net: prices.saleNet, gross: prices.saleGross })
    .from(products)
    .innerJoin(prices, eq(prices.sku, products.sku))
    .where(and(eq(products.sku, sku), eq(prices.currency, currency)))
  if (!row) throw new Error(`no seeded price of ${sku} in ${currency}`)
  return { name: (row.names as Record<string, string>)[localeId]!, net: row.net, gross: row.gross }
}

/**
 * The gross of a line's net total (minor units) shipped to Germany: 19 % VAT, rounded per line (ADR 0010 "Tax
 * follows the ship-to country").
 */
export const withGermanVat = (net: number) => Math.round(net * 1.19)

/** A storefront amount (ICM's decimal `value`) in minor units, for exact comparisons. */
export const minor = (money: { value: number } | undefined) => Math.round((money?.value ?? NaN) * 100)

/** The label and amount of each row of a totals section (`<dt>`/`<dd>` pairs), as a reader meets them. */
export function rowsOf(section: Element): [string, string][] {
  return [...section.querySelectorAll('dt')].map((dt) => [
    dt.textContent ?? '',
    dt.nextElementSibling?.textContent ?? '',
  ])
}

/**
 * A call the storefront made to the API: its method, its path below the site (without matrix parameters),
 * the status answered, when it went out and when its answer came back (`performance.now()`).
 */
export type ApiCall = { method: string; path: string; status: number; sent: number; answered: number }

/**
 * Every call the storefront makes to the API from here on until the running test ends, in the order the
 * answers came: to see what was asked, what the API answered, and when (the punchout's login delay).
 */
export function recordApiCalls(): ApiCall[] {
  const calls: ApiCall[] = []
  const fetch = globalThis.fetch
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    const sent = performance.now()
    const response = await fetch(request)
    const path = new URL(request.url).pathname.replace(/^.*?\/-(?:;[^/]*)?\//, '').replace(/;[^/]*/g, '')
    calls.push({ method: request.method, path, status: response.status, sent, answered: performance.now() })
    return response
  })
  onTestFinished(() => spy.mockRestore())
  return calls
}
