/**
 * User management over HTTP (issue 17): `customers/{no}/users` list and create, `…/users/{login}` read,
 * update and delete, `…/roles` PUT, and `PUT customers/-` (the company profile), in ICM's shapes (every
 * answer is checked against the wire schemas by the harness), with the foreign customer and the missing
 * permission refused.
 */
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../commerce-api/db/schema'
import { DEMO_PASSWORD, demoUsers } from '../../commerce-api/db/seed/people'
import { NO_LIMITS } from '../../commerce-api/rate-limits'
import { userToken } from './checkout-fixtures'
import { call, startApi, tokenFor, type Api } from './harness'

const A = 'BC-200001'
let api: Api
const tokens: Record<string, string> = {}

beforeAll(async () => {
  api = await startApi({ products: 40, protection: { limits: NO_LIMITS } })
  for (const login of ['jlink', 'bbuyer', 'mkestrel', 'patricia@ironbridge.test'])
    tokens[login] = await userToken(api, login)
})
afterAll(async () => {
  await api?.close()
})

const as = (login: string, init: Parameters<typeof call>[1] = {}) => ({ ...init, token: tokens[login] })
const usersUrl = (rest = '', customer = A) => api.url(`customers/${customer}/users${rest}`)

describe('GET customers/{no}/users', () => {
  it('answers a ResourceCollection of user Links with the list attributes, punchout users left out', async () => {
    const answer = await call(usersUrl(), as('jlink'))
    expect(answer.status).toBe(200)
    expect(answer.json.type).toBe('ResourceCollection')
    const bbuyer = answer.json.elements.find((e: any) => e.login === 'bbuyer')
    expect(bbuyer).toMatchObject({
      type: 'Link',
      uri: expect.stringContaining(`/customers/${A}/users/bbuyer`),
    })
    const attribute = (name: string) => bbuyer.attributes.find((a: any) => a.name === name)?.value
    expect(attribute('firstName')).toBeTruthy()
    expect(attribute('roleIDs')).toContain('APP_B2B_BUYER')
    expect(attribute('active')).toBe(true)
    expect(attribute('spentBudget')).toMatchObject({
      currency: expect.any(String),
      value: expect.any(Number),
    })
    const logins = answer.json.elements.map((e: any) => e.login)
    expect(logins).not.toContain('brightline-oci')
    expect(logins).not.toContain('brightline-cxml')
    expect(logins).not.toContain('mkestrel')
  })

  it('is refused without user management (403) and for another customer (404)', async () => {
    const buyer = await call(usersUrl(), as('bbuyer'))
    expect(buyer.status).toBe(403)
    expect(buyer.headers.get('error-key')).toBe('authorization.forbidden')
    expect((await call(usersUrl(), as('mkestrel'))).status).toBe(404)
    expect((await call(usersUrl('', '-'), as('mkestrel'))).json.elements.map((e: any) => e.login)).toContain(
      'tkestrel',
    )
    expect((await call(usersUrl())).status).toBe(401)
  })
})

