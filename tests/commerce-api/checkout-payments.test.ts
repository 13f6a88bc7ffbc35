import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { basketPayments, paymentInstruments, paymentSessions, prices } from '../../commerce-api/db/schema'
import {
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
checkoutTestBed(3, (bed) => ({ api, skus } = bed))

const EUR = ';loc=en_US;cur=EUR'
const SAVED_PATRICIA = '00000000-0000-4000-8000-000000000201'

/** Follows the hosted payment page: load it, post an outcome, and return the signed return URL. */
async function payOnHostedPage(
  redirectUrl: string,
  outcome: 'SUCCESS' | 'CANCEL' | 'FAILURE',
  cardNumber?: string,
) {
  const page = await fetch(redirectUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  const form = new URLSearchParams({ outcome, ...(cardNumber ? { cardNumber } : {}) })
  const posted = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  })
  return { html, status: posted.status, location: posted.headers.get('location') }
}

/** The storefront's part of a return: every query parameter but `redirect` as a name/value pair. */
export function returnParameters(location: string) {
  const url = new URL(location)
  return {
    status: url.searchParams.get('redirect')!.toUpperCase(),
    parameters: [...url.searchParams.entries()]
      .filter(([name]) => name !== 'redirect')
      .map(([name, value]) => ({ name, value })),
  }
}

describe('eligible payment methods', () => {
  it('lists the methods with costs, threshold, restrictions, parameter definitions and saved instruments', async () => {
    const guest = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { matrix: EUR })
    const methods = await call(guest.url('/eligible-payment-methods?include=paymentInstruments'), {
      token: guest.token,
    })
    expect(methods.status).toBe(200)
    const byId = Object.fromEntries(methods.json.data.map((m: any) => [m.id, m]))
    expect(Object.keys(byId)).toEqual(['INVOICE', 'DIRECT_DEBIT', 'CREDIT_CARD', 'WALLET', 'GIFT_CARD'])
    const itemsNet = minor((await guest.get()).data.totals.itemTotal.net)
    expect(itemsNet).toBeLessThan(10000)
    expect(byId.INVOICE).toMatchObject({
      displayName: 'Invoice',
      restricted: false,
      restrictions: [],
      saveAllowed: false,
      paymentCosts: { net: { value: 2.5, currency: 'EUR' }, gross: { value: 2.98 } },
      paymentCostsThreshold: { net: { value: 100 } },
    })
    expect(byId.CREDIT_CARD.capabilities).toEqual(['RedirectAfterCheckout'])
    expect(byId.WALLET.capabilities).toEqual(['RedirectBeforeCheckout'])
    expect(byId.GIFT_CARD.capabilities).toEqual(['LimitedTender'])
    // ICM leaves parameterDefinitions out of a method without parameters (an ICM client offers such a method
    // as a choice, one with definitions as a form to fill in).
    for (const id of ['INVOICE', 'CREDIT_CARD', 'WALLET', 'GIFT_CARD'])
      expect(byId[id], id).not.toHaveProperty('parameterDefinitions')
    const [iban, holder] = byId.DIRECT_DEBIT.parameterDefinitions
    expect(iban).toMatchObject({
      name: 'IBAN',
      displayName: 'IBAN',
      constraints: {
        required: { message: 'Please enter a value.' },
        pattern: { regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', message: 'Please enter a valid IBAN.' },
      },
    })
    expect(holder.constraints.size).toEqual({
      min: 2,
      max: 70,
      message: 'The account holder has 2 to 70 characters.',
    })
    expect(byId.DIRECT_DEBIT.saveAllowed).toBe(false) // guests cannot keep instruments
    expect(methods.json.included.paymentInstruments).toEqual({})

    const token = await userToken(api, 'patricia@ironbridge.test')
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }], ';loc=de_DE;cur=EUR')
    const mine = await call(basket.url('/eligible-payment-methods?include=paymentInstruments'), { token })
    const debit = mine.json.data.find((m: any) => m.id === 'DIRECT_DEBIT')
    expect(debit.saveAllowed).toBe(true)
    expect(debit.displayName).toBe('Lastschrift')
    expect(debit.paymentInstruments).toEqual([SAVED_PATRICIA])
    expect(mine.json.included.paymentInstruments[SAVED_PATRICIA]).toMatchObject({
      id: SAVED_PATRICIA,
      accountIdentifier: 'DE89 **** 3000',
      paymentMethod: 'DIRECT_DEBIT',
      urn: expect.stringContaining(':user:'),
    })
  })

  it('restricts invoice above an item total of 5,000.00 and refuses to use it', async () => {
    const sku = skus[2]!
    await api.database.db
      .update(prices)
      .set({ saleNet: 600000, saleGross: 714000 })
      .where(and(eq(prices.sku, sku), eq(prices.currency, 'EUR')))
    const basket = await readyGuestBasket(api, [{ sku, quantity: 1 }], { matrix: EUR })
    const methods = await call(basket.url('/eligible-payment-methods'), { token: basket.token })
    const invoice = methods.json.data.find((m: any) => m.id === 'INVOICE')
    expect(invoice.restricted).toBe(true)
    expect(invoice.restrictions[0].code).toBe('payment.restriction.max_order_value.error')
    const refused = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'INVOICE' },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].code).toBe('basket.payment.restricted.error')
  })
})

