/**
 * The punchout entry `/{lang}/punchout` (issue 34, spec shell §4.7, §5, §8) as its loader (GET) and action
 * (POST) answer, against ICM mocked in its shapes: the login through ICM's token flow, the 500 ms delay, the
 * punchout's state and basket in the session, OCI's validation and background search forms, IDS's actions,
 * and every refusal on `/error` with its key.
 */
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { action, loader } from '~/routes/$lang.punchout'
import { loader as errorLoader } from '~/routes/$lang._shop.error'
import { config } from '~/services/config.server'
import { get, icm, icmError, icmPath } from './icm-mock'
import { answer, args, sessionCookie, sessionFrom } from './loader-args'
import {
  basketAnswer,
  basketHandlers,
  BUYER,
  CUSTOMER,
  CXML_USER,
  IDS_USER,
  loginHandlers,
  OCI_USER,
  PUNCHOUTS,
  recordCalls,
} from './punchout-fixtures'
import { allowUnknownCodes } from './fixture-check'
import './setup'

const HOOK = 'https://srm.example.com:8443/sap/bc/gui/sap/its/bbpsc02?sap-client=100&~OkCode=ADDI'

const entry = (query: Record<string, string>, init: { cookie?: string } = {}) =>
  answer(loader, args(`/en/punchout?${new URLSearchParams(query)}`, init))

const location = (response: Response) => response.headers.get('Location')
const errorOf = (key: string) => `/en/error?${new URLSearchParams({ error: key })}`

const ociQuery = (extra: Record<string, string> = {}) => ({
  HOOK_URL: HOOK,
  USERNAME: OCI_USER.login,
  PASSWORD: OCI_USER.password,
  ...extra,
})

const secure = config.secureCookies
afterEach(() => {
  config.secureCookies = secure
})

describe('the cXML entry (sid and access-token)', () => {
  const session = () =>
    get(`${PUNCHOUTS}/cxml1\\.2/sessions/S-1`, (request) =>
      request.headers.get('authentication-token') === 'session-token'
        ? { basketId: 'b-cx', returnURL: 'https://ariba.example/punchout/return?cookie=9' }
        : icmError(401, 'authentication.token.invalid'),
    )

  it('logs in with the start link’s token, waits 500 ms, keeps the session and basket, and goes home', async () => {
    const calls = recordCalls()
    icm.use(...loginHandlers(CXML_USER), session(), ...basketHandlers({ 'b-cx': basketAnswer('b-cx') }))
    const { response, setCookie } = await entry({ sid: 'S-1', 'access-token': 'start-token' })
    expect(response.status).toBe(302)
    expect(location(response)).toBe('/en/home')
    const stored = await sessionFrom(setCookie)
    expect(stored.get('apiToken')).toBe('session-token')
    expect(stored.get('user')?.permissions).toContain('APP_B2B_SEND_CXML_BASKET')
    expect(stored.get('punchout')).toEqual({
      type: 'cxml',
      login: CXML_USER.login,
      sid: 'S-1',
      returnUrl: 'https://ariba.example/punchout/return?cookie=9',
      basketId: 'b-cx',
    })
    // The start token is exchanged at ICM's token endpoint; the session and basket are read with the new one.
    const token = calls.find((call) => call.path === 'token')!
    expect(new URLSearchParams(token.body).get('grant_type')).toBe('refresh_token')
    const basketRead = calls.find((call) => call.path === 'baskets/b-cx')!
    expect(basketRead.token).toBe('session-token')
    // Nothing is read for the punchout until 500 ms after the login (spec §4.7, §9).
    const lastLoginRead = calls.find((call) => call.path.endsWith('/roles'))!
    const sessionRead = calls.find((call) => call.path.endsWith('sessions/S-1'))!
    expect(sessionRead.at - lastLoginRead.at).toBeGreaterThanOrEqual(500)
  })

  it('lands on the search for the selected item when the start link names one', async () => {
    icm.use(...loginHandlers(CXML_USER), session(), ...basketHandlers({ 'b-cx': basketAnswer('b-cx') }))
    const { response } = await entry({ sid: 'S-1', 'access-token': 'start-token', sku: '1000042' })
    expect(location(response)).toBe('/en/search/1000042')
  })

  it('goes to the error page when ICM refuses the token', async () => {
    icm.use(...loginHandlers(CXML_USER))
    const { response, setCookie } = await entry({ sid: 'S-1', 'access-token': 'used-token' })
    expect(location(response)).toBe(errorOf('punchout.error.login.token'))
    expect((await sessionFrom(setCookie)).get('user')).toBeUndefined()
  })

  it('logs the user out again when ICM does not know the session', async () => {
    const calls = recordCalls()
    icm.use(
      ...loginHandlers(CXML_USER),
      get(`${PUNCHOUTS}/cxml1\\.2/sessions/S-9`, () => icmError(404, 'resource.not_found')),
    )
    const { response, setCookie } = await entry({ sid: 'S-9', 'access-token': 'start-token' })
    expect(location(response)).toBe(errorOf('punchout.error.session'))
    expect(calls.some((call) => call.method === 'PUT' && call.path === 'token/logout')).toBe(true)
    const stored = await sessionFrom(setCookie)
    expect(stored.get('user')).toBeUndefined()
    expect(stored.get('punchout')).toBeUndefined()
  })

  it('refuses a user who may not send a cXML basket, and logs them out', async () => {
    icm.use(...loginHandlers(BUYER))
    const { response, setCookie } = await entry({ sid: 'S-1', 'access-token': 'start-token' })
    expect(location(response)).toBe('/en/error?error=missing-permission&value=APP_B2B_SEND_CXML_BASKET')
    expect((await sessionFrom(setCookie)).get('apiToken')).toBeUndefined()
  })
})

