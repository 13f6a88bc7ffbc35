/**
 * The punchout administration `/{lang}/account/punchout…` (issue 34, spec shell §3, §6, §7, §8) against the
 * real commerce API: Jack Link (`jlink`, account admin of Brightline) lists the seeded punchout users per
 * type, creates, changes and deletes one (the API has it, and the procurement system logs in with it, or no
 * longer), sees the API's refusals at their field in German, and changes a cXML user's configuration and the
 * company's OCI mapping, a refused mapping showing the API's own text. A buyer and a guest get nowhere.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../commerce-api/db/schema'
import { punchoutLoginProblem } from '../../commerce-api/domain/punchout-users'
import { loader as rootLoader } from '~/root'
import { loader as overviewLoader } from '~/routes/$lang._shop.account._index'
import { loader as listLoader, meta } from '~/routes/$lang._shop.account.punchout._index'
import {
  action as createAction,
  loader as createLoader,
} from '~/routes/$lang._shop.account.punchout.$type.create'
import {
  action as userAction,
  loader as userLoader,
} from '~/routes/$lang._shop.account.punchout.$type.users.$login'
import {
  action as cxmlAction,
  loader as cxmlLoader,
} from '~/routes/$lang._shop.account.punchout.cxml.configuration.$login'
import {
  action as ociAction,
  loader as ociLoader,
} from '~/routes/$lang._shop.account.punchout.oci.configuration'
import { loader as punchoutLoader } from '~/routes/$lang.punchout'
import { fixedT } from '~/services/i18n.server'
import { Browser, recordApiCalls } from './shop'
import { api } from './setup'
import { ociConfigurationForm, type OciConfigurationItem } from './punchout-forms'

const BASE = '/de/account/punchout'
const de = fixedT('de_DE')
const jack = new Browser('de')
const run = Date.now().toString(36)

/** The user of `login` as the API's database holds it, or undefined. */
const userRow = async (login: string) =>
  (
    await api.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
  )[0]

/** Where an OCI procurement system that logs in as `login` is sent by the entry. */
const ociEntry = async (login: string, password: string) => {
  const query = new URLSearchParams({
    HOOK_URL: 'https://srm.example.com/hook',
    USERNAME: login,
    PASSWORD: password,
  })
  const { response } = await new Browser('de').call(punchoutLoader, `/de/punchout?${query}`)
  return response.headers.get('Location')
}

/** The toast the next page shows this browser. */
const toastOf = async (browser: Browser) => (await browser.load(rootLoader, '/de/home')).shell.toast

beforeAll(() => jack.login('jlink'))

describe('the guards', () => {
  const pages: [(a: any) => Promise<unknown>, string, Record<string, string>][] = [
    [listLoader, BASE, {}],
    [createLoader, `${BASE}/oci/create`, { type: 'oci' }],
    [userLoader, `${BASE}/oci/users/brightline-oci`, { type: 'oci', login: 'brightline-oci' }],
    [cxmlLoader, `${BASE}/cxml/configuration/brightline-cxml`, { login: 'brightline-cxml' }],
    [ociLoader, `${BASE}/oci/configuration`, {}],
  ]

  it('send a guest to the login page and a buyer without APP_B2B_MANAGE_PUNCHOUT to the error page', async () => {
    const guest = new Browser('de')
    const buyer = new Browser('de')
    await buyer.login('bbuyer')
    const refused = '/de/error?error=missing-permission&value=APP_B2B_MANAGE_PUNCHOUT'
    for (const [fn, path, params] of pages) {
      const asGuest = await guest.call(fn, path, { params })
      expect(asGuest.response.headers.get('Location'), path).toBe(
        `/de/login?returnUrl=${encodeURIComponent(path)}`,
      )
      const asBuyer = await buyer.call(fn, path, { params })
      expect(asBuyer.response.headers.get('Location'), path).toBe(refused)
    }
    // Nor can the buyer change anything: the API keeps the seeded user as it was.
    const posted = await buyer.call(userAction, `${BASE}/oci/users/brightline-oci`, {
      form: { intent: 'delete' },
      params: { type: 'oci', login: 'brightline-oci' },
    })
    expect(posted.response.headers.get('Location')).toBe(refused)
    expect(await userRow('brightline-oci')).toMatchObject({ active: true })
    // The account overview leads there only for those who may manage punchout.
    expect((await buyer.load(overviewLoader, '/de/account')).punchoutUrl).toBeNull()
    expect((await jack.load(overviewLoader, '/de/account')).punchoutUrl).toBe(BASE)
  })

  it('answer 404 for a type that is none', async () => {
    const { response } = await jack.call(createLoader, `${BASE}/sap/create`, { params: { type: 'sap' } })
    expect(response.status).toBe(404)
  })
})

