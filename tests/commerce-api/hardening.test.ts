/**
 * Issue 14: nothing a stranger sends crashes the commerce API or makes it answer 5xx. Malformed URLs and
 * HTTP are a 400 in ICM's shape, control characters are refused naming the field, ids that are not ids are
 * unknown, prototype keys are plain unknown names, and every answer carries the security headers.
 */
import net from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baskets } from '../../commerce-api/db/schema'
import { createPaymentSession } from '../../commerce-api/domain/psp'
import { isDataException } from '../../commerce-api/http'
import { buildServer } from '../../commerce-api/server'
import { anonymousToken, basketFor, guestAddress, sellableSkus, userToken } from './checkout-fixtures'
import { call, SITE, startApi, type Api } from './harness'

let api: Api
let origin: string
let sku: string
beforeAll(async () => {
  api = await startApi()
  origin = new URL(api.url('')).origin
  sku = (await sellableSkus(api, 1))[0]!
})
afterAll(async () => {
  await api?.close()
})

const healthy = async () => {
  const health = await fetch(`${origin}/health`)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
}

/** An ICM error answer: status, `error-key` header, `{errors:[{status, code}]}` body. */
function expectIcmError(answer: Awaited<ReturnType<typeof call>>, status: number, code?: string) {
  expect(answer.status).toBe(status)
  expect(answer.json?.errors?.[0]?.status).toBe(String(status))
  expect(answer.headers.get('error-key')).toBe(answer.json.errors[0].code)
  if (code) expect(answer.json.errors[0].code).toBe(code)
}

/** The paths the 400 for control characters names. */
function controlCharacterPaths(answer: Awaited<ReturnType<typeof call>>) {
  expectIcmError(answer, 400, 'request.invalid')
  return answer.json.errors[0].causes.map((c: any) => {
    expect(c.code).toBe('request.invalid.control_character')
    return c.paths[0]
  })
}

/** Sends raw bytes to the API and returns what came back before the connection closed. */
function rawHttp(payload: string) {
  const { hostname, port } = new URL(origin)
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(payload))
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('close', () => resolve(data))
    socket.on('error', reject)
    setTimeout(() => socket.destroy(), 5000).unref()
  })
}

describe('malformed URLs', () => {
  const rest = `${'/INTERSHOP/rest/WFS/'}${SITE}`
  it.each([
    '/-;loc=%/products/1000806',
    '/-;cur=%/products/1000806',
    '/-;spgid=%/products/1000806',
    '/-;%=1/products/1000806',
    '/-;loc=%E0%A4%A/products/1000806',
    '/-;loc=en_US/products;spgid=%ZZ/1000806',
    '/-;loc=%00/configurations',
  ])('%s is a 400 in ICM shape and the server keeps running', async (path) => {
    const answer = await call(`${origin}${rest}${path}`)
    expectIcmError(answer, 400, 'request.url.invalid')
    expect(answer.json.errors[0].message).toMatch(/matrix parameter/)
    await healthy()
  })

  it('answers a path that does not decode with a 400, on the API and on the payment pages', async () => {
    for (const path of [`${rest}/-;loc=en_US/categories/%`, `${rest}/-/products/%E0%A4%A`, '/psp/pay/%']) {
      expectIcmError(await call(`${origin}${path}`), 400, 'request.url.invalid')
    }
    await healthy()
  })

  it('answers malformed HTTP with a 400 in ICM shape and keeps serving', async () => {
    for (const payload of [
      'GARBAGE\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: x\r\nX-Test: a\u0000b\r\n\r\n',
      'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
    ]) {
      const answer = await rawHttp(payload)
      expect(answer, JSON.stringify(payload)).toMatch(/^HTTP\/1\.1 400 /)
      expect(answer).toMatch(/\r\nerror-key: request\.malformed\r\n/)
      expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/)
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
      expect(body.errors[0]).toMatchObject({ status: '400', code: 'request.malformed' })
    }
    await healthy()
  })
})

