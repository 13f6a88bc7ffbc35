/**
 * The punchout entry `/{lang}/punchout` (issue 34, spec shell §4.7, §5) against the real commerce API: the
 * seeded punchout users of Brightline (`brightline-oci`, `-cxml`, `-ids`) come in over OCI by GET and POST,
 * over IDS Connect with each of its actions and over cXML with the start link of a session opened as a setup
 * request opens it; the API decides who may log in and for which customer, the punchout's basket is the
 * API's, the cart's lines get the API's prices. Then the shop as the punchout user sees it: no footer, the
 * basket page offering "Transfer basket", the punchout's state in the session cookie.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { openCxmlSession } from '../../commerce-api/domain/punchout-sessions'
import { createPunchoutUser } from '../../commerce-api/domain/punchout-users'
import { sellableSkus } from '../commerce-api/checkout-fixtures'
import { loader as rootLoader } from '~/root'
import { loader as catalogLoader } from '~/routes/$lang._shop.$'
import { loader as basketLoader } from '~/routes/$lang._shop.basket'
import { action as logoutAction } from '~/routes/$lang._shop.logout'
import { action, loader } from '~/routes/$lang.punchout'
import { config } from '~/services/config.server'
import { sessionFrom } from '../storefront/loader-args'
import { Browser, minor, recordApiCalls, seeded, type ApiCall } from './shop'
import { api } from './setup'

const BRIGHTLINE = 'BC-200001'
const HOOK = 'https://srm.example.com:8443/sap/bc/gui/sap/its/bbpsc02?sap-client=100&~OkCode=ADDI'
const IDS_HOOK = 'https://handwerk.example/ids/return?sid=42'
const RETURN_URL = 'https://ariba.example/punchout/return?cookie=9'

/** A procurement system's browser opening the entry with `query` (GET), answering where it is sent. */
const enter = async (browser: Browser, query: Record<string, string>) => {
  const sent = await browser.call(loader, `/${browser.lang}/punchout?${new URLSearchParams(query)}`)
  return { ...sent, location: sent.response.headers.get('Location') }
}
const errorOf = (key: string, lang = 'en') => `/${lang}/error?${new URLSearchParams({ error: key })}`
/** What the browser's session cookie holds. */
const stored = (browser: Browser) => sessionFrom(browser.cookie)

const oci = (extra: Record<string, string> = {}) => ({
  HOOK_URL: HOOK,
  USERNAME: 'brightline-oci',
  PASSWORD: DEMO_PASSWORD,
  ...extra,
})
const ids = (extra: Record<string, string>) => ({
  name_kunde: 'brightline-ids',
  pw_kunde: DEMO_PASSWORD,
  kndnr: BRIGHTLINE,
  hookurl: IDS_HOOK,
  ...extra,
})

/** A cXML setup request's session for Brightline's cXML user, opened as the setup endpoint opens it. */
const cxmlSession = (items: { sku: string; quantity: number }[] = []) =>
  openCxmlSession(
    api.database.db,
    {
      senderIdentity: 'brightline-cxml',
      sharedSecret: DEMO_PASSWORD,
      operation: items.length ? 'edit' : 'create',
      buyerCookie: 'cookie-9',
      browserFormPostUrl: RETURN_URL,
      items,
    },
    { customerNo: BRIGHTLINE, currency: 'USD', locale: 'en_US' },
  )

/**
 * How long the entry waited between the login's last read (the user's roles) and the first call for the
 * punchout (`first`): spec §4.7, §9's login delay.
 */
function waitAfterLogin(calls: ApiCall[], first: (call: ApiCall) => boolean) {
  const roles = calls.find((call) => call.path.endsWith('/roles'))
  const punchout = calls.find(first)
  if (!roles || !punchout) throw new Error(`no login or punchout call in ${calls.map((c) => c.path)}`)
  return punchout.sent - roles.answered
}

let skus: string[]
beforeAll(async () => {
  skus = await sellableSkus(api, 3)
})

