/**
 * Punchout types and users over HTTP (issue 34): `customers/{no}/punchouts` (Links resolving to
 * `{punchoutType, version}`, OCI's with its options) and `…/punchouts/{type}/users[/{login}]` in ICM's shapes
 * (the harness checks every answer against the wire schemas), as the Intershop PWA calls them: the list's and
 * the creation's Links resolved, the whole user PUT back. Only the company's administrators: a foreign
 * customer's token (404), a user without APP_B2B_MANAGE_PUNCHOUT and a punchout user (403), a guest (401).
 * Bad input answers 400, 404, 409; no answer carries a password.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { anonymousToken, userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

const A = 'BC-200001'
const PUNCHOUT_ACCEPT = { accept: 'application/vnd.intershop.punchout.v2+json' }
let api: Api
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 40, protection: { limits: NO_LIMITS } })
  for (const login of ['jlink', 'bbuyer', 'mkestrel', 'brightline-cxml'])
    tokens[login] = await userToken(api, login)
  tokens.guest = await anonymousToken(api)
})
afterAll(async () => {
  await api?.close()
})

const as = (login: string, init: Parameters<typeof call>[1] = {}) => ({
  ...init,
  headers: PUNCHOUT_ACCEPT,
  token: tokens[login],
})
const punchouts = (rest = '', customer = A) => api.url(`customers/${customer}/punchouts${rest}`)
/** A Link's URI as ICM clients resolve it: `{base}/INTERSHOP/rest/WFS/{uri}`. */
const resolve = (uri: string) => `${api.origin}/INTERSHOP/rest/WFS/${uri}`

/** The status of a call by each caller who may not make it: foreign, no permission, punchout user, guest. */
async function refusals(url: string, init: Parameters<typeof call>[1] = {}) {
  const statuses: Record<string, number> = {}
  for (const caller of ['mkestrel', 'bbuyer', 'brightline-cxml', 'guest'])
    statuses[caller] = (await call(url, as(caller, init))).status
  statuses.none = (await call(url, { ...init, headers: PUNCHOUT_ACCEPT })).status
  return statuses
}
const REFUSED = { mkestrel: 404, bbuyer: 403, 'brightline-cxml': 403, guest: 401, none: 401 }

describe('GET customers/{no}/punchouts', () => {
  it('lists the three kinds as Links, each resolving to its type and version', async () => {
    const answer = await call(punchouts(), as('jlink'))
    expect(answer.status).toBe(200)
    expect(answer.json.elements.map((link: any) => link.itemId)).toEqual(['cxml1.2', 'oci5', 'ids'])
    const types = []
    for (const link of answer.json.elements) {
      const type = await call(resolve(link.uri), as('jlink'))
      expect(type.status).toBe(200)
      types.push([type.json.punchoutType, type.json.version])
    }
    expect(types).toEqual([
      ['cxml', '1.2'],
      ['oci', '5.0'],
      ['ids', '2.5'],
    ])
    // The customer may be named as '-' too.
    expect((await call(punchouts('', '-'), as('jlink'))).json.elements).toHaveLength(3)
  })

  it('answers the OCI options under oci5, sorted, and 404 for a kind the shop does not speak', async () => {
    const oci = await call(punchouts('/oci5'), as('jlink'))
    const formatters = oci.json.availableFormatters.map((f: any) => f.id)
    const placeholders = oci.json.availablePlaceholders.map((p: any) => p.id)
    expect(formatters).toEqual([...formatters].sort())
    expect(placeholders).toEqual([...placeholders].sort())
    expect(formatters).toContain('UpperCase')
    expect(placeholders).toContain('ProductSKU')
    const unknown = await call(punchouts('/edifact'), as('jlink'))
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('error-key')).toBe('punchout.type.not_found')
  })

  it('is refused to everyone but the company’s administrators', async () => {
    expect(await refusals(punchouts())).toEqual(REFUSED)
    expect(await refusals(punchouts('/oci5'))).toEqual(REFUSED)
  })
})

