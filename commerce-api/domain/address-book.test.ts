/**
 * The address book's rules without HTTP (spec commerce-and-checkout §5, issue 33): who sees an address shared
 * with the company or with partner numbers, who may share one, which address may be deleted, and the user's
 * preferred invoice-to and ship-to addresses. At Brightline `jlink` is the account admin; `bbuyer`,
 * `ccowner` and `mfoster` are buyers.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { addresses, users } from '../db/schema'
import { DEMO_ADDRESS_IDS } from '../db/seed/checkout'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase } from '../db/test-database'
import { preferredAddresses, setPreferredAddresses, shareCustomerAddress } from './address-book'
import {
  addressUrn,
  addressViewer,
  createCustomerAddress,
  customerAddresses,
  deleteCustomerAddress,
  type AddressInput,
  type AddressViewer,
} from './addresses'
import { refusal } from './basket-test-fixtures'
import { checkToken, loginWithPassword } from './tokens'

const munich: AddressInput = {
  firstName: 'Bernhard',
  lastName: 'Boldner',
  addressLine1: 'Hauptstraße 5',
  postalCode: '80331',
  city: 'München',
  countryCode: 'DE',
}

let database: Database
const viewers: Record<string, AddressViewer> = {}
const LOGINS = ['jlink', 'bbuyer', 'ccowner', 'mfoster', 'patricia@ironbridge.test', 'pierre@ironbridge.test']

beforeAll(async () => {
  database = await seededTestDatabase({ products: 20 })
  for (const login of LOGINS) {
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

const v = (login: string) => viewers[login]!
const seenBy = async (login: string) => (await customerAddresses(database.db, v(login))).map((a) => a.row.id)
const stored = async (id: string) =>
  (await database.db.select().from(addresses).where(eq(addresses.id, id)))[0]
const partnerNo = (login: string) => v(login).businessPartnerNo!

describe('a shared business address', () => {
  it('is seen by the users it is shared with, the account admin and the owner, and by nobody else', async () => {
    const own = await createCustomerAddress(database.db, v('bbuyer'), { ...munich, city: 'Augsburg' })
    expect(await seenBy('ccowner')).not.toContain(own.id)

    const forCcowner = await shareCustomerAddress(database.db, v('bbuyer'), own.id, {
      shared: true,
      sharedFor: [partnerNo('ccowner'), partnerNo('ccowner')],
    })
    expect(forCcowner.view).toEqual({
      editable: true,
      shared: true,
      owner: 'bbuyer',
      sharedFor: [partnerNo('ccowner')],
    })
    expect(await seenBy('ccowner')).toContain(own.id)
    expect(await seenBy('mfoster')).not.toContain(own.id)
    expect(await seenBy('jlink')).toContain(own.id)
    // Seen, not changed: the buyer it is shared with may use it only.
    const asCcowner = (await customerAddresses(database.db, v('ccowner'))).find((a) => a.row.id === own.id)
    expect(asCcowner!.view).toMatchObject({ editable: false, shared: true, owner: 'bbuyer' })

    const company = await shareCustomerAddress(database.db, v('bbuyer'), own.id, { shared: true })
    expect(company.view).toMatchObject({ shared: true, sharedFor: [] })
    expect(await stored(own.id)).toMatchObject({ sharedWithCompany: true, sharedFor: [] })
    expect(await seenBy('mfoster')).toContain(own.id)

    const unshared = await shareCustomerAddress(database.db, v('bbuyer'), own.id, { shared: false })
    expect(unshared.view).toMatchObject({ shared: false, sharedFor: [], owner: 'bbuyer' })
    expect(await seenBy('mfoster')).not.toContain(own.id)
    expect(await seenBy('ccowner')).not.toContain(own.id)
  })

  it('is shared by its owner or the account admin only; others are refused and nothing changes', async () => {
    const own = await createCustomerAddress(database.db, v('bbuyer'), { ...munich, city: 'Passau' })
    // Invisible to another buyer: not found. Shared with them: seen, but not theirs to share.
    expect(
      (await refusal(() => shareCustomerAddress(database.db, v('ccowner'), own.id, { shared: true }))).kind,
    ).toBe('not-found')
    await shareCustomerAddress(database.db, v('bbuyer'), own.id, {
      shared: true,
      sharedFor: [partnerNo('ccowner')],
    })
    const byCcowner = await refusal(() =>
      shareCustomerAddress(database.db, v('ccowner'), own.id, { shared: true }),
    )
    expect(byCcowner).toMatchObject({ kind: 'forbidden', code: 'address.not_editable.error' })
    expect(await stored(own.id)).toMatchObject({
      sharedWithCompany: false,
      sharedFor: [partnerNo('ccowner')],
    })
    // The account admin may.
    await shareCustomerAddress(database.db, v('jlink'), own.id, { shared: false })
    expect(await stored(own.id)).toMatchObject({ sharedWithCompany: false, sharedFor: [] })
  })

  it('names only other users of the company; unknown or own numbers are refused naming sharedFor', async () => {
    const own = await createCustomerAddress(database.db, v('bbuyer'), { ...munich, city: 'Rosenheim' })
    for (const numbers of [['U99999'], [partnerNo('bbuyer')], [partnerNo('ccowner'), 'nobody']]) {
      const error = await refusal(() =>
        shareCustomerAddress(database.db, v('bbuyer'), own.id, { shared: true, sharedFor: numbers }),
      )
      expect(error, numbers.join()).toMatchObject({
        kind: 'refused',
        code: 'address.shared_for.unknown.error',
      })
      expect(error.causes[0]!.paths).toEqual(['sharedFor'])
    }
    expect(await stored(own.id)).toMatchObject({ sharedWithCompany: false, sharedFor: [] })
  })

  it('is never a company address or a private customer’s', async () => {
    const company = await refusal(() =>
      shareCustomerAddress(database.db, v('jlink'), DEMO_ADDRESS_IDS.brightlineHeadOffice, { shared: false }),
    )
    expect(company).toMatchObject({ kind: 'refused', code: 'address.share.company_address.error' })
    expect(await stored(DEMO_ADDRESS_IDS.brightlineHeadOffice)).toMatchObject({ ownerUserId: null })
    const privately = await refusal(() =>
      shareCustomerAddress(database.db, v('patricia@ironbridge.test'), DEMO_ADDRESS_IDS.patriciaHome, {
        shared: true,
      }),
    )
    expect(privately).toMatchObject({ kind: 'refused', code: 'address.share.private_customer.error' })
  })
})

describe('deleting an address', () => {
  it('is refused for the only eligible address and for a preferred one; otherwise it goes', async () => {
    const pierre = v('pierre@ironbridge.test')
    const [only] = await customerAddresses(database.db, pierre)
    expect(await seenBy('pierre@ironbridge.test')).toEqual([only!.row.id])
    const last = await refusal(() => deleteCustomerAddress(database.db, pierre, only!.row.id))
    expect(last).toMatchObject({ kind: 'refused', code: 'address.delete.last.error' })

    const second = await createCustomerAddress(database.db, pierre, {
      ...munich,
      city: 'Köln',
      postalCode: '50667',
    })
    await setPreferredAddresses(database.db, pierre, { shipTo: addressUrn(second) })
    const preferred = await refusal(() => deleteCustomerAddress(database.db, pierre, second.id))
    expect(preferred).toMatchObject({ kind: 'refused', code: 'address.delete.preferred.error' })
    expect(await stored(second.id)).toBeDefined()

    await setPreferredAddresses(database.db, pierre, { shipTo: null, invoiceTo: second.id })
    await deleteCustomerAddress(database.db, pierre, only!.row.id)
    expect(await stored(only!.row.id)).toBeUndefined()
    expect(await seenBy('pierre@ironbridge.test')).toEqual([second.id])
  })

  it('by the account admin clears the preference of the user who had it', async () => {
    const own = await createCustomerAddress(database.db, v('mfoster'), {
      ...munich,
      city: 'Ulm',
      postalCode: '89073',
    })
    await setPreferredAddresses(database.db, v('mfoster'), { invoiceTo: own.id })
    await deleteCustomerAddress(database.db, v('jlink'), own.id)
    const [row] = await database.db
      .select({ invoiceTo: users.preferredInvoiceToAddressId })
      .from(users)
      .where(eq(users.id, v('mfoster').userId))
    expect(row!.invoiceTo).toBeNull()
  })
})

describe('preferred addresses', () => {
  it('are addresses the user sees, by URN or id, and each field is changed only when named', async () => {
    const bbuyer = v('bbuyer')
    const headOffice = DEMO_ADDRESS_IDS.brightlineHeadOffice
    await setPreferredAddresses(database.db, bbuyer, {
      invoiceTo: `urn:address:customer:BC-200001:${headOffice}`,
      shipTo: DEMO_ADDRESS_IDS.brightlineSite,
    })
    let preferred = await preferredAddresses(database.db, bbuyer)
    expect(preferred.invoiceTo?.row.id).toBe(headOffice)
    expect(preferred.shipTo?.row.id).toBe(DEMO_ADDRESS_IDS.brightlineSite)
    await setPreferredAddresses(database.db, bbuyer, { shipTo: null })
    preferred = await preferredAddresses(database.db, bbuyer)
    expect(preferred.invoiceTo?.row.id).toBe(headOffice)
    expect(preferred.shipTo).toBeUndefined()
  })

  it('refuse another user’s unshared address, another customer’s, and a wrong URN, changing nothing', async () => {
    const ccowner = v('ccowner')
    await setPreferredAddresses(database.db, ccowner, { invoiceTo: DEMO_ADDRESS_IDS.brightlineSite })
    const foreign = await createCustomerAddress(database.db, v('bbuyer'), {
      ...munich,
      city: 'Hof',
      postalCode: '95028',
    })
    for (const ref of [
      foreign.id,
      DEMO_ADDRESS_IDS.patriciaHome,
      `urn:address:customer:BC-200002:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`,
      'not-an-address',
    ]) {
      const error = await refusal(() =>
        setPreferredAddresses(database.db, ccowner, {
          shipTo: DEMO_ADDRESS_IDS.brightlineHeadOffice,
          invoiceTo: ref,
        }),
      )
      expect(error, ref).toMatchObject({ kind: 'refused', code: 'address.preferred.not_eligible.error' })
      expect(error.causes[0]!.paths).toEqual(['preferredInvoiceToAddress'])
    }
    const preferred = await preferredAddresses(database.db, ccowner)
    expect(preferred.invoiceTo?.row.id).toBe(DEMO_ADDRESS_IDS.brightlineSite)
    expect(preferred.shipTo).toBeUndefined()
  })

  it('stop showing an address once it is no longer shared with the user', async () => {
    const own = await createCustomerAddress(database.db, v('bbuyer'), {
      ...munich,
      city: 'Lindau',
      postalCode: '88131',
    })
    await shareCustomerAddress(database.db, v('bbuyer'), own.id, {
      shared: true,
      sharedFor: [partnerNo('mfoster')],
    })
    await setPreferredAddresses(database.db, v('mfoster'), { shipTo: own.id })
    expect((await preferredAddresses(database.db, v('mfoster'))).shipTo?.row.id).toBe(own.id)
    await shareCustomerAddress(database.db, v('bbuyer'), own.id, { shared: false })
    expect((await preferredAddresses(database.db, v('mfoster'))).shipTo).toBeUndefined()
  })
})
