/**
 * Cookie consent and tracking against the real commerce API (issue 35, ADR 0035): the cookie settings' action
 * (the banner's two buttons, the settings form, withdrawal), what the root loader then tells every page,
 * receipts, the functional `preferredLocale` cookie, the business customer who switched consent off, and
 * that tracked events exist only with tracking consent.
 */
import { describe, expect, it } from 'vitest'
import { parseConsent } from '~/models/consent'
import { loader as rootLoader } from '~/root'
import { action as addAction } from '~/routes/$lang._shop.basket_.add'
import { action as cookiesAction, loader as cookiesLoader } from '~/routes/$lang._shop.cookies'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { answer, args } from '../storefront/loader-args'
import type { RouteFn } from '../storefront/render-route'

/** A browser's cookie jar: every `Set-Cookie` of every answer, a `Max-Age=0` one deleting its cookie. */
class Jar {
  cookies = new Map<string, string>()
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') || undefined
  async call(fn: RouteFn, path: string, form?: Record<string, string>, params: Record<string, string> = {}) {
    const sent = await answer(
      fn,
      args(path, { cookie: this.header(), form, params: { lang: 'en', ...params } }),
    )
    const setCookies = sent.response.headers.getSetCookie()
    for (const line of setCookies) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      if (/;\s*Max-Age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(at + 1))
    }
    return { ...sent, setCookies }
  }
  consent = () => parseConsent(this.cookies.get('cookieConsent'))
}

const root = async (jar: Jar, path = '/en/home') => (await jar.call(rootLoader, path)).data

describe('the cookie banner’s choices', () => {
  it('asks until a choice is stored, then allows what was chosen: accept all', async () => {
    const jar = new Jar()
    const before = await root(jar)
    expect(before.consent).toEqual({ ask: true, functional: false, tracking: false, locked: false })
    expect(before.tracked).toBe(false)
    expect(jar.cookies.size).toBe(0)

    const chosen = await jar.call(cookiesAction, '/en/cookies', {
      intent: 'all',
      returnUrl: '/en/search?searchTerm=drill',
    })
    expect(chosen.response.status).toBe(303)
    expect(chosen.response.headers.get('Location')).toBe('/en/search?searchTerm=drill')
    const line = chosen.setCookies.find((cookie) => cookie.startsWith('cookieConsent='))!
    expect(line).toMatch(/Max-Age=31536000/)
    expect(line).toMatch(/Path=\//)
    const consent = jar.consent()!
    expect(consent).toMatchObject({
      version: 1,
      enabledOptions: ['required', 'functional', 'tracking'],
      source: 'all',
    })
    expect(consent.clientId).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.now() - consent.consentedAt).toBeLessThan(60_000)

    const after = await root(jar)
    expect(after.consent).toEqual({ ask: false, functional: true, tracking: true, locked: false })
    expect(after.tracked).toBe(true)
    expect(after.shell.toast.text).toBe('Your cookie settings have been saved.')
  })

  it('only required: no functional or tracking consent, and no client id', async () => {
    const jar = new Jar()
    await jar.call(cookiesAction, '/en/cookies', { intent: 'required', returnUrl: '/en/home' })
    expect(jar.consent()).toMatchObject({ enabledOptions: ['required'], source: 'required' })
    expect(jar.consent()!.clientId).toBeUndefined()
    expect((await root(jar)).consent).toEqual({
      ask: false,
      functional: false,
      tracking: false,
      locked: false,
    })
  })

  it('the enhanced banner is answered with data; a return URL elsewhere goes to the settings page; nonsense is 400', async () => {
    const jar = new Jar()
    const json = await jar.call(cookiesAction, '/en/cookies', { intent: 'required', response: 'json' })
    expect(json.response.status).toBe(200)
    expect(json.data).toEqual({ ok: true })
    expect(jar.consent()?.enabledOptions).toEqual(['required'])
    const away = await jar.call(cookiesAction, '/en/cookies', {
      intent: 'all',
      returnUrl: 'https://evil.example/',
    })
    expect(away.response.headers.get('Location')).toBe('/en/cookies')
    const bad = await jar.call(cookiesAction, '/en/cookies', { intent: 'everything' })
    expect(bad.response.status).toBe(400)
  })

  it('asks again when the stored version is lower than the current one', async () => {
    const jar = new Jar()
    const old = {
      version: 0,
      enabledOptions: ['required', 'functional', 'tracking'],
      consentedAt: 1,
      source: 'all',
      history: [],
    }
    jar.cookies.set('cookieConsent', encodeURIComponent(JSON.stringify(old)))
    const view = await root(jar)
    expect(view.consent).toEqual({ ask: true, functional: false, tracking: false, locked: false })
    const page = (await jar.call(cookiesLoader, '/en/cookies')).data
    expect(page.outdated).toBe(true)
    expect(page.receipts[0]).toMatchObject({ version: 0, current: false })
  })
})