describe('the OCI entry (HOOK_URL, USERNAME, PASSWORD)', () => {
  it('logs in, makes the session its own basket, keeps the hook URL, ~ fields and target, and goes home', async () => {
    const calls = recordCalls()
    icm.use(...loginHandlers(OCI_USER), ...basketHandlers({}, 'b-oci'))
    const { response, setCookie } = await entry(
      ociQuery({ '~OkCode': 'ADDI', '~TARGET': '_top', '~CALLER': 'CTLG', returntarget: '_top' }),
    )
    expect(location(response)).toBe('/en/home')
    const login = new URLSearchParams(calls.find((call) => call.path === 'token')!.body)
    expect([login.get('grant_type'), login.get('username')]).toEqual(['password', OCI_USER.login])
    const lastLoginRead = calls.find((call) => call.path.endsWith('/roles'))!
    const basketMade = calls.find((call) => call.method === 'POST' && call.path === 'baskets')!
    expect(basketMade.at - lastLoginRead.at).toBeGreaterThanOrEqual(500)
    expect((await sessionFrom(setCookie)).get('punchout')).toEqual({
      type: 'oci',
      login: OCI_USER.login,
      hookUrl: HOOK,
      tildeFields: [
        ['~OkCode', 'ADDI'],
        ['~TARGET', '_top'],
        ['~CALLER', 'CTLG'],
      ],
      target: '_top',
      basketId: 'b-oci',
    })
    // Over plain HTTP the cookie stays Lax: browsers refuse SameSite=None without Secure.
    expect(setCookie).toContain('SameSite=Lax')
  })

  it('sets the session cookie SameSite=None; Secure when the shop is served over HTTPS', async () => {
    config.secureCookies = true
    icm.use(...loginHandlers(OCI_USER), ...basketHandlers({}, 'b-oci'))
    const { setCookie } = await entry(ociQuery())
    expect(setCookie).toMatch(/SameSite=None/i)
    expect(setCookie).toMatch(/; Secure/i)
  })

  it('keeps the basket of this browser’s earlier punchout of the same user when ICM still has it', async () => {
    const calls = recordCalls()
    icm.use(...loginHandlers(OCI_USER), ...basketHandlers({ 'b-old': basketAnswer('b-old') }))
    const cookie = await sessionCookie({
      punchout: { type: 'oci', login: OCI_USER.login, basketId: 'b-old' },
    })
    const { setCookie } = await entry(ociQuery(), { cookie })
    expect((await sessionFrom(setCookie)).get('punchout')?.basketId).toBe('b-old')
    expect(calls.some((call) => call.method === 'POST' && call.path === 'baskets')).toBe(false)
  })

  it('opens the product page for FUNCTION=DETAIL', async () => {
    icm.use(...loginHandlers(OCI_USER), ...basketHandlers({}))
    const { response } = await entry(ociQuery({ FUNCTION: 'DETAIL', PRODUCTID: '1000042' }))
    expect(location(response)).toBe('/en/product/1000042')
  })

  it('answers VALIDATE with the product’s fields in a form to the hook URL that sends itself', async () => {
    const calls = recordCalls()
    icm.use(
      ...loginHandlers(OCI_USER),
      get(`${PUNCHOUTS}/oci5/validate`, {
        data: [
          { name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Drill "XT" <18 V>' },
          { name: 'NEW_ITEM-QUANTITY[1]', value: '2.500' },
        ],
      }),
    )
    const { response } = await answer(
      loader,
      args(
        `/en/punchout?${new URLSearchParams(ociQuery({ FUNCTION: 'VALIDATE', PRODUCTID: '1000042', QUANTITY: '2,5', '~OkCode': 'ADDI' }))}`,
      ),
    )
    const validate = calls.find((call) => call.path.endsWith('oci5/validate'))!
    expect([validate.query.get('productId'), validate.query.get('quantity')]).toEqual(['1000042', '2.5'])
    expect(validate.token).toBe('session-token')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-shop-form-target')).toBe('https://srm.example.com:8443')
    const html = await response.text()
    expect(html).toContain(`action="${HOOK.replace(/&/g, '&amp;')}"`)
    expect(html).toContain('name="NEW_ITEM-DESCRIPTION[1]" value="Drill &quot;XT&quot; &lt;18 V&gt;"')
    expect(html).toContain('name="~OkCode" value="ADDI"')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toMatch(/<script>document\.getElementById\('punchout-hook-form'\)\.submit\(\)<\/script>/)
    expect(html).toContain('<button type="submit" class="primary">Continue</button>')
    // Validation makes no basket.
    expect(calls.some((call) => call.method === 'POST' && call.path === 'baskets')).toBe(false)
  })

  it('answers BACKGROUND_SEARCH with the fields for the procurement system to read, not sent', async () => {
    icm.use(
      ...loginHandlers(OCI_USER),
      get(`${PUNCHOUTS}/oci5/background-search`, (request) =>
        new URL(request.url).searchParams.get('searchString') === 'drill'
          ? { data: [{ name: 'NEW_ITEM-DESCRIPTION[1]', value: 'Drill' }] }
          : { data: [] },
      ),
    )
    const { response } = await entry(ociQuery({ FUNCTION: 'BACKGROUND_SEARCH', SEARCHSTRING: 'drill' }))
    const html = await response.text()
    expect(html).toContain('name="NEW_ITEM-DESCRIPTION[1]" value="Drill"')
    expect(html).not.toContain('<script')
  })

  it('takes the entry as a form post from the procurement system’s own page', async () => {
    icm.use(...loginHandlers(OCI_USER), ...basketHandlers({}, 'b-oci'))
    const { response, setCookie } = await answer(
      action,
      args('/en/punchout?returntarget=_parent', {
        form: { HOOK_URL: HOOK, USERNAME: OCI_USER.login, PASSWORD: OCI_USER.password },
        headers: { Origin: 'https://srm.example.com:8443', 'Sec-Fetch-Site': 'cross-site' },
      }),
    )
    expect(location(response)).toBe('/en/home')
    expect((await sessionFrom(setCookie)).get('punchout')?.target).toBe('_parent')
  })

  it('goes to the error page with the login’s key when ICM refuses the password', async () => {
    icm.use(...loginHandlers(OCI_USER))
    const { response } = await entry(ociQuery({ PASSWORD: 'wrong' }))
    expect(location(response)).toBe(errorOf('account.login.username_password.error.invalid'))
  })
})

describe('the IDS Connect entry (action, name_kunde, pw_kunde)', () => {
  const ids = (extra: Record<string, string>) => ({
    name_kunde: IDS_USER.login,
    pw_kunde: IDS_USER.password,
    kndnr: CUSTOMER,
    hookurl: 'https://handwerk.example/ids/return?sid=42',
    ...extra,
  })

  it('answers SV with the interface versions, without logging anybody in', async () => {
    const calls = recordCalls()
    const { response } = await entry(ids({ action: 'SV' }))
    const html = await response.text()
    for (const version of ['1.3', '2.0', '2.3', '2.5']) expect(html).toContain(`<li>${version}</li>`)
    expect(calls).toEqual([])
  })

  it('answers LI with the login’s result and keeps nobody logged in', async () => {
    const calls = recordCalls()
    icm.use(...loginHandlers(IDS_USER))
    const { response, setCookie } = await entry(ids({ action: 'LI' }))
    expect(await response.text()).toContain(
      `Login successful: Otto Punchout (user ${IDS_USER.login}) of customer ${CUSTOMER}.`,
    )
    expect(calls.some((call) => call.path === 'token/logout')).toBe(true)
    expect((await sessionFrom(setCookie)).get('user')).toBeUndefined()
  })

  it('refuses a customer number that is not the user’s', async () => {
    icm.use(...loginHandlers(IDS_USER))
    const { response } = await entry(ids({ action: 'WKE', kndnr: 'OtherCorp' }))
    expect(location(response)).toBe(errorOf('account.login.username_password.error.invalid'))
  })

  it('WKE: keeps the hook URL, target and version and goes home', async () => {
    icm.use(...loginHandlers(IDS_USER), ...basketHandlers({}, 'b-ids'))
    const { response, setCookie } = await entry(ids({ action: 'WKE', target: '_top', version: '2.5' }))
    expect(location(response)).toBe('/en/home')
    expect((await sessionFrom(setCookie)).get('punchout')).toEqual({
      type: 'ids',
      login: IDS_USER.login,
      hookUrl: 'https://handwerk.example/ids/return?sid=42',
      target: '_top',
      version: '2.5',
      basketId: 'b-ids',
    })
  })

  it('ADL: opens the product of the article number', async () => {
    icm.use(...loginHandlers(IDS_USER), ...basketHandlers({}, 'b-ids'))
    const { response } = await entry(ids({ action: 'ADL', ghnummer: 'A 100/7' }))
    expect(location(response)).toBe('/en/product/A%20100%2F7')
  })

  it('WKS: puts the cart’s items in the basket and says which it could not take, and why', async () => {
    allowUnknownCodes('basket.line_item.creation.failed')
    const bodies: unknown[] = []
    icm.use(
      ...loginHandlers(IDS_USER),
      ...basketHandlers({ 'b-ids': basketAnswer('b-ids') }, 'b-ids'),
      http.post(icmPath('baskets/b-ids/items'), async ({ request }) => {
        const body = (await request.json()) as { product: string; quantity: { value: number } }[]
        bodies.push(body)
        if (body.some((item) => item.product === 'NOPE'))
          return icmError(422, 'basket.line_item.creation.failed', 'failed', [
            { code: 'basket.line_item.product_not_found.error', message: 'no', paths: ['[1].product'] },
          ])
        return HttpResponse.json(
          {
            data: body.map(
              (item) =>
                basketAnswer('x', [
                  { id: `l-${item.product}`, sku: item.product, quantity: item.quantity.value },
                ]).included.lineItems[`l-${item.product}`],
            ),
            infos: [],
          },
          { status: 201 },
        )
      }),
    )
    const cart = `<?xml version="1.0" encoding="UTF-8"?>
<Warenkorb xmlns="http://www.itek.de/Shop-Anbindung/Warenkorb/">
  <WarenkorbInfo><Date>2026-03-01</Date><Time>10:00:00</Time><Version>2.5</Version></WarenkorbInfo>
  <Order>
    <OrderItem><ArtNo>00123</ArtNo><Qty>2.00</Qty><QU>PCE</QU></OrderItem>
    <OrderItem><ArtNo>NOPE</ArtNo><Qty>1.00</Qty><QU>PCE</QU></OrderItem>
    <OrderItem><ArtNo>456</ArtNo><Qty>1.50</Qty><QU>MTR</QU></OrderItem>
  </Order>
</Warenkorb>`
    const { response, setCookie } = await answer(
      action,
      args('/en/punchout', {
        form: { ...ids({ action: 'WKS' }), warenkorb: cart },
        headers: { Origin: 'https://handwerk.example' },
      }),
    )
    expect(location(response)).toBe('/en/basket')
    expect(bodies).toEqual([
      [
        { product: '00123', quantity: { value: 2 } },
        { product: 'NOPE', quantity: { value: 1 } },
      ],
      [{ product: '00123', quantity: { value: 2 } }],
    ])
    const toast = (await sessionFrom(setCookie)).get('toast')!
    expect(toast.type).toBe('info')
    expect(toast.key).toBe('punchout.ids.cart.added')
    expect(toast.values).toEqual({ count: 1 })
    expect(toast.details).toEqual([
      'Item 3 of the cart (456) could not be added to the basket: the quantity is not a whole number of pieces greater than 0.',
      'Item 2 of the cart (NOPE): the shop has no product with this article number.',
    ])
  })
})

describe('refusals before any login (spec §5), each on /error with its key', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['nothing', {}, 'punchout.error.missing.parameters'],
    ['a sid without access-token', { sid: 'S-1' }, 'punchout.error.missing.parameters'],
    ['OCI without PASSWORD', { HOOK_URL: HOOK, USERNAME: 'u' }, 'punchout.error.missing.parameters'],
    [
      'a HOOK_URL that is no http(s) URL',
      ociQuery({ HOOK_URL: 'javascript:alert(1)' }),
      'custom.punchout.error.missing.parameter.url',
    ],
    [
      'an unknown IDS action',
      { action: 'XX', name_kunde: 'u', pw_kunde: 'p' },
      'custom.punchout.error.wrong.code',
    ],
    [
      'WKE without hookurl',
      { action: 'WKE', name_kunde: 'u', pw_kunde: 'p' },
      'custom.punchout.error.missing.parameter.url',
    ],
    [
      'ADL without ghnummer',
      { action: 'ADL', name_kunde: 'u', pw_kunde: 'p', hookurl: 'https://h.example/' },
      'custom.punchout.error.missing.parameter.ghnummer',
    ],
    [
      'WKS without warenkorb',
      { action: 'WKS', name_kunde: 'u', pw_kunde: 'p', hookurl: 'https://h.example/' },
      'custom.punchout.error.missing.parameter.warenkorb',
    ],
    [
      'WKS with a cart of no items',
      {
        action: 'WKS',
        name_kunde: 'u',
        pw_kunde: 'p',
        hookurl: 'https://h.example/',
        warenkorb: '<Warenkorb><Order/></Warenkorb>',
      },
      'custom.punchout.error.missing.parameter.warenkorb',
    ],
  ]
  it.each(cases)('%s', async (_, query, key) => {
    const calls = recordCalls()
    const { response } = await entry(query)
    expect(response.status).toBe(302)
    expect(location(response)).toBe(errorOf(key))
    expect(calls).toEqual([])
  })

  it('the error page shows the key’s text with 400, and no other key', async () => {
    const shown = await answer(errorLoader, args(`/en/error?error=custom.punchout.error.wrong.code`))
    expect(shown.response.status).toBe(400)
    expect(shown.data.title).toBe('Punchout not possible')
    expect(shown.data.kind).toBe('custom.punchout.error.wrong.code')
    const other = await answer(errorLoader, args(`/en/error?error=account.profile.heading`))
    expect(other.response.status).toBe(404)
  })
})
