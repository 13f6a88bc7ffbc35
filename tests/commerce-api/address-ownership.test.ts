/**
 * Issue 14 / spec commerce-and-checkout §5: who may see, change, delete and use a customer address. At
 * Brightline, `jlink` is the account owner and sees and changes everything; `bbuyer` and `ccowner` are plain
 * buyers who see the company's shared addresses (head office, site office) and their own, change only their
 * own, and cannot use another user's own address in a basket. Private customers own their addresses.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses, baskets, users } from '../../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../../commerce-api/db/seed/checkout'
import { seedDatabase } from '../../commerce-api/db/seed/seed'
import { basketFor, guestAddress, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

let api: Api
let sku: string
const tokens: Record<string, string> = {}
const HEAD_OFFICE = DEMO_ADDRESS_IDS.brightlineHeadOffice
const SITE_OFFICE = DEMO_ADDRESS_IDS.brightlineSite

beforeAll(async () => {
  api = await startApi()
  sku = (await sellableSkus(api, 1))[0]!
  for (const login of ['jlink', 'bbuyer', 'ccowner', 'patricia@ironbridge.test', 'pierre@ironbridge.test'])
    tokens[login] = await userToken(api, login)
})
afterAll(async () => {
  await api?.close()
})

const row = async (id: string) =>
  (await api.database.db.select().from(addresses).where(eq(addresses.id, id)))[0]
const userId = async (login: string) =>
  (await api.database.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id
const book = (path = '') => api.url(`customers/-/addresses${path}`)
const listed = async (login: string) => {
  const list = await call(book(), { token: tokens[login] })
  expect(list.status).toBe(200)
  return list.json.elements.map((e: any) => e.itemId).sort()
}
const urn = (id: string) => `urn:address:customer:BC-200001:${id}`

/** Creates an address in the user's own book and returns its id. */
async function createOwn(login: string, resource: string, overrides: Record<string, unknown> = {}) {
  const created = await call(api.url(`${resource}/-/addresses`), {
    method: 'POST',
    token: tokens[login],
    json: guestAddress({ email: undefined, ...overrides }),
  })
  expect(created.status).toBe(201)
  return created.json.itemId as string
}

describe('seeded owners', () => {
  it('leaves the company addresses shared and gives private customers’ addresses to their user', async () => {
    expect((await row(HEAD_OFFICE))!.ownerUserId).toBeNull()
    expect((await row(SITE_OFFICE))!.ownerUserId).toBeNull()
    expect((await row(DEMO_ADDRESS_IDS.patriciaHome))!.ownerUserId).toBe(
      await userId('patricia@ironbridge.test'),
    )
    expect((await row(DEMO_ADDRESS_IDS.pierreHome))!.ownerUserId).toBe(await userId('pierre@ironbridge.test'))
  })
})