describe('the list', () => {
  it('shows the API’s types and, per type, the company’s punchout users only', async () => {
    const { response, data: first } = await jack.call(listLoader, BASE)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(meta({ data: first } as never)).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(first.types).toEqual(['cxml', 'oci', 'ids'])
    expect(first.selected).toBe('cxml')
    expect(first.users).toEqual([{ login: 'brightline-cxml', type: 'cxml', active: true }])
    expect(first.customerNo).toBe('BC-200001')
    expect(first.entryUrl).toBe('http://shop.test/de/punchout')
    for (const type of ['oci', 'ids'] as const) {
      const { selected, users: listed } = await jack.load(listLoader, `${BASE}?type=${type}`)
      expect(selected).toBe(type)
      // Kestrel's punchout users are another company's.
      expect(listed).toEqual([{ login: `brightline-${type}`, type, active: true }])
    }
  })
})

describe('a punchout user', () => {
  const login = `oci-${run}`
  const params = { type: 'oci', login }
  const userPath = `${BASE}/oci/users/${login}`

  it('is created: the API has it with the type’s role, and the procurement system logs in with it', async () => {
    const location = await jack.post(
      createAction,
      `${BASE}/oci/create`,
      { login, password: 'Secret77', passwordConfirmation: 'Secret77', active: 'on' },
      { type: 'oci' },
    )
    expect(location).toBe(`${BASE}?type=oci`)
    expect(await toastOf(jack)).toMatchObject({
      text: de('account.punchout.user.create.success', { login }),
    })
    expect(await userRow(login)).toMatchObject({
      customerNo: 'BC-200001',
      roles: ['APP_B2B_OCI_USER'],
      active: true,
    })
    const { users: listed } = await jack.load(listLoader, `${BASE}?type=oci`)
    expect(listed.map((user: { login: string }) => user.login)).toEqual(['brightline-oci', login])
    expect(await ociEntry(login, 'Secret77')).toBe('/de/home')
  })

  it('is refused by the API at its field, in German: a login taken, a password too short', async () => {
    const create = (form: Record<string, string>) =>
      jack.call(createAction, `${BASE}/ids/create`, { form, params: { type: 'ids' } })
    const taken = await create({ login: 'jlink', password: 'Secret77', passwordConfirmation: 'Secret77' })
    expect(taken.response.status).toBe(422)
    expect(taken.data.result.error.login).toEqual([de('customer.credentials.login.not_unique.error')])
    expect(JSON.stringify(taken.data.result.initialValue)).not.toContain('Secret77')
    const short = await create({ login: `ids-${run}`, password: 'Ab1', passwordConfirmation: 'Ab1' })
    expect(short.response.status).toBe(422)
    expect(short.data.result.error.password).toEqual([
      'Das Passwort muss mindestens 7 Zeichen haben, mit Buchstaben und Ziffern und ohne Leerzeichen.',
    ])
    expect(await userRow(`ids-${run}`)).toBeUndefined()
    // The two passwords differ: the form says so before the API is asked.
    const calls = recordApiCalls()
    const mismatch = await create({
      login: `ids-${run}`,
      password: 'Secret77',
      passwordConfirmation: 'Other77',
    })
    expect(mismatch.response.status).toBe(400)
    expect(mismatch.data.result.error.passwordConfirmation).toEqual([
      de('account.punchout.password.confirmation.error.mismatch'),
    ])
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('says at the field, before the API is asked, that a login is ASCII letters, digits and . _ @ - only', async () => {
    const calls = recordApiCalls()
    for (const login of [`ids+${run}`, `müller-${run}`]) {
      // The API's rule, which the form keeps: it would refuse the login too.
      expect(punchoutLoginProblem(login)).toBeDefined()
      const { response, data } = await jack.call(createAction, `${BASE}/ids/create`, {
        form: { login, password: 'Secret77', passwordConfirmation: 'Secret77' },
        params: { type: 'ids' },
      })
      expect(response.status).toBe(400)
      expect(data.result.error.login).toEqual([de('account.punchout.username.error.invalid')])
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('is read for its page; a login the API does not have for the type is a 404', async () => {
    const { user } = await jack.load(userLoader, userPath, params)
    expect(user).toEqual({ login, type: 'oci', active: true })
    const other = await jack.call(userLoader, `${BASE}/ids/users/${login}`, {
      params: { type: 'ids', login },
    })
    expect(other.response.status).toBe(404)
  })

  it('is deactivated and gets a new password, the old one no longer logging in', async () => {
    const before = await userRow(login)
    await jack.post(userAction, userPath, { intent: 'update' }, params)
    // No password typed: the API keeps the old one.
    expect(await userRow(login)).toMatchObject({ active: false, passwordHash: before!.passwordHash })
    expect((await jack.load(userLoader, userPath, params)).user.active).toBe(false)
    expect((await jack.load(listLoader, `${BASE}?type=oci`)).users).toContainEqual({
      login,
      type: 'oci',
      active: false,
    })
    const refused = await jack.call(userAction, userPath, {
      form: { intent: 'update', active: 'on', password: 'short', passwordConfirmation: 'short' },
      params,
    })
    expect(refused.response.status).toBe(422)
    expect(refused.data.result.error.password).toEqual([de('punchout.user.password.invalid')])
    expect((await userRow(login))!.active).toBe(false)

    await jack.post(
      userAction,
      userPath,
      { intent: 'update', active: 'on', password: 'Renewed88', passwordConfirmation: 'Renewed88' },
      params,
    )
    expect(await toastOf(jack)).toMatchObject({ text: de('account.punchout.user.edit.success', { login }) })
    expect(await ociEntry(login, 'Secret77')).toBe(
      '/de/error?error=account.login.username_password.error.invalid',
    )
    expect(await ociEntry(login, 'Renewed88')).toBe('/de/home')
  })

  it('is deleted after the confirmation step: the API has it no more, nor logs it in', async () => {
    const confirm = await jack.load(userLoader, `${userPath}?delete=confirm`, params)
    expect(confirm.confirmDelete).toBe(true)
    expect(await jack.post(userAction, userPath, { intent: 'delete' }, params)).toBe(`${BASE}?type=oci`)
    expect(await toastOf(jack)).toMatchObject({ text: de('account.punchout.user.delete.success', { login }) })
    expect(await userRow(login)).toBeUndefined()
    expect((await jack.load(listLoader, `${BASE}?type=oci`)).users).toEqual([
      { login: 'brightline-oci', type: 'oci', active: true },
    ])
    expect(await ociEntry(login, 'Renewed88')).toBe(
      '/de/error?error=account.login.username_password.error.invalid',
    )
    // Deleting again: the API knows it no more, which the list says.
    await jack.post(userAction, userPath, { intent: 'delete' }, params)
    expect(await toastOf(jack)).toMatchObject({ text: de('account.punchout.user.delete.failed', { login }) })
  })
})

describe('the cXML configuration', () => {
  const path = `${BASE}/cxml/configuration/brightline-cxml`
  const params = { login: 'brightline-cxml' }
  type Entry = { name: string; value: string; defaultValue: string; description: string }
  const formOf = (entries: { name: string; value: string }[]) =>
    Object.fromEntries(
      entries.flatMap((entry, index) => [
        [`entries[${index}].name`, entry.name],
        [`entries[${index}].value`, entry.value],
      ]),
    )

  it('shows the API’s entries with their defaults and German help; a change is kept, an empty value is the default again', async () => {
    const { entries } = (await jack.load(cxmlLoader, path, params)) as { entries: Entry[] }
    expect(entries.map((entry) => [entry.name, entry.value, entry.defaultValue])).toEqual([
      ['operationAllowed', '', 'edit'],
      ['supplierDomain', '', 'NetworkID'],
      ['supplierIdentity', '', 'IronbridgeSupply'],
      ['orderRequest.shippingMethod', '', 'STD_GROUND'],
    ])
    expect(entries[1]!.description).toContain('Die Domäne der Kennung des Shops')

    const changed = entries.map((entry) => ({
      name: entry.name,
      value: entry.name === 'supplierDomain' ? 'DUNS' : entry.value,
    }))
    expect(await jack.post(cxmlAction, path, formOf(changed), params)).toBe(`${BASE}?type=cxml`)
    const after = (await jack.load(cxmlLoader, path, params)).entries as Entry[]
    expect(after.find((entry) => entry.name === 'supplierDomain')!.value).toBe('DUNS')

    await jack.post(cxmlAction, path, formOf(entries), params)
    const reset = (await jack.load(cxmlLoader, path, params)).entries as Entry[]
    expect(reset.find((entry) => entry.name === 'supplierDomain')!.value).toBe('')
  })

  it('is refused as a whole when the API does not take a value, shown at that entry; the old values stay', async () => {
    const { entries } = (await jack.load(cxmlLoader, path, params)) as { entries: Entry[] }
    const wrong = entries.map((entry) => ({
      name: entry.name,
      value: entry.name === 'operationAllowed' ? 'delete' : entry.name === 'supplierDomain' ? 'DUNS' : '',
    }))
    const refused = await jack.call(cxmlAction, path, { form: formOf(wrong), params })
    expect(refused.response.status).toBe(422)
    // The API names the entry it refuses (`[0].value`): the page shows why at that entry's field.
    expect(refused.data.result.error).toEqual({ 'entries[0].value': [de('punchout.cxml.value.invalid')] })
    const after = (await jack.load(cxmlLoader, path, params)).entries as Entry[]
    expect(after.map((entry) => entry.value)).toEqual(['', '', '', ''])
  })

  it('is a 404 for a login that is no cXML user of the company', async () => {
    for (const login of ['brightline-oci', 'kestrel-cxml']) {
      const { response } = await jack.call(cxmlLoader, `${BASE}/cxml/configuration/${login}`, {
        params: { login },
      })
      expect(response.status, login).toBe(404)
    }
  })
})

describe('the OCI configuration', () => {
  const path = `${BASE}/oci/configuration`
  type Item = OciConfigurationItem
  const formOf = ociConfigurationForm
  const itemOf = (items: Item[], field: string) => items.find((item) => item.field === field)!

  it('shows the API’s formatters, placeholders and every field’s mapping, and keeps a change', async () => {
    const { options, items } = (await jack.load(ociLoader, path)) as { options: any; items: Item[] }
    expect(options.formatters).toEqual(['Decimal0', 'Decimal2', 'Decimal3', 'LowerCase', 'UpperCase'])
    expect(options.placeholders).toContain('ProductSKU')
    const unit = itemOf(items, 'NEW_ITEM-UNIT')
    // Two empty mapping rows more to fill in without JavaScript.
    expect(unit.mappings.slice(-2)).toEqual([
      { from: '', to: '' },
      { from: '', to: '' },
    ])

    const changed = items.map((item) =>
      item.field === 'NEW_ITEM-VENDOR'
        ? { ...item, transform: 'Brightline-{ProductSKU}', formatter: 'UpperCase' }
        : item.field === 'NEW_ITEM-UNIT'
          ? { ...item, mappings: [{ from: 'C62', to: 'ST' }, ...item.mappings] }
          : item,
    )
    expect(await jack.post(ociAction, path, formOf(changed))).toBe(`${BASE}?type=oci`)
    const after = (await jack.load(ociLoader, path)).items as Item[]
    expect(itemOf(after, 'NEW_ITEM-VENDOR')).toMatchObject({
      transform: 'Brightline-{ProductSKU}',
      formatter: 'UpperCase',
    })
    // The empty rows the form sent along are no mappings.
    expect(itemOf(after, 'NEW_ITEM-UNIT').mappings).toEqual([
      { from: 'C62', to: 'ST' },
      ...itemOf(items, 'NEW_ITEM-UNIT').mappings,
    ])
  })

  it('shows the API’s own text when it refuses the mapping (400), and keeps the mapping in effect', async () => {
    const { items } = (await jack.load(ociLoader, path)) as { items: Item[] }
    const wrong = items.map((item) =>
      item.field === 'NEW_ITEM-DESCRIPTION' ? { ...item, transform: '{Colour}' } : item,
    )
    const calls = recordApiCalls()
    const refused = await jack.call(ociAction, path, { form: formOf(wrong) })
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: 'customers/BC-200001/punchouts/oci5/configurations',
      status: 400,
    })
    expect(refused.response.status).toBe(422)
    const [text] = refused.data.result.error['']
    expect(text).toMatch(/^NEW_ITEM-DESCRIPTION: .*\{Colour\}/)
    const after = (await jack.load(ociLoader, path)).items as Item[]
    expect(itemOf(after, 'NEW_ITEM-DESCRIPTION').transform).toBe(
      itemOf(items, 'NEW_ITEM-DESCRIPTION').transform,
    )
    expect(itemOf(after, 'NEW_ITEM-VENDOR').transform).toBe('Brightline-{ProductSKU}')
  })
})