describe('POST customers/{no}/users', () => {
  it('creates the login (the e-mail address) with roles and a budget, and queues a welcome mail', async () => {
    const created = await call(
      usersUrl(),
      as('jlink', {
        method: 'POST',
        json: {
          elements: [
            {
              firstName: 'Greta',
              lastName: 'Graf',
              email: 'greta.graf@brightline.test',
              title: 'Ms.',
              preferredLanguage: 'de_DE',
              roleIDs: ['APP_B2B_APPROVER'],
              userBudget: {
                budget: { value: 1500.5, currency: 'EUR' },
                budgetPeriod: 'monthly',
                orderSpentLimit: { value: 300, currency: 'EUR' },
              },
            },
          ],
        },
      }),
    )
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toContain('/users/greta.graf%40brightline.test')
    const user = await call(usersUrl('/greta.graf@brightline.test'), as('jlink'))
    expect(user.status).toBe(200)
    expect(user.json).toMatchObject({
      login: 'greta.graf@brightline.test',
      email: 'greta.graf@brightline.test',
      firstName: 'Greta',
      lastName: 'Graf',
      active: true,
      roleIDs: ['APP_B2B_BUYER', 'APP_B2B_APPROVER'],
      userBudget: {
        budget: { value: 1500.5, currency: 'EUR' },
        budgetPeriod: 'monthly',
        orderSpentLimit: { value: 300, currency: 'EUR' },
        spentBudget: { value: 0, currency: 'EUR' },
        remainingBudget: { value: 1500.5, currency: 'EUR' },
      },
    })
    const mails = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'greta.graf@brightline.test'))
    expect(mails).toHaveLength(1)
    // The API numbers the new user after the company's highest business partner number; clients cannot set it.
    const others = await api.database.db
      .select({ no: users.businessPartnerNo })
      .from(users)
      .where(and(eq(users.customerNo, 'BC-200001'), ne(users.login, 'greta.graf@brightline.test')))
    const highest = Math.max(...others.map((other) => Number(other.no!.slice(1))))
    expect(user.json.businessPartnerNo).toBe(`U${String(highest + 1).padStart(5, '0')}`)
  })

  it('answers 409 for a taken login or e-mail, 400 for a malformed user, 422 for a punchout role', async () => {
    const post = (element: Record<string, unknown>) =>
      call(usersUrl(), as('jlink', { method: 'POST', json: { elements: [element] } }))
    const person = { firstName: 'Al', lastName: 'Ex', email: 'al.ex@brightline.test' }
    const taken = await post({ ...person, login: 'JLINK' })
    expect(taken.status).toBe(409)
    expect(taken.headers.get('error-key')).toBe('customer.credentials.login.not_unique.error')
    expect((await post({ ...person, email: 'bbuyer@brightline.test' })).status).toBe(409)
    expect((await post({ ...person, email: 'not an address' })).status).toBe(400)
    expect((await post({ ...person, firstName: 'x'.repeat(61) })).status).toBe(400)
    expect((await post({ ...person, login: 'a/b' })).status).toBe(400)
    const punchout = await post({ ...person, roleIDs: ['APP_B2B_OCI_USER'] })
    expect(punchout.status).toBe(422)
    expect(punchout.headers.get('error-key')).toBe('customer.user.role.not_assignable')
    const [none] = await api.database.db.select().from(users).where(eq(users.email, 'al.ex@brightline.test'))
    expect(none).toBeUndefined()
    const empty = await call(usersUrl(), as('jlink', { method: 'POST', json: { elements: [] } }))
    expect(empty.status).toBe(400)
  })

  it('is refused without user management and for another customer', async () => {
    const json = { elements: [{ firstName: 'No', lastName: 'Body', email: 'no.body@brightline.test' }] }
    expect((await call(usersUrl(), as('bbuyer', { method: 'POST', json }))).status).toBe(403)
    expect((await call(usersUrl(), as('mkestrel', { method: 'POST', json }))).status).toBe(404)
    const [none] = await api.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'no.body@brightline.test'))
    expect(none).toBeUndefined()
  })
})

