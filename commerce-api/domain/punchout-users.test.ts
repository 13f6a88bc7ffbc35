/**
 * Punchout users without HTTP (issue 34, shell spec §3 and §6): users of the customer with exactly the role of
 * their kind, logins unique shop-wide, the shop's password rule, passwords hashed, kept apart from user
 * management and from other companies, and the sign-in of a procurement system by login and shared secret.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import {
  authenticatePunchoutUser,
  createPunchoutUser,
  deletePunchoutUser,
  findPunchoutUser,
  listPunchoutUsers,
  punchoutPrincipal,
  updatePunchoutUser,
} from './punchout-users'
import { refusal } from './test-refusal'
import { checkToken, loginWithPassword } from './tokens'
import { listCompanyUsers } from './users'

let database: Database
let ids: Record<string, string> = {}
const BRIGHTLINE = 'BC-200001'
const KESTREL = 'BC-200002'

beforeAll(async () => {
  database = await seededTestDatabase()
  ids = await userIdsByLogin(database.db)
})
afterAll(async () => {
  await database?.close()
})

describe('punchout users of a kind', () => {
  it('are the customer’s users with that kind’s role, and no one else', async () => {
    const db = database.db
    expect((await listPunchoutUsers(db, BRIGHTLINE, 'cxml1.2')).map((u) => u.login)).toEqual([
      'brightline-cxml',
    ])
    expect((await listPunchoutUsers(db, BRIGHTLINE, 'oci5')).map((u) => u.login)).toEqual(['brightline-oci'])
    expect((await listPunchoutUsers(db, KESTREL, 'ids')).map((u) => u.login)).toEqual(['kestrel-ids'])
    // Another company's, another kind's and user management's users are not found.
    expect(await refusal(findPunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'kestrel-cxml'))).toBe(
      'not-found:punchout.user.not_found',
    )
    expect(await refusal(findPunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'brightline-oci'))).toBe(
      'not-found:punchout.user.not_found',
    )
    expect(await refusal(findPunchoutUser(db, BRIGHTLINE, 'oci5', 'jlink'))).toBe(
      'not-found:punchout.user.not_found',
    )
    // By login case-insensitively, or by id (what the PWA names a cXML user's configuration by).
    expect((await findPunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'Brightline-CXML')).id).toBe(
      ids['brightline-cxml'],
    )
    expect((await findPunchoutUser(db, BRIGHTLINE, 'cxml1.2', ids['brightline-cxml']!)).login).toBe(
      'brightline-cxml',
    )
  })

  it('are created with the kind’s role only, the password hashed, and stay out of user management', async () => {
    const db = database.db
    const user = await createPunchoutUser(
      db,
      BRIGHTLINE,
      'oci5',
      { login: 'sap.srm_01@brightline', password: 'Punch0ut!' },
      'de_DE',
    )
    expect(user).toMatchObject({
      customerNo: BRIGHTLINE,
      login: 'sap.srm_01@brightline',
      email: 'sap.srm_01@brightline',
      roles: ['APP_B2B_OCI_USER'],
      active: true,
      preferredLanguage: 'de_DE',
    })
    expect(user.passwordHash).not.toContain('Punch0ut!')
    expect(user.businessPartnerNo).toMatch(/^U\d{5}$/)
    // The login signs in with the password, as every login does.
    expect((await loginWithPassword(db, 'SAP.SRM_01@brightline', 'Punch0ut!')).ok).toBe(true)
    expect((await listPunchoutUsers(db, BRIGHTLINE, 'oci5')).map((u) => u.login)).toContain(
      'sap.srm_01@brightline',
    )
    const managed = await listCompanyUsers(db, { customerNo: BRIGHTLINE, userId: ids.jlink! })
    expect(managed.map((entry) => entry.user.login)).not.toContain('sap.srm_01@brightline')
    // The user's principal holds the kind's transfer permission and no purchase.
    const principal = await punchoutPrincipal(db, user)
    expect(principal.permissionIds).toContain('APP_B2B_SEND_OCI_BASKET')
    expect(principal.permissionIds).not.toContain('APP_B2B_PURCHASE')
  })

  it('refuse a login that names someone already, a login of other characters, a weak password', async () => {
    const db = database.db
    const create = (login: string, password = 'Secret123', email?: string) =>
      refusal(createPunchoutUser(db, BRIGHTLINE, 'cxml1.2', { login, password, email }, 'en_US'))
    // One name is one person shop-wide, as a login or as an e-mail address, in any company.
    expect(await create('JLINK')).toBe('conflict:customer.credentials.login.not_unique.error')
    expect(await create('mkestrel@kestrel.test')).toBe('conflict:customer.credentials.login.not_unique.error')
    expect(await create('fresh-login', 'Secret123', 'jlink@brightline.test')).toBe(
      'conflict:customer.credentials.login.not_unique.error',
    )
    expect(await create('with space')).toBe('invalid:punchout.user.login.invalid')
    expect(await create('<script>')).toBe('invalid:punchout.user.login.invalid')
    expect(await create('x')).toBe('invalid:punchout.user.login.invalid')
    expect(await create('fresh-login', 'short1')).toBe('invalid:punchout.user.password.invalid')
    expect(await create('fresh-login', 'lettersonly')).toBe('invalid:punchout.user.password.invalid')
    expect(await create('fresh-login', 'Secret123', 'not an address')).toBe(
      'invalid:punchout.user.email.invalid',
    )
    const [nobody] = await db.select().from(users).where(eq(users.login, 'fresh-login'))
    expect(nobody).toBeUndefined()
  })

  it('change password, e-mail address and activity; an empty password keeps the old one', async () => {
    const db = database.db
    await createPunchoutUser(
      db,
      BRIGHTLINE,
      'cxml1.2',
      { login: 'ariba-test', password: 'First1234' },
      'en_US',
    )
    await updatePunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'ariba-test', { password: '', active: true })
    expect((await authenticatePunchoutUser(db, 'cxml1.2', 'ariba-test', 'First1234')).login).toBe(
      'ariba-test',
    )
    const changed = await updatePunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'ariba-test', {
      password: 'Second1234',
      email: 'ariba@brightline.test',
    })
    expect(changed.email).toBe('ariba@brightline.test')
    expect(await refusal(authenticatePunchoutUser(db, 'cxml1.2', 'ariba-test', 'First1234'))).toBe(
      'unauthenticated:punchout.login.invalid',
    )
    expect((await authenticatePunchoutUser(db, 'cxml1.2', 'ariba-test', 'Second1234')).id).toBe(changed.id)
    expect(
      await refusal(
        updatePunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'ariba-test', { email: 'bbuyer@brightline.test' }),
      ),
    ).toBe('conflict:customer.credentials.login.not_unique.error')
    expect(
      await refusal(updatePunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'ariba-test', { password: 'weak' })),
    ).toBe('invalid:punchout.user.password.invalid')
    // A deactivated punchout user signs in no more, and its tokens stop working.
    const login = await loginWithPassword(db, 'ariba-test', 'Second1234')
    if (!login.ok) throw new Error('the punchout user cannot log in')
    await updatePunchoutUser(db, BRIGHTLINE, 'cxml1.2', 'ariba-test', { active: false })
    expect(await refusal(authenticatePunchoutUser(db, 'cxml1.2', 'ariba-test', 'Second1234'))).toBe(
      'unauthenticated:punchout.login.invalid',
    )
    expect((await checkToken(db, login.grant.access_token)).status).toBe('invalid')
    // Another company cannot change it.
    expect(await refusal(updatePunchoutUser(db, KESTREL, 'cxml1.2', 'ariba-test', { active: true }))).toBe(
      'not-found:punchout.user.not_found',
    )
  })

  it('are deleted by their company only, and their tokens stop working', async () => {
    const db = database.db
    await createPunchoutUser(db, BRIGHTLINE, 'ids', { login: 'handwerk-01', password: 'Hand1234' }, 'de_DE')
    const login = await loginWithPassword(db, 'handwerk-01', 'Hand1234')
    if (!login.ok) throw new Error('the punchout user cannot log in')
    expect(await refusal(deletePunchoutUser(db, KESTREL, 'ids', 'handwerk-01'))).toBe(
      'not-found:punchout.user.not_found',
    )
    expect(await refusal(deletePunchoutUser(db, BRIGHTLINE, 'oci5', 'handwerk-01'))).toBe(
      'not-found:punchout.user.not_found',
    )
    await deletePunchoutUser(db, BRIGHTLINE, 'ids', 'handwerk-01')
    expect(await refusal(findPunchoutUser(db, BRIGHTLINE, 'ids', 'handwerk-01'))).toBe(
      'not-found:punchout.user.not_found',
    )
    expect((await checkToken(db, login.grant.access_token)).status).toBe('invalid')
  })
})

describe('a procurement system’s sign-in by login and shared secret', () => {
  it('finds the punchout user of the kind, and refuses everything else alike', async () => {
    const db = database.db
    expect((await authenticatePunchoutUser(db, 'cxml1.2', 'brightline-cxml', DEMO_PASSWORD)).id).toBe(
      ids['brightline-cxml'],
    )
    const refused = 'unauthenticated:punchout.login.invalid'
    expect(await refusal(authenticatePunchoutUser(db, 'cxml1.2', 'brightline-cxml', 'wrong'))).toBe(refused)
    expect(await refusal(authenticatePunchoutUser(db, 'cxml1.2', 'nobody-at-all', DEMO_PASSWORD))).toBe(
      refused,
    )
    // Another kind's punchout user, and a user who is no punchout user, with their right passwords.
    expect(await refusal(authenticatePunchoutUser(db, 'cxml1.2', 'brightline-oci', DEMO_PASSWORD))).toBe(
      refused,
    )
    expect(await refusal(authenticatePunchoutUser(db, 'cxml1.2', 'jlink', DEMO_PASSWORD))).toBe(refused)
  })
})
