/**
 * The procurement sandbox (issue 34, routes/punchout-sandbox.ts) over HTTP: where it exists and who may open
 * it, the start page's forms, the OCI and IDS entries it opens (read back with the storefront's own entry
 * reader), the transfers its hook shows (the format fixtures), and every bad body as a 4xx page. The cXML
 * round trip through the shop's setup and OrderRequest endpoints is in punchout-sandbox-roundtrip.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { punchoutEntryOf } from '../../app/models/punchout-entry'
import { loadApiConfig } from '../../commerce-api/config'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { readIdsCart } from '../../commerce-api/punchout/ids'
import { buildServer } from '../../commerce-api/server'
import { fixture } from '../fixtures/punchout/fixture'
import { SITE, startApi, type Api } from './harness'

let api: Api
const TOKEN = 'sandbox-token-0123456789abcdef'

beforeAll(async () => {
  api = await startApi({ products: 40, punchoutSandbox: {} })
})
afterAll(async () => {
  await api?.close()
})

const sandbox = (path = '') => `${api.origin}/punchout-sandbox${path}`

/** Posts a form (fields in order) to the sandbox, as its own page does. */
async function post(path: string, fields: [string, string][] | string, headers: Record<string, string> = {}) {
  const response = await fetch(sandbox(path), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** The named fields of the page's forms (hidden or not), in page order, HTML entities undone. */
function inputsOf(html: string): [string, string][] {
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
  return [...html.matchAll(/<input[^>]*\bname="([^"]*)"[^>]*\bvalue="([^"]*)"/g)].map((match) => [
    decode(match[1]!),
    decode(match[2]!),
  ])
}

const OCI_FORM: [string, string][] = [
  ['login', 'brightline-oci'],
  ['password', DEMO_PASSWORD],
  ['locale', 'de_DE'],
  ['storefront', 'http://shop.example.test:3000/'],
  ['version', '4.0'],
  ['function', 'VALIDATE'],
  ['productId', '1000042'],
  ['quantity', '3'],
  ['searchString', ''],
  ['tildeName', '~OkCode'],
  ['tildeValue', 'ADDI'],
  ['tildeName', '~CALLER'],
  ['tildeValue', 'CTLG'],
  ['tildeName', ''],
  ['tildeValue', ''],
  ['returntarget', '_top'],
]

const IDS_FORM: [string, string][] = [
  ['customer', 'BC-200001'],
  ['login', 'brightline-ids'],
  ['password', DEMO_PASSWORD],
  ['locale', 'de_DE'],
  ['storefront', 'http://shop.example.test:3000'],
  ['action', 'WKS'],
  ['version', '2.5'],
  ['sku', '1000042'],
  ['quantity', '2'],
  ['sku', '1000317'],
  ['quantity', '5'],
  ['sku', ''],
  ['quantity', ''],
]

describe('where the sandbox exists', () => {
  it('is on by default outside production; in production only with PUNCHOUT_SANDBOX=on and its token', () => {
    const production = { NODE_ENV: 'production' as const, MAILBOX: 'on', MAILBOX_TOKEN: TOKEN }
    expect(loadApiConfig({ NODE_ENV: 'test' }).punchoutSandbox).toEqual({ token: undefined })
    expect(loadApiConfig({ NODE_ENV: 'development', PUNCHOUT_SANDBOX_TOKEN: TOKEN }).punchoutSandbox).toEqual(
      {
        token: TOKEN,
      },
    )
    expect(loadApiConfig({ NODE_ENV: 'test', PUNCHOUT_SANDBOX: 'off' }).punchoutSandbox).toBeUndefined()
    expect(loadApiConfig(production).punchoutSandbox).toBeUndefined()
    expect(() => loadApiConfig({ ...production, PUNCHOUT_SANDBOX: 'on' })).toThrow(/PUNCHOUT_SANDBOX_TOKEN/)
    expect(() =>
      loadApiConfig({ ...production, PUNCHOUT_SANDBOX: 'on', PUNCHOUT_SANDBOX_TOKEN: 'short' }),
    ).toThrow(/at least 24 characters/)
    expect(
      loadApiConfig({ ...production, PUNCHOUT_SANDBOX: 'on', PUNCHOUT_SANDBOX_TOKEN: TOKEN }).punchoutSandbox,
    ).toEqual({ token: TOKEN })
    expect(() => loadApiConfig({ NODE_ENV: 'test', PUNCHOUT_SANDBOX: 'yes' })).toThrow(
      /PUNCHOUT_SANDBOX must be 'on' or 'off'/,
    )
  })

  it('has no routes where it is off (production without the flag): 404 for every page', async () => {
    const off = buildServer({ db: api.database.db, site: SITE })
    try {
      for (const [method, url] of [
        ['GET', '/punchout-sandbox'],
        ['POST', '/punchout-sandbox/oci'],
        ['POST', '/punchout-sandbox/hook/cxml'],
        ['POST', '/punchout-sandbox/order'],
      ] as const) {
        const answer = await off.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'a=b',
        })
        expect(answer.statusCode, `${method} ${url}`).toBe(404)
      }
    } finally {
      await off.close()
    }
  })

  it('asks for its token when it has one (a Basic challenge), and opens with it as password or Bearer', async () => {
    const guarded = buildServer({ db: api.database.db, site: SITE, punchoutSandbox: { token: TOKEN } })
    const basic = (password: string) => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`
    try {
      const without = await guarded.inject({ method: 'GET', url: '/punchout-sandbox' })
      expect(without.statusCode).toBe(401)
      expect(without.headers['www-authenticate']).toMatch(/^Basic realm="punchout-sandbox"/)
      expect(without.headers['content-type']).toMatch(/^text\/html/)
      expect(without.body).toContain('PUNCHOUT_SANDBOX_TOKEN')
      const wrong = await guarded.inject({
        method: 'GET',
        url: '/punchout-sandbox',
        headers: { authorization: basic('not-the-token-not-the-token') },
      })
      expect(wrong.statusCode).toBe(401)
      const hook = await guarded.inject({
        method: 'POST',
        url: '/punchout-sandbox/hook/oci',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: fixture('oci/hook-post-srm.txt'),
      })
      expect(hook.statusCode).toBe(401)
      for (const authorization of [basic(TOKEN), `Bearer ${TOKEN}`]) {
        const open = await guarded.inject({
          method: 'GET',
          url: '/punchout-sandbox',
          headers: { authorization },
        })
        expect(open.statusCode, authorization).toBe(200)
      }
      // With its token it serves callers anywhere (a demo on a public host).
      const remote = await guarded.inject({
        method: 'GET',
        url: '/punchout-sandbox',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(remote.statusCode).toBe(200)
    } finally {
      await guarded.close()
    }
  })

  it('without a token answers only callers on this machine that no proxy forwarded', async () => {
    const open = buildServer({ db: api.database.db, site: SITE, punchoutSandbox: {} })
    try {
      const remote = await open.inject({
        method: 'GET',
        url: '/punchout-sandbox',
        remoteAddress: '203.0.113.7',
      })
      expect(remote.statusCode).toBe(404)
      expect(remote.json().errors[0].code).toBe('resource.not_found')
      const forwarded = await open.inject({
        method: 'GET',
        url: '/punchout-sandbox',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
      expect(forwarded.statusCode).toBe(404)
      expect((await open.inject({ method: 'GET', url: '/punchout-sandbox' })).statusCode).toBe(200)
    } finally {
      await open.close()
    }
  })
})

describe('the start page', () => {
  it('offers the cXML, OCI and IDS forms prefilled with the demo punchout users, labelled, no scripts', async () => {
    const response = await fetch(sandbox())
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self' http://localhost:3000")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(html).toMatch(/<html lang="en">/)
    expect(html).not.toMatch(/<script/i)
    for (const action of ['cxml', 'oci', 'ids'])
      expect(html).toContain(`<form method="post" action="/punchout-sandbox/${action}">`)
    const inputs = inputsOf(html)
    expect(inputs.filter(([name]) => name === 'login').map(([, value]) => value)).toEqual([
      'brightline-cxml',
      'brightline-oci',
      'brightline-ids',
    ])
    expect(inputs.filter(([name]) => name === 'password').map(([, value]) => value)).toEqual([
      DEMO_PASSWORD,
      DEMO_PASSWORD,
      DEMO_PASSWORD,
    ])
    expect(inputs.filter(([name]) => name === 'customer').map(([, value]) => value)).toEqual([
      'BC-200001',
      'BC-200001',
    ])
    // Each user's own language is chosen: Clara en_US, Otto and Ingo de_DE.
    expect([...html.matchAll(/<option value="(\w+)" selected>/g)].map((m) => m[1])).toEqual(
      expect.arrayContaining(['en_US', 'de_DE']),
    )
    expect(html).toContain('<option value="de_DE" selected>')
    // Every field has its label, and every id is unique.
    const ids = [...html.matchAll(/<(?:input|select)[^>]*\bid="([^"]+)"/g)].map((m) => m[1])
    const labels = [...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1])
    expect(new Set(ids).size).toBe(ids.length)
    expect(labels.sort()).toEqual([...ids].sort())
  })
})

describe('the entries it opens', () => {
  it('OCI: a GET form to the storefront entry with the parameters the storefront reads and the sandbox hook', async () => {
    const page = await post('/oci', OCI_FORM)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<form method="get" action="http://shop.example.test:3000/de/punchout">')
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://shop.example.test:3000",
    )
    const fields = inputsOf(page.html)
    expect(fields).toEqual([
      ['HOOK_URL', `${api.origin}/punchout-sandbox/hook/oci`],
      ['USERNAME', 'brightline-oci'],
      ['PASSWORD', DEMO_PASSWORD],
      ['OCI_VERSION', '4.0'],
      ['FUNCTION', 'VALIDATE'],
      ['PRODUCTID', '1000042'],
      ['QUANTITY', '3'],
      ['returntarget', '_top'],
      ['~OkCode', 'ADDI'],
      ['~CALLER', 'CTLG'],
    ])
    // The entry URL shown is the one the form opens.
    expect(page.html).toContain(
      `http://shop.example.test:3000/de/punchout?${new URLSearchParams(fields)}`.replace(/&/g, '&amp;'),
    )
    expect(punchoutEntryOf(new URLSearchParams(fields))).toEqual({
      protocol: 'oci',
      hookUrl: `${api.origin}/punchout-sandbox/hook/oci`,
      username: 'brightline-oci',
      password: DEMO_PASSWORD,
      function: { kind: 'VALIDATE', productId: '1000042', quantity: '3' },
      tildeFields: [
        ['~OkCode', 'ADDI'],
        ['~CALLER', 'CTLG'],
      ],
      target: '_top',
    })
  })

  it('IDS WKS: a POST form with the customer, login, hook URL and the cart written as IDS 2.5', async () => {
    const page = await post('/ids', IDS_FORM)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<form method="post" action="http://shop.example.test:3000/de/punchout">')
    const fields = inputsOf(page.html)
    expect(fields.map(([name]) => name)).toEqual([
      'action',
      'kndnr',
      'name_kunde',
      'pw_kunde',
      'hookurl',
      'version',
      'warenkorb',
    ])
    const entry = punchoutEntryOf(new URLSearchParams(fields))
    expect(entry).toMatchObject({
      protocol: 'ids',
      action: 'WKS',
      username: 'brightline-ids',
      password: DEMO_PASSWORD,
      customerNo: 'BC-200001',
      hookUrl: `${api.origin}/punchout-sandbox/hook/ids`,
      version: '2.5',
    })
    const cart = readIdsCart(new URLSearchParams(fields).get('warenkorb'))
    expect(
      cart.items.map(({ position, artNo, quantity, unit }) => ({ position, artNo, quantity, unit })),
    ).toEqual([
      { position: 1, artNo: '1000042', quantity: 2, unit: 'PCE' },
      { position: 2, artNo: '1000317', quantity: 5, unit: 'PCE' },
    ])
    expect(cart.problems).toEqual([])
  })

  it('IDS ADL and AS carry ghnummer and searchterm; each needs its value (400 page)', async () => {
    const base = IDS_FORM.filter(([name]) => !['action', 'sku', 'quantity'].includes(name))
    const adl = await post('/ids', [...base, ['action', 'ADL'], ['ghnummer', '1000042']])
    expect(punchoutEntryOf(new URLSearchParams(inputsOf(adl.html)))).toMatchObject({
      action: 'ADL',
      ghnummer: '1000042',
    })
    const search = await post('/ids', [...base, ['action', 'AS'], ['searchterm', 'Bohrer']])
    expect(punchoutEntryOf(new URLSearchParams(inputsOf(search.html)))).toMatchObject({
      action: 'AS',
      searchTerm: 'Bohrer',
    })
    const missing = await post('/ids', [...base, ['action', 'ADL']])
    expect(missing.status).toBe(400)
    expect(missing.html).toContain('ADL needs an article number (ghnummer).')
    const empty = await post('/ids', [...base, ['action', 'WKS']])
    expect(empty.status).toBe(400)
    expect(empty.html).toContain('WKS sends a cart')
  })

  it('has browsers name its origin on its own forms: the pages send Referrer-Policy same-origin', async () => {
    // Under `no-referrer` a browser posts a page's forms with `Origin: null` (Fetch, "serialize a request
    // origin"), which the sandbox must refuse as an opaque origin: none of its forms would work.
    const start = await fetch(sandbox())
    expect(start.headers.get('referrer-policy')).toBe('same-origin')
    const entry = await post('/oci', OCI_FORM, { origin: api.origin, 'sec-fetch-site': 'same-origin' })
    expect(entry.headers.get('referrer-policy')).toBe('same-origin')
    expect((await post('/oci', OCI_FORM, { origin: 'null' })).status).toBe(403)
  })

  it('refuses its own forms posted from another site (403), and bad values with a 400 page', async () => {
    for (const headers of [
      { origin: 'https://evil.example' } as Record<string, string>,
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
    ]) {
      const refused = await post('/oci', OCI_FORM, headers)
      expect(refused.status, JSON.stringify(headers)).toBe(403)
      expect(refused.html).toContain('only from its own pages')
    }
    expect(
      (await post('/oci', OCI_FORM, { origin: api.origin, 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200)
    const bad = (name: string, value: string) =>
      post('/oci', [...OCI_FORM.filter(([key]) => key !== name), [name, value]])
    expect((await bad('storefront', 'javascript:alert(1)')).status).toBe(400)
    expect((await bad('version', '6.0')).status).toBe(400)
    expect((await bad('returntarget', 'a b')).status).toBe(400)
    expect((await bad('login', 'x'.repeat(300))).status).toBe(400)
    expect((await post('/oci', [...OCI_FORM, ['tildeName', 'OkCode'], ['tildeValue', 'x']])).status).toBe(400)
  })
})

describe('the cXML setup request it writes', () => {
  it('names the user as Sender, the sandbox hook as BrowserFormPost, and the edit lines, secret hidden', async () => {
    const page = await post('/cxml', [
      ['customer', 'BC-200001'],
      ['login', 'brightline-cxml'],
      ['password', DEMO_PASSWORD],
      ['locale', 'en_US'],
      ['operation', 'edit'],
      ['selected', ''],
      ['sku', '1000042'],
      ['quantity', '2'],
      ['sku', '1000317'],
      ['quantity', ''],
    ])
    // Whatever the shop answers, it is shown; the sandbox itself never fails.
    expect(page.status).toBe(200)
    const request = page.html.slice(page.html.indexOf('The PunchOutSetupRequest'))
    expect(request).toContain('operation=&quot;edit&quot;')
    expect(request).toContain('&lt;Identity&gt;brightline-cxml&lt;/Identity&gt;')
    expect(request).toContain('&lt;SharedSecret&gt;********&lt;/SharedSecret&gt;')
    expect(page.html).not.toContain(DEMO_PASSWORD)
    expect(request).toContain(
      `&lt;URL&gt;${api.origin}/punchout-sandbox/hook/cxml?customer=BC-200001&amp;amp;login=brightline-cxml&lt;/URL&gt;`,
    )
    expect(request).toMatch(/ItemOut quantity=&quot;2&quot; lineNumber=&quot;1&quot;/)
    expect(request).toMatch(/ItemOut quantity=&quot;1&quot; lineNumber=&quot;2&quot;/)
  })

  it('needs lines for edit and inspect, and a customer number that is one (400 pages)', async () => {
    const form: [string, string][] = [
      ['customer', 'BC-200001'],
      ['login', 'brightline-cxml'],
      ['password', DEMO_PASSWORD],
      ['operation', 'inspect'],
    ]
    expect((await post('/cxml', form)).status).toBe(400)
    const slash = await post('/cxml', [...form.slice(1), ['customer', '../token']])
    expect(slash.status).toBe(400)
  })
})

describe('the hook', () => {
  it('shows an OCI basket: its lines, the ~ fields, and a problem for a field longer than SAP keeps', async () => {
    const body = fixture('oci/hook-post-srm.txt').trim()
    const page = await post('/hook/oci', body, {
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'cross-site',
    })
    expect(page.status).toBe(200)
    expect(page.html).toContain('Akku-Bohrschrauber 18 V')
    expect(page.html).toContain('<code>1000042</code>')
    expect(page.html).toContain('299.98 EUR')
    expect(page.html).toContain('~OkCode=ADDI')
    expect(page.html).toContain('None: the transfer keeps to the format.')
    const long = 'Akku-Bohrschrauber 18 V mit zwei Akkus im Koffer'
    const tooLong = await post('/hook/oci', body.replace('Akku-Bohrschrauber+18+V', encodeURIComponent(long)))
    expect(tooLong.status).toBe(200)
    expect(tooLong.html).toContain('Problems (1)')
    expect(tooLong.html).toContain(
      `Line 1 · <code>DESCRIPTION</code> · too-long: DESCRIPTION has ${long.length} characters, SAP keeps 40`,
    )
  })

  it('shows an IDS WKE cart: lines with their totals, and what breaks IDS 2.5', async () => {
    const xml = fixture('ids/warenkorb-wke.xml')
    const page = await post('/hook/ids', [['warenkorb', xml]])
    expect(page.status).toBe(200)
    expect(page.html).toContain('Installationskabel NYM-J 3 × 1,5 mm²')
    expect(page.html).toContain('<dt>Lines</dt><dd>364.68 EUR</dd>')
    expect(page.html).toContain('<dt>RueckgabeKZ</dt><dd>Warenkorbrückgabe</dd>')
    expect(page.html).toContain('None: the transfer keeps to the format.')
    const broken = await post('/hook/ids', [
      [
        'warenkorb',
        xml.replace('<ModeOfShipment>Lieferung</ModeOfShipment>', '').replace('299.9800', '299.98'),
      ],
    ])
    expect(broken.html).toContain('Problems (2)')
    expect(broken.html).toContain('<code>OrderInfo/ModeOfShipment</code> · missing')
    expect(broken.html).toContain('Line 1 · <code>NetPrice</code> · not-a-number')
  })

  it('shows a cXML order message with its totals and problems, and offers to order it', async () => {
    const xml = fixture('cxml/punchout-order-message.xml')
    const page = await post('/hook/cxml?customer=BC-200001&login=brightline-cxml', [['cXML-urlencoded', xml]])
    expect(page.status).toBe(200)
    expect(page.html).toContain('<dt>BuyerCookie</dt><dd>c0ffee-1764452485-REQ-88123</dd>')
    expect(page.html).toContain('<dt>Total</dt><dd>437.60 EUR</dd>')
    expect(page.html).toContain('<dt>Tax</dt><dd>67.02 EUR</dd>')
    expect(page.html).toContain('<dt>Shipping</dt><dd>5.90 EUR</dd>')
    expect(page.html).toContain('None: the transfer keeps to the format.')
    const order = inputsOf(page.html.slice(page.html.indexOf('action="/punchout-sandbox/order"')))
    expect(order[0]).toEqual(['message', xml])
    expect(Object.fromEntries(order)).toMatchObject({ customer: 'BC-200001', login: 'brightline-cxml' })
    const wrong = await post('/hook/cxml', [
      ['cxml-base64', Buffer.from(xml.replace('437.60', '400.00')).toString('base64')],
    ])
    expect(wrong.status).toBe(200)
    expect(wrong.html).toContain(
      '<code>Total</code> · total-mismatch: Total 400.00 is not lines + tax + shipping = 437.60',
    )
  })

  it('answers bad bodies with 400, 413 and 415 pages, never 5xx', async () => {
    const cases: [string, RequestInit, number][] = [
      [
        '/hook/cxml',
        { body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' } },
        415,
      ],
      ['/hook/ids', { body: '<Warenkorb/>', headers: { 'content-type': 'text/xml' } }, 415],
      [
        '/hook/oci',
        {
          body: 'a'.repeat(1024 * 1024 + 10),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        413,
      ],
      ['/hook/cxml', { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 400],
      [
        '/hook/cxml',
        { body: 'cXML-urlencoded=%3CcXML', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        400,
      ],
      [
        '/hook/cxml',
        { body: 'other=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        400,
      ],
      [
        '/hook/cxml',
        { body: 'cxml-base64=%25%25', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        400,
      ],
      [
        '/hook/ids',
        { body: 'hookurl=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        400,
      ],
      [
        '/hook/ids',
        {
          body: 'warenkorb=%3Cnot-a-cart%2F%3E',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        400,
      ],
      [
        '/hook/oci',
        {
          body: 'NEW_ITEM-DESCRIPTION%5B1%5D=a%01b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        400,
      ],
      [
        '/hook/oci',
        {
          body: 'NEW_ITEM-DESCRIPTION%5B5000%5D=a',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        413,
      ],
      ['/hook/xyz', { body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 404],
      [
        '/order',
        { body: 'message=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        400,
      ],
      [
        '/oci',
        {
          body: 'tildeName=a&'.repeat(500),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        413,
      ],
    ]
    for (const [path, init, status] of cases) {
      const response = await fetch(sandbox(path), { method: 'POST', ...init })
      const text = await response.text()
      expect(response.status, `${path} ${String(init.body).slice(0, 40)}`).toBe(status)
      if (status !== 404) expect(text, path).toMatch(/<html lang="en">[\s\S]*Request refused/)
    }
  })
})
