/**
 * A user's own account over HTTP (issue 33): `PUT customers/-/users/-`, `PUT privatecustomers/-` and
 * `PUT …/credentials/password`, in ICM's shapes (the harness checks every answer against the wire schemas).
 * Each caller reaches only their own user: a business user is not found on the private resource and the other
 * way round, a foreign customer's token changes its own user only, an e-mail change needs the current password
 * (ICM clients send it as `Authorization: BASIC`), and the display-type choice is the user attribute
 * `preferredPriceDisplayType`.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'
import { assertWireFaithful } from './wire-check'

let api: Api
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 40, protection: { limits: NO_LIMITS } })
  for (const login of ['tschulz', 'mkestrel', 'nbauer', 'hweber', 'patricia@ironbridge.test'])
    tokens[login] = await userToken(api, login)
})
afterAll(async () => {
  assertWireFaithful()
  await api?.close()
})

const as = (login: string, init: Parameters<typeof call>[1] = {}) => ({ ...init, token: tokens[login] })
const basic = (login: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
})
const displayOf = (json: any) =>
  json.attributes?.find((a: any) => a.name === 'preferredPriceDisplayType')?.value

describe('PUT customers/-/users/-', () => {
  it("changes the caller's own user; the language left out becomes de_DE and the display choice is an attribute", async () => {
    const json = {
      title: 'Herr',
      firstName: 'Tim',
      lastName: 'Schulze',
      email: 'tschulz@brightline.test',
      phoneBusiness: '+49 89 55',
      birthday: '1985-06-01',
      department: 'Einkauf',
      attributes: [{ name: 'preferredPriceDisplayType', type: 'String', value: 'gross' }],
    }
    const answer = await call(api.url('customers/-/users/-'), as('tschulz', { method: 'PUT', json }))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({
      login: 'tschulz',
      lastName: 'Schulze',
      phoneBusiness: '+49 89 55',
      birthday: '1985-06-01',
      department: 'Einkauf',
      preferredLanguage: 'de_DE',
    })
    expect(displayOf(answer.json)).toBe('gross')
    const read = await call(api.url('customers/-/users/-'), as('tschulz'))
    expect(read.json).toMatchObject({ lastName: 'Schulze', department: 'Einkauf' })
    expect(displayOf(read.json)).toBe('gross')

    // Without the attribute the choice stays; null removes it.
    const kept = await call(
      api.url('customers/-/users/-'),
      as('tschulz', { method: 'PUT', json: { ...json, attributes: undefined, preferredLanguage: 'en_US' } }),
    )
    expect(kept.json.preferredLanguage).toBe('en_US')
    expect(displayOf(kept.json)).toBe('gross')
    const removed = await call(
      api.url('customers/-/users/-'),
      as('tschulz', {
        method: 'PUT',
        json: { ...json, attributes: [{ name: 'preferredPriceDisplayType', value: null }] },
      }),
    )
    expect(displayOf(removed.json)).toBeUndefined()
  })

  it("a foreign customer's token changes only its own user; a private customer is not found here", async () => {
    const json = { firstName: 'Marta', lastName: 'Kestrel-Neu', email: 'mkestrel@kestrel.test' }
    const answer = await call(api.url('customers/-/users/-'), as('mkestrel', { method: 'PUT', json }))
    expect(answer.status).toBe(200)
    expect(answer.json.login).toBe('mkestrel')
    const [tim] = await api.database.db.select().from(users).where(eq(users.login, 'tschulz'))
    expect(tim!.lastName).toBe('Schulze')
    const privately = await call(
      api.url('customers/-/users/-'),
      as('patricia@ironbridge.test', { method: 'PUT', json }),
    )
    expect(privately.status).toBe(404)
    expect((await call(api.url('customers/-/users/-'), { method: 'PUT', json })).status).toBe(401)
  })

  it('refuses bad input with 400 naming the field, never 5xx', async () => {
    for (const json of [
      { firstName: '', lastName: 'X', email: 'nbauer@brightline.test' },
      { firstName: 'Nina', lastName: 'Bauer', email: 'not-an-address' },
      { firstName: 'Nina', lastName: 'Bauer', email: 'nbauer@brightline.test', birthday: '2999-01-01' },
      { firstName: 'Nina', lastName: 'Bauer', email: 'nbauer@brightline.test', preferredLanguage: 'xx_XX' },
      {
        firstName: 'Nina',
        lastName: 'Bauer',
        email: 'nbauer@brightline.test',
        attributes: [{ name: 'preferredPriceDisplayType', value: 'cheap' }],
      },
      { firstName: 'Nina', lastName: 'Bauer', email: 'nbauer@brightline.test', department: 'x'.repeat(101) },
    ]) {
      const answer = await call(api.url('customers/-/users/-'), as('nbauer', { method: 'PUT', json }))
      expect(answer.status, JSON.stringify(json)).toBe(400)
      expect(answer.json.errors[0].causes[0].paths).toBeDefined()
    }
  })

  it('changes the e-mail address only with the current password, to an address nobody has; the old one is told', async () => {
    const url = api.url('customers/-/users/-')
    const json = { firstName: 'Hannes', lastName: 'Weber', email: 'hannes.weber@brightline.test' }
    const none = await call(url, as('hweber', { method: 'PUT', json }))
    expect(none.status).toBe(400)
    expect(none.json.errors[0].code).toBe('customer.credentials.current_password.required')
    const wrong = await call(url, as('hweber', { method: 'PUT', json, headers: basic('hweber', 'Wrong123') }))
    expect(wrong.status).toBe(422)
    expect(wrong.json.errors[0].code).toBe('account.update_password.old_password.error.incorrect')
    // The right password of someone else is no password of the caller's.
    const foreign = await call(
      url,
      as('hweber', { method: 'PUT', json, headers: basic('mkestrel', DEMO_PASSWORD) }),
    )
    expect(foreign.status).toBe(422)
    const taken = await call(
      url,
      as('hweber', {
        method: 'PUT',
        json: { ...json, email: 'tschulz@brightline.test' },
        headers: basic('hweber', DEMO_PASSWORD),
      }),
    )
    expect(taken.status).toBe(422)
    expect(taken.json.errors[0].code).toBe('customer.credentials.login.not_unique.error')

    const changed = await call(
      url,
      as('hweber', { method: 'PUT', json, headers: basic('hweber', DEMO_PASSWORD) }),
    )
    expect(changed.status).toBe(200)
    expect(changed.json.email).toBe('hannes.weber@brightline.test')
    const mails = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'hweber@brightline.test'))
    expect(mails.map((m) => m.kind)).toEqual(['user.email.changed'])
    const login = await tokenFor(api, {
      grant_type: 'password',
      username: 'hannes.weber@brightline.test',
      password: DEMO_PASSWORD,
    })
    expect(login.status).toBe(200)
  })
})

describe('PUT privatecustomers/-', () => {
  it('changes the private customer; a business user is not found here', async () => {
    const json = {
      firstName: 'Patricia',
      lastName: 'Miller-Stone',
      email: 'patricia@ironbridge.test',
      phoneMobile: '+1 555 0100',
    }
    const answer = await call(
      api.url('privatecustomers/-'),
      as('patricia@ironbridge.test', { method: 'PUT', json }),
    )
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({
      type: 'PrivateCustomer',
      lastName: 'Miller-Stone',
      phoneMobile: '+1 555 0100',
      preferredLanguage: 'de_DE',
    })
    expect((await call(api.url('privatecustomers/-'), as('mkestrel', { method: 'PUT', json }))).status).toBe(
      404,
    )
  })
})

describe('PUT …/credentials/password', () => {
  it('refuses a wrong current password and a password against the rule, then sets it; the user is told', async () => {
    const url = api.url('customers/-/users/-/credentials/password')
    const wrong = await call(
      url,
      as('nbauer', { method: 'PUT', json: { password: 'Better123', currentPassword: 'nope' } }),
    )
    expect(wrong.status).toBe(422)
    expect(wrong.json.errors[0].code).toBe('account.update_password.old_password.error.incorrect')
    const weak = await call(
      url,
      as('nbauer', { method: 'PUT', json: { password: 'short', currentPassword: DEMO_PASSWORD } }),
    )
    expect(weak.status).toBe(422)
    expect(weak.json.errors[0].causes[0]).toMatchObject({
      code: 'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation',
      paths: ['password'],
    })
    expect((await call(url, as('nbauer', { method: 'PUT', json: { password: 'Better123' } }))).status).toBe(
      400,
    )
    // A private customer's password is changed on the private resource only.
    expect(
      (
        await call(
          url,
          as('patricia@ironbridge.test', {
            method: 'PUT',
            json: { password: 'Better123', currentPassword: DEMO_PASSWORD },
          }),
        )
      ).status,
    ).toBe(404)

    const set = await call(
      url,
      as('nbauer', { method: 'PUT', json: { password: 'Better123', currentPassword: DEMO_PASSWORD } }),
    )
    expect(set.status).toBe(204)
    expect(
      (await tokenFor(api, { grant_type: 'password', username: 'nbauer', password: DEMO_PASSWORD })).status,
    ).toBe(401)
    expect(
      (await tokenFor(api, { grant_type: 'password', username: 'nbauer', password: 'Better123' })).status,
    ).toBe(200)
    // The token that made the change still works.
    expect((await call(api.url('customers/-/users/-'), as('nbauer'))).status).toBe(200)
    const mails = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'nbauer@brightline.test'))
    expect(mails.map((m) => m.kind)).toEqual(['user.password.changed'])
  })
})

describe('GET configurations', () => {
  it('says whether users may switch the price display (the "preferred price display type" key)', async () => {
    const answer = await call(api.url('configurations', ''))
    expect(answer.json.data.pricing.preferredPriceDisplayTypeEnabled).toBe(true)
  })
})