describe('the cookie settings page', () => {
  it('saves the categories chosen, lists every decision as a receipt, and withdraws in one click', async () => {
    const jar = new Jar()
    await jar.call(cookiesAction, '/en/cookies', { intent: 'save', functional: 'on' })
    expect(jar.consent()).toMatchObject({ enabledOptions: ['required', 'functional'], source: 'settings' })
    // The language switch may remember a choice now (a functional cookie; e2e/shop.spec.ts has the switch).
    jar.cookies.set('preferredLocale', 'de_DE')

    const withdrawn = await jar.call(cookiesAction, '/en/cookies', { intent: 'withdraw' })
    expect(withdrawn.response.headers.get('Location')).toBe('/en/cookies')
    expect(withdrawn.setCookies.some((line) => /^preferredLocale=;.*Max-Age=0/.test(line))).toBe(true)
    expect(jar.cookies.has('preferredLocale')).toBe(false)
    expect(jar.consent()).toMatchObject({ enabledOptions: ['required'], source: 'withdrawn' })

    const page = (await jar.call(cookiesLoader, '/en/cookies')).data
    expect(page.title).toBe('Cookie settings')
    expect(page.consent).toEqual({ ask: false, functional: false, tracking: false, locked: false })
    expect(page.receipts.map((r: { source: string }) => r.source)).toEqual(['withdrawn', 'settings'])
    expect(page.receipts[0]).toMatchObject({ version: 1, categories: ['required'], current: true })
    expect(page.receipts[1]).toMatchObject({ categories: ['required', 'functional'], current: false })
    // The date as the page's language writes it.
    expect(page.receipts[0].date).toMatch(/\b20\d\d\b/)
    expect(new Date(page.receipts[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const german = (await jar.call(cookiesLoader, '/de/cookies', undefined, { lang: 'de' })).data
    expect(german.title).toBe('Cookie-Einstellungen')
    expect(german.receipts[0].date).not.toBe(page.receipts[0].date)
  })
})

describe('a business customer who switched cookie consent off (isCookieConsentDisabled)', () => {
  it('gets required only after the login, whatever was accepted before, and cannot choose more', async () => {
    const jar = new Jar()
    await jar.call(cookiesAction, '/en/cookies', { intent: 'all', returnUrl: '/en/home' })
    await jar.call(loginAction, '/en/login', { login: 'mkestrel', password: DEMO_PASSWORD })
    const view = await root(jar, '/en/account')
    expect(view.consent).toEqual({ ask: false, functional: false, tracking: false, locked: true })
    expect(jar.consent()).toMatchObject({ enabledOptions: ['required'], source: 'account' })
    expect(jar.consent()!.clientId).toBeUndefined()
    await jar.call(cookiesAction, '/en/cookies', { intent: 'all', returnUrl: '/en/home' })
    expect(jar.consent()?.enabledOptions).toEqual(['required'])
    expect((await jar.call(cookiesLoader, '/en/cookies')).data.consent.locked).toBe(true)
  })

  it('leaves Brightline’s users their choice', async () => {
    const jar = new Jar()
    await jar.call(cookiesAction, '/en/cookies', { intent: 'all', returnUrl: '/en/home' })
    await jar.call(loginAction, '/en/login', { login: 'jlink', password: DEMO_PASSWORD })
    expect((await root(jar, '/en/account')).consent).toEqual({
      ask: false,
      functional: true,
      tracking: true,
      locked: false,
    })
  })
})

describe('tracked events', () => {
  const SKU = '1000001'
  const addForm = { sku: SKU, quantity: '2', returnUrl: '/en/basket' }

  it('with tracking consent: an add is an add_to_cart for the next page’s dataLayer, in GA4’s form', async () => {
    const jar = new Jar()
    await jar.call(cookiesAction, '/en/cookies', { intent: 'all', returnUrl: '/en/home' })
    await root(jar) // the toast's page
    await jar.call(addAction, '/en/basket/add', addForm)
    const { tracking } = await root(jar, '/en/basket')
    const entries = tracking.map((push: { entry: unknown }) => push.entry)
    expect(entries).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: expect.objectContaining({
          currency: 'USD',
          items: [expect.objectContaining({ item_id: SKU, quantity: 2, affiliation: 'Ironbridge Supply' })],
        }),
      },
    ])
    const item = entries[0].ecommerce.items[0]
    expect(typeof item.item_name).toBe('string')
    expect(item.price).toBeGreaterThan(0)
    expect(entries[0].ecommerce.value).toBeCloseTo(item.price * 2, 2)
    expect(item.item_category).toEqual(expect.any(String))
    // Shown once: the next page has none.
    expect((await root(jar, '/en/basket')).tracking).toEqual([])
  })

  it('without tracking consent (none, or functional only): nothing', async () => {
    for (const choice of [undefined, { intent: 'save', functional: 'on' }]) {
      const jar = new Jar()
      if (choice) await jar.call(cookiesAction, '/en/cookies', choice)
      await jar.call(addAction, '/en/basket/add', addForm)
      expect((await root(jar, '/en/basket')).tracking).toEqual([])
      expect((await root(jar, '/en/basket')).tracked).toBe(false)
    }
  })
})
