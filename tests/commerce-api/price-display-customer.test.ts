/**
 * `customers/-` says whether a business customer's users see prices (`isPriceDisplayActive`, spec commerce §3,
 * §5; ADR 0045): the seeded Stadtwerke Falkenried (hfalk) has it off, Brightline on, a private customer's answer
 * has no such field. The operator switches it in the back office (operator token only); the API keeps pricing
 * the customer's basket either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { basketFor, sellableSkus } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

const OPERATOR_TOKEN = 'price-display-test-operator-token-0123456789'
let api: Api

beforeAll(async () => {
  api = await startApi({ products: 40, backofficeToken: OPERATOR_TOKEN })
})
afterAll(async () => {
  await api?.close()
})

async function tokenOf(login: string) {
  const grant = await tokenFor(api, { grant_type: 'password', username: login, password: DEMO_PASSWORD })
  expect(grant.status).toBe(200)
  return grant.json.access_token as string
}

const customerOf = async (login: string) => {
  const answer = await call(api.url('customers/-'), { token: await tokenOf(login) })
  expect(answer.status).toBe(200)
  return answer.json
}

const switchPath = (customerNo: string) => `${api.origin}/backoffice/customers/${customerNo}/price-display`
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` }

describe('customers/- isPriceDisplayActive', () => {
  it('is off for the seeded no-price customer, on for Brightline, absent for private customers', async () => {
    const falkenried = await customerOf('hfalk')
    expect(falkenried).toMatchObject({ customerNo: 'BC-200003', isPriceDisplayActive: false })
    expect((await customerOf('jlink')).isPriceDisplayActive).toBe(true)
    expect('isPriceDisplayActive' in (await customerOf('patricia@ironbridge.test'))).toBe(false)
  })

  it('still prices the basket of a customer without price display (ICM answers prices; the shop hides them)', async () => {
    const [sku] = await sellableSkus(api, 1)
    const basket = await basketFor(api, await tokenOf('hfalk'), [{ sku: sku!, quantity: 2 }])
    const { data } = await basket.get()
    expect(data.totals.itemTotal.net.value).toBeGreaterThan(0)
    expect(data.totals.itemTotal.gross.value).toBeGreaterThanOrEqual(data.totals.itemTotal.net.value)
  })
})

describe('the back office switch', () => {
  it('takes only the operator token, switches a business customer, refuses a private one', async () => {
    // The permission walk: no token, a wrong token, a customer's own ICM token: all refused.
    expect((await call(switchPath('BC-200001'), { method: 'PUT', json: { active: false } })).status).toBe(401)
    expect(
      (
        await call(switchPath('BC-200001'), {
          method: 'PUT',
          json: { active: false },
          headers: { authorization: 'Bearer not-the-operator-token-000000000000' },
        })
      ).status,
    ).toBe(401)
    const jlink = await tokenOf('jlink')
    expect(
      (await call(switchPath('BC-200001'), { method: 'PUT', json: { active: false }, token: jlink })).status,
    ).toBe(401)
    expect((await customerOf('jlink')).isPriceDisplayActive).toBe(true)

    const off = await call(switchPath('BC-200001'), {
      method: 'PUT',
      json: { active: false },
      headers: operator,
    })
    expect(off.status).toBe(200)
    expect(off.json).toEqual({
      customerNo: 'BC-200001',
      type: 'SMBCustomer',
      companyName: 'Brightline Construction GmbH',
      isPriceDisplayActive: false,
    })
    expect((await customerOf('bbuyer')).isPriceDisplayActive).toBe(false)
    const on = await call(switchPath('BC-200001'), {
      method: 'PUT',
      json: { active: true },
      headers: operator,
    })
    expect(on.json.isPriceDisplayActive).toBe(true)
    expect((await customerOf('bbuyer')).isPriceDisplayActive).toBe(true)

    const privateCustomer = await call(switchPath('PC-100001'), {
      method: 'PUT',
      json: { active: false },
      headers: operator,
    })
    expect(privateCustomer.status).toBe(422)
    expect(privateCustomer.json.errors[0].code).toBe('customer.update.not_business')
    expect(
      (await call(switchPath('BC-999999'), { method: 'PUT', json: { active: false }, headers: operator }))
        .status,
    ).toBe(404)
  })

  it('answers malformed bodies with 400 and names the field', async () => {
    for (const json of [{}, { active: 'no' }, { active: false, extra: 1 }]) {
      const answer = await call(switchPath('BC-200003'), { method: 'PUT', json, headers: operator })
      expect(answer.status).toBe(400)
      expect(answer.json.errors[0].causes[0].code).toBe('request.invalid.field')
    }
    expect((await customerOf('hfalk')).isPriceDisplayActive).toBe(false)
  })
})