describe('business users', () => {
  let bbuyerOwn: string
  let jlinkOwn: string
  beforeAll(async () => {
    bbuyerOwn = await createOwn('bbuyer', 'customers', {
      addressName: 'Bernhard’s drop-off',
      city: 'Augsburg',
    })
    jlinkOwn = await createOwn('jlink', 'customers', { addressName: 'Jack’s garage', city: 'Landshut' })
  })

  it('record who created an address as its owner', async () => {
    expect((await row(bbuyerOwn))!.ownerUserId).toBe(await userId('bbuyer'))
    expect((await row(jlinkOwn))!.ownerUserId).toBe(await userId('jlink'))
  })

  it('see the shared addresses and their own; the account owner sees all', async () => {
    expect(await listed('bbuyer')).toEqual([HEAD_OFFICE, SITE_OFFICE, bbuyerOwn].sort())
    expect(await listed('ccowner')).toEqual([HEAD_OFFICE, SITE_OFFICE].sort())
    expect(await listed('jlink')).toEqual([HEAD_OFFICE, SITE_OFFICE, bbuyerOwn, jlinkOwn].sort())
  })

  it('read editable, shared and owner as they are for the caller', async () => {
    const shared = await call(book(`/${HEAD_OFFICE}`), { token: tokens.bbuyer })
    expect(shared.status).toBe(200)
    expect(shared.json).toMatchObject({ id: HEAD_OFFICE, shared: true, editable: false })
    expect(shared.json.owner).toBeUndefined()
    const own = await call(book(`/${bbuyerOwn}`), { token: tokens.bbuyer })
    expect(own.json).toMatchObject({ shared: false, editable: true, owner: 'bbuyer' })
    const asOwner = await call(book(`/${HEAD_OFFICE}`), { token: tokens.jlink })
    expect(asOwner.json).toMatchObject({ shared: true, editable: true })
    const othersAsOwner = await call(book(`/${bbuyerOwn}`), { token: tokens.jlink })
    expect(othersAsOwner.json).toMatchObject({ shared: false, editable: true, owner: 'bbuyer' })
    // Another user's own address is not even there for a plain buyer.
    const hidden = await call(book(`/${jlinkOwn}`), { token: tokens.bbuyer })
    expect(hidden.status).toBe(404)
    expect(hidden.json.errors[0].code).toBe('address.not_found.error')
  })

  it('may not change or delete the shared addresses; the stored rows stay as they were', async () => {
    const before = await row(HEAD_OFFICE)
    const siteBefore = await row(SITE_OFFICE)
    const put = await call(book(`/${HEAD_OFFICE}`), {
      method: 'PUT',
      token: tokens.bbuyer,
      json: guestAddress({ addressName: 'Head office', city: 'Nürnberg', postalCode: '90402' }),
    })
    expect(put.status).toBe(403)
    expect(put.headers.get('error-key')).toBe('address.not_editable.error')
    expect(put.json.errors[0]).toMatchObject({ status: '403', code: 'address.not_editable.error' })
    const del = await call(book(`/${SITE_OFFICE}`), { method: 'DELETE', token: tokens.ccowner })
    expect(del.status).toBe(403)
    expect(await row(HEAD_OFFICE)).toEqual(before)
    expect(await row(SITE_OFFICE)).toEqual(siteBefore)
    // Through the customer number instead of '-': the same rule.
    const byNumber = await call(api.url(`customers/BC-200001/addresses/${HEAD_OFFICE}`), {
      method: 'DELETE',
      token: tokens.bbuyer,
    })
    expect(byNumber.status).toBe(403)
    expect(await row(HEAD_OFFICE)).toEqual(before)
  })

  it('may not change or delete another user’s own address, which they cannot see (404)', async () => {
    const before = await row(jlinkOwn)
    const put = await call(book(`/${jlinkOwn}`), {
      method: 'PUT',
      token: tokens.bbuyer,
      json: guestAddress({ city: 'Passau', postalCode: '94032' }),
    })
    expect(put.status).toBe(404)
    expect((await call(book(`/${jlinkOwn}`), { method: 'DELETE', token: tokens.bbuyer })).status).toBe(404)
    expect((await call(book(`/${bbuyerOwn}`), { method: 'DELETE', token: tokens.ccowner })).status).toBe(404)
    expect(await row(jlinkOwn)).toEqual(before)
    expect(await row(bbuyerOwn)).toBeDefined()
  })

  it('change their own address; the account owner changes any address of the company', async () => {
    const own = await call(book(`/${bbuyerOwn}`), {
      method: 'PUT',
      token: tokens.bbuyer,
      json: guestAddress({ addressName: 'Bernhard’s drop-off', city: 'Ingolstadt', postalCode: '85049' }),
    })
    expect(own.status).toBe(200)
    expect(own.json).toMatchObject({ city: 'Ingolstadt', editable: true, owner: 'bbuyer' })
    expect((await row(bbuyerOwn))!).toMatchObject({ city: 'Ingolstadt', ownerUserId: await userId('bbuyer') })

    const site = await call(book(`/${SITE_OFFICE}`), {
      method: 'PUT',
      token: tokens.jlink,
      json: {
        ...guestAddress({ email: undefined }),
        addressName: 'Site office Hamburg',
        companyName1: 'Brightline Construction GmbH',
        firstName: 'Bernhard',
        lastName: 'Boldner',
        addressLine1: 'Am Sandtorkai 2',
        postalCode: '20457',
        city: 'Hamburg',
        mainDivision: 'HH',
      },
    })
    expect(site.status).toBe(200)
    expect(site.json).toMatchObject({ addressLine1: 'Am Sandtorkai 2', shared: true, editable: true })
    // Still shared: a change by the account owner does not make it theirs.
    expect((await row(SITE_OFFICE))!).toMatchObject({ addressLine1: 'Am Sandtorkai 2', ownerUserId: null })
  })

  it('cannot put another user’s own address on a basket; shared and own addresses are fine', async () => {
    const basket = await basketFor(api, tokens.ccowner!, [{ sku, quantity: 1 }])
    const eligible = await call(basket.url('/eligible-addresses'), { token: tokens.ccowner })
    expect(eligible.status).toBe(200)
    const ids = eligible.json.data.map((a: any) => a.id)
    expect(ids).toEqual(expect.arrayContaining([HEAD_OFFICE, SITE_OFFICE]))
    expect(ids).not.toContain(bbuyerOwn)
    expect(ids).not.toContain(jlinkOwn)
    expect(eligible.json.data.find((a: any) => a.id === HEAD_OFFICE)).toMatchObject({
      shared: true,
      editable: false,
    })

    for (const [field, ref] of [
      ['invoiceToAddress', urn(bbuyerOwn)],
      ['commonShipToAddress', bbuyerOwn],
      ['commonShipToAddress', urn(jlinkOwn)],
    ] as const) {
      const refused = await call(basket.url(), {
        method: 'PATCH',
        token: tokens.ccowner,
        json: { [field]: ref },
      })
      expect(refused.status, ref).toBe(422)
      expect(refused.json.errors[0].code).toBe('basket.address.not_eligible.error')
      expect(refused.json.errors[0].causes[0].paths).toEqual([field])
    }
    const [stored] = await api.database.db.select().from(baskets).where(eq(baskets.id, basket.id))
    expect(stored).toMatchObject({ invoiceToAddressId: null, commonShipToAddressId: null })

    const shared = await call(basket.url(), {
      method: 'PATCH',
      token: tokens.ccowner,
      json: { invoiceToAddress: urn(HEAD_OFFICE), commonShipToAddress: urn(SITE_OFFICE) },
    })
    expect(shared.status).toBe(200)

    const own = await basketFor(api, tokens.bbuyer!, [{ sku, quantity: 1 }])
    const ownSet = await call(own.url(), {
      method: 'PATCH',
      token: tokens.bbuyer,
      json: { commonShipToAddress: urn(bbuyerOwn) },
    })
    expect(ownSet.status).toBe(200)
    const admin = await basketFor(api, tokens.jlink!, [{ sku, quantity: 1 }])
    const adminSet = await call(admin.url(), {
      method: 'PATCH',
      token: tokens.jlink,
      json: { commonShipToAddress: urn(bbuyerOwn) },
    })
    expect(adminSet.status).toBe(200)
  })

  it('let the account owner delete another user’s address', async () => {
    const doomed = await createOwn('bbuyer', 'customers', { city: 'Rosenheim', postalCode: '83022' })
    expect((await call(book(`/${doomed}`), { method: 'DELETE', token: tokens.jlink })).status).toBe(204)
    expect(await row(doomed)).toBeUndefined()
  })
})

