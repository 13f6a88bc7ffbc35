/**
 * User management's rules without HTTP (issue 17, organization-and-requisitions §5 and §6): the company keeps
 * an administrator, administrators cannot remove themselves, roles only from the assignable ones with the
 * fixed one kept, punchout users stay out, unique logins and e-mails, deactivation, the welcome mail, budgets.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { mailOutbox, passwordTokens, rolePermissions, users } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { sendMailOnEvents } from '../mail/subscriber'
import { DomainError } from './errors'
import { refusal } from './test-refusal'
import { subscribe } from './events'
import { findLoginAccount, loginWithPassword } from './tokens'
import {
  companyUser,
  CREATE_CHUNK_SIZE,
  createCompanyUsers,
  deleteCompanyUser,
  findCompanyUser,
  listCompanyUsers,
  resolveRoles,
  setCompanyUserBudget,
  setCompanyUserRoles,
  updateCompanyUser,
  type Manager,
} from './users'

let database: Database
let ids: Record<string, string> = {}

let unsubscribe: () => void = () => undefined

beforeAll(async () => {
  database = await seededTestDatabase()
  ids = await userIdsByLogin(database.db)
  // A new user's welcome mail is the mail's answer to the domain's event, as in the server (ADR 0025).
  unsubscribe = sendMailOnEvents()
})
afterAll(async () => {
  unsubscribe()
  await database?.close()
})

const brightline = (login = 'jlink'): Manager => ({ customerNo: 'BC-200001', userId: ids[login]! })
const kestrel = (login = 'mkestrel'): Manager => ({ customerNo: 'BC-200002', userId: ids[login]! })

/** Kestrel's administrators (users whose roles grant APP_B2B_MANAGE_USERS) besides mkestrel become buyers. */
async function onlyAdministrator(customerNo: string, keep: string) {
  await database.db
    .update(users)
    .set({ roles: ['APP_B2B_BUYER'] })
    .where(
      and(
        eq(users.customerNo, customerNo),
        sql`${users.login} <> ${keep}`,
        sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.permissionId} = 'APP_B2B_MANAGE_USERS'
          and ${users.roles} @> jsonb_build_array(${rolePermissions.roleId}))`,
      ),
    )
}

describe('the user list', () => {
  it('lists the company’s users with their budgets, without punchout users or other companies', async () => {
    const list = await listCompanyUsers(database.db, brightline())
    const logins = list.map((entry) => entry.user.login)
    expect(logins).toEqual(expect.arrayContaining(['jlink', 'bbuyer', 'aapprover', 'ccowner', 'omanager']))
    for (const punchout of ['brightline-oci', 'brightline-cxml', 'brightline-ids', 'mkestrel'])
      expect(logins).not.toContain(punchout)
    expect(list.every((entry) => typeof entry.budget.spent === 'number')).toBe(true)
  })

  it('does not find a punchout user or another company’s user by login', async () => {
    expect(await refusal(findCompanyUser(database.db, brightline(), 'brightline-oci'))).toBe(
      'not-found:customer.user.not_found',
    )
    expect(await refusal(findCompanyUser(database.db, brightline(), 'mkestrel'))).toBe(
      'not-found:customer.user.not_found',
    )
    expect((await findCompanyUser(database.db, brightline(), 'BBUYER')).login).toBe('bbuyer')
  })

  it('finds the caller themselves, as - or by login, punchout users included', async () => {
    for (const login of ['brightline-oci', 'bbuyer']) {
      expect((await findCompanyUser(database.db, brightline(login), '-')).login).toBe(login)
      expect((await companyUser(database.db, brightline(login), login.toUpperCase())).user.login).toBe(login)
    }
    // Another punchout user stays hidden from a punchout user.
    expect(await refusal(findCompanyUser(database.db, brightline('brightline-oci'), 'brightline-cxml'))).toBe(
      'not-found:customer.user.not_found',
    )
  })
})

describe('creating users', () => {
  it('creates a user with the fixed role, the roles asked for and a budget, and queues the welcome mail', async () => {
    const [created] = await createCompanyUsers(
      database.db,
      brightline(),
      [
        {
          firstName: 'Nora',
          lastName: 'Neu',
          email: 'nora.neu@brightline.test',
          preferredLanguage: 'de_DE',
          roleIds: ['APP_B2B_APPROVER'],
          budget: { currency: 'EUR', budget: 100_000, budgetPeriod: 'monthly', orderSpentLimit: 20_000 },
        },
      ],
      'en_US',
    )
    expect(created!.user).toMatchObject({
      login: 'nora.neu@brightline.test',
      customerNo: 'BC-200001',
      roles: ['APP_B2B_BUYER', 'APP_B2B_APPROVER'],
      active: true,
      budget: 100_000,
      budgetPeriod: 'monthly',
      orderSpentLimit: 20_000,
      budgetCurrency: 'EUR',
    })
    expect(created!.budget).toMatchObject({ spent: 0, remaining: 100_000 })
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'nora.neu@brightline.test'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.locale).toBe('de_DE')
    const links = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created!.user.id))
    expect(links.map((link) => link.purpose)).toEqual(['welcome'])
    // Nobody knows a password for the new user until they set one.
    expect((await loginWithPassword(database.db, 'nora.neu@brightline.test', DEMO_PASSWORD)).ok).toBe(false)
  })

  it('refuses a login or e-mail address that is taken, case-insensitively, and creates nothing', async () => {
    expect(
      await refusal(
        createCompanyUsers(
          database.db,
          brightline(),
          [
            { firstName: 'A', lastName: 'B', email: 'fresh.one@brightline.test' },
            { firstName: 'C', lastName: 'D', email: 'x@brightline.test', login: 'BBuyer' },
          ],
          'en_US',
        ),
      ),
    ).toBe('conflict:customer.credentials.login.not_unique.error')
    expect(
      await refusal(
        createCompanyUsers(
          database.db,
          brightline(),
          [{ firstName: 'A', lastName: 'B', email: 'JLINK@brightline.test', login: 'someone-new' }],
          'en_US',
        ),
      ),
    ).toBe('conflict:customer.credentials.login.not_unique.error')
    const [fresh] = await database.db.select().from(users).where(eq(users.email, 'fresh.one@brightline.test'))
    expect(fresh).toBeUndefined()
  })

  it('gives only assignable roles: punchout and unknown roles are refused, the fixed Buyer role is kept', async () => {
    expect(await refusal(resolveRoles(database.db, ['APP_B2B_OCI_USER']))).toBe(
      'refused:customer.user.role.not_assignable',
    )
    expect(await refusal(resolveRoles(database.db, ['APP_B2B_CXML_USER']))).toBe(
      'refused:customer.user.role.not_assignable',
    )
    expect(await refusal(resolveRoles(database.db, ['ROOT']))).toBe(
      'refused:customer.user.role.not_assignable',
    )
    expect(await resolveRoles(database.db, [])).toEqual(['APP_B2B_BUYER'])
    expect(await resolveRoles(database.db, ['APP_B2B_MANAGE_ORDERS', 'APP_B2B_ACCOUNT_OWNER'])).toEqual([
      'APP_B2B_ACCOUNT_OWNER',
      'APP_B2B_BUYER',
      'APP_B2B_MANAGE_ORDERS',
    ])
  })
})

describe('roles', () => {
  it('sets a user’s roles, keeping Buyer', async () => {
    const grants = await setCompanyUserRoles(
      database.db,
      brightline(),
      'omanager',
      ['APP_B2B_APPROVER'],
      'en_US',
    )
    expect(grants.map((grant) => grant.roleId)).toEqual(['APP_B2B_BUYER', 'APP_B2B_APPROVER'])
    await setCompanyUserRoles(database.db, brightline(), 'omanager', ['APP_B2B_MANAGE_ORDERS'], 'en_US')
  })

  it('an account owner cannot remove their own owner role, even with another administrator', async () => {
    await setCompanyUserRoles(database.db, brightline(), 'aapprover', ['APP_B2B_ACCOUNT_OWNER'], 'en_US')
    expect(
      await refusal(setCompanyUserRoles(database.db, brightline(), 'jlink', ['APP_B2B_APPROVER'], 'en_US')),
    ).toBe('refused:customer.user.self_role_removal')
    // Another administrator may.
    await setCompanyUserRoles(database.db, brightline('aapprover'), 'jlink', ['APP_B2B_APPROVER'], 'en_US')
    const [jlink] = await database.db.select().from(users).where(eq(users.login, 'jlink'))
    expect(jlink!.roles).toEqual(['APP_B2B_BUYER', 'APP_B2B_APPROVER'])
    await setCompanyUserRoles(
      database.db,
      brightline('aapprover'),
      'jlink',
      ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_APPROVER', 'APP_B2B_COSTCENTER_OWNER'],
      'en_US',
    )
    await setCompanyUserRoles(database.db, brightline(), 'aapprover', ['APP_B2B_APPROVER'], 'en_US')
  })

  it('the last account owner cannot lose the role', async () => {
    await onlyAdministrator('BC-200002', 'mkestrel')
    // A second administrator of Kestrel, who then tries to demote mkestrel after being demoted: refused.
    await setCompanyUserRoles(database.db, kestrel(), 'tkestrel', ['APP_B2B_ACCOUNT_OWNER'], 'en_US')
    await setCompanyUserRoles(database.db, kestrel('tkestrel'), 'mkestrel', [], 'en_US')
    expect(await refusal(setCompanyUserRoles(database.db, kestrel(), 'tkestrel', [], 'en_US'))).toBe(
      'refused:customer.user.last_account_owner',
    )
    // Restore: tkestrel makes mkestrel owner again and mkestrel demotes tkestrel.
    await setCompanyUserRoles(
      database.db,
      kestrel('tkestrel'),
      'mkestrel',
      ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_APPROVER'],
      'en_US',
    )
    await setCompanyUserRoles(database.db, kestrel(), 'tkestrel', [], 'en_US')
  })
})

describe('deleting and deactivating', () => {
  it('an account owner cannot delete or deactivate themselves', async () => {
    expect(await refusal(deleteCompanyUser(database.db, brightline(), 'jlink'))).toBe(
      'refused:customer.user.self_deletion',
    )
    expect(await refusal(deleteCompanyUser(database.db, brightline(), '-'))).toBe(
      'refused:customer.user.self_deletion',
    )
    const profile = { firstName: 'Jonas', lastName: 'Link', email: 'jlink@brightline.test', active: false }
    expect(await refusal(updateCompanyUser(database.db, brightline(), 'jlink', profile))).toBe(
      'refused:customer.user.self_deactivation',
    )
  })

  it('the last account owner cannot be deleted or deactivated', async () => {
    await onlyAdministrator('BC-200002', 'mkestrel')
    // lkestrel was an administrator and is one no more: mkestrel is the last one, whoever asks.
    await setCompanyUserRoles(database.db, kestrel(), 'lkestrel', ['APP_B2B_ACCOUNT_OWNER'], 'en_US')
    await setCompanyUserRoles(database.db, kestrel(), 'lkestrel', ['APP_B2B_APPROVER'], 'en_US')
    const [mkestrel] = await database.db.select().from(users).where(eq(users.login, 'mkestrel'))
    // The authorization hook would stop lkestrel now; the domain rule holds on its own.
    expect(await refusal(deleteCompanyUser(database.db, kestrel('lkestrel'), 'mkestrel'))).toBe(
      'refused:customer.user.last_account_owner',
    )
    const deactivate = {
      firstName: mkestrel!.firstName,
      lastName: mkestrel!.lastName,
      email: mkestrel!.email,
      active: false,
    }
    expect(await refusal(updateCompanyUser(database.db, kestrel('lkestrel'), 'mkestrel', deactivate))).toBe(
      'refused:customer.user.last_account_owner',
    )
  })

  it('a deactivated user cannot log in; deleting a user removes them', async () => {
    const user = await findCompanyUser(database.db, brightline(), 'ccowner')
    const profile = { firstName: user.firstName, lastName: user.lastName, email: user.email }
    const off = await updateCompanyUser(database.db, brightline(), 'ccowner', { ...profile, active: false })
    expect(off.active).toBe(false)
    expect(await loginWithPassword(database.db, 'ccowner', DEMO_PASSWORD)).toEqual({
      ok: false,
      reason: 'inactive',
    })
    await updateCompanyUser(database.db, brightline(), 'ccowner', { ...profile, active: true })
    expect((await loginWithPassword(database.db, 'ccowner', DEMO_PASSWORD)).ok).toBe(true)

    await createCompanyUsers(
      database.db,
      brightline(),
      [{ firstName: 'Del', lastName: 'Ete', email: 'delete.me@brightline.test' }],
      'en_US',
    )
    await deleteCompanyUser(database.db, brightline(), 'delete.me@brightline.test')
    expect(await refusal(findCompanyUser(database.db, brightline(), 'delete.me@brightline.test'))).toBe(
      'not-found:customer.user.not_found',
    )
  })

  it('refuses an e-mail address another user has when updating', async () => {
    const user = await findCompanyUser(database.db, brightline(), 'bbuyer')
    const profile = { firstName: user.firstName, lastName: user.lastName, email: 'AAPPROVER@brightline.test' }
    expect(await refusal(updateCompanyUser(database.db, brightline(), 'bbuyer', profile))).toBe(
      'conflict:customer.credentials.login.not_unique.error',
    )
  })
})

describe('one name, one person (issue 31)', () => {
  /** The refusal of a call: kind, code, message and the paths of its causes. */
  async function refusalOf(promise: Promise<unknown>) {
    try {
      await promise
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return {
        kind: error.kind,
        code: error.code,
        message: error.message,
        paths: error.causes.flatMap((c) => c.paths ?? []),
        causes: error.causes.map((cause) => [cause.code, cause.paths]),
      }
    }
    throw new Error('the call was not refused')
  }
  const person = (email: string, login?: string) => ({ firstName: 'Eve', lastName: 'Il', email, login })

  it('refuses another company’s login that is a user’s e-mail address, and an address that is a login', async () => {
    // bbuyer (Brightline) signs in with bbuyer@brightline.test; Kestrel's administrator may not take it as a login.
    const asLogin = await refusalOf(
      createCompanyUsers(
        database.db,
        kestrel(),
        [person('eve.one@kestrel.test', 'BBUYER@brightline.test')],
        'en_US',
      ),
    )
    const asEmail = await refusalOf(
      createCompanyUsers(database.db, kestrel(), [person('jlink', 'eve.two')], 'en_US'),
    )
    expect(asLogin).toMatchObject({
      kind: 'conflict',
      code: 'customer.credentials.login.not_unique.error',
      paths: ['elements.0.login'],
    })
    expect(asEmail).toMatchObject({
      kind: 'conflict',
      code: 'customer.credentials.login.not_unique.error',
      paths: ['elements.0.email'],
    })
    const made = await database.db.select().from(users).where(eq(users.customerNo, 'BC-200002'))
    expect(made.map((user) => user.login)).not.toContain('BBUYER@brightline.test')
    expect(made.map((user) => user.login)).not.toContain('eve.two')
  })

  it('refuses every taken value alike: same kind, code and text, never naming the value or its owner', async () => {
    const refusals = await Promise.all(
      [
        person('eve.three@kestrel.test', 'jlink'), // a login, other company
        person('jlink@brightline.test', 'eve.three'), // an e-mail address, other company
        person('eve.three@kestrel.test', 'tkestrel'), // a login, own company
        person('eve.four@kestrel.test', 'jlink@brightline.test'), // an address as login
      ].map((input) => refusalOf(createCompanyUsers(database.db, kestrel(), [input], 'en_US'))),
    )
    const shapes = refusals.map(({ kind, code, message }) => ({ kind, code, message }))
    expect(new Set(shapes.map((shape) => JSON.stringify(shape))).size).toBe(1)
    for (const { message } of refusals) expect(message).not.toMatch(/jlink|tkestrel|brightline|kestrel/i)
  })

  it('keeps the rule in the database: a direct write of a login that is another user’s address fails', async () => {
    const [victim] = await database.db.select().from(users).where(eq(users.login, 'bbuyer'))
    const write = database.db
      .update(users)
      .set({ login: victim!.email.toUpperCase() })
      .where(eq(users.id, ids['tkestrel']!))
    await expect(write).rejects.toMatchObject({ cause: { code: '23505' } })
  })

  it('an e-mail login never signs in a user of another person, even with data from before the rule', async () => {
    // Data written before the trigger existed: a user whose login is bbuyer's e-mail address.
    await database.db.execute(sql`alter table users disable trigger users_names_unique`)
    try {
      await database.db
        .update(users)
        .set({ login: 'bbuyer@brightline.test' })
        .where(eq(users.id, ids['tkestrel']!))
    } finally {
      await database.db.execute(sql`alter table users enable trigger users_names_unique`)
    }
    try {
      expect(await loginWithPassword(database.db, 'bbuyer@brightline.test', DEMO_PASSWORD)).toEqual({
        ok: false,
        reason: 'invalid',
      })
      expect((await loginWithPassword(database.db, 'bbuyer', DEMO_PASSWORD)).ok).toBe(true)
    } finally {
      await database.db.update(users).set({ login: 'tkestrel' }).where(eq(users.id, ids['tkestrel']!))
    }
  })

  it('names one account by its login or its e-mail address: the login throttle counts it once', async () => {
    const byLogin = await findLoginAccount(database.db, 'bbuyer')
    const byEmail = await findLoginAccount(database.db, ' BBuyer@Brightline.test ')
    expect(byLogin.user?.id).toBe(ids['bbuyer'])
    expect(byEmail.key).toBe(byLogin.key)
    const nobody = await findLoginAccount(database.db, 'nobody@brightline.test')
    expect(nobody.user).toBeUndefined()
    expect(nobody.key).not.toBe(byLogin.key)
  })

  it('creates a long list in short chunks, all checked first: a taken name anywhere creates nobody', async () => {
    const list = Array.from({ length: CREATE_CHUNK_SIZE * 2 + 3 }, (_, n) =>
      person(`bulk.${n}@kestrel.test`, `bulk-${n}`),
    )
    const refused = await refusalOf(
      createCompanyUsers(
        database.db,
        kestrel(),
        [...list.slice(0, -1), person('bulk.last@kestrel.test', 'aapprover')],
        'en_US',
      ),
    )
    expect(refused.paths).toEqual([`elements.${list.length - 1}.login`])
    const none = await database.db
      .select()
      .from(users)
      .where(sql`${users.login} like 'bulk-%'`)
    expect(none).toHaveLength(0)

    const created = await createCompanyUsers(database.db, kestrel(), list, 'en_US')
    expect(created.map((entry) => entry.user.login)).toEqual(list.map((input) => input.login))
    const numbers = created.map((entry) => entry.user.businessPartnerNo)
    expect(new Set(numbers).size).toBe(list.length)
  })

  it('keeps the chunks written before a name is taken mid-way, and pins which elements were created', async () => {
    const list = Array.from({ length: CREATE_CHUNK_SIZE + 2 }, (_, n) =>
      person(`race.${n}@kestrel.test`, `race-${n}`),
    )
    // Another request takes the first name of the second chunk while the first chunk is written.
    const stop = subscribe(async (t, event) => {
      if (event.type !== 'user.created' || event.user.login !== 'race-0') return
      await t.insert(users).values({
        customerNo: 'BC-200001',
        login: `RACE-${CREATE_CHUNK_SIZE}`,
        email: 'racer@brightline.test',
        passwordHash: 'x',
        firstName: 'R',
        lastName: 'Acer',
        preferredLanguage: 'en_US',
        roles: ['APP_B2B_BUYER'],
      })
    })
    let refused: Awaited<ReturnType<typeof refusalOf>>
    try {
      refused = await refusalOf(createCompanyUsers(database.db, kestrel(), list, 'en_US'))
    } finally {
      stop()
    }
    expect(refused).toMatchObject({ kind: 'conflict', code: 'customer.credentials.login.not_unique.error' })
    const made = await database.db
      .select()
      .from(users)
      .where(sql`${users.login} like 'race-%'`)
    expect(made).toHaveLength(CREATE_CHUNK_SIZE)
    expect(refused.causes).toEqual([
      ...Array.from({ length: CREATE_CHUNK_SIZE }, (_, n) => ['customer.user.created', [`elements.${n}`]]),
      [
        'customer.credentials.login.not_unique.error',
        [`elements.${CREATE_CHUNK_SIZE}`, `elements.${CREATE_CHUNK_SIZE + 1}`],
      ],
    ])
  })

  it('answers requests between the chunks of a long list', async () => {
    const list = Array.from({ length: CREATE_CHUNK_SIZE * 3 }, (_, n) =>
      person(`between.${n}@kestrel.test`, `between-${n}`),
    )
    let creating = true
    const done = createCompanyUsers(database.db, kestrel(), list, 'en_US').finally(() => {
      creating = false
    })
    // Wait until the first chunk is written, then ask for something else while the rest is written.
    while (
      creating &&
      (
        await database.db
          .select()
          .from(users)
          .where(sql`${users.login} like 'between-%'`)
      ).length === 0
    )
      await new Promise((resolve) => setTimeout(resolve, 5))
    await findCompanyUser(database.db, kestrel(), 'tkestrel')
    expect(creating).toBe(true)
    await done
  })
})

describe('correcting an e-mail address (issue 31)', () => {
  it('revokes the links to the old address and sends the welcome again to the new one', async () => {
    const [created] = await createCompanyUsers(
      database.db,
      brightline(),
      [{ firstName: 'Tim', lastName: 'Typo', email: 'tim.tpyo@brightline.test', login: 'ttypo' }],
      'en_US',
    )
    const [first] = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created!.user.id))
    await updateCompanyUser(database.db, brightline(), 'ttypo', {
      firstName: 'Tim',
      lastName: 'Typo',
      email: 'tim.typo@brightline.test',
    })
    const links = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created!.user.id))
    expect(links.find((link) => link.hash === first!.hash)!.usedAt).not.toBeNull()
    const open = links.filter((link) => link.usedAt === null)
    expect(open.map((link) => link.purpose)).toEqual(['welcome'])
    const toNew = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'tim.typo@brightline.test'))
    expect(toNew).toHaveLength(1)
    expect(toNew[0]!.kind).toBe('user.welcome')
    // A change of anything else, or of the address's case, sends nothing more.
    await updateCompanyUser(database.db, brightline(), 'ttypo', {
      firstName: 'Timo',
      lastName: 'Typo',
      email: 'Tim.Typo@brightline.test',
    })
    const after = await database.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = 'tim.typo@brightline.test'`)
    expect(after).toHaveLength(1)
  })

  it('sends no welcome to a user who already set a password, but revokes their open links', async () => {
    const before = await database.db.select().from(mailOutbox)
    await updateCompanyUser(database.db, brightline(), 'omanager', {
      firstName: 'Olga',
      lastName: 'Manager',
      email: 'olga.manager@brightline.test',
    })
    expect(await database.db.select().from(mailOutbox)).toHaveLength(before.length)
    expect((await loginWithPassword(database.db, 'olga.manager@brightline.test', DEMO_PASSWORD)).ok).toBe(
      true,
    )
    await updateCompanyUser(database.db, brightline(), 'omanager', {
      firstName: 'Olivia',
      lastName: 'Ordermann',
      email: 'omanager@brightline.test',
    })
  })
})