describe('payments and instruments', () => {
  it('pays by invoice with its costs in the totals, and deletes the payment', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { matrix: EUR })
    const before = (await basket.get()).data.totals
    const put = await call(basket.url('/payments/open-tender?include=paymentMethod'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'INVOICE' },
    })
    expect(put.status).toBe(200)
    expect(put.json.data).toMatchObject({
      paymentInstrument: 'INVOICE',
      paymentMethod: 'INVOICE',
      redirectRequired: false,
    })
    expect(put.json.included.paymentMethod.INVOICE.displayName).toBe('Invoice')
    const json = await basket.get()
    const totals = json.data.totals
    expect(minor(totals.paymentCostsTotal.net)).toBe(250)
    expect(minor(totals.paymentCostsTotal.gross)).toBe(298)
    expect(minor(totals.grandTotal.gross)).toBe(minor(before.grandTotal.gross) + 298)
    expect(minor(totals.salesTaxTotal)).toBe(minor(before.salesTaxTotal) + 48)
    const paymentId = json.data.payments[0]
    expect(json.included.payments[paymentId]).toMatchObject({
      paymentMethod: 'INVOICE',
      status: 'Unprocessed',
    })
    expect(json.included.payments_paymentMethod.INVOICE.id).toBe('INVOICE')
    expect(json.included.payments_paymentInstrument.INVOICE.paymentMethod).toBe('INVOICE')

    const scriptUrl = 'javascript:alert(1)'
    for (const body of [
      {},
      { paymentInstrument: '' },
      { paymentInstrument: 'INVOICE', redirect: { successUrl: 'x' } },
      {
        paymentInstrument: 'WALLET',
        redirect: { successUrl: scriptUrl, cancelUrl: scriptUrl, failureUrl: scriptUrl },
      },
    ]) {
      expect(
        (await call(basket.url('/payments/open-tender'), { method: 'PUT', token: basket.token, json: body }))
          .status,
      ).toBe(400)
    }
    const unknown = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'BITCOIN' },
    })
    expect(unknown.status).toBe(422)
    const direct = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'DIRECT_DEBIT' },
    })
    expect(direct.json.errors[0].code).toBe('basket.payment.instrument_required.error')

    expect(
      (await call(basket.url(`/payments/${paymentId}`), { method: 'DELETE', token: basket.token })).status,
    ).toBe(204)
    expect(
      (await call(basket.url(`/payments/${paymentId}`), { method: 'DELETE', token: basket.token })).status,
    ).toBe(404)
    expect((await basket.get()).data.payments).toEqual([])
  })

  it('checks instrument parameters against the definitions, in the caller’s language', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], {
      matrix: ';loc=de_DE;cur=EUR',
    })
    const bad = await call(basket.url('/payment-instruments'), {
      method: 'POST',
      token: basket.token,
      json: {
        paymentMethod: 'DIRECT_DEBIT',
        parameters: [
          { name: 'IBAN', value: 'DE12' },
          { name: 'accountHolder', value: 'X' },
        ],
      },
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors[0].causes).toEqual([
      {
        code: 'payment.parameter.pattern.error',
        message: 'Bitte geben Sie eine gültige IBAN ein.',
        paths: ['parameters.IBAN'],
      },
      {
        code: 'payment.parameter.size.error',
        message: 'Der Kontoinhaber hat 2 bis 70 Zeichen.',
        paths: ['parameters.accountHolder'],
      },
    ])
    const missing = await call(basket.url('/payment-instruments'), {
      method: 'POST',
      token: basket.token,
      json: { paymentMethod: 'DIRECT_DEBIT', parameters: [] },
    })
    expect(missing.json.errors[0].causes.map((c: any) => c.message)).toEqual([
      'Bitte geben Sie einen Wert ein.',
      'Bitte geben Sie einen Wert ein.',
    ])
    expect(
      (
        await call(basket.url('/payment-instruments'), {
          method: 'POST',
          token: basket.token,
          json: { parameters: [] },
        })
      ).status,
    ).toBe(400)

    const created = await call(basket.url('/payment-instruments?include=paymentMethod'), {
      method: 'POST',
      token: basket.token,
      json: {
        paymentMethod: 'DIRECT_DEBIT',
        parameters: [
          { name: 'IBAN', value: 'de44 5001 0517 5407 3249 31' },
          { name: 'accountHolder', value: 'Gina Guest' },
        ],
      },
    })
    expect(created.status).toBe(201)
    const instrument = created.json.data
    expect(instrument).toMatchObject({ paymentMethod: 'DIRECT_DEBIT', accountIdentifier: 'DE44 **** 4931' })
    expect(instrument.urn).toBe(`urn:payment-instrument:basket:${basket.id}:${instrument.id}`)
    expect(instrument.parameters).toContainEqual({ name: 'IBAN', value: '****4931' })
    expect(created.json.included.paymentMethod.DIRECT_DEBIT.id).toBe('DIRECT_DEBIT')
    const [stored] = await api.database.db
      .select()
      .from(paymentInstruments)
      .where(eq(paymentInstruments.id, instrument.id))
    expect(stored!.parameters).toContainEqual({ name: 'IBAN', value: 'DE44500105175407324931' })

    const put = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: instrument.id },
    })
    expect(put.status).toBe(200)
    expect(put.json.data).toMatchObject({ paymentInstrument: instrument.id, paymentMethod: 'DIRECT_DEBIT' })
    // Another shopper's saved instrument is not usable here.
    const foreign = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: SAVED_PATRICIA },
    })
    expect(foreign.status).toBe(422)

    expect(
      (
        await call(basket.url(`/payment-instruments/${instrument.id}`), {
          method: 'DELETE',
          token: basket.token,
        })
      ).status,
    ).toBe(204)
    expect((await basket.get()).data.payments).toEqual([])
    expect(
      (
        await call(basket.url(`/payment-instruments/${instrument.id}`), {
          method: 'DELETE',
          token: basket.token,
        })
      ).status,
    ).toBe(404)
  })

  it('keeps saved instruments for users: list, save where allowed, delete with - as the customer', async () => {
    const token = await userToken(api, 'patricia@ironbridge.test')
    const list = await call(api.url('privatecustomers/-/payments'), { token })
    expect(list.status).toBe(200)
    expect(list.json.elements).toEqual([
      expect.objectContaining({ type: 'Link', itemId: SAVED_PATRICIA, title: 'DE89 **** 3000' }),
    ])
    const one = await call(api.url(`privatecustomers/PC-100001/payments/${SAVED_PATRICIA}`), { token })
    expect(one.json).toMatchObject({
      id: SAVED_PATRICIA,
      name: 'DIRECT_DEBIT',
      accountIdentifier: 'DE89 **** 3000',
    })
    const eligible = await call(api.url('privatecustomers/-/eligible-payment-methods'), { token })
    expect(eligible.json.methods[0].payments.map((m: any) => m.id)).toEqual(['DIRECT_DEBIT'])

    const notAllowed = await call(api.url('privatecustomers/-/payments'), {
      method: 'POST',
      token,
      json: { name: 'INVOICE' },
    })
    expect(notAllowed.status).toBe(422)
    expect(notAllowed.json.errors[0].code).toBe('payment.instrument.save_not_allowed.error')
    const saved = await call(api.url('privatecustomers/-/payments'), {
      method: 'POST',
      token,
      json: {
        name: 'DIRECT_DEBIT',
        parameters: [
          { key: 'IBAN', property: 'DE75512108001245126199' },
          { key: 'accountHolder', property: 'Patricia Miller' },
        ],
      },
    })
    expect(saved.status).toBe(201)
    const savedId = saved.json.itemId
    expect((await call(api.url('privatecustomers/-/payments'), { token })).json.elements).toHaveLength(2)

    const pierre = await userToken(api, 'pierre@ironbridge.test')
    expect(
      (await call(api.url(`privatecustomers/-/payments/${savedId}`), { method: 'DELETE', token: pierre }))
        .status,
    ).toBe(404)
    expect(
      (await call(api.url(`privatecustomers/-/payments/${savedId}`), { method: 'DELETE', token })).status,
    ).toBe(204)
    expect((await call(api.url('privatecustomers/-/payments'), { token })).json.elements).toHaveLength(1)
    expect(
      (await call(api.url('privatecustomers/-/payments'), { token: await anonymousToken(api) })).status,
    ).toBe(401)

    // A saved instrument pays a basket of its owner.
    const basket = await basketFor(api, token, [{ sku: skus[0]!, quantity: 1 }])
    const put = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token,
      json: { paymentInstrument: SAVED_PATRICIA },
    })
    expect(put.status).toBe(200)
    expect(put.json.included.paymentInstrument[SAVED_PATRICIA].accountIdentifier).toBe('DE89 **** 3000')
  })
})

