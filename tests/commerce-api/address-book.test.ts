/**
 * Issue 33 / spec commerce-and-checkout §5, §7 Accounts over HTTP: `PUT …/addresses/{id}/shared` (business
 * addresses shared with the company or with partner numbers), who then sees them, the deletion rule, and the
 * user's preferred addresses through ICM's user update (`PUT customers/-/users/-`, `PUT privatecustomers/-`).
 * Brightline: `jlink` account admin, `bbuyer`/`ccowner`/`mfoster` buyers; `mkestrel` is Kestrel's admin.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses, users } from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { guestAddress, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
const tokens: Record<string, string> = {}
const partner: Record<string, string> = {}
const LOGINS = ['jlink', 'bbuyer', 'ccowner', 'mfoster', 'mkestrel', 'patricia@ironbridge.test']

beforeAll(async () => {
  api = await startApi()
  for (const login of LOGINS) {
    tokens[login] = await userToken(api, login)
    const [row] = await api.database.db
      .select({ no: users.businessPartnerNo })
      .from(users)
      .where(eq(users.login, login))
    partner[login] = row?.no ?? ''
  }
})
afterAll(async () => {
  await api?.close()
})

const book = (path = '', resource = 'customers') => api.url(`${resource}/-/addresses${path}`)
const stored = async (id: string) =>
  (await api.database.db.select().from(addresses).where(eq(addresses.id, id)))[0]
const listed = async (login: string) => {
  const list = await call(book(), { token: tokens[login] })
  expect(list.status).toBe(200)
  return list.json.elements.map((e: { itemId: string }) => e.itemId)
}
async function createOwn(login: string, overrides: Record<string, unknown> = {}, resource = 'customers') {
  const created = await call(book('', resource), {
    method: 'POST',
    token: tokens[login],
    json: guestAddress({ email: undefined, ...overrides }),
  })
  expect(created.status).toBe(201)
  return created.json.itemId as string
}
const share = (login: string, id: string, json: unknown, path = book(`/${id}/shared`)) =>
  call(path, { method: 'PUT', token: tokens[login], json })

describe('PUT …/addresses/{id}/shared', () => {
  it('shares an owner’s address with partner numbers, then the company, then nobody', async () => {
    const id = await createOwn('bbuyer', { city: 'Augsburg', postalCode: '86150' })
    expect(await listed('ccowner')).not.toContain(id)

    const some = await share('bbuyer', id, { shared: true, sharedFor: [partner.ccowner] })
    expect(some.status).toBe(200)
    expect(some.json).toMatchObject({
      id,
      shared: true,
      owner: 'bbuyer',
      sharedFor: [partner.ccowner],
      editable: true,
    })
    expect(await listed('ccowner')).toContain(id)
    expect(await listed('mfoster')).not.toContain(id)
    expect(await listed('jlink')).toContain(id)
    const seen = await call(book(`/${id}`), { token: tokens.ccowner })
    expect(seen.json).toMatchObject({ shared: true, editable: false, owner: 'bbuyer' })

    const all = await share('bbuyer', id, { shared: true })
    expect(all.json).toMatchObject({ shared: true, sharedFor: [] })
    expect(await listed('mfoster')).toContain(id)

    const none = await share('bbuyer', id, { shared: false })
    expect(none.json).toMatchObject({ shared: false, sharedFor: [], owner: 'bbuyer' })
    expect(await listed('mfoster')).not.toContain(id)
    expect(await listed('ccowner')).not.toContain(id)
  })

  it('lets a buyer it is shared with neither change, delete nor share it; the account admin may', async () => {
    const id = await createOwn('bbuyer', { city: 'Passau', postalCode: '94032' })
    await share('bbuyer', id, { shared: true, sharedFor: [partner.ccowner] })
    const before = await stored(id)
    const put = await call(book(`/${id}`), {
      method: 'PUT',
      token: tokens.ccowner,
      json: guestAddress({ city: 'Regensburg', postalCode: '93047' }),
    })
    expect(put.status).toBe(403)
    expect(put.headers.get('error-key')).toBe('address.not_editable.error')
    expect((await call(book(`/${id}`), { method: 'DELETE', token: tokens.ccowner })).status).toBe(403)
    expect((await share('ccowner', id, { shared: true })).status).toBe(403)
    // A buyer it is not shared with does not even see it.
    expect((await share('mfoster', id, { shared: true })).status).toBe(404)
    expect(await stored(id)).toEqual(before)

    const byAdmin = await share('jlink', id, { shared: true, sharedFor: [partner.mfoster] })
    expect(byAdmin.status).toBe(200)
    expect(await listed('mfoster')).toContain(id)
    expect(await listed('ccowner')).not.toContain(id)
  })

  it('is not found with another customer’s token, whichever way the customer is named', async () => {
    const id = await createOwn('bbuyer', { city: 'Hof', postalCode: '95028' })
    for (const path of [book(`/${id}/shared`), api.url(`customers/BC-200001/addresses/${id}/shared`)]) {
      const foreign = await share('mkestrel', id, { shared: true }, path)
      expect(foreign.status, path).toBe(404)
    }
    const privately = await share('patricia@ironbridge.test', id, { shared: true })
    expect(privately.status).toBe(404)
    expect(await stored(id)).toMatchObject({ sharedWithCompany: false, sharedFor: [] })
    expect(await listed('mkestrel')).not.toContain(id)
  })

  it('answers bad input with 400 and refused sharing with 422 naming the reason', async () => {
    const id = await createOwn('bbuyer', { city: 'Lindau', postalCode: '88131' })
    for (const body of [
      {},
      { shared: 'yes' },
      { shared: false, sharedFor: ['U00001'] },
      { shared: true, sharedFor: 'x' },
    ]) {
      const bad = await share('bbuyer', id, body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
    }
    const unknown = await share('bbuyer', id, { shared: true, sharedFor: ['U99999'] })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors[0]).toMatchObject({ code: 'address.shared_for.unknown.error' })
    expect(unknown.json.errors[0].causes[0].paths).toEqual(['sharedFor'])
    const company = await share('jlink', DEMO_ADDRESS_IDS.brightlineHeadOffice, { shared: false })
    expect(company.status).toBe(422)
    expect(company.headers.get('error-key')).toBe('address.share.company_address.error')
    const privately = await share(
      'patricia@ironbridge.test',
      DEMO_ADDRESS_IDS.patriciaHome,
      { shared: true },
      book(`/${DEMO_ADDRESS_IDS.patriciaHome}/shared`, 'privatecustomers'),
    )
    expect(privately.status).toBe(422)
    expect(privately.headers.get('error-key')).toBe('address.share.private_customer.error')
  })
})

describe('preferred addresses and deletion', () => {
  const urnOf = (customerNo: string, id: string) => `urn:address:customer:${customerNo}:${id}`
  /** ICM's user update: the user as read, with `changes` (a PUT carries the whole user). */
  const putUser = async (path: string, token: string | undefined, changes: object) => {
    const user = (await call(api.url(path), { token })).json as object
    return call(api.url(path), { method: 'PUT', token, json: { ...user, ...changes } })
  }

  it('are set by the user update, read with the user, and protect the address from deletion', async () => {
    const id = await createOwn('mfoster', { city: 'Ulm', postalCode: '89073' })
    const set = await putUser('customers/-/users/-', tokens.mfoster, {
      preferredInvoiceToAddress: { urn: urnOf('BC-200001', DEMO_ADDRESS_IDS.brightlineHeadOffice) },
      preferredShipToAddress: { urn: urnOf('BC-200001', id) },
    })
    expect(set.status).toBe(200)
    expect(set.json).toMatchObject({
      login: 'mfoster',
      preferredInvoiceToAddress: { id: DEMO_ADDRESS_IDS.brightlineHeadOffice, shared: true },
      preferredShipToAddress: { id, urn: urnOf('BC-200001', id), city: 'Ulm' },
    })
    const read = await call(api.url('customers/-/users/-'), { token: tokens.mfoster })
    expect(read.json.preferredShipToAddress.urn).toBe(urnOf('BC-200001', id))

    const refused = await call(book(`/${id}`), { method: 'DELETE', token: tokens.mfoster })
    expect(refused.status).toBe(422)
    expect(refused.headers.get('error-key')).toBe('address.delete.preferred.error')
    expect(await stored(id)).toBeDefined()

    // `{}` (the PWA's "none set") leaves a preference; `{urn: null}` clears it.
    const kept = await putUser('customers/-/users/-', tokens.mfoster, {
      preferredInvoiceToAddress: {},
      preferredShipToAddress: { urn: null },
    })
    expect(kept.json.preferredInvoiceToAddress.id).toBe(DEMO_ADDRESS_IDS.brightlineHeadOffice)
    expect(kept.json.preferredShipToAddress).toBeUndefined()
    expect((await call(book(`/${id}`), { method: 'DELETE', token: tokens.mfoster })).status).toBe(204)
  })

  it('refuse an address the user may not use, and a private customer’s token on the company user', async () => {
    const hidden = await createOwn('bbuyer', { city: 'Kempten', postalCode: '87435' })
    for (const urn of [urnOf('BC-200001', hidden), urnOf('PC-100001', DEMO_ADDRESS_IDS.patriciaHome)]) {
      const refused = await putUser('customers/-/users/-', tokens.ccowner, {
        preferredShipToAddress: { urn },
      })
      expect(refused.status, urn).toBe(422)
      expect(refused.json.errors[0].causes[0]).toMatchObject({
        code: 'address.preferred.not_eligible.error',
        paths: ['preferredShipToAddress'],
      })
    }
    const malformed = await putUser('customers/-/users/-', tokens.ccowner, {
      preferredShipToAddress: { urn: 42 },
    })
    expect(malformed.status).toBe(400)
    const wrongResource = await putUser('customers/-/users/-', tokens['patricia@ironbridge.test'], {
      preferredShipToAddress: { urn: urnOf('PC-100001', DEMO_ADDRESS_IDS.patriciaHome) },
    })
    expect(wrongResource.status).toBe(404)
    const anonymous = await call(api.url('customers/-/users/-'), { method: 'PUT', json: {} })
    expect(anonymous.status).toBe(401)
  })

  it('work for a private customer through privatecustomers/-, and the last address stays', async () => {
    const token = tokens['patricia@ironbridge.test']
    const base = book('', 'privatecustomers')
    const ids = (await call(base, { token })).json.elements.map((e: { itemId: string }) => e.itemId)
    for (const id of ids.slice(1))
      expect((await call(`${base}/${id}`, { method: 'DELETE', token })).status).toBe(204)
    const last = await call(`${base}/${ids[0]}`, { method: 'DELETE', token })
    expect(last.status).toBe(422)
    expect(last.headers.get('error-key')).toBe('address.delete.last.error')

    const urn = urnOf('PC-100001', ids[0])
    const set = await putUser('privatecustomers/-', token, {
      preferredInvoiceToAddress: { urn },
      preferredShipToAddress: { urn },
    })
    expect(set.status).toBe(200)
    expect(set.json).toMatchObject({
      customerNo: 'PC-100001',
      preferredInvoiceToAddress: { urn },
      preferredShipToAddress: { urn },
    })
    const read = await call(api.url('privatecustomers/-'), { token })
    expect(read.json.preferredInvoiceToAddress.urn).toBe(urn)
  })
})