describe('control characters', () => {
  it('are refused in query parameters, naming the parameter', async () => {
    for (const [path, field] of [
      ['products?searchTerm=dri%00ll', 'searchTerm'],
      ['productfilters?searchTerm=a%01b', 'searchTerm'],
      ['suggest?SearchTerm=dr%00', 'SearchTerm'],
      ['productlookup?searchTerm=10%7F', 'searchTerm'],
      ['productprices?sku=%00', 'sku'],
      ['inventories?sku=a%1Bb', 'sku'],
      ['configurations?x%00y=1', 'x\\u0000y'],
    ] as const) {
      expect(controlCharacterPaths(await call(api.url(path))), path).toEqual([field])
    }
  })

  it('are refused in path ids', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [])
    for (const [path, field] of [
      ['products/a%00b', 'sku'],
      ['products/a%00b/variations', 'sku'],
      ['categories/a%00b/products', '*'],
      ['cms/pages/%00', 'id'],
      ['promotions/%07', 'id'],
      [`baskets/${basket.id}/items/%00`, 'itemId'],
      [`baskets/${basket.id}/promotioncodes/%C3%A9%00`, 'code'],
      ['orders/%00', 'id'],
    ] as const) {
      const method = path.includes('promotioncodes') || path.includes('/items/') ? 'DELETE' : 'GET'
      expect(controlCharacterPaths(await call(api.url(path), { method, token })), path).toEqual([field])
    }
    const psp = await call(`${origin}/psp/pay/%00`)
    expect(controlCharacterPaths(psp)).toEqual(['session'])
  })

  it('are refused in JSON bodies of baskets, items and addresses, and nothing is stored', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [])
    const stored = async () =>
      (await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id)))[0]
    const before = await stored()

    const message = await call(basket.url(), {
      method: 'PATCH',
      token,
      json: { messageToMerchant: 'please\u0000deliver', externalOrderReference: 'PO-\ud800' },
    })
    expect(controlCharacterPaths(message)).toEqual(['externalOrderReference', 'messageToMerchant'])
    expect(await stored()).toEqual(before)

    const items = await call(basket.url('/items'), {
      method: 'POST',
      token,
      json: [{ product: `${sku}\u0000`, quantity: { value: 1 } }],
    })
    expect(controlCharacterPaths(items)).toEqual(['0.product'])
    expect((await basket.get()).data.lineItems).toEqual([])

    const address = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ city: 'M\u0000nchen', lastName: '\udc00' }),
    })
    expect(controlCharacterPaths(address)).toEqual(['city', 'lastName'])
    expect((await call(basket.url('/eligible-addresses'), { token })).json.data).toEqual([])

    const key = await call(basket.url('/addresses'), {
      method: 'POST',
      token,
      json: { ...guestAddress(), 'x\u007fy': 1, nested: { deep: ['ok', 'b\u0008'] } },
    })
    expect(controlCharacterPaths(key)).toEqual(['nested.deep.1', 'x\\u007fy'])

    // Tabs, line breaks and characters outside the BMP are ordinary text.
    const fine = await call(basket.url(), {
      method: 'PATCH',
      token,
      json: { messageToMerchant: 'line 1\r\nline 2\tend 🔩' },
    })
    expect(fine.status).toBe(200)
    expect((await stored())!.messageToMerchant).toBe('line 1\r\nline 2\tend 🔩')
  })

  it('are refused in customer addresses and in the login body, form-encoded or JSON', async () => {
    const token = await userToken(api, 'pierre@ironbridge.test')
    const book = await call(api.url('privatecustomers/-/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ firstName: 'Pi\u0000erre', email: undefined }),
    })
    expect(controlCharacterPaths(book)).toEqual(['firstName'])
    expect((await call(api.url('privatecustomers/-/addresses'), { token })).json.elements).toHaveLength(1)

    const form = await call(api.url('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=jlink%00&password=x',
    })
    expect(controlCharacterPaths(form)).toEqual(['username'])
    const json = await call(api.url('token'), {
      method: 'POST',
      json: { grant_type: 'password', username: 'jlink', password: 'Demo!2026\u0000' },
    })
    expect(controlCharacterPaths(json)).toEqual(['password'])
    await healthy()
  })
})