describe('punchout users', () => {
  it('are listed per kind as Links resolving to users without passwords', async () => {
    const list = await call(punchouts('/cxml1.2/users'), as('jlink'))
    expect(list.status).toBe(200)
    expect(list.json.elements.map((link: any) => link.itemId)).toEqual(['brightline-cxml'])
    const user = await call(resolve(list.json.elements[0].uri), as('jlink'))
    expect(user.json).toEqual({
      id: expect.any(String),
      login: 'brightline-cxml',
      email: 'cxml@brightline.test',
      active: true,
      punchoutType: 'cxml',
    })
    expect(
      (await call(punchouts('/oci5/users'), as('jlink'))).json.elements.map((l: any) => l.itemId),
    ).toEqual(['brightline-oci'])
    // Kestrel's administrator sees Kestrel's only.
    const kestrel = await call(punchouts('/ids/users', '-'), as('mkestrel'))
    expect(kestrel.json.elements.map((l: any) => l.itemId)).toEqual(['kestrel-ids'])
  })

  it('are created, read, changed and deleted as the PWA does it, never answering the password', async () => {
    const created = await call(
      punchouts('/oci5/users'),
      as('jlink', {
        method: 'POST',
        json: { login: 'sap-srm-http', password: 'Srm2026abc', active: true, punchoutType: 'oci' },
      }),
    )
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe(created.json.uri)
    expect(JSON.stringify(created.json)).not.toContain('Srm2026abc')
    const read = await call(resolve(created.json.uri), as('jlink'))
    expect(read.json).toMatchObject({ login: 'sap-srm-http', active: true, punchoutType: 'oci' })
    // The procurement system signs in with the login and password.
    const login = await tokenFor(api, {
      grant_type: 'password',
      username: 'sap-srm-http',
      password: 'Srm2026abc',
    })
    expect(login.status).toBe(200)
    const [row] = await api.database.db.select().from(users).where(eq(users.login, 'sap-srm-http'))
    expect(row!.roles).toEqual(['APP_B2B_OCI_USER'])
    expect(row!.passwordHash).not.toContain('Srm2026abc')

    // The PWA puts the whole user back with a new password, or none to keep it.
    const changed = await call(
      punchouts('/oci5/users/sap-srm-http'),
      as('jlink', { method: 'PUT', json: { ...read.json, password: 'Next2026abc', active: false } }),
    )
    expect(changed.status).toBe(200)
    expect(changed.json).toMatchObject({ login: 'sap-srm-http', active: false })
    expect(JSON.stringify(changed.json)).not.toContain('Next2026abc')
    // Deactivated: the token stops working and the login is refused.
    expect((await call(api.url('customers/-'), { token: login.json.access_token })).status).toBe(401)
    const kept = await call(
      punchouts('/oci5/users/sap-srm-http'),
      as('jlink', { method: 'PUT', json: { ...read.json, password: '', active: true } }),
    )
    expect(kept.json.active).toBe(true)
    const again = await tokenFor(api, {
      grant_type: 'password',
      username: 'sap-srm-http',
      password: 'Next2026abc',
    })
    expect(again.status).toBe(200)

    const deleted = await call(punchouts('/oci5/users/sap-srm-http'), as('jlink', { method: 'DELETE' }))
    expect(deleted.status).toBe(204)
    expect((await call(punchouts('/oci5/users/sap-srm-http'), as('jlink'))).status).toBe(404)
    expect((await call(api.url('customers/-'), { token: again.json.access_token })).status).toBe(401)
  })

  it('answer bad input with 400, 404 and 409, never 5xx', async () => {
    const post = (json: unknown, kind = 'cxml1.2') =>
      call(punchouts(`/${kind}/users`), as('jlink', { method: 'POST', json }))
    const taken = await post({ login: 'JLink', password: 'Secret123' })
    expect([taken.status, taken.headers.get('error-key')]).toEqual([
      409,
      'customer.credentials.login.not_unique.error',
    ])
    const badLogin = await post({ login: 'a b<c>', password: 'Secret123' })
    expect([badLogin.status, badLogin.headers.get('error-key')]).toEqual([400, 'punchout.user.login.invalid'])
    const weak = await post({ login: 'weak-one', password: 'short' })
    expect([weak.status, weak.headers.get('error-key')]).toEqual([400, 'punchout.user.password.invalid'])
    for (const json of [
      {},
      { login: 'x'.repeat(201), password: 'Secret123' },
      { login: 1, password: [] },
      'text',
    ])
      expect((await post(json)).status, JSON.stringify(json)).toBe(400)
    expect((await post({ login: 'fine-login', password: 'Secret123' }, 'edifact')).status).toBe(404)
    const notFound = await call(punchouts('/cxml1.2/users/brightline-oci'), as('jlink'))
    expect([notFound.status, notFound.headers.get('error-key')]).toEqual([404, 'punchout.user.not_found'])
    // Another company's punchout user is not found through one's own company either.
    expect(
      (await call(punchouts('/cxml1.2/users/kestrel-cxml'), as('jlink', { method: 'DELETE' }))).status,
    ).toBe(404)
    const badPut = await call(
      punchouts('/cxml1.2/users/brightline-cxml'),
      as('jlink', { method: 'PUT', json: { active: 'yes' } }),
    )
    expect(badPut.status).toBe(400)
    expect(
      (
        await call(
          punchouts('/cxml1.2/users/brightline-cxml'),
          as('jlink', { method: 'PUT', json: { email: 'bbuyer@brightline.test' } }),
        )
      ).status,
    ).toBe(409)
    // Nothing of that changed the demo user: it still signs in.
    const still = await tokenFor(api, {
      grant_type: 'password',
      username: 'brightline-cxml',
      password: DEMO_PASSWORD,
    })
    expect(still.status).toBe(200)
  })

  it('are refused to everyone but the company’s administrators, and nothing changes', async () => {
    const one = punchouts('/cxml1.2/users/brightline-cxml')
    expect(await refusals(punchouts('/cxml1.2/users'))).toEqual(REFUSED)
    expect(await refusals(one)).toEqual(REFUSED)
    expect(
      await refusals(punchouts('/cxml1.2/users'), {
        method: 'POST',
        json: { login: 'intruder', password: 'Intrude123' },
      }),
    ).toEqual(REFUSED)
    expect(await refusals(one, { method: 'PUT', json: { password: 'Taken2026x', active: false } })).toEqual(
      REFUSED,
    )
    expect(await refusals(one, { method: 'DELETE' })).toEqual(REFUSED)
    const [row] = await api.database.db.select().from(users).where(eq(users.login, 'brightline-cxml'))
    expect(row!.active).toBe(true)
    expect((await api.database.db.select().from(users).where(eq(users.login, 'intruder'))).length).toBe(0)
    const still = await tokenFor(api, {
      grant_type: 'password',
      username: 'brightline-cxml',
      password: DEMO_PASSWORD,
    })
    expect(still.status).toBe(200)
  })
})