describe('one name, one person (issue 31)', () => {
  const B = 'BC-200002'
  const post = (login: string, elements: Record<string, unknown>[], customer = A) =>
    call(usersUrl('', customer), as(login, { method: 'POST', json: { elements } }))
  const signIn = (username: string) =>
    call(api.url('token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }).toString(),
    })

  it('refuses another company’s administrator a login that is a user’s e-mail address; that address still signs in its user', async () => {
    const attack = await post(
      'mkestrel',
      [
        {
          firstName: 'Mal',
          lastName: 'Lory',
          email: 'mal.lory@kestrel.test',
          login: 'bbuyer@brightline.test',
        },
      ],
      B,
    )
    expect(attack.status).toBe(409)
    expect(attack.json.errors[0].causes).toEqual([expect.objectContaining({ paths: ['elements.0.login'] })])
    const [none] = await api.database.db.select().from(users).where(eq(users.email, 'mal.lory@kestrel.test'))
    expect(none).toBeUndefined()
    const victim = await signIn('bbuyer@brightline.test')
    expect(victim.status).toBe(200)
    const me = await call(api.url(`customers/-/users/-`), { token: victim.json.access_token })
    expect(me.json.login).toBe('bbuyer')
  })

  it('answers every taken value alike (status, code, text), wherever it is taken, never naming it', async () => {
    const person = { firstName: 'Val', lastName: 'Ue' }
    const answers = await Promise.all(
      [
        { ...person, email: 'val.1@kestrel.test', login: 'jlink' }, // another company's login
        { ...person, email: 'jlink@brightline.test', login: 'val-2' }, // another company's address
        { ...person, email: 'val.3@kestrel.test', login: 'tkestrel@kestrel.test' }, // own user's address as login
      ].map((element) => post('mkestrel', [element], B)),
    )
    const shapes = answers.map((answer) => ({
      status: answer.status,
      key: answer.headers.get('error-key'),
      message: answer.json.errors[0].message,
    }))
    expect(shapes[0]).toEqual({
      status: 409,
      key: 'customer.credentials.login.not_unique.error',
      message: expect.any(String),
    })
    expect(new Set(shapes.map((shape) => JSON.stringify(shape))).size).toBe(1)
    for (const answer of answers)
      expect(JSON.stringify(answer.json)).not.toMatch(/jlink|tkestrel|brightline/i)
  })

  it('pins every refused element of a batch on its line, and creates none of it', async () => {
    const elements = [
      { firstName: 'Ok', lastName: 'One', email: 'ok.one@brightline.test' },
      { firstName: 'Tw', lastName: 'Ice', email: 'twice@brightline.test', login: 'twice' },
      { firstName: 'Ta', lastName: 'Ken', email: 'taken.login@brightline.test', login: 'BBuyer' },
      { firstName: 'Tw', lastName: 'Ice', email: 'TWICE@brightline.test', login: 'twice-2' },
    ]
    const refused = await post('jlink', elements)
    expect(refused.status).toBe(409)
    expect(refused.json.errors[0].causes.flatMap((cause: { paths: string[] }) => cause.paths)).toEqual([
      'elements.2.login',
      'elements.3.email',
    ])
    const [none] = await api.database.db.select().from(users).where(eq(users.email, 'ok.one@brightline.test'))
    expect(none).toBeUndefined()
  })

  it('correcting an e-mail address voids the first link and sends a new one to the new address', async () => {
    const created = await post('jlink', [
      { firstName: 'Ty', lastName: 'Po', email: 'ty.po@brightlnie.test', login: 'typo' },
    ])
    expect(created.status).toBe(201)
    const origin = new URL(api.url('')).origin
    const linkTo = async (address: string) => {
      const mailbox = await call(`${origin}/mailbox.json?to=${encodeURIComponent(address)}`)
      return mailbox.json.elements.map((mail: { links: string[] }) => new URL(mail.links[0]!))
    }
    const [first] = await linkTo('ty.po@brightlnie.test')
    const corrected = await call(
      usersUrl('/typo'),
      as('jlink', {
        method: 'PUT',
        json: { firstName: 'Ty', lastName: 'Po', email: 'ty.po@brightline.test' },
      }),
    )
    expect(corrected.status).toBe(200)
    const setPassword = (link: URL) =>
      call(api.url('security/password'), {
        method: 'POST',
        json: {
          userID: link.searchParams.get('uid'),
          secureCode: link.searchParams.get('Hash'),
          password: 'Corrected1',
        },
      })
    const old = await setPassword(first!)
    expect(old.status).toBe(400)
    expect(old.headers.get('error-key')).toBe('account.forgotdata.consumer_invalid_hash.error')
    const sent = await linkTo('ty.po@brightline.test')
    expect(sent).toHaveLength(1)
    expect((await setPassword(sent[0]!)).status).toBe(204)
  })
})