describe('prototype names as input', () => {
  it('are unknown countries, regions, locales and keys, never a server error', async () => {
    const token = await userToken(api, 'patricia@ironbridge.test')
    for (const countryCode of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const divisions = await call(api.url(`countries/${countryCode}/main-divisions`))
      expectIcmError(divisions, 404, 'country.not_found.error')
      const address = await call(api.url('privatecustomers/-/addresses'), {
        method: 'POST',
        token,
        json: guestAddress({ countryCode, email: undefined }),
      })
      expect(address.status, countryCode).toBeGreaterThanOrEqual(400)
      expect(address.status, countryCode).toBeLessThan(500)
      expect(address.json.errors[0].causes[0].paths).toEqual(['countryCode'])
    }
    const region = await call(api.url('privatecustomers/-/addresses'), {
      method: 'POST',
      token,
      json: guestAddress({ mainDivision: 'constructor', email: undefined }),
    })
    expectIcmError(region, 400)
    expect(region.json.errors[0].causes[0].paths).toEqual(['mainDivision'])

    expectIcmError(await call(api.url('configurations', ';loc=__proto__')), 400, 'request.invalid')
    expectIcmError(
      await call(api.url('configurations', ';loc=en_US;cur=constructor')),
      400,
      'request.invalid',
    )
    expect((await call(api.url('configurations', ';loc=en_US;__proto__=x;constructor=y'))).status).toBe(200)
    expectIcmError(await call(api.url('products?searchTerm=drill&sortKey=__proto__')), 400)
    expectIcmError(await call(api.url('products?searchTerm=drill&SearchParameter=__proto__%3Dx')), 400)
    expectIcmError(await call(api.url('promotions/__proto__')), 404, 'promotion.not_found')
    expectIcmError(await call(api.url('cms/includes/constructor')), 404, 'cms.include.not_found')
    expectIcmError(await call(api.url('products/__proto__')), 404, 'product.not_found')
    expectIcmError(await call(api.url('categories/constructor')), 404, 'category.not_found')
  })

  it('are unknown shipping methods, payment methods, parameters, scopes and includes of a basket', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku, quantity: 1 }])
    const shipping = await call(basket.url(), {
      method: 'PATCH',
      token,
      json: { commonShippingMethod: '__proto__' },
    })
    expectIcmError(shipping, 422, 'basket.shipping_method.not_eligible.error')
    const method = await call(basket.url('/payment-instruments'), {
      method: 'POST',
      token,
      json: { paymentMethod: 'constructor' },
    })
    expectIcmError(method, 422, 'payment.method.not_found.error')
    const parameter = await call(basket.url('/payment-instruments'), {
      method: 'POST',
      token,
      json: { paymentMethod: 'DIRECT_DEBIT', parameters: [{ name: '__proto__', value: 'x' }] },
    })
    expectIcmError(parameter, 422)
    expect(parameter.json.errors[0].causes.map((c: any) => c.code)).toContain(
      'payment.parameter.unknown.error',
    )
    const scopes = await call(basket.url('/validations'), {
      method: 'POST',
      token,
      json: { scopes: ['constructor'] },
    })
    expectIcmError(scopes, 400)
    const tender = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token,
      json: { paymentInstrument: '__proto__' },
    })
    expectIcmError(tender, 422)
    const include = await call(basket.url('?include=__proto__,constructor'), { token })
    expect(include.status).toBe(200)
    expect(include.json.included).toBeUndefined()
    // A JSON body that would set a prototype is refused by the parser.
    const polluted = await call(basket.url(), {
      method: 'PATCH',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"messageToMerchant":"x","__proto__":{"isAdmin":true}}',
    })
    expectIcmError(polluted, 400, 'request.invalid')
  })
})