describe('budgets', () => {
  it('sets, reads and removes a user’s budget', async () => {
    const set = await setCompanyUserBudget(database.db, brightline(), 'bbuyer', {
      currency: 'EUR',
      budget: 250_000,
      budgetPeriod: 'quarterly',
      orderSpentLimit: 50_000,
    })
    expect(set).toMatchObject({ budget: 250_000, budgetPeriod: 'quarterly', orderSpentLimit: 50_000 })
    expect(set.remaining).toBe(250_000 - set.spent)
    const read = await companyUser(database.db, brightline(), 'bbuyer')
    expect(read.budget).toMatchObject({ budget: 250_000, currency: 'EUR' })
    const removed = await setCompanyUserBudget(database.db, brightline(), 'bbuyer', {
      currency: 'EUR',
      budget: null,
      budgetPeriod: null,
      orderSpentLimit: null,
    })
    expect(removed).toMatchObject({ budget: null, remaining: null, orderSpentLimit: null })
  })

  it('refuses a budget without a period', async () => {
    expect(
      await refusal(
        setCompanyUserBudget(database.db, brightline(), 'bbuyer', {
          currency: 'EUR',
          budget: 1_000,
          budgetPeriod: null,
          orderSpentLimit: null,
        }),
      ),
    ).toBe('invalid:customer.user.budget.period.missing')
  })
})
