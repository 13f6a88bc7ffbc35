/**
 * `customers/-` says whether the business customer switched cookie consent off (`isCookieConsentDisabled`,
 * spec commerce §3, issue 35): Kestrel's seeded staff get required cookies only; Brightline's choose; a
 * private customer's answer has no such field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 40 })
})
afterAll(async () => {
  await api?.close()
})

async function customerOf(login: string) {
  const grant = await tokenFor(api, { grant_type: 'password', username: login, password: DEMO_PASSWORD })
  expect(grant.status).toBe(200)
  const answer = await call(api.url('customers/-'), { token: grant.json.access_token })
  expect(answer.status).toBe(200)
  return answer.json
}

describe('customers/- and the cookie consent switch', () => {
  it('is on for Kestrel, off for Brightline, absent for private customers', async () => {
    expect((await customerOf('mkestrel')).isCookieConsentDisabled).toBe(true)
    expect((await customerOf('tkestrel')).isCookieConsentDisabled).toBe(true)
    expect((await customerOf('jlink')).isCookieConsentDisabled).toBe(false)
    const privateCustomer = await customerOf('patricia@ironbridge.test')
    expect(privateCustomer.customerType).toBe('PRIVATE')
    expect('isCookieConsentDisabled' in privateCustomer).toBe(false)
  })
})