describe('ids that name nothing', () => {
  const notUuids = [
    '------------------------------------',
    'é'.repeat(36),
    'a'.repeat(300),
    'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  ]

  it('are unknown baskets, line items, payments, instruments, orders and addresses (404)', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku, quantity: 1 }])
    const patricia = await userToken(api, 'patricia@ironbridge.test')
    for (const id of notUuids) {
      const segment = encodeURIComponent(id)
      for (const [method, path, auth] of [
        ['GET', `baskets/${segment}`, token],
        ['PATCH', `baskets/${basket.id}/items/${segment}`, token],
        ['DELETE', `baskets/${basket.id}/items/${segment}`, token],
        ['PATCH', `baskets/${basket.id}/addresses/${segment}`, token],
        ['DELETE', `baskets/${basket.id}/payments/${segment}`, token],
        ['DELETE', `baskets/${basket.id}/payment-instruments/${segment}`, token],
        ['GET', `orders/${segment}`, token],
        ['GET', `privatecustomers/-/addresses/${segment}`, patricia],
        ['DELETE', `privatecustomers/-/payments/${segment}`, patricia],
      ] as const) {
        const body = method === 'PATCH' ? { quantity: { value: 2 }, city: 'X' } : undefined
        const answer = await call(api.url(path), { method, token: auth, json: body })
        expect(answer.status, `${method} ${path.slice(0, 80)}`).toBe(404)
        expect(answer.headers.get('error-key')).toBe(answer.json.errors[0].code)
      }
    }
    // The basket is as it was.
    expect((await basket.get()).data.lineItems).toHaveLength(1)
  })

  it('in bodies are unknown too: basket to order, source basket of a merge, address references', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku, quantity: 1 }])
    const source = await anonymousToken(api)
    for (const id of notUuids) {
      expectIcmError(
        await call(api.url('orders'), { method: 'POST', token, json: { basket: id.slice(0, 100) } }),
        404,
        'basket.not_found.error',
      )
      const merge = await call(basket.url('/merges'), {
        method: 'POST',
        token,
        json: { sourceBasket: id, sourceAuthenticationToken: source },
      })
      expect(merge.status).toBeGreaterThanOrEqual(400)
      expect(merge.status).toBeLessThan(500)
      const address = await call(basket.url(), {
        method: 'PATCH',
        token,
        json: { invoiceToAddress: `urn:address:basket:${basket.id}:${id.slice(0, 100)}` },
      })
      expectIcmError(address, 422, 'basket.address.not_eligible.error')
    }
  })

  it('promotion codes in the path: non-ASCII, over-long and percent signs are codes not in the basket', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku, quantity: 1 }])
    for (const code of ['%', '%25', 'ÄÖÜ', 'ẞ'.repeat(30), `${'A'.repeat(99)}%`]) {
      const answer = await call(basket.url(`/promotioncodes/${encodeURIComponent(code)}`), {
        method: 'DELETE',
        token,
      })
      expectIcmError(answer, 404)
    }
    const tooLong = await call(basket.url(`/promotioncodes/${'A'.repeat(300)}`), { method: 'DELETE', token })
    expectIcmError(tooLong, 404, 'resource.not_found')
    expectIcmError(
      await call(basket.url('/promotioncodes'), { method: 'POST', token, json: { code: 'ẞ'.repeat(101) } }),
      400,
      'request.invalid',
    )
    expectIcmError(
      await call(basket.url('/promotioncodes'), { method: 'POST', token, json: { code: 'ÄÖÜ-ẞ' } }),
      422,
      'basket.promotion_code.not_found.error',
    )
  })
})

