/**
 * Punchout configuration and cXML sessions over HTTP (issue 34): a cXML user's entries
 * (`…/cxml1.2/users/{id}/configurations`, GET and PATCH as the PWA sends them), the OCI field mapping
 * (`…/oci5/configurations`, GET and PUT), both for the company's administrators only; and a cXML session read
 * by the punchout user it was opened for with the start URL's single-use token
 * (`…/cxml1.2/sessions/{sid}` → `{basketId, returnURL}`), which the token endpoint exchanges once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { openCxmlSession, type OpenedSession } from '../../commerce-api/domain/punchout-sessions'
import { OCI_FIELDS } from '../../commerce-api/domain/punchout-oci'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { anonymousToken, userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

const A = 'BC-200001'
let api: Api
const tokens: Record<string, string> = {}
let cxmlUserId = ''

beforeAll(async () => {
  api = await startApi({ products: 40, protection: { limits: NO_LIMITS } })
  for (const login of ['jlink', 'bbuyer', 'mkestrel', 'brightline-cxml', 'brightline-oci'])
    tokens[login] = await userToken(api, login)
  tokens.guest = await anonymousToken(api)
  const users = await call(api.url(`customers/${A}/punchouts/cxml1.2/users/brightline-cxml`), {
    token: tokens.jlink,
  })
  cxmlUserId = users.json.id
})
afterAll(async () => {
  await api?.close()
})

const as = (login: string, init: Parameters<typeof call>[1] = {}) => ({ ...init, token: tokens[login] })
const punchouts = (rest = '', customer = A) => api.url(`customers/${customer}/punchouts${rest}`)
const configurations = (user = cxmlUserId) => punchouts(`/cxml1.2/users/${user}/configurations`)

async function refusals(url: string, init: Parameters<typeof call>[1] = {}) {
  const statuses: Record<string, number> = {}
  for (const caller of ['mkestrel', 'bbuyer', 'brightline-cxml', 'guest'])
    statuses[caller] = (await call(url, as(caller, init))).status
  statuses.none = (await call(url, init)).status
  return statuses
}
const REFUSED = { mkestrel: 404, bbuyer: 403, 'brightline-cxml': 403, guest: 401, none: 401 }

describe('a cXML user’s configuration', () => {
  it('answers every entry with its value and metadata, by the user’s id or login', async () => {
    const answer = await call(
      api.url(`customers/${A}/punchouts/cxml1.2/users/${cxmlUserId}/configurations`, ';loc=de_DE;cur=EUR'),
      as('jlink'),
    )
    expect(answer.status).toBe(200)
    expect(answer.json.data).toContainEqual({ name: 'operationAllowed', value: 'edit' })
    const meta = answer.json.info.metaData.find((m: any) => m.name === 'operationAllowed')
    expect(meta).toMatchObject({ defaultValue: 'edit', inputType: 'text-short' })
    expect(meta.description).toContain('Beschaffungssystem')
    expect((await call(configurations('brightline-cxml'), as('jlink'))).json).toEqual(
      (await call(configurations(), as('jlink'))).json,
    )
  })

  it('is patched as the PWA sends it: names with values, null for the default', async () => {
    const patched = await call(
      configurations(),
      as('jlink', {
        method: 'PATCH',
        json: [
          { name: 'supplierIdentity', value: 'AN01000000042' },
          { name: 'operationAllowed', value: null },
        ],
      }),
    )
    expect(patched.status).toBe(200)
    expect(patched.json.data).toContainEqual({ name: 'supplierIdentity', value: 'AN01000000042' })
    expect((await call(configurations(), as('jlink'))).json.data).toContainEqual({
      name: 'supplierIdentity',
      value: 'AN01000000042',
    })
  })

  it('answers bad input with 400 naming the entry, and 404 for a user who is no cXML punchout user', async () => {
    const bad = await call(
      configurations(),
      as('jlink', {
        method: 'PATCH',
        json: [
          { name: 'operationAllowed', value: 'destroy' },
          { name: 'nope', value: 'x' },
        ],
      }),
    )
    expect(bad.status).toBe(400)
    expect(bad.headers.get('error-key')).toBe('punchout.cxml.configuration.invalid')
    expect(bad.json.errors[0].causes.map((c: any) => c.paths[0])).toEqual(['[0].value', '[1].name'])
    for (const json of [{ name: 'x' }, [{ value: 'x' }], 'text', [{ name: 'supplierIdentity', value: 4 }]])
      expect(
        (await call(configurations(), as('jlink', { method: 'PATCH', json }))).status,
        JSON.stringify(json),
      ).toBe(400)
    expect((await call(configurations('brightline-oci'), as('jlink'))).status).toBe(404)
    expect((await call(configurations('jlink'), as('jlink'))).status).toBe(404)
    expect((await call(configurations('kestrel-cxml'), as('jlink'))).status).toBe(404)
  })

  it('is refused to everyone but the company’s administrators', async () => {
    expect(await refusals(configurations())).toEqual(REFUSED)
    expect(
      await refusals(configurations(), {
        method: 'PATCH',
        json: [{ name: 'supplierDomain', value: 'DUNS' }],
      }),
    ).toEqual(REFUSED)
    expect((await call(configurations(), as('jlink'))).json.data).toContainEqual({
      name: 'supplierDomain',
      value: 'NetworkID',
    })
  })
})

describe('the OCI field mapping', () => {
  it('answers every field; a PUT as the PWA sends it replaces the mapping', async () => {
    const before = await call(punchouts('/oci5/configurations'), as('jlink'))
    expect(before.status).toBe(200)
    expect(before.json.items.map((item: any) => item.field)).toEqual(OCI_FIELDS)
    // The PWA's form sends each row with an empty mapping pair and keys of its own.
    const items = before.json.items.map((item: any) => ({
      ...item,
      type: 'field',
      mappings: item.mappings.length ? item.mappings : [{ mapFromValue: '', mapToValue: '' }],
      ...(item.field === 'NEW_ITEM-VENDOR' ? { transform: '100234' } : {}),
      ...(item.field === 'NEW_ITEM-UNIT'
        ? { mappings: [{ mapFromValue: 'C62', mapToValue: 'PCE' }], formatter: 'UpperCase' }
        : {}),
    }))
    const put = await call(punchouts('/oci5/configurations'), as('jlink', { method: 'PUT', json: { items } }))
    expect(put.status).toBe(200)
    const byField = (answer: any, field: string) =>
      answer.json.items.find((item: any) => item.field === field)
    expect(byField(put, 'NEW_ITEM-VENDOR')).toMatchObject({ transform: '100234', mappings: [] })
    expect(byField(put, 'NEW_ITEM-UNIT')).toMatchObject({
      formatter: 'UpperCase',
      mappings: [{ mapFromValue: 'C62', mapToValue: 'PCE' }],
    })
    const after = await call(punchouts('/oci5/configurations'), as('jlink'))
    expect(byField(after, 'NEW_ITEM-VENDOR').transform).toBe('100234')
    // Kestrel's mapping is its own.
    const kestrel = await call(punchouts('/oci5/configurations', '-'), as('mkestrel'))
    expect(byField(kestrel, 'NEW_ITEM-VENDOR').transform).toBe('')
  })

  it('answers a mapping it cannot keep with 400 and a text that says why', async () => {
    const bad = await call(
      punchouts('/oci5/configurations'),
      as('jlink', {
        method: 'PUT',
        json: { items: [{ field: 'NEW_ITEM-DESCRIPTION', transform: '{Nonsense}', formatter: 'Shout' }] },
      }),
    )
    expect(bad.status).toBe(400)
    expect(bad.headers.get('error-key')).toBe('punchout.oci.configuration.invalid')
    expect(bad.json.errors[0].message).toContain('{Nonsense}')
    expect(bad.json.errors[0].causes.map((c: any) => c.code)).toEqual([
      'punchout.oci.transform.invalid',
      'punchout.oci.formatter.unknown',
    ])
    for (const json of [
      {},
      { items: 'x' },
      { items: [{ transform: 'x' }] },
      { items: Array(101).fill({ field: 'x' }) },
    ])
      expect(
        (await call(punchouts('/oci5/configurations'), as('jlink', { method: 'PUT', json }))).status,
        JSON.stringify(json).slice(0, 40),
      ).toBe(400)
  })

  it('is refused to everyone but the company’s administrators', async () => {
    expect(await refusals(punchouts('/oci5/configurations'))).toEqual(REFUSED)
    expect(
      await refusals(punchouts('/oci5/configurations'), {
        method: 'PUT',
        json: { items: [{ field: 'NEW_ITEM-VENDOR', transform: 'HACKED', formatter: '' }] },
      }),
    ).toEqual(REFUSED)
    const after = await call(punchouts('/oci5/configurations'), as('jlink'))
    expect(after.json.items.find((item: any) => item.field === 'NEW_ITEM-VENDOR').transform).not.toBe(
      'HACKED',
    )
  })
})

describe('a cXML session and its start token', () => {
  let opened: OpenedSession
  const session = (sid = opened.session.id, customer = A) => punchouts(`/cxml1.2/sessions/${sid}`, customer)

  beforeAll(async () => {
    opened = await openCxmlSession(
      api.database.db,
      {
        senderIdentity: 'brightline-cxml',
        sharedSecret: DEMO_PASSWORD,
        operation: 'create',
        buyerCookie: 'cookie-77',
        browserFormPostUrl: 'https://procurement.example.test/cxml/return',
      },
      { currency: 'EUR', locale: 'en_US' },
    )
  })

  it('is read with the start token by the punchout user, and the token is exchanged once', async () => {
    const start = opened.accessToken
    const read = await call(session(), { token: start })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({
      basketId: opened.session.basketId,
      returnURL: 'https://procurement.example.test/cxml/return',
      operation: 'create',
      buyerCookie: 'cookie-77',
    })
    const exchanged = await tokenFor(api, { grant_type: 'refresh_token', refresh_token: start })
    expect(exchanged.status).toBe(200)
    const token = exchanged.json.access_token
    expect((await tokenFor(api, { grant_type: 'refresh_token', refresh_token: start })).status).toBe(401)
    expect((await call(session(), { token: start })).status).toBe(401)
    // The exchanged token is the punchout user's: the session and its basket are there.
    expect((await call(session(opened.session.id, '-'), { token })).status).toBe(200)
    const basket = await call(api.url(`baskets/${opened.session.basketId}`), { token })
    expect(basket.status).toBe(200)
  })

  it('is not found for anyone else of the company, another company, or an unknown id', async () => {
    for (const caller of ['jlink', 'bbuyer', 'brightline-oci'])
      expect((await call(session(), as(caller))).status, caller).toBe(404)
    expect((await call(session(), as('mkestrel'))).status).toBe(404)
    expect((await call(session(opened.session.id, '-'), as('mkestrel'))).status).toBe(404)
    expect((await call(session(), as('guest'))).status).toBe(401)
    expect((await call(session())).status).toBe(401)
    expect((await call(session('no-such-session'), as('brightline-cxml'))).status).toBe(404)
    expect((await call(session('x'.repeat(300)), as('brightline-cxml'))).status).toBe(404)
  })
})