describe('the OCI entry', () => {
  it('logs in after the API’s check, waits 500 ms, keeps hook URL, ~ fields and target, and makes the API basket', async () => {
    const browser = new Browser('en')
    const calls = recordApiCalls()
    const { response, location, setCookie } = await enter(
      browser,
      oci({ '~OkCode': 'ADDI', '~TARGET': '_top', '~CALLER': 'CTLG', returntarget: '_top' }),
    )
    expect(
      waitAfterLogin(calls, (call) => call.method === 'POST' && call.path === 'baskets'),
    ).toBeGreaterThanOrEqual(500)
    expect(response.status).toBe(302)
    expect(location).toBe('/en/home')
    const session = await stored(browser)
    expect(session.get('user')).toMatchObject({ login: 'brightline-oci', customerNo: BRIGHTLINE })
    expect(session.get('user')?.permissions).toContain('APP_B2B_SEND_OCI_BASKET')
    const punchout = session.get('punchout')!
    expect(punchout).toEqual({
      type: 'oci',
      login: 'brightline-oci',
      hookUrl: HOOK,
      tildeFields: [
        ['~OkCode', 'ADDI'],
        ['~TARGET', '_top'],
        ['~CALLER', 'CTLG'],
      ],
      target: '_top',
      basketId: expect.any(String),
    })
    // The basket is the API's, the punchout user's, and the one the basket page shows.
    const { basket, transfer } = await browser.load(basketLoader, '/en/basket')
    expect(basket.id).toBe(punchout.basketId)
    expect(transfer).toBe(true)
    // Over plain HTTP the cookie stays Lax: browsers refuse SameSite=None without Secure.
    expect(setCookie).toContain('SameSite=Lax')
  })

  it('keeps the basket of this browser’s earlier punchout of the same user; another browser gets its own', async () => {
    const browser = new Browser('en')
    await enter(browser, oci())
    const first = (await stored(browser)).get('punchout')!.basketId
    await enter(browser, oci({ '~OkCode': 'ADDI' }))
    expect((await stored(browser)).get('punchout')!.basketId).toBe(first)
    const other = new Browser('en')
    await enter(other, oci())
    expect((await stored(other)).get('punchout')!.basketId).not.toBe(first)
  })

  it('sets the session cookie SameSite=None; Secure; Partitioned when the shop is served over HTTPS', async () => {
    const secure = config.secureCookies
    config.secureCookies = true
    try {
      const browser = new Browser('en')
      const { setCookie } = await enter(browser, oci())
      expect(setCookie).toMatch(/SameSite=None/i)
      expect(setCookie).toMatch(/; Secure/i)
      // CHIPS: kept in the procurement system's frame where third-party cookies are blocked.
      expect(setCookie).toMatch(/; Partitioned/i)
      // The logout inside the frame replaces that cookie (same attributes), else the user stayed logged in.
      const { setCookie: cleared } = await browser.call(logoutAction, '/en/logout', {
        form: { returnUrl: '/en/home' },
      })
      expect(cleared).toMatch(/SameSite=None/i)
      expect(cleared).toMatch(/; Partitioned/i)
      expect((await stored(browser)).get('user')).toBeUndefined()
    } finally {
      config.secureCookies = secure
    }
  })

  it('FUNCTION=DETAIL lands on the product page, which shows the API’s product', async () => {
    const browser = new Browser('en')
    const sku = skus[0]!
    const { location } = await enter(browser, oci({ FUNCTION: 'DETAIL', PRODUCTID: sku }))
    expect(location).toBe(`/en/product/${sku}`)
    // The short product URL sends the browser on to the product's canonical page.
    const moved = await browser.call(catalogLoader, location!, { params: { '*': `product/${sku}` } })
    expect(moved.response.status).toBe(301)
    const canonical = moved.response.headers.get('Location')!
    const page = await browser.load(catalogLoader, canonical, { '*': canonical.replace('/en/', '') })
    expect(page.product).toMatchObject({ sku, name: (await seeded(sku, 'USD', 'en_US')).name })
  })

  it('takes the entry as a cross-site form post from the procurement system’s page, the query’s target too', async () => {
    const browser = new Browser('en')
    const { response } = await browser.call(action, '/en/punchout?returntarget=_parent', {
      form: oci({ '~OkCode': 'ADDI' }),
      headers: { Origin: 'https://srm.example.com:8443', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(response.headers.get('Location')).toBe('/en/home')
    expect((await stored(browser)).get('punchout')).toMatchObject({
      type: 'oci',
      hookUrl: HOOK,
      target: '_parent',
      tildeFields: [['~OkCode', 'ADDI']],
    })
  })

  it('sends a wrong password to the error page with the login’s key, nobody logged in', async () => {
    const browser = new Browser('en')
    const { location } = await enter(browser, oci({ PASSWORD: 'Wrong!2026' }))
    expect(location).toBe(errorOf('account.login.username_password.error.invalid'))
    const session = await stored(browser)
    expect(session.get('user')).toBeUndefined()
    expect(session.get('punchout')).toBeUndefined()
  })

  it('refuses a punchout user the company deactivated, with the key of the API’s 403 (spec §8)', async () => {
    await createPunchoutUser(
      api.database.db,
      BRIGHTLINE,
      'oci5',
      { login: 'brightline-oci-off', password: DEMO_PASSWORD, active: false },
      'en_US',
    )
    const browser = new Browser('en')
    const { location } = await enter(browser, oci({ USERNAME: 'brightline-oci-off' }))
    // The API answers a deactivated user's right password with 403 and its code: the error page says the user
    // was deactivated (not "not approved yet"); a wrong password of the same user stays the plain refusal.
    expect(location).toBe(errorOf('account.login.user_disabled.error.invalid'))
    const wrong = await enter(
      new Browser('en'),
      oci({ USERNAME: 'brightline-oci-off', PASSWORD: 'Wrong!2026' }),
    )
    expect(wrong.location).toBe(errorOf('account.login.username_password.error.invalid'))
    expect((await stored(browser)).get('user')).toBeUndefined()
  })

  it('refuses a buyer, who may not send an OCI basket, and logs them out again', async () => {
    const browser = new Browser('en')
    const calls = recordApiCalls()
    const { location } = await enter(browser, oci({ USERNAME: 'bbuyer' }))
    expect(location).toBe('/en/error?error=missing-permission&value=APP_B2B_SEND_OCI_BASKET')
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: 'token/logout' })
    const session = await stored(browser)
    expect(session.get('apiToken')).toBeUndefined()
    expect(session.get('user')).toBeUndefined()
  })
})

describe('the IDS Connect entry', () => {
  it('SV answers the interface versions without a login', async () => {
    const browser = new Browser('de')
    const calls = recordApiCalls()
    const { response } = await enter(browser, ids({ action: 'SV', pw_kunde: 'not-checked' }))
    expect(calls).toEqual([])
    const html = await response.text()
    for (const version of ['1.3', '2.0', '2.3', '2.5']) expect(html).toContain(`<li>${version}</li>`)
    expect((await stored(browser)).get('user')).toBeUndefined()
  })

  it('LI reports the API’s user and customer, and keeps nobody logged in', async () => {
    const browser = new Browser('en')
    const { response } = await enter(browser, ids({ action: 'LI' }))
    expect(await response.text()).toContain(
      `Login successful: Ingo Punchout (user brightline-ids) of customer ${BRIGHTLINE}.`,
    )
    const session = await stored(browser)
    expect(session.get('user')).toBeUndefined()
    expect(session.get('apiToken')).toBeUndefined()
  })

  it('refuses a customer number that is not the user’s at the API', async () => {
    const { location } = await enter(new Browser('en'), ids({ action: 'WKE', kndnr: 'BC-200002' }))
    expect(location).toBe(errorOf('account.login.username_password.error.invalid'))
  })

  it('WKE keeps hook URL, target and version and goes home', async () => {
    const browser = new Browser('de')
    const { location } = await enter(browser, ids({ action: 'WKE', target: '_top', version: '2.5' }))
    expect(location).toBe('/de/home')
    expect((await stored(browser)).get('punchout')).toEqual({
      type: 'ids',
      login: 'brightline-ids',
      hookUrl: IDS_HOOK,
      target: '_top',
      version: '2.5',
      basketId: expect.any(String),
    })
  })

  it('ADL opens the product of the article number', async () => {
    const sku = skus[1]!
    const { location } = await enter(new Browser('de'), ids({ action: 'ADL', ghnummer: sku }))
    expect(location).toBe(`/de/product/${sku}`)
  })

  it('WKS puts the cart’s lines in the basket at the API’s prices and names the lines it could not take', async () => {
    const [first, second] = skus
    const browser = new Browser('de')
    const cart = `<?xml version="1.0" encoding="UTF-8"?>
<Warenkorb xmlns="http://www.itek.de/Shop-Anbindung/Warenkorb/">
  <WarenkorbInfo><Date>2026-03-01</Date><Time>10:00:00</Time><Version>2.5</Version></WarenkorbInfo>
  <Order>
    <OrderItem><ArtNo>${first}</ArtNo><Qty>2.00</Qty><QU>PCE</QU></OrderItem>
    <OrderItem><ArtNo>NO-SUCH-ARTICLE</ArtNo><Qty>1.00</Qty><QU>PCE</QU></OrderItem>
    <OrderItem><ArtNo>${second}</ArtNo><Qty>3</Qty><QU>PCE</QU></OrderItem>
    <OrderItem><ArtNo>${second}</ArtNo><Qty>1.50</Qty><QU>MTR</QU></OrderItem>
  </Order>
</Warenkorb>`
    const { response } = await browser.call(action, '/de/punchout', {
      form: { ...ids({ action: 'WKS' }), warenkorb: cart },
      headers: { Origin: 'https://handwerk.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(response.headers.get('Location')).toBe('/de/basket')
    const { basket, transfer } = await browser.load(basketLoader, '/de/basket')
    expect(basket.id).toBe((await stored(browser)).get('punchout')!.basketId)
    expect(transfer).toBe(true)
    const lines = basket.lines.map((line: any) => ({
      sku: line.sku,
      quantity: line.quantity,
      single: minor(line.singleBasePrice.net),
    }))
    expect(lines).toEqual([
      { sku: first, quantity: 2, single: (await seeded(first!, 'EUR', 'de_DE')).net },
      { sku: second, quantity: 3, single: (await seeded(second!, 'EUR', 'de_DE')).net },
    ])
    const toast = (await browser.load(rootLoader, '/de/basket')).shell.toast
    expect(toast).toMatchObject({
      type: 'info',
      text: '2 Artikel aus dem Warenkorb Ihrer Handwerkersoftware liegen im Warenkorb.',
    })
    expect(toast.details).toEqual([
      `Position 4 des Warenkorbs (${second}) konnte nicht in den Warenkorb gelegt werden: Die Menge ist keine ganze Stückzahl größer als 0.`,
      'Position 2 des Warenkorbs (NO-SUCH-ARTICLE): Der Shop hat keinen Artikel mit dieser Artikelnummer.',
    ])
  })
})

describe('the cXML entry (sid and access-token of a setup request’s start link)', () => {
  it('logs in with the start token, takes the session’s basket with its reloaded lines, and goes home', async () => {
    const sku = skus[2]!
    const opened = await cxmlSession([{ sku, quantity: 2 }])
    const browser = new Browser('en')
    const calls = recordApiCalls()
    const { location } = await enter(browser, { sid: opened.session.id, 'access-token': opened.accessToken })
    expect(waitAfterLogin(calls, (call) => call.path.includes('/sessions/'))).toBeGreaterThanOrEqual(500)
    expect(location).toBe('/en/home')
    const session = await stored(browser)
    expect(session.get('user')?.login).toBe('brightline-cxml')
    expect(session.get('punchout')).toEqual({
      type: 'cxml',
      login: 'brightline-cxml',
      sid: opened.session.id,
      returnUrl: RETURN_URL,
      basketId: opened.session.basketId,
    })
    const { basket, transfer } = await browser.load(basketLoader, '/en/basket')
    expect(transfer).toBe(true)
    expect(basket.id).toBe(opened.session.basketId)
    expect(
      basket.lines.map((line: any) => [line.sku, line.quantity, minor(line.singleBasePrice.net)]),
    ).toEqual([[sku, 2, (await seeded(sku, 'USD', 'en_US')).net]])
  })

  it('takes the start token once: the link opened again goes to the error page', async () => {
    const opened = await cxmlSession()
    const start = { sid: opened.session.id, 'access-token': opened.accessToken, sku: skus[0]! }
    expect((await enter(new Browser('en'), start)).location).toBe(`/en/search/${skus[0]}`)
    const again = new Browser('en')
    expect((await enter(again, start)).location).toBe(errorOf('punchout.error.login.token'))
    expect((await stored(again)).get('user')).toBeUndefined()
  })

  it('logs the user out again when the API knows no such session of theirs', async () => {
    const opened = await cxmlSession()
    const browser = new Browser('en')
    const calls = recordApiCalls()
    const { location } = await enter(browser, { sid: 'no-such-session', 'access-token': opened.accessToken })
    expect(location).toBe(errorOf('punchout.error.session'))
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: 'token/logout' })
    const session = await stored(browser)
    expect(session.get('user')).toBeUndefined()
    expect(session.get('punchout')).toBeUndefined()
  })
})

describe('the shop as a punchout user sees it', () => {
  it('has no footer for the punchout user, and one for a buyer', async () => {
    const punchout = new Browser('en')
    await enter(punchout, ids({ action: 'WKE' }))
    const calls = recordApiCalls()
    expect((await punchout.load(rootLoader, '/en/home')).shell.footer).toBeNull()
    // Not even read for them.
    expect(calls.some((call) => call.path.startsWith('cms/includes/include.footer'))).toBe(false)
    const buyer = new Browser('en')
    await buyer.login('bbuyer')
    expect((await buyer.load(rootLoader, '/en/home')).shell.footer).toEqual(expect.any(Array))
    expect(calls.some((call) => call.path.startsWith('cms/includes/include.footer'))).toBe(true)
  })

  it('offers "Transfer basket" on the basket page by permission: not to a buyer', async () => {
    const buyer = new Browser('en')
    await buyer.login('bbuyer')
    expect((await buyer.load(basketLoader, '/en/basket')).transfer).toBe(false)
  })
})
