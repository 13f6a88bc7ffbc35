/**
 * The user's saved payment instruments over HTTP (spec §7 Accounts "Customer payments", icm-contract): the
 * contract's `PUT customers/-/payments/{id}` and the basket instrument's CVC update, the preferred payment
 * instrument on the user resource, and who gets to see and change an instrument.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonymousToken, basketFor, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 20 })
})
afterAll(() => api.close())

const SAVED_PATRICIA = '00000000-0000-4000-8000-000000000201'
const bankAccount = (iban: string, holder: string) => [
  { key: 'IBAN', property: iban },
  { key: 'accountHolder', property: holder },
]

async function save(token: string, resource: string, iban: string, holder: string) {
  const saved = await call(api.url(`${resource}/-/payments`), {
    method: 'POST',
    token,
    json: { name: 'DIRECT_DEBIT', parameters: bankAccount(iban, holder) },
  })
  expect(saved.status).toBe(201)
  return saved.json.itemId as string
}

describe('PUT customers/-/payments/{id}', () => {
  it('changes the caller’s saved instrument, keeps a masked IBAN sent back, and refuses bad data with 422', async () => {
    const token = await userToken(api, 'patricia@ironbridge.test')
    const id = await save(token, 'privatecustomers', 'DE75512108001245126199', 'Patricia Miller')
    const read = (await call(api.url(`privatecustomers/-/payments/${id}`), { token })).json
    expect(read.parameters).toContainEqual({ name: 'IBAN', value: '****6199' })

    // The contract's path names `customers/-` for a private customer too (as ICM clients send it).
    const cvcTime = new Date(Date.now() - 60_000).toISOString()
    const put = await call(api.url(`customers/-/payments/${id}`), {
      method: 'PUT',
      token,
      json: {
        name: 'DIRECT_DEBIT',
        parameters: [
          ...read.parameters.map((p: { name: string; value: string }) => ({
            key: p.name,
            property: p.value,
          })),
          { key: 'accountHolder', property: 'P. Miller' },
          { key: 'cvcLastUpdated', property: cvcTime },
        ],
      },
    })
    expect(put.status).toBe(200)
    expect(put.json).toMatchObject({ id, accountIdentifier: 'DE75 **** 6199', name: 'DIRECT_DEBIT' })
    expect(put.json.parameters).toEqual([
      { name: 'IBAN', value: '****6199' },
      { name: 'accountHolder', value: 'P. Miller' },
      { name: 'cvcLastUpdated', value: cvcTime },
    ])

    const bad = await call(api.url(`privatecustomers/-/payments/${id}`), {
      method: 'PUT',
      token,
      json: { name: 'DIRECT_DEBIT', parameters: [{ key: 'IBAN', property: 'DE00' }] },
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors[0].causes[0]).toMatchObject({
      code: 'payment.parameter.pattern.error',
      message: 'Please enter a valid IBAN.',
    })
    const tooLong = await call(api.url(`customers/-/payments/${id}`), {
      method: 'PUT',
      token,
      json: { name: 'DIRECT_DEBIT', parameters: [{ key: 'accountHolder', property: 'x'.repeat(201) }] },
    })
    expect(tooLong.status).toBe(400)
    const otherMethod = await call(api.url(`customers/-/payments/${id}`), {
      method: 'PUT',
      token,
      json: { name: 'INVOICE' },
    })
    expect(otherMethod.status).toBe(422)
    expect(otherMethod.json.errors[0].code).toBe('payment.instrument.method_change.error')
  })

  it('finds no instrument of another customer or of a colleague; anonymous callers are refused', async () => {
    const patricia = await userToken(api, 'patricia@ironbridge.test')
    const pierre = await userToken(api, 'pierre@ironbridge.test')
    const body = { name: 'DIRECT_DEBIT', parameters: [{ key: 'accountHolder', property: 'Pierre' }] }
    for (const path of [
      `customers/-/payments/${SAVED_PATRICIA}`,
      `privatecustomers/-/payments/${SAVED_PATRICIA}`,
    ]) {
      const foreign = await call(api.url(path), { method: 'PUT', token: pierre, json: body })
      expect(foreign.status).toBe(404)
      expect(foreign.json.errors[0].code).toBe('payment.instrument.not_found.error')
    }
    // Patricia's customer number in Pierre's path: that customer is not found for him.
    const foreignCustomer = await call(api.url(`privatecustomers/PC-100001/payments/${SAVED_PATRICIA}`), {
      method: 'PUT',
      token: pierre,
      json: body,
    })
    expect(foreignCustomer.status).toBe(404)
    expect(foreignCustomer.json.errors[0].code).toBe('customer.not_found')
    expect(
      (
        await call(api.url(`customers/-/payments/${SAVED_PATRICIA}`), {
          method: 'PUT',
          token: await anonymousToken(api),
          json: body,
        })
      ).status,
    ).toBe(401)
    expect(
      (await call(api.url(`privatecustomers/-/payments/${SAVED_PATRICIA}`), { token: patricia })).status,
    ).toBe(200)

    // A business user sees their own instruments; the account admin of the same company does not see them.
    const buyer = await userToken(api, 'bbuyer@brightline.test')
    const admin = await userToken(api, 'jlink@brightline.test')
    const id = await save(buyer, 'customers', 'DE44500105175407324931', 'Bob Buyer')
    const own = await call(api.url('customers/-/payments'), { token: buyer })
    expect(own.json.elements.map((e: { itemId: string }) => e.itemId)).toEqual([id])
    const adminsOwn = (await call(api.url('customers/-/payments'), { token: admin })).json.elements
    expect(adminsOwn.map((e: { itemId: string }) => e.itemId)).not.toContain(id)
    expect((await call(api.url(`customers/BC-200001/payments/${id}`), { token: admin })).status).toBe(404)
    expect(
      (await call(api.url(`customers/-/payments/${id}`), { method: 'PUT', token: admin, json: body })).status,
    ).toBe(404)
    expect(
      (await call(api.url(`customers/-/payments/${id}`), { method: 'DELETE', token: admin })).status,
    ).toBe(404)
    // The private resource is not a business user's.
    expect((await call(api.url('privatecustomers/-/payments'), { token: buyer })).status).toBe(404)
  })
})

describe('PATCH baskets/{id}/payment-instruments/{id}: the CVC update of a basket instrument', () => {
  it('stores cvcLastUpdated (never a security code) and refuses a time in the future', async () => {
    const token = await anonymousToken(api)
    const basket = await basketFor(api, token, [])
    const created = await call(basket.url('/payment-instruments'), {
      method: 'POST',
      token,
      json: {
        paymentMethod: 'DIRECT_DEBIT',
        parameters: [
          { name: 'IBAN', value: 'DE44500105175407324931' },
          { name: 'accountHolder', value: 'Gina Guest' },
        ],
      },
    })
    expect(created.status).toBe(201)
    const id = created.json.data.id
    const time = new Date(Date.now() - 1000).toISOString()
    const patched = await call(basket.url(`/payment-instruments/${id}`), {
      method: 'PATCH',
      token,
      json: { parameters: [{ name: 'cvcLastUpdated', value: time }] },
    })
    expect(patched.status).toBe(200)
    expect(patched.json.data.parameters).toEqual([
      { name: 'IBAN', value: '****4931' },
      { name: 'accountHolder', value: 'Gina Guest' },
      { name: 'cvcLastUpdated', value: time },
    ])
    const future = await call(basket.url(`/payment-instruments/${id}`), {
      method: 'PATCH',
      token,
      json: { parameters: [{ name: 'cvcLastUpdated', value: '2999-01-01T00:00:00Z' }] },
    })
    expect(future.status).toBe(422)
    expect(future.json.errors[0].causes[0].code).toBe('payment.parameter.cvc_last_updated.error')
    const cvc = await call(basket.url(`/payment-instruments/${id}`), {
      method: 'PATCH',
      token,
      json: { parameters: [{ name: 'cvc', value: '123' }] },
    })
    expect(cvc.status).toBe(422)
    expect(cvc.json.errors[0].causes[0].code).toBe('payment.parameter.unknown.error')
    expect(
      (await call(basket.url(`/payment-instruments/${id}`), { method: 'PATCH', token, json: {} })).status,
    ).toBe(400)

    // Another shopper's basket does not have it.
    const other = await basketFor(api, await anonymousToken(api), [])
    const foreign = await call(other.url(`/payment-instruments/${id}`), {
      method: 'PATCH',
      token: other.token,
      json: { parameters: [{ name: 'cvcLastUpdated', value: time }] },
    })
    expect(foreign.status).toBe(404)
  })
})

describe('the preferred payment instrument of the user', () => {
  it('is set and cleared through the user resource, only to an own saved instrument', async () => {
    const token = await userToken(api, 'pierre@ironbridge.test')
    const user = (await call(api.url('privatecustomers/-'), { token })).json
    expect(user.preferredPaymentInstrument).toBeUndefined()
    const id = await save(token, 'privatecustomers', 'FR1420041010050500013M02606', 'Pierre Durand')

    const set = await call(api.url('privatecustomers/-'), {
      method: 'PUT',
      token,
      json: { ...user, preferredPaymentInstrument: { id } },
    })
    expect(set.status).toBe(200)
    expect(set.json.preferredPaymentInstrument).toEqual({ id })
    expect((await call(api.url('privatecustomers/-'), { token })).json.preferredPaymentInstrument).toEqual({
      id,
    })

    const foreign = await call(api.url('privatecustomers/-'), {
      method: 'PUT',
      token,
      json: { ...user, preferredPaymentInstrument: { id: SAVED_PATRICIA } },
    })
    expect(foreign.status).toBe(404)
    // A body without the field (the whole user, as ICM's PUT takes it) leaves the preference as it is; `{}` clears it.
    const { preferredPaymentInstrument: _kept, ...withoutPreference } = user as Record<string, unknown>
    const unchanged = await call(api.url('privatecustomers/-'), {
      method: 'PUT',
      token,
      json: withoutPreference,
    })
    expect(unchanged.status).toBe(200)
    expect((await call(api.url('privatecustomers/-'), { token })).json.preferredPaymentInstrument).toEqual({
      id,
    })
    const cleared = await call(api.url('privatecustomers/-'), {
      method: 'PUT',
      token,
      json: { ...user, preferredPaymentInstrument: {} },
    })
    expect(cleared.json.preferredPaymentInstrument).toBeUndefined()

    // A business user's own user resource; the private one is not theirs.
    const buyer = await userToken(api, 'bbuyer@brightline.test')
    expect(
      (await call(api.url('privatecustomers/-'), { method: 'PUT', token: buyer, json: {} })).status,
    ).toBe(404)
    const businessId = await save(buyer, 'customers', 'DE89370400440532013000', 'Bob Buyer')
    const buyerUser = (await call(api.url('customers/-/users/-'), { token: buyer })).json as object
    const business = await call(api.url('customers/-/users/-'), {
      method: 'PUT',
      token: buyer,
      json: { ...buyerUser, preferredPaymentInstrument: { id: businessId } },
    })
    expect(business.status).toBe(200)
    expect(business.json.preferredPaymentInstrument).toEqual({ id: businessId })
  })
})