describe('private customers', () => {
  it('change and delete their own addresses, including ones stored before owners were recorded', async () => {
    const token = tokens['patricia@ironbridge.test']
    const base = api.url('privatecustomers/-/addresses')
    // An address from before issue 14 has no owner: it belongs to the customer's one user.
    await api.database.db
      .update(addresses)
      .set({ ownerUserId: null })
      .where(eq(addresses.id, DEMO_ADDRESS_IDS.patriciaHome))
    const legacy = await call(`${base}/${DEMO_ADDRESS_IDS.patriciaHome}`, { token })
    expect(legacy.status).toBe(200)
    expect(legacy.json).toMatchObject({
      shared: false,
      editable: true,
      owner: 'patricia@ironbridge.test',
    })
    const changed = await call(`${base}/${DEMO_ADDRESS_IDS.patriciaHome}`, {
      method: 'PUT',
      token,
      json: guestAddress({ firstName: 'Patricia', lastName: 'Miller', city: 'Potsdam', postalCode: '14467' }),
    })
    expect(changed.status).toBe(200)
    expect((await row(DEMO_ADDRESS_IDS.patriciaHome))!.city).toBe('Potsdam')
    // The next start gives such addresses their owner.
    await seedDatabase(api.database.db)
    expect((await row(DEMO_ADDRESS_IDS.patriciaHome))!.ownerUserId).toBe(
      await userId('patricia@ironbridge.test'),
    )

    const extra = await createOwn('patricia@ironbridge.test', 'privatecustomers', {
      city: 'Dresden',
      postalCode: '01067',
      mainDivision: 'SN',
    })
    expect((await row(extra))!.ownerUserId).toBe(await userId('patricia@ironbridge.test'))
    expect((await call(`${base}/${extra}`, { method: 'DELETE', token })).status).toBe(204)
    expect(await row(extra)).toBeUndefined()
  })

  it('neither see nor touch another customer’s addresses, nor use them in a basket', async () => {
    const pierre = tokens['pierre@ironbridge.test']!
    const before = await row(DEMO_ADDRESS_IDS.patriciaHome)
    const other = api.url(`privatecustomers/-/addresses/${DEMO_ADDRESS_IDS.patriciaHome}`)
    expect((await call(other, { token: pierre })).status).toBe(404)
    expect(
      (await call(other, { method: 'PUT', token: pierre, json: guestAddress({ city: 'Lyon' }) })).status,
    ).toBe(404)
    expect((await call(other, { method: 'DELETE', token: pierre })).status).toBe(404)
    // A private customer's token on the company's book: not found, whichever way it is named.
    for (const path of ['customers/-/addresses', 'customers/BC-200001/addresses']) {
      expect((await call(api.url(path), { token: pierre })).status).toBe(404)
      expect(
        (await call(api.url(`${path}/${HEAD_OFFICE}`), { method: 'DELETE', token: pierre })).status,
      ).toBe(404)
    }
    expect(await row(DEMO_ADDRESS_IDS.patriciaHome)).toEqual(before)
    expect(await row(HEAD_OFFICE)).toBeDefined()

    const basket = await basketFor(api, pierre, [{ sku, quantity: 1 }])
    for (const ref of [
      `urn:address:customer:PC-100001:${DEMO_ADDRESS_IDS.patriciaHome}`,
      urn(HEAD_OFFICE),
      HEAD_OFFICE,
    ]) {
      const refused = await call(basket.url(), {
        method: 'PATCH',
        token: pierre,
        json: { invoiceToAddress: ref },
      })
      expect(refused.status, ref).toBe(422)
      expect(refused.json.errors[0].causes[0].paths).toEqual(['invoiceToAddress'])
    }
    // And a business user cannot use a private customer's address either.
    const jlinkBasket = await basketFor(api, tokens.jlink!, [{ sku, quantity: 1 }])
    const foreign = await call(jlinkBasket.url(), {
      method: 'PATCH',
      token: tokens.jlink,
      json: { commonShipToAddress: `urn:address:customer:PC-100002:${DEMO_ADDRESS_IDS.pierreHome}` },
    })
    expect(foreign.status).toBe(422)
  })
})