describe('percent signs in every path parameter', () => {
  it('never give a server error', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [{ sku, quantity: 1 }])
    const user = await userToken(api, 'jlink')
    const routes: [string, string, string?][] = [
      ['GET', 'products/{}'],
      ['GET', 'products/{}/variations'],
      ['GET', 'products/{}/bundles'],
      ['GET', 'products/{}/partOfRetailSet'],
      ['GET', 'products/{}/links'],
      ['GET', 'categories/{}'],
      ['GET', 'categories/{}/products'],
      ['GET', 'categories/{}/productfilters'],
      ['GET', 'promotions/{}'],
      ['GET', 'cms/includes/{}'],
      ['GET', 'cms/pages/{}'],
      ['GET', 'cms/pagetree/{}'],
      ['GET', 'countries/{}/main-divisions'],
      ['GET', 'baskets/{}', token],
      ['PATCH', 'baskets/{}', token],
      ['PATCH', `baskets/${basket.id}/items/{}`, token],
      ['DELETE', `baskets/${basket.id}/items/{}`, token],
      ['DELETE', `baskets/${basket.id}/promotioncodes/{}`, token],
      ['PATCH', `baskets/${basket.id}/addresses/{}`, token],
      ['GET', `baskets/${basket.id}/buckets/{}/eligible-shipping-methods`, token],
      ['DELETE', `baskets/${basket.id}/payments/{}`, token],
      ['DELETE', `baskets/${basket.id}/payment-instruments/{}`, token],
      ['GET', 'orders/{}', token],
      ['PATCH', 'orders/{}', token],
      ['GET', 'customers/{}/addresses', user],
      ['GET', 'customers/-/addresses/{}', user],
      ['PUT', 'customers/-/addresses/{}', user],
      ['DELETE', 'customers/-/addresses/{}', user],
      ['GET', 'customers/-/payments/{}', user],
      ['DELETE', 'customers/-/payments/{}', user],
      ['GET', '{}/-/addresses', user],
    ]
    const failures: string[] = []
    for (const value of ['%25', '%2525', '%25E0%25A4%25A', '%C3%A9', '%25%00']) {
      for (const [method, template, auth] of routes) {
        const answer = await call(api.url(template.replace('{}', value)), {
          method,
          token: auth,
          json: method === 'GET' || method === 'DELETE' ? undefined : { city: 'X' },
        })
        if (answer.status >= 500 || !answer.headers.get('error-key'))
          failures.push(`${method} ${template} ${value}: ${answer.status}`)
      }
      for (const method of ['GET', 'POST']) {
        const psp = await fetch(`${origin}/psp/pay/${value}`, { method })
        if (psp.status >= 500) failures.push(`${method} psp ${value}: ${psp.status}`)
      }
      for (const path of [`images/1/100/${value}.svg`, `images/${value}/100/x.svg`, `attachments/${value}`]) {
        const file = await call(`${origin}/INTERSHOP/static/WFS/${SITE}/-/${path}`)
        if (file.status >= 500) failures.push(`static ${path}: ${file.status}`)
      }
    }
    expect(failures).toEqual([])
    const category = await call(api.url('categories/%25'))
    expectIcmError(category, 404, 'category.not_found')
    expect(category.json.errors[0].message).toContain("'%'")
    await healthy()
  })
})

