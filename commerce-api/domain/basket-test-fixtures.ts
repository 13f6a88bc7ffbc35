/**
 * What the domain tests of baskets, validation, merges and orders share, without HTTP: callers, sellable
 * products of a seeded test database, products with chosen quantity rules, baskets with items and addresses.
 */
import { and, eq, gt, inArray, isNull, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import type { Database, Db } from '../db/client'
import { inventories, prices, productPromotions, products, promotions } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/people'
import { seededTestDatabase } from '../db/test-database'
import { createBasketAddress, type AddressInput } from './addresses'
import { addItems, createBasket, type BasketRow } from './basket'
import { updateBasket } from './basket-edits'
import type { Currency } from './channel'
import { DomainError } from './errors'
import { checkToken, issueAnonymousToken, loginWithPassword, type Principal } from './tokens'

async function principalOf(db: Db, token: string): Promise<Principal> {
  const check = await checkToken(db, token)
  if (check.status !== 'valid') throw new Error('the token of a fixture is not valid')
  return check.principal
}

export const anonymousPrincipal = async (db: Db) =>
  principalOf(db, (await issueAnonymousToken(db)).access_token)

export async function userPrincipal(db: Db, login: string) {
  const login_ = await loginWithPassword(db, login, DEMO_PASSWORD)
  if (!login_.ok) throw new Error(`the demo user ${login} cannot log in`)
  return principalOf(db, login_.grant.access_token)
}

/** Online simple products with the quantity rules 1/1/none. */
export const PLAIN_RULES = and(
  eq(products.kind, 'product'),
  eq(products.online, true),
  eq(products.minOrderQuantity, 1),
  eq(products.stepQuantity, 1),
  isNull(products.maxOrderQuantity),
)

/** The skus with an item promotion without a code: it applies by itself, coded ones only once entered. */
export const automaticallyPromoted = (db: Db) =>
  db
    .select({ sku: productPromotions.sku })
    .from(productPromotions)
    .innerJoin(promotions, eq(promotions.id, productPromotions.promotionId))
    .where(isNull(promotions.code))

/**
 * Plain products (min 1, step 1, no maximum, no automatic promotion) with stock that is counted, priced in
 * every currency; the tests give them other rules where they need them.
 */
export async function plainSkus(db: Db, count: number): Promise<string[]> {
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(inventories, eq(inventories.sku, products.sku))
    .where(
      and(
        PLAIN_RULES,
        eq(inventories.alwaysInStock, false),
        gt(inventories.stock, 50),
        notInArray(products.sku, automaticallyPromoted(db)),
      ),
    )
    .orderBy(products.sku)
  const priced = await db
    .select({ sku: prices.sku, currency: prices.currency })
    .from(prices)
    .where(
      inArray(
        prices.sku,
        rows.map((r) => r.sku),
      ),
    )
  const currencies = (sku: string) => priced.filter((p) => p.sku === sku).length
  const found = rows.map((r) => r.sku).filter((sku) => currencies(sku) === 4)
  if (found.length < count) throw new Error('not enough plain products in the seed')
  return found.slice(0, count)
}

/** What a domain test of baskets works on. */
export type BasketTestBed = { db: Db; caller: Principal; skus: string[] }

/**
 * The test file's bed, made before its tests and closed after them: a seeded in-memory database, the caller
 * (an anonymous shopper, or the demo user `login`) and `skus` plain products. `use` receives it.
 */
export function basketTestBed(
  { skus, login }: { skus: number; login?: string },
  use: (bed: BasketTestBed) => void,
) {
  let database: Database | undefined
  beforeAll(async () => {
    database = await seededTestDatabase()
    const { db } = database
    const caller = login ? await userPrincipal(db, login) : await anonymousPrincipal(db)
    use({ db, caller, skus: await plainSkus(db, skus) })
  })
  afterAll(async () => {
    await database?.close()
  })
}

/** Gives a product the quantity rules a test needs. */
export const setRules = (db: Db, sku: string, rules: { min: number; step: number; max: number | null }) =>
  db
    .update(products)
    .set({ minOrderQuantity: rules.min, stepQuantity: rules.step, maxOrderQuantity: rules.max })
    .where(eq(products.sku, sku))

export const setStock = (db: Db, sku: string, stock: number) =>
  db.update(inventories).set({ stock }).where(eq(inventories.sku, sku))

/** A new basket of the principal with these items. */
export async function basketWith(
  db: Db,
  principal: Principal,
  items: { sku: string; quantity: number }[],
  currency: Currency = 'EUR',
): Promise<BasketRow> {
  const basket = await createBasket(db, principal, currency)
  if (items.length) await addItems(db, basket, 'en_US', items)
  return basket
}

export const addressIn = (
  country: 'DE' | 'US' | 'PL',
  overrides: Partial<AddressInput> = {},
): AddressInput => ({
  firstName: 'Gina',
  lastName: 'Guest',
  email: 'gina@example.test',
  ...(country === 'DE'
    ? { addressLine1: 'Unter den Linden 1', postalCode: '10117', city: 'Berlin', countryCode: 'DE' }
    : country === 'US'
      ? {
          addressLine1: '350 Fifth Avenue',
          postalCode: '10118',
          city: 'New York',
          countryCode: 'US',
          mainDivision: 'NY',
        }
      : {
          addressLine1: 'Marszałkowska 1',
          postalCode: '00-950',
          city: 'Warszawa',
          countryCode: 'PL',
          mainDivision: '14',
        }),
  ...overrides,
})

/** Sets a new address of the basket as invoice and ship-to address; the basket row after it. */
export async function shipTo(db: Db, basket: BasketRow, principal: Principal, address: AddressInput) {
  const row = await createBasketAddress(db, basket, principal, address)
  return updateBasket(db, basket, { invoiceToAddress: row.id, commonShipToAddress: row.id }, principal)
}

/** What a call threw; a call that settles fails the test. */
export async function refusal(call: () => unknown): Promise<DomainError> {
  try {
    await call()
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('expected a refusal')
}