describe('regions', () => {
  it('are none for Germany and Austria, whose addresses name no region; the US has its states', async () => {
    for (const code of ['DE', 'AT']) {
      const regions = await call(api.url(`countries/${code}/main-divisions`))
      expect(regions.status, code).toBe(200)
      expect(regions.json, code).toEqual({ data: [] })
    }
    const states = await call(api.url('countries/US/main-divisions'))
    expect(states.json.data).toContainEqual({ id: 'NY', name: 'New York' })
  })

  it('are left out of German addresses stored with one before the rule', async () => {
    const token = tokens['patricia@ironbridge.test']
    await api.database.db
      .update(addresses)
      .set({ mainDivision: 'BE' })
      .where(eq(addresses.id, DEMO_ADDRESS_IDS.patriciaHome))
    const read = await call(api.url(`privatecustomers/-/addresses/${DEMO_ADDRESS_IDS.patriciaHome}`), {
      token,
    })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ countryCode: 'DE', city: expect.any(String) })
    for (const field of ['mainDivision', 'mainDivisionCode', 'mainDivisionName'])
      expect(read.json[field], field).toBeUndefined()
  })

  it('take a German address without a region, and keep none sent anyway', async () => {
    const base = api.url('privatecustomers/-/addresses')
    const token = tokens['pierre@ironbridge.test']
    const { mainDivision: _region, ...withoutRegion } = guestAddress({ email: undefined })
    const plain = await call(base, { method: 'POST', token, json: withoutRegion })
    expect(plain.status).toBe(201)
    expect((await row(plain.json.itemId))!.mainDivision).toBeNull()
    const anyway = await call(base, { method: 'POST', token, json: guestAddress({ mainDivision: 'BY' }) })
    expect(anyway.status).toBe(201)
    expect((await row(anyway.json.itemId))!.mainDivision).toBeNull()
    const read = await call(`${base}/${anyway.json.itemId}`, { token })
    expect(read.json).toMatchObject({
      countryCode: 'DE',
      eligibleInvoiceToAddress: true,
      eligibleShipToAddress: true,
    })
    expect(read.json.mainDivision).toBeUndefined()
  })

  it('require a state for an address in the US', async () => {
    const base = api.url('privatecustomers/-/addresses')
    const token = tokens['pierre@ironbridge.test']
    const us = { countryCode: 'US', postalCode: '10118', city: 'New York', addressLine1: '350 Fifth Avenue' }
    const { mainDivision: _region, ...withoutState } = guestAddress(us)
    const refused = await call(base, { method: 'POST', token, json: withoutState })
    expect(refused.status).toBe(422)
    expect(refused.json.errors[0].causes).toEqual([
      expect.objectContaining({ code: 'address.main_division.missing.error', paths: ['mainDivision'] }),
    ])
    const created = await call(base, {
      method: 'POST',
      token,
      json: guestAddress({ ...us, mainDivision: 'NY' }),
    })
    expect(created.status).toBe(201)
    const read = await call(`${base}/${created.json.itemId}`, { token })
    expect(read.json).toMatchObject({ mainDivision: 'NY', mainDivisionName: 'New York', countryCode: 'US' })
  })
})
