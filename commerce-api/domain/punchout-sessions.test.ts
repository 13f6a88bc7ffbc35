/**
 * cXML punchout sessions without HTTP (issue 34, shell spec §4.7): a setup request signed with a cXML user's
 * login and shared secret opens a session with a basket of that user and a start token that signs in once;
 * edit and inspect requests put their ItemOut lines back, reporting what cannot be ordered; only the session's
 * user reads it, and only until it ends.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { baskets, lineItems, products, punchoutSessions } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase, userIdsByLogin } from '../db/test-database'
import { plainSkus } from './basket-test-fixtures'
import { updateCxmlConfiguration } from './punchout-cxml-configuration'
import {
  cxmlSession,
  openCxmlSession,
  PUNCHOUT_SESSION_LIFETIME,
  type PunchoutSetup,
} from './punchout-sessions'
import { findPunchoutUser } from './punchout-users'
import { refusal } from './test-refusal'
import { checkToken, refresh, START_TOKEN_LIFETIME } from './tokens'

let database: Database
let ids: Record<string, string> = {}
let skus: string[] = []

beforeAll(async () => {
  database = await seededTestDatabase()
  ids = await userIdsByLogin(database.db)
  skus = await plainSkus(database.db, 3)
})
afterAll(async () => {
  await database?.close()
})

const setup = (overrides: Partial<PunchoutSetup> = {}): PunchoutSetup => ({
  senderIdentity: 'brightline-cxml',
  sharedSecret: DEMO_PASSWORD,
  operation: 'create',
  buyerCookie: 'c0ffee-4711',
  browserFormPostUrl: 'https://procurement.example.test/cxml/return?session=42',
  from: { domain: 'NetworkID', identity: 'AN01000000001' },
  extrinsics: { UserEmail: 'buyer@brightline.test' },
  ...overrides,
})
const scope = { currency: 'EUR' as const, locale: 'en_US' as const }

describe('a setup request', () => {
  it('opens a session with a basket of the cXML user and a start token that signs in once', async () => {
    const db = database.db
    const now = new Date()
    const opened = await openCxmlSession(
      db,
      setup({ selectedItem: skus[0] }),
      { ...scope, customerNo: 'BC-200001' },
      now,
    )
    const { session } = opened
    expect(session).toMatchObject({
      customerNo: 'BC-200001',
      userId: ids['brightline-cxml'],
      operation: 'create',
      deploymentMode: 'production',
      buyerCookie: 'c0ffee-4711',
      returnUrl: 'https://procurement.example.test/cxml/return?session=42',
      details: {
        from: { domain: 'NetworkID', identity: 'AN01000000001' },
        extrinsics: { UserEmail: 'buyer@brightline.test' },
        selectedItem: skus[0],
      },
    })
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(session.expiresAt.getTime() - now.getTime()).toBe(PUNCHOUT_SESSION_LIFETIME * 1000)
    const [basket] = await db.select().from(baskets).where(eq(baskets.id, session.basketId))
    // The user's basket (the subject of the user's tokens), with the shipping method its orders will have.
    expect(basket).toMatchObject({
      owner: ids['brightline-cxml'],
      userId: ids['brightline-cxml'],
      customerNo: 'BC-200001',
      currency: 'EUR',
      status: 'open',
      shippingMethodId: 'STD_GROUND',
    })
    // The start token is the punchout user's, for a few minutes.
    expect(opened.tokenExpiresAt.getTime() - now.getTime()).toBe(START_TOKEN_LIFETIME * 1000)
    const check = await checkToken(db, opened.accessToken)
    expect(check.status === 'valid' && !check.principal.anonymous && check.principal.login).toBe(
      'brightline-cxml',
    )
    // Exchanged once: the first refresh answers an ordinary token, the start token is gone, a second fails.
    const exchanged = await refresh(db, opened.accessToken)
    expect(exchanged?.expires_in).toBe(3600)
    expect((await checkToken(db, exchanged!.access_token)).status).toBe('valid')
    expect((await checkToken(db, opened.accessToken)).status).toBe('invalid')
    expect(await refresh(db, opened.accessToken)).toBeNull()
    // An ordinary token is refreshed as before: more than once.
    expect(await refresh(db, exchanged!.access_token)).not.toBeNull()
    expect(await refresh(db, exchanged!.access_token)).not.toBeNull()
  })

  it('of two racing exchanges of one start token lets one through', async () => {
    const db = database.db
    const opened = await openCxmlSession(db, setup(), scope)
    const results = await Promise.all([refresh(db, opened.accessToken), refresh(db, opened.accessToken)])
    expect(results.filter((grant) => grant !== null)).toHaveLength(1)
  })

  it('to edit puts its ItemOut lines back, fitting quantities and reporting what cannot be ordered', async () => {
    const db = database.db
    await db.update(products).set({ online: false }).where(eq(products.sku, skus[2]!))
    const opened = await openCxmlSession(
      db,
      setup({
        operation: 'edit',
        items: [
          { sku: skus[0]!, quantity: 3, lineId: '00000000-0000-4000-8000-000000000001' },
          { sku: 'NO-SUCH-SKU', quantity: 1 },
          { sku: skus[1]!, quantity: 2.5 },
          { sku: skus[2]!, quantity: 1 },
          { sku: skus[1]!, quantity: 2 },
        ],
      }),
      scope,
    )
    await db.update(products).set({ online: true }).where(eq(products.sku, skus[2]!))
    const lines = await db.select().from(lineItems).where(eq(lineItems.basketId, opened.session.basketId))
    expect(lines.map((l) => [l.sku, l.quantity]).sort()).toEqual(
      [
        [skus[0], 3],
        [skus[1], 2],
      ].sort(),
    )
    expect(opened.refused.map((cause) => `${cause.code}@${cause.paths.join(',')}`).sort()).toEqual([
      'basket.line_item.product_not_found.error@[1].product',
      'basket.line_item.product_not_found.error@[3].product',
      'punchout.session.item.quantity.invalid@[2].quantity.value',
    ])
  })

  it('to create ignores ItemOut lines, and an edit whose lines all fail still opens the session', async () => {
    const db = database.db
    const created = await openCxmlSession(db, setup({ items: [{ sku: skus[0]!, quantity: 1 }] }), scope)
    expect(await db.select().from(lineItems).where(eq(lineItems.basketId, created.session.basketId))).toEqual(
      [],
    )
    const failed = await openCxmlSession(
      db,
      setup({ operation: 'inspect', items: [{ sku: 'GONE-1', quantity: 1 }] }),
      scope,
    )
    expect(failed.session.operation).toBe('inspect')
    expect(failed.refused.map((cause) => cause.paths[0])).toEqual(['[0].product'])
  })

  it('takes the shipping method the cXML user is configured with', async () => {
    const db = database.db
    const user = await findPunchoutUser(db, 'BC-200001', 'cxml1.2', 'brightline-cxml')
    await updateCxmlConfiguration(
      db,
      user,
      [{ name: 'orderRequest.shippingMethod', value: 'EXP_EXPRESS' }],
      'en_US',
    )
    const opened = await openCxmlSession(db, setup(), scope)
    await updateCxmlConfiguration(db, user, [{ name: 'orderRequest.shippingMethod', value: null }], 'en_US')
    const [basket] = await db.select().from(baskets).where(eq(baskets.id, opened.session.basketId))
    expect(basket!.shippingMethodId).toBe('EXP_EXPRESS')
  })

  it('is refused for an operation the cXML user’s operationAllowed does not allow', async () => {
    const db = database.db
    const user = await findPunchoutUser(db, 'BC-200001', 'cxml1.2', 'brightline-cxml')
    const allow = (value: string | null) =>
      updateCxmlConfiguration(db, user, [{ name: 'operationAllowed', value }], 'en_US')
    const forbidden = 'forbidden:punchout.session.operation.forbidden'
    const open = (operation: PunchoutSetup['operation']) => openCxmlSession(db, setup({ operation }), scope)
    try {
      await allow('create')
      expect(await refusal(open('inspect'))).toBe(forbidden)
      expect(await refusal(open('edit'))).toBe(forbidden)
      expect((await open('create')).session.operation).toBe('create')
      await allow('inspect')
      expect(await refusal(open('edit'))).toBe(forbidden)
      expect((await open('inspect')).session.operation).toBe('inspect')
      await allow(null)
      expect((await open('edit')).session.operation).toBe('edit')
    } finally {
      await allow(null)
    }
  })

  it('is refused for wrong credentials, another customer, a bad return URL, and then opens nothing', async () => {
    const db = database.db
    const before = (await db.select().from(punchoutSessions)).length
    const basketsBefore = (await db.select().from(baskets)).length
    const refused = 'unauthenticated:punchout.login.invalid'
    expect(await refusal(openCxmlSession(db, setup({ sharedSecret: 'guess' }), scope))).toBe(refused)
    expect(await refusal(openCxmlSession(db, setup({ senderIdentity: 'brightline-oci' }), scope))).toBe(
      refused,
    )
    expect(await refusal(openCxmlSession(db, setup(), { ...scope, customerNo: 'BC-200002' }))).toBe(refused)
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.test/x',
      '/relative',
      'https://user:pw@example.test/',
    ])
      expect(await refusal(openCxmlSession(db, setup({ browserFormPostUrl: url }), scope)), url).toBe(
        'invalid:punchout.session.return_url.invalid',
      )
    expect(await refusal(openCxmlSession(db, setup({ buyerCookie: 'x'.repeat(1001) }), scope))).toBe(
      'invalid:punchout.session.request.invalid',
    )
    expect((await db.select().from(punchoutSessions)).length).toBe(before)
    expect((await db.select().from(baskets)).length).toBe(basketsBefore)
  })
})

describe('a session', () => {
  it('is read by its punchout user only, and only until it ends', async () => {
    const db = database.db
    const now = new Date()
    const { session } = await openCxmlSession(db, setup(), scope, now)
    const own = { userId: ids['brightline-cxml']!, customerNo: 'BC-200001' }
    expect((await cxmlSession(db, own, session.id, now)).basketId).toBe(session.basketId)
    const colleague = { userId: ids['brightline-oci']!, customerNo: 'BC-200001' }
    expect(await refusal(cxmlSession(db, colleague, session.id, now))).toBe(
      'not-found:punchout.session.not_found',
    )
    expect(await refusal(cxmlSession(db, { ...own, customerNo: 'BC-200002' }, session.id, now))).toBe(
      'not-found:punchout.session.not_found',
    )
    const later = new Date(now.getTime() + PUNCHOUT_SESSION_LIFETIME * 1000 + 1)
    expect(await refusal(cxmlSession(db, own, session.id, later))).toBe(
      'not-found:punchout.session.not_found',
    )
    expect(await refusal(cxmlSession(db, own, 'not-a-session', now))).toBe(
      'not-found:punchout.session.not_found',
    )
  })
})