describe('database data exceptions', () => {
  it('are recognised through the query layer’s wrapping, and answered as a 400, not a 500', async () => {
    const db = api.database.db
    const failure = await db.execute(sql`select ${'not-a-uuid'}::uuid`).catch((error: unknown) => error)
    expect(isDataException(failure)).toBe(true)
    const syntax = await db.execute(sql`select from where`).catch((error: unknown) => error)
    expect(syntax).toBeInstanceOf(Error)
    expect(isDataException(syntax)).toBe(false)

    // A route that lets bad text through to the database stands for any validation gap.
    const app = buildServer({ db, site: SITE })
    const probe = { config: { access: 'public' } } as const
    app.get('/uuid', probe, async () => db.execute(sql`select ${'not-a-uuid'}::uuid`))
    app.get('/nul', probe, async () => db.execute(sql`select ${'a\u0000b'}::text`))
    app.get('/fault', probe, async () => db.execute(sql`select from where`))
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      expectIcmError(await call(`${address}/uuid`), 400, 'request.invalid')
      expectIcmError(await call(`${address}/nul`), 400, 'request.invalid')
      expectIcmError(await call(`${address}/fault`), 500, 'server.error')
    } finally {
      await app.close()
    }
  })
})

describe('security headers', () => {
  const expectJsonPolicy = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('referrer-policy')).toBe('no-referrer')
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('x-powered-by')).toBeNull()
  }

  it('are on JSON answers, error answers and static files; HSTS only when configured', async () => {
    const ok = await call(api.url('configurations'))
    expect(ok.status).toBe(200)
    expectJsonPolicy(ok.headers)
    expect(ok.headers.get('strict-transport-security')).toBeNull()
    for (const answer of [
      await call(api.url('products/none-such')),
      await call(`${origin}/INTERSHOP/rest/WFS/other-Site/-/configurations`),
      await call(`${origin}/INTERSHOP/rest/WFS/${SITE}/-;loc=%/configurations`),
      await call(`${origin}/INTERSHOP/rest/WFS/${SITE}/-/categories/%`),
      await call(`${origin}/nowhere`),
    ]) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expectJsonPolicy(answer.headers)
      expect(answer.headers.get('error-key')).toBe(answer.json.errors[0].code)
    }
    const image = await fetch(`${origin}/INTERSHOP/static/WFS/${SITE}/-/images/1/100/${sku}.svg`)
    expect(image.status).toBe(200)
    expectJsonPolicy(image.headers)

    const app = buildServer({ db: api.database.db, site: SITE, security: { hstsMaxAge: 31536000 } })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const hsts = await fetch(`${address}/health`)
      expect(hsts.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await app.close()
    }
  })

  it('let the payment page use its styles and form, return to the shop, and be framed only if configured', async () => {
    const session = await createPaymentSession(
      api.database.db,
      {
        basketId: '00000000-0000-4000-8000-000000000999',
        paymentMethodId: 'CREDIT_CARD',
        amount: 1234,
        currency: 'EUR',
        successUrl: 'https://shop.example:8443/checkout/review?x=1',
        cancelUrl: 'https://shop.example:8443/checkout/payment',
        failureUrl: 'http://other.example/fail',
      },
      origin,
    )
    const page = await fetch(`${origin}/psp/pay/${session.id}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<form method="post"')
    expect(html).toContain('<style>')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp.split(/;\s*/).sort()).toEqual([
      "base-uri 'none'",
      "default-src 'none'",
      "form-action 'self' https://shop.example:8443 http://other.example",
      "frame-ancestors 'none'",
      "style-src 'unsafe-inline'",
    ])
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const gone = await fetch(`${origin}/psp/pay/unknown-session`)
    expect(gone.status).toBe(410)
    expect(gone.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")

    const framed = buildServer({
      db: api.database.db,
      site: SITE,
      payment: { frameAncestors: ['https://shop.example', 'javascript:alert(1)', "'unsafe-inline'"] },
    })
    const address = await framed.listen({ port: 0, host: '127.0.0.1' })
    try {
      const inFrame = await fetch(`${address}/psp/pay/${session.id}`)
      expect(inFrame.headers.get('content-security-policy')).toMatch(
        /frame-ancestors https:\/\/shop\.example($|;)/,
      )
      expect(inFrame.headers.get('x-frame-options')).toBeNull()
      const json = await fetch(`${address}/health`)
      expect(json.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    } finally {
      await framed.close()
    }
  })
})