describe('GET, PUT, DELETE customers/{no}/users/{login}', () => {
  it('reads a user as B2bUserData; another company’s user and punchout users are not found', async () => {
    const read = await call(usersUrl('/aapprover'), as('jlink'))
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ login: 'aapprover', active: true })
    expect(read.json.businessPartnerNo).toMatch(/^U\d{5}$/)
    expect((await call(usersUrl('/mkestrel'), as('jlink'))).status).toBe(404)
    expect((await call(usersUrl('/brightline-oci'), as('jlink'))).status).toBe(404)
    expect((await call(usersUrl('/aapprover'), as('bbuyer'))).status).toBe(403)
    expect((await call(usersUrl('/aapprover'), as('mkestrel'))).status).toBe(404)
  })

  it('answers every user of the customer their own user (-, or their login), as ICM clients read it at login', async () => {
    const business = demoUsers.filter((user) => user.customerNo.startsWith('BC-'))
    for (const user of business) {
      const token = await userToken(api, user.login)
      for (const path of [
        `customers/${user.customerNo}/users/-`,
        `customers/${user.customerNo}/users/${user.login}`,
        `customers/-/users/${user.login.toUpperCase()}`,
      ]) {
        const own = await call(api.url(path), { token })
        expect(own.status, `${user.login}: ${path}`).toBe(200)
        expect(own.json, path).toMatchObject({
          login: user.login,
          firstName: user.firstName,
          roleIDs: user.roles,
        })
      }
    }
    const buyer = await userToken(api, 'bbuyer')
    // Another user of the customer still needs user management; a foreign customer is not found.
    const other = await call(usersUrl('/aapprover'), { token: buyer })
    expect(other.status).toBe(403)
    expect(other.headers.get('error-key')).toBe('authorization.forbidden')
    expect((await call(usersUrl('/brightline-oci'), { token: buyer })).status).toBe(403)
    expect((await call(usersUrl('/-', 'BC-200002'), { token: buyer })).status).toBe(404)
    expect((await call(usersUrl('/bbuyer', 'BC-200002'), { token: buyer })).status).toBe(404)
    expect((await call(usersUrl('/-'))).status).toBe(401)
    // A private customer has no business user.
    expect((await call(usersUrl('/-', '-'), as('patricia@ironbridge.test'))).status).toBe(404)
    // A manager still does not find a punchout user; it reads itself only.
    expect((await call(usersUrl('/brightline-oci'), as('jlink'))).status).toBe(404)
  })

  it('updates the profile and deactivates: the deactivated user can no longer log in', async () => {
    const profile = { firstName: 'Olga', lastName: 'Manager', email: 'omanager@brightline.test' }
    const off = await call(
      usersUrl('/omanager'),
      as('jlink', { method: 'PUT', json: { ...profile, active: false } }),
    )
    expect(off.status).toBe(200)
    expect(off.json).toMatchObject({ login: 'omanager', firstName: 'Olga', active: false })
    const login = await tokenFor(api, { grant_type: 'password', username: 'omanager', password: 'Demo!2026' })
    // The right password learns why (403 with ICM's error code); a wrong one stays the plain 401.
    expect(login.status).toBe(403)
    expect(login.json.errors[0].code).toBe('account.login.user_disabled.error')
    const wrong = await tokenFor(api, {
      grant_type: 'password',
      username: 'omanager',
      password: 'Wrong!2026',
    })
    expect(wrong.status).toBe(401)
    const on = await call(
      usersUrl('/omanager'),
      as('jlink', { method: 'PUT', json: { ...profile, active: true } }),
    )
    expect(on.json.active).toBe(true)
  })

  it('refuses to deactivate or delete oneself (422), and deletes another user (204)', async () => {
    const self = { firstName: 'J', lastName: 'L', email: 'jlink@brightline.test', active: false }
    const deactivate = await call(usersUrl('/jlink'), as('jlink', { method: 'PUT', json: self }))
    expect(deactivate.status).toBe(422)
    expect(deactivate.headers.get('error-key')).toBe('customer.user.self_deactivation')
    const remove = await call(usersUrl('/jlink'), as('jlink', { method: 'DELETE' }))
    expect(remove.status).toBe(422)
    expect(remove.headers.get('error-key')).toBe('customer.user.self_deletion')
    expect(
      (await call(usersUrl('/greta.graf@brightline.test'), as('bbuyer', { method: 'DELETE' }))).status,
    ).toBe(403)
    expect(
      (await call(usersUrl('/greta.graf@brightline.test'), as('mkestrel', { method: 'DELETE' }))).status,
    ).toBe(404)
    const deleted = await call(usersUrl('/greta.graf@brightline.test'), as('jlink', { method: 'DELETE' }))
    expect(deleted.status).toBe(204)
    expect((await call(usersUrl('/greta.graf@brightline.test'), as('jlink'))).status).toBe(404)
  })
})

