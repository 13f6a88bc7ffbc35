/**
 * The address book page (`/{lang}/account/addresses`, issue 33) against the real commerce API: a private
 * customer on the German shop adds, edits, prefers and deletes addresses and reads the API's refusals in
 * German; a business buyer shares an address with a colleague's partner number, who then sees it (without
 * being able to change it) while another colleague does not.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../commerce-api/db/schema'
import { loader as rootLoader } from '~/root'
import { action, loader } from '~/routes/$lang._shop.account.addresses'
import { api } from './setup'
import { Browser } from './shop'

const address = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries({
      firstName: 'Pierre',
      lastName: 'Dupont',
      addressLine1: 'Königsallee 1',
      postalCode: '40212',
      city: 'Düsseldorf',
      countryCode: 'DE',
      ...fields,
    }).map(([key, value]) => [`address.${key}`, value]),
  )

async function toastOf(browser: Browser, page: string) {
  const { data } = await browser.call(rootLoader, page)
  return (data as any).shell.toast
}

describe('a private customer’s address book in German', () => {
  const pierre = new Browser('de')
  const page = '/de/account/addresses'

  it('adds and edits an address with the spec’s messages, and refuses bad input per field', async () => {
    await pierre.login('pierre@ironbridge.test')
    const before = (await pierre.load(loader, page)).addresses
    expect(before).toHaveLength(1)
    expect(before[0]).toMatchObject({ editable: true, preferredInvoiceTo: false })

    expect(
      await pierre.post(action, page, {
        intent: 'create',
        ...address({ city: 'Köln', postalCode: '50667' }),
      }),
    ).toBe(page)
    expect(await toastOf(pierre, page)).toMatchObject({
      type: 'success',
      text: 'Die neue Adresse wurde angelegt.',
    })
    const added = (await pierre.load(loader, page)).addresses.find((a: any) => a.city === 'Köln')
    expect(added).toBeDefined()

    const bad = await pierre.call(action, page, {
      form: { intent: 'create', ...address({ postalCode: '5066' }) },
    })
    expect(bad.response.status).toBe(400)
    expect((bad.data as any).formId).toBe('create')
    expect((bad.data as any).result.error['address.postalCode']).toBeDefined()

    const edited = await pierre.post(action, `${page}?edit=${added.id}`, {
      intent: 'edit',
      addressId: added.id,
      ...address({ city: 'Bonn', postalCode: '53111' }),
    })
    expect(edited).toBe(page)
    expect(await toastOf(pierre, page)).toMatchObject({ text: 'Die Adresse wurde aktualisiert.' })
    const after = await pierre.load(loader, `${page}?edit=${added.id}`)
    expect(after.addresses.map((a: any) => a.city)).toContain('Bonn')
    expect(after.editing).toMatchObject({ id: added.id, city: 'Bonn' })
  })

  it('prefers an address, refuses deleting it or the last one in German, and deletes another', async () => {
    const book = (await pierre.load(loader, page)).addresses
    const bonn = book.find((a: any) => a.city === 'Bonn')
    const other = book.find((a: any) => a.city !== 'Bonn')
    await pierre.post(action, page, { intent: 'prefer', addressId: bonn.urn, purpose: 'shipTo' })
    expect(await toastOf(pierre, page)).toMatchObject({
      text: 'Ihre bevorzugte Lieferadresse wurde gespeichert.',
    })
    const preferred = (await pierre.load(loader, page)).addresses
    // The preferred one comes first, marked.
    expect(preferred[0]).toMatchObject({ id: bonn.id, preferredShipTo: true, preferredInvoiceTo: false })

    const confirm = await pierre.load(loader, `${page}?delete=${bonn.id}`)
    expect(confirm.deleting).toMatchObject({ id: bonn.id })
    await pierre.post(action, page, { intent: 'delete', addressId: bonn.id })
    expect(await toastOf(pierre, page)).toMatchObject({
      type: 'error',
      text: expect.stringContaining('bevorzugte Rechnungs- oder Lieferadresse'),
    })
    await pierre.post(action, page, { intent: 'delete', addressId: other.id })
    expect(await toastOf(pierre, page)).toMatchObject({
      type: 'success',
      text: 'Die Adresse wurde gelöscht.',
    })
    const left = (await pierre.load(loader, page)).addresses
    expect(left.map((a: any) => a.id)).toEqual([bonn.id])

    await pierre.post(action, page, { intent: 'prefer', addressId: bonn.urn, purpose: 'invoiceTo' })
    // Preferred for both now, and the only one: refused for either reason, and still there.
    await pierre.post(action, page, { intent: 'delete', addressId: bonn.id })
    expect((await toastOf(pierre, page)).type).toBe('error')
    expect((await pierre.load(loader, page)).addresses).toHaveLength(1)
  })
})

describe('a business address shared with a colleague', () => {
  const page = '/en/account/addresses'
  const partnerNo = async (login: string) =>
    (await api.database.db.select().from(users).where(eq(users.login, login)))[0]!.businessPartnerNo!

  it('is seen by the colleague named, not changed by them, and not seen by others', async () => {
    const bernhard = new Browser('en')
    await bernhard.login('bbuyer')
    await bernhard.post(action, page, {
      intent: 'create',
      ...address({ firstName: 'Bernhard', lastName: 'Boldner', city: 'Passau', postalCode: '94032' }),
    })
    const own = (await bernhard.load(loader, page)).addresses.find((a: any) => a.city === 'Passau')
    expect(own).toMatchObject({ owner: 'bbuyer', shared: false, editable: true })

    const unknown = await bernhard.call(action, `${page}?share=${own.id}`, {
      form: { intent: 'share', addressId: own.id, sharing: 'users', sharedFor: 'U99999' },
    })
    expect(unknown.response.status).toBe(422)
    expect((unknown.data as any).formId).toBe('share')
    expect((unknown.data as any).result.error['']).toEqual([
      'No other user of your company has one of these partner numbers.',
    ])
    const empty = await bernhard.call(action, page, {
      form: { intent: 'share', addressId: own.id, sharing: 'users', sharedFor: ' ' },
    })
    expect(empty.response.status).toBe(400)

    const ccowner = await partnerNo('ccowner')
    await bernhard.post(action, page, {
      intent: 'share',
      addressId: own.id,
      sharing: 'users',
      sharedFor: `${ccowner}, `,
    })
    expect(await toastOf(bernhard, page)).toMatchObject({
      text: 'The sharing of the address has been saved.',
    })
    const shared = await bernhard.load(loader, `${page}?share=${own.id}`)
    expect(shared.sharing).toMatchObject({ id: own.id, shared: true, sharedFor: [ccowner] })

    const colleague = new Browser('en')
    await colleague.login('ccowner')
    const seen = await colleague.load(loader, `${page}?edit=${own.id}&delete=${own.id}`)
    expect(seen.addresses.find((a: any) => a.id === own.id)).toMatchObject({
      owner: 'bbuyer',
      shared: true,
      editable: false,
    })
    // Not theirs: no edit form, no delete confirmation.
    expect(seen.editing).toBeNull()
    expect(seen.deleting).toBeNull()

    const other = new Browser('en')
    await other.login('mfoster')
    expect((await other.load(loader, page)).addresses.map((a: any) => a.id)).not.toContain(own.id)
  })
})
