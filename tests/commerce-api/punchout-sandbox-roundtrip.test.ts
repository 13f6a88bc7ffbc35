/**
 * The cXML round trip through the procurement sandbox (issue 34) against the shop's own endpoints: the
 * sandbox's setup request opens a session (`…/cxml1.2/setuprequest`), the start link's token logs the punchout
 * user in, the basket's transfer (`…/cxml1.2/transfer`) goes to the sandbox's hook, and "Order it" sends the
 * OrderRequest (`…/cxml1.2/orderrequest`), which becomes the user's order. Everything the storefront does in
 * between (entry, basket page, transfer page) is done here with the API calls it makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { sellableSkus } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
let sku = ''

beforeAll(async () => {
  api = await startApi({ products: 40, punchoutSandbox: {}, protection: { limits: NO_LIMITS } })
  ;[sku] = (await sellableSkus(api, 1)) as [string]
})
afterAll(async () => {
  await api?.close()
})

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** Posts a form to a sandbox path (or an absolute hook URL), as a browser on the sandbox's page does. */
async function post(path: string, fields: [string, string][]) {
  const url = path.startsWith('http') ? path : `${api.origin}/punchout-sandbox${path}`
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: api.origin },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: response.status, html: await response.text() }
}

const inputsOf = (html: string): [string, string][] =>
  [...html.matchAll(/<input[^>]*\bname="([^"]*)"[^>]*\bvalue="([^"]*)"/g)].map((m) => [
    decode(m[1]!),
    decode(m[2]!),
  ])

const SETUP: [string, string][] = [
  ['customer', 'BC-200001'],
  ['login', 'brightline-cxml'],
  ['password', DEMO_PASSWORD],
  ['locale', 'en_US'],
  ['operation', 'create'],
]

describe('the cXML round trip through the sandbox', () => {
  it('sets up a session, receives the transferred basket at its hook, and orders it once', async () => {
    const setup = await post('/cxml', SETUP)
    expect(setup.status).toBe(200)
    expect(setup.html).toContain('(accepted)')
    expect(setup.html).toContain('<dt>cXML Status</dt><dd>200 OK</dd>')
    const href = /<a class="button" href="([^"]+)">Open the shop<\/a>/.exec(setup.html)?.[1]
    expect(href).toBeDefined()
    const start = new URL(decode(href!))
    expect(`${start.origin}${start.pathname}`).toBe('http://localhost:3000/en/punchout')
    const sid = start.searchParams.get('sid')!
    const accessToken = start.searchParams.get('access-token')!

    // The storefront's entry: the start token is exchanged once, the session names basket and return URL.
    const exchanged = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: accessToken })
    expect(exchanged.status).toBe(200)
    const token = exchanged.json.access_token as string
    const session = await call(api.url(`customers/BC-200001/punchouts/cxml1.2/sessions/${sid}`), { token })
    expect(session.status).toBe(200)
    expect(session.json.returnURL).toBe(
      `${api.origin}/punchout-sandbox/hook/cxml?customer=BC-200001&login=brightline-cxml`,
    )
    const basketId = session.json.basketId as string
    const added = await call(api.url(`baskets/${basketId}/items`), {
      method: 'POST',
      token,
      json: [{ product: sku, quantity: { value: 2 } }],
    })
    expect(added.status).toBe(201)

    // The transfer page posts the shop's PunchOutOrderMessage to the return URL: the sandbox shows it.
    const transfer = await call(api.url(`customers/BC-200001/punchouts/cxml1.2/transfer?sid=${sid}`), {
      method: 'POST',
      token,
      headers: { accept: 'text/xml' },
    })
    expect(transfer.status).toBe(200)
    const xml = transfer.json as string
    const hook = await post(session.json.returnURL, [['cXML-urlencoded', xml]])
    expect(hook.status).toBe(200)
    expect(hook.html).toContain(`<code>${sku}</code>`)
    expect(hook.html).toContain('Lines (1)')
    expect(hook.html).toContain(`<dt>Basket (SupplierOrderInfo)</dt><dd>${basketId}</dd>`)

    // "Order it": the form as the page offers it, posted back to the sandbox, becomes the user's order.
    const form = inputsOf(hook.html.slice(hook.html.indexOf('action="/punchout-sandbox/order"')))
    const orderId = Object.fromEntries(form).orderId!
    const ordered = await post('/order', form)
    expect(ordered.status).toBe(200)
    expect(ordered.html).toContain('(accepted)')
    expect(ordered.html).toMatch(/<dt>cXML Status<\/dt><dd>20\d /)
    expect(ordered.html).toContain(`orderID=&quot;${orderId}&quot;`)
    const orders = await call(api.url('orders'), { token })
    expect(orders.status).toBe(200)
    expect(orders.json.data).toHaveLength(1)

    // The same purchase order again answers the same order, never a second one.
    const again = await post('/order', form)
    expect(again.html).toContain('(accepted)')
    expect((await call(api.url('orders'), { token })).json.data).toHaveLength(1)
  })

  it('shows the shop’s refusal of a wrong password as the cXML Status it got, with no start link', async () => {
    const refused = await post('/cxml', [
      ...SETUP.filter(([name]) => name !== 'password'),
      ['password', 'not-the-password'],
    ])
    expect(refused.status).toBe(200)
    expect(refused.html).toContain('(refused)')
    expect(refused.html).toContain('<dt>cXML Status</dt><dd>401 ')
    expect(refused.html).not.toContain('Open the shop</a>')
  })
})
