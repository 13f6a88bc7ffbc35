/**
 * The address rules without HTTP: what a valid address is in each country (a region only where the country's
 * addresses name one), and who may see, use and change a customer's address (spec commerce-and-checkout §5).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { addresses } from '../db/schema'
import { DEMO_ADDRESS_IDS } from '../db/seed/checkout'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase } from '../db/test-database'
import {
  addressAccess,
  addressRegion,
  addressUsage,
  addressViewer,
  checkAddress,
  createCustomerAddress,
  customerAddress,
  customerAddresses,
  deleteCustomerAddress,
  updateCustomerAddress,
  type AddressInput,
  type AddressRow,
  type AddressViewer,
} from './addresses'
import { refusal } from './basket-test-fixtures'
import type { DomainError } from './errors'
import { checkToken, loginWithPassword } from './tokens'

const munich: AddressInput = {
  firstName: 'Gina',
  lastName: 'Guest',
  addressLine1: 'Hauptstraße 5',
  postalCode: '80331',
  city: 'München',
  countryCode: 'DE',
}
const newYork: AddressInput = {
  ...munich,
  addressLine1: '350 Fifth Avenue',
  postalCode: '10118',
  city: 'New York',
  countryCode: 'US',
}

const pathsOf = (error: DomainError) => error.causes.map((c) => c.paths?.[0])

describe('a valid address', () => {
  it('in Germany or Austria names no region, and one sent anyway is not kept', async () => {
    expect(checkAddress(munich)).toMatchObject({ countryCode: 'DE', mainDivision: null, city: 'München' })
    expect(checkAddress({ ...munich, mainDivision: 'BY' }).mainDivision).toBeNull()
    expect(checkAddress({ ...munich, mainDivisionCode: 'XX' }).mainDivision).toBeNull()
    const vienna = { ...munich, countryCode: 'at', postalCode: '1010', city: 'Wien' }
    expect(checkAddress(vienna)).toMatchObject({ countryCode: 'AT', mainDivision: null })
  })

  it('in the US must name one of its states', async () => {
    const without = await refusal(() => checkAddress(newYork))
    expect(without).toMatchObject({ kind: 'refused', code: 'address.invalid.error' })
    expect(without.causes).toEqual([
      {
        code: 'address.main_division.missing.error',
        message: 'A region is required for United States.',
        paths: ['mainDivision'],
      },
    ])
    const unknown = await refusal(() => checkAddress({ ...newYork, mainDivision: 'XX' }))
    expect(unknown.causes.map((c) => c.code)).toEqual(['address.main_division.invalid.error'])
    // ICM sends the code as mainDivisionCode; either spelling, in any case, is the state's code.
    expect(checkAddress({ ...newYork, mainDivisionCode: 'ny' }).mainDivision).toBe('NY')
    expect(checkAddress({ ...newYork, mainDivision: 'NY' }).mainDivision).toBe('NY')
  })

  it('in Poland names a voivodeship and has a postal code of the form 00-000', async () => {
    const warsaw = {
      ...munich,
      countryCode: 'PL',
      postalCode: '00-950',
      city: 'Warszawa',
      mainDivision: '14',
    }
    expect(checkAddress(warsaw).mainDivision).toBe('14')
    const wrong = await refusal(() =>
      checkAddress({ ...warsaw, postalCode: '00950', mainDivision: undefined }),
    )
    expect(pathsOf(wrong)).toEqual(['postalCode', 'mainDivision'])
  })

  it('is refused with one cause per missing or wrong field', async () => {
    const error = await refusal(() =>
      checkAddress({ firstName: 'Pierre', countryCode: 'DE', postalCode: '123', email: 'nope' }),
    )
    expect(pathsOf(error)).toEqual(['lastName', 'addressLine1', 'city', 'postalCode', 'email'])
    expect(error.causes.map((c) => c.code)).toEqual([
      'address.field.missing.error',
      'address.field.missing.error',
      'address.field.missing.error',
      'address.postal_code.invalid.error',
      'address.email.invalid.error',
    ])
  })

  it('is in a country the shop delivers to; an unknown one is named and not checked further', async () => {
    const error = await refusal(() => checkAddress({ ...munich, countryCode: 'ZZ', postalCode: 'x' }))
    expect(error.causes).toEqual([
      {
        code: 'address.country.invalid.error',
        message: "The country 'ZZ' is not one the shop delivers to.",
        paths: ['countryCode'],
      },
    ])
  })

  it('has an e-mail where one is required, and trims every text', async () => {
    expect(pathsOf(await refusal(() => checkAddress(munich, { emailRequired: true })))).toEqual(['email'])
    const fields = checkAddress({ ...munich, city: '  München ', email: ' gina@example.test ', fax: '  ' })
    expect(fields).toMatchObject({ city: 'München', email: 'gina@example.test', fax: null })
  })
})

describe('a stored address', () => {
  const row = (countryCode: string, mainDivision: string | null = null) =>
    ({ countryCode, mainDivision }) as AddressRow

  it('names a region only where its country’s addresses have one, whatever an older row holds', () => {
    expect(addressRegion(row('US', 'NY'))).toBe('NY')
    expect(addressRegion(row('PL', '14'))).toBe('14')
    expect(addressRegion(row('DE', 'BE'))).toBeNull()
    expect(addressRegion(row('AT', 'W'))).toBeNull()
  })

  it('follows the address’s country: invoice and ship-to where the shop sells, neither elsewhere', () => {
    expect(addressUsage(row('DE'))).toEqual({ invoiceTo: true, shipTo: true })
    expect(addressUsage(row('US'))).toEqual({ invoiceTo: true, shipTo: true })
    expect(addressUsage(row('CH'))).toEqual({ invoiceTo: false, shipTo: false })
  })
})

describe('who may do what with an address', () => {
  const buyer: AddressViewer = {
    userId: 'u-buyer',
    login: 'buyer',
    customerNo: 'BC-1',
    business: true,
    accountAdmin: false,
    businessPartnerNo: 'U00002',
  }
  const admin: AddressViewer = { ...buyer, userId: 'u-admin', login: 'admin', accountAdmin: true }
  const privateUser: AddressViewer = {
    userId: 'u-private',
    login: 'private@example.test',
    customerNo: 'PC-1',
    business: false,
    accountAdmin: false,
    businessPartnerNo: null,
  }
  const address = (
    customerNo: string | null,
    ownerUserId: string | null,
    sharing: Pick<AddressRow, 'sharedWithCompany' | 'sharedFor'> = {
      sharedWithCompany: false,
      sharedFor: [],
    },
  ) => ({ customerNo, ownerUserId, basketId: customerNo ? null : 'b-1', ...sharing }) as AddressRow

  it('lets a business user use the company’s shared addresses and change only their own', () => {
    expect(addressAccess(buyer, address('BC-1', null))).toBe('use')
    expect(addressAccess(buyer, address('BC-1', 'u-buyer'))).toBe('change')
    expect(addressAccess(buyer, address('BC-1', 'u-other'))).toBe('none')
  })

  it('lets a business user use another user’s address shared with the company or with their number', () => {
    const company = { sharedWithCompany: true, sharedFor: [] }
    expect(addressAccess(buyer, address('BC-1', 'u-other', company))).toBe('use')
    const forMe = { sharedWithCompany: false, sharedFor: ['U00005', 'U00002'] }
    expect(addressAccess(buyer, address('BC-1', 'u-other', forMe))).toBe('use')
    const forOthers = { sharedWithCompany: false, sharedFor: ['U00005'] }
    expect(addressAccess(buyer, address('BC-1', 'u-other', forOthers))).toBe('none')
    // A user without a partner number is none of the users an address is shared with.
    const unnumbered = { ...buyer, businessPartnerNo: null }
    expect(addressAccess(unnumbered, address('BC-1', 'u-other', forMe))).toBe('none')
    // Shared or not, another company's address stays out of sight.
    expect(addressAccess(buyer, address('BC-2', 'u-other', company))).toBe('none')
  })

  it('lets the account admin change every address of the company, and none of another', () => {
    expect(addressAccess(admin, address('BC-1', null))).toBe('change')
    expect(addressAccess(admin, address('BC-1', 'u-buyer'))).toBe('change')
    expect(addressAccess(admin, address('BC-2', null))).toBe('none')
  })

  it('gives a private customer’s one user every address of the customer, owned or from before owners', () => {
    expect(addressAccess(privateUser, address('PC-1', 'u-private'))).toBe('change')
    expect(addressAccess(privateUser, address('PC-1', null))).toBe('change')
    expect(addressAccess(privateUser, address('PC-2', null))).toBe('none')
  })

  it('never hands out a basket’s own address through the address book', () => {
    expect(addressAccess(admin, address(null, null))).toBe('none')
  })
})

describe('the address book in the database', () => {
  let database: Database
  const viewers: Record<string, AddressViewer> = {}

  beforeAll(async () => {
    database = await seededTestDatabase({ products: 20 })
    for (const login of ['jlink', 'bbuyer', 'ccowner']) {
      // The principal a real login gives, so that the test follows what a token carries.
      const loggedIn = await loginWithPassword(database.db, login, DEMO_PASSWORD)
      if (!loggedIn.ok) throw new Error(`cannot log in ${login}`)
      const check = await checkToken(database.db, loggedIn.grant.access_token)
      if (check.status !== 'valid' || check.principal.anonymous) throw new Error(`no user token for ${login}`)
      viewers[login] = await addressViewer(database.db, check.principal)
    }
  })
  afterAll(async () => {
    await database?.close()
  })

  const stored = async (id: string) =>
    (await database.db.select().from(addresses).where(eq(addresses.id, id)))[0]

  it('gives a new address to the user who creates it and keeps it from the other buyers', async () => {
    const row = await createCustomerAddress(database.db, viewers.bbuyer!, { ...munich, mainDivision: 'BY' })
    expect(row).toMatchObject({
      customerNo: 'BC-200001',
      ownerUserId: viewers.bbuyer!.userId,
      mainDivision: null,
    })
    const seenBy = async (login: string) =>
      (await customerAddresses(database.db, viewers[login]!)).map(({ row: r }) => r.id)
    expect(await seenBy('bbuyer')).toContain(row.id)
    expect(await seenBy('jlink')).toContain(row.id)
    expect(await seenBy('ccowner')).not.toContain(row.id)
    const hidden = await refusal(() => customerAddress(database.db, viewers.ccowner!, row.id))
    expect(hidden).toMatchObject({ kind: 'not-found', code: 'address.not_found.error' })
  })

  it('refuses a buyer’s change of a shared address and leaves the row as it was', async () => {
    const id = DEMO_ADDRESS_IDS.brightlineHeadOffice
    const before = await stored(id)
    const error = await refusal(() =>
      updateCustomerAddress(database.db, viewers.bbuyer!, id, {
        ...munich,
        city: 'Nürnberg',
        postalCode: '90402',
      }),
    )
    expect(error).toMatchObject({ kind: 'forbidden', code: 'address.not_editable.error' })
    expect(await stored(id)).toEqual(before)
    const shared = await customerAddress(database.db, viewers.bbuyer!, id)
    expect(shared.view).toEqual({ editable: false, shared: true, owner: undefined, sharedFor: [] })
  })

  it('lets the account owner change a shared address without taking it over, and delete a buyer’s', async () => {
    const id = DEMO_ADDRESS_IDS.brightlineSite
    const { row, view } = await updateCustomerAddress(database.db, viewers.jlink!, id, {
      ...munich,
      addressLine1: 'Am Sandtorkai 2',
      postalCode: '20457',
      city: 'Hamburg',
    })
    expect(row).toMatchObject({ addressLine1: 'Am Sandtorkai 2', ownerUserId: null, mainDivision: null })
    expect(view).toMatchObject({ editable: true, shared: true })

    const own = await createCustomerAddress(database.db, viewers.bbuyer!, { ...munich, city: 'Augsburg' })
    const denied = await refusal(() => deleteCustomerAddress(database.db, viewers.ccowner!, own.id))
    expect(denied.kind).toBe('not-found')
    expect(await stored(own.id)).toBeDefined()
    await deleteCustomerAddress(database.db, viewers.jlink!, own.id)
    expect(await stored(own.id)).toBeUndefined()
  })

  it('answers an id that is no uuid as not found, before any query', async () => {
    const error = await refusal(() => customerAddress(database.db, viewers.jlink!, 'not-a-uuid'))
    expect(error).toMatchObject({ kind: 'not-found', code: 'address.not_found.error' })
  })
})