describe('PUT customers/{no}/users/{login}/roles', () => {
  it('sets the roles and answers UserRoles; Buyer is kept', async () => {
    const set = await call(
      usersUrl('/bbuyer/roles'),
      as('jlink', { method: 'PUT', json: { userRoles: ['APP_B2B_APPROVER'] } }),
    )
    expect(set.status).toBe(200)
    expect(set.json.userRoles.map((r: any) => r.roleID)).toEqual(['APP_B2B_BUYER', 'APP_B2B_APPROVER'])
    const read = await call(usersUrl('/bbuyer/roles'), as('jlink'))
    expect(read.json.userRoles.map((r: any) => r.roleID)).toEqual(['APP_B2B_BUYER', 'APP_B2B_APPROVER'])
    await call(usersUrl('/bbuyer/roles'), as('jlink', { method: 'PUT', json: { userRoles: [] } }))
  })

  it('refuses an owner removing their own owner role, punchout roles, and callers without the permission', async () => {
    const own = await call(usersUrl('/jlink/roles'), as('jlink', { method: 'PUT', json: { userRoles: [] } }))
    expect(own.status).toBe(422)
    expect(own.headers.get('error-key')).toBe('customer.user.self_role_removal')
    const punchout = await call(
      usersUrl('/bbuyer/roles'),
      as('jlink', { method: 'PUT', json: { userRoles: ['APP_B2B_CXML_USER'] } }),
    )
    expect(punchout.status).toBe(422)
    // A buyer cannot make himself an administrator: his own roles are no self call.
    const escalate = { method: 'PUT', json: { userRoles: ['APP_B2B_ACCOUNT_OWNER'] } }
    expect((await call(usersUrl('/bbuyer/roles'), as('bbuyer', escalate))).status).toBe(403)
    expect((await call(usersUrl('/-/roles'), as('bbuyer', escalate))).status).toBe(403)
    expect((await call(usersUrl('/bbuyer/roles'), as('mkestrel', escalate))).status).toBe(404)
    const [bbuyer] = await api.database.db.select().from(users).where(eq(users.login, 'bbuyer'))
    expect(bbuyer!.roles).toEqual(['APP_B2B_BUYER'])
  })
})

describe('PUT customers/-', () => {
  it('changes the company profile of a business customer with user management', async () => {
    const json = {
      companyName: 'Brightline Construction GmbH',
      companyName2: 'Tiefbau',
      industry: 'Civil works',
    }
    const answer = await call(api.url('customers/-'), as('jlink', { method: 'PUT', json }))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({
      customerNo: A,
      customerType: 'SMBCustomer',
      companyName2: 'Tiefbau',
      industry: 'Civil works',
      taxationID: 'DE123456789',
    })
    expect((await call(api.url('customers/-'), as('jlink'))).json.companyName2).toBe('Tiefbau')
  })

  it('refuses a private customer, a user without user management and a malformed profile', async () => {
    const json = { companyName: 'Changed' }
    expect(
      (await call(api.url('customers/-'), as('patricia@ironbridge.test', { method: 'PUT', json }))).status,
    ).toBe(403)
    expect((await call(api.url('customers/-'), as('bbuyer', { method: 'PUT', json }))).status).toBe(403)
    expect(
      (await call(api.url('customers/-'), as('jlink', { method: 'PUT', json: { companyName: '' } }))).status,
    ).toBe(400)
    expect((await call(api.url('customers/-'), { method: 'PUT', json })).status).toBe(401)
  })
})