describe('redirect before checkout (wallet) through the hosted payment page', () => {
  const urls = {
    successUrl: 'http://shop.test/en/checkout/review?redirect=success',
    cancelUrl: 'http://shop.test/en/checkout/payment?redirect=cancel',
    failureUrl: 'http://shop.test/en/checkout/payment?redirect=failure',
  }

  it('authorises the payment after a signed SUCCESS; the page is gone afterwards; forged returns are refused', async () => {
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 2 }], { matrix: EUR })
    const put = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'WALLET', redirect: urls },
    })
    expect(put.status).toBe(200)
    expect(put.json.data.redirectRequired).toBe(true)
    const redirectUrl = put.json.data.redirect.redirectUrl as string
    expect(redirectUrl).toMatch(/\/psp\/pay\/[\w-]+$/)
    const total = (await basket.get()).data.totals.grandTotal.gross.value as number

    const paid = await payOnHostedPage(redirectUrl, 'SUCCESS')
    expect(paid.html).toContain(`${total.toFixed(2)} EUR`)
    expect(paid.html).not.toContain('<script')
    expect(paid.status).toBe(303)
    expect(paid.location).toMatch(
      /^http:\/\/shop\.test\/en\/checkout\/review\?redirect=success&paymentSession=/,
    )
    expect((await fetch(redirectUrl)).status).toBe(410)

    const back = returnParameters(paid.location!)
    const forged = {
      status: 'SUCCESS',
      parameters: back.parameters.map((p) => (p.name === 'signature' ? { ...p, value: '0'.repeat(64) } : p)),
    }
    const refused = await call(basket.url('/payments/open-tender'), {
      method: 'PATCH',
      token: basket.token,
      json: { redirect: forged },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].code).toBe('payment.redirect.signature.invalid.error')
    const unsigned = await call(basket.url('/payments/open-tender'), {
      method: 'PATCH',
      token: basket.token,
      json: { redirect: { status: 'SUCCESS', parameters: [] } },
    })
    expect(unsigned.status).toBe(422)
    // A signed SUCCESS cannot be turned into another outcome, nor the reverse.
    const turned = await call(basket.url('/payments/open-tender'), {
      method: 'PATCH',
      token: basket.token,
      json: { redirect: { ...back, status: 'CANCEL' } },
    })
    expect(turned.status).toBe(422)
    const [unpaid] = await api.database.db
      .select()
      .from(basketPayments)
      .where(eq(basketPayments.basketId, basket.id))
    expect(unpaid!.status).toBe('Unprocessed')

    const ok = await call(basket.url('/payments/open-tender'), {
      method: 'PATCH',
      token: basket.token,
      json: { redirect: back },
    })
    expect(ok.status).toBe(200)
    expect(ok.json.data).toMatchObject({ paymentMethod: 'WALLET', status: 'Authorized' })
    expect(ok.json.data.redirect).toBeUndefined()
  })

  it('clears the payment after CANCEL or FAILURE, with an info', async () => {
    for (const outcome of ['CANCEL', 'FAILURE'] as const) {
      const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { matrix: EUR })
      const put = await call(basket.url('/payments/open-tender'), {
        method: 'PUT',
        token: basket.token,
        json: { paymentInstrument: 'WALLET', redirect: urls },
      })
      const back = await payOnHostedPage(put.json.data.redirect.redirectUrl, outcome)
      expect(back.status).toBe(303)
      expect(back.location).toContain(`redirect=${outcome.toLowerCase()}`)
      const patched = await call(basket.url('/payments/open-tender'), {
        method: 'PATCH',
        token: basket.token,
        json: { redirect: returnParameters(back.location!) },
      })
      expect(patched.status).toBe(200)
      expect(patched.json.infos[0].code).toBe(
        outcome === 'CANCEL' ? 'payment.redirect.cancelled.info' : 'payment.redirect.failed.info',
      )
      expect((await basket.get()).data.payments).toEqual([])
      const [session] = await api.database.db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.basketId, basket.id))
      expect(session!.status).toBe(outcome)
    }
  })

  it('answers the hosted page of an unknown session with 410 and refuses outcomes it does not know', async () => {
    const gone = await fetch(api.url('x').replace(/\/INTERSHOP\/.*$/, '/psp/pay/unknown-session'))
    expect(gone.status).toBe(410)
    const basket = await readyGuestBasket(api, [{ sku: skus[0]!, quantity: 1 }], { matrix: EUR })
    const put = await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'WALLET', redirect: urls },
    })
    const page = put.json.data.redirect.redirectUrl
    const odd = await fetch(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=STEAL',
      redirect: 'manual',
    })
    expect(odd.status).toBe(400)
    expect((await fetch(page)).status).toBe(200)
    // Choosing another payment ends the page of the one replaced.
    await call(basket.url('/payments/open-tender'), {
      method: 'PUT',
      token: basket.token,
      json: { paymentInstrument: 'INVOICE' },
    })
    expect((await fetch(page)).status).toBe(410)
  })
})
