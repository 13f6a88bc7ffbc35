import { eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client'
import * as t from '../schema'
import { rebuildSearchIndex, refreshStatistics } from '../search-index'
import { hashPassword } from '../../domain/passwords'
import { numberBusinessUsers } from '../../domain/users'
import { ensureCheckoutData } from './checkout'
import { contentIncludes, EARLIER_FOOTER_INCLUDE_ID, FOOTER_INCLUDE_ID } from './content'
import { contentPages, searchRedirects } from './content-pages'
import { demoEan } from './ean'
import { generateCatalog } from './generate'
import { MANDATORY_LINK_TYPES, mandatoryDemo } from './mandatory-links'
import { ensureDemoOrderHistory } from './order-history'
import { ensureDemoOrganization, ensureOrganization } from './organization'
import { ensureDemoSalesReps } from './sales-reps'
import { ensureDemoContactPersons } from './contact-persons'
import { ensureDemoStores } from './stores'
import { ensureShellContent } from './shell-content'
import { DEMO_PASSWORD, demoCustomers, demoUsers, permissionRows, roleRows } from './people'
import { ensureDemoPriceDisplay } from './price-display'
import { productExtras } from './product-extras'
import { DEMO_UNSPSC } from './unspsc'

export const DEFAULT_PRODUCT_COUNT = 3000
const SEED_KEY = 'seed'

export type SeedInfo = { products: number; seededAt: string }

export async function seedInfo(db: Db): Promise<SeedInfo | undefined> {
  const [row] = await db.select().from(t.meta).where(eq(t.meta.key, SEED_KEY))
  return row?.value as SeedInfo | undefined
}

/** Inserts rows in chunks that stay below PostgreSQL's limit of 65535 bind parameters. */
async function insertChunked<T extends Record<string, unknown>>(
  db: Db,
  table: Parameters<Db['insert']>[0],
  rows: T[],
) {
  if (rows.length === 0) return
  const perRow = Object.keys(rows[0]!).length
  const size = Math.max(1, Math.floor(60000 / perRow))
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never)
  }
}

/** A database seeded since issue 16 gets its footer back under the id ICM clients ask for. */
async function ensureStandardIncludeIds(db: Db) {
  const [icm] = await db
    .select({ id: t.cmsIncludes.id })
    .from(t.cmsIncludes)
    .where(eq(t.cmsIncludes.id, FOOTER_INCLUDE_ID))
  if (icm) return
  await db
    .update(t.cmsIncludes)
    .set({ id: FOOTER_INCLUDE_ID, definitionQualifiedName: `app_sf_base_cm:${FOOTER_INCLUDE_ID}` })
    .where(eq(t.cmsIncludes.id, EARLIER_FOOTER_INCLUDE_ID))
}

/** A database seeded before mandatory items existed gets the demo products' mandatory links (ADR 0011). */
async function ensureMandatoryLinks(db: Db, products: number) {
  const [present] = await db
    .select({ sku: t.productLinks.sku })
    .from(t.productLinks)
    .where(inArray(t.productLinks.linkType, [...MANDATORY_LINK_TYPES]))
    .limit(1)
  if (present) return
  const catalog = generateCatalog({ productCount: products })
  await insertChunked(db, t.productLinks, mandatoryDemo(catalog, productExtras(catalog))?.links ?? [])
}

/**
 * Roles and permissions as the seed defines them: rows are added or updated, and a role's permissions are
 * replaced, so that a database seeded before (or with older grants) gets today's. One transaction, and safe
 * when several API processes start on one database at once.
 */
export async function ensureRolesAndPermissions(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .insert(t.permissions)
      .values(permissionRows)
      .onConflictDoUpdate({ target: t.permissions.id, set: { displayNames: sql`excluded.display_names` } })
    await tx
      .insert(t.roles)
      .values(roleRows.map(({ permissions: _, ...role }) => role))
      .onConflictDoUpdate({
        target: t.roles.id,
        set: {
          displayNames: sql`excluded.display_names`,
          fixed: sql`excluded.fixed`,
          assignable: sql`excluded.assignable`,
          position: sql`excluded.position`,
        },
      })
    await tx.delete(t.rolePermissions).where(
      inArray(
        t.rolePermissions.roleId,
        roleRows.map((role) => role.id),
      ),
    )
    await tx
      .insert(t.rolePermissions)
      .values(
        roleRows.flatMap((role) =>
          role.permissions.map((permissionId) => ({ roleId: role.id, permissionId })),
        ),
      )
      .onConflictDoNothing()
  })
}

/** Demo customers and users added after a database was seeded (a second business customer, more roles). */
async function ensureDemoPeople(db: Db) {
  await db
    .insert(t.customers)
    .values(demoCustomers.map((c) => ({ companyName: null, taxationId: null, industry: null, ...c })))
    .onConflictDoNothing()
  const present = await db
    .select({ login: t.users.login })
    .from(t.users)
    .where(
      inArray(
        t.users.login,
        demoUsers.map((u) => u.login),
      ),
    )
  const missing = demoUsers.filter((u) => !present.some((p) => p.login === u.login))
  if (missing.length === 0) return
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db
    .insert(t.users)
    .values(missing.map((u) => ({ ...u, passwordHash })))
    .onConflictDoNothing()
  await numberBusinessUsers(db)
}

const EANS_KEY = 'product-eans'

/**
 * A database seeded before products had EANs gets the seed's demo EANs, once (a product added later without
 * one keeps none). An EAN some product already has is not given twice.
 */
async function ensureProductEans(db: Db) {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, EANS_KEY))
  if (done) return
  await db.transaction(async (tx) => {
    const missing = await tx.select({ sku: t.products.sku }).from(t.products).where(isNull(t.products.ean))
    for (let i = 0; i < missing.length; i += 5000) {
      const values = missing.slice(i, i + 5000).map((row) => sql`(${row.sku}, ${demoEan(row.sku)})`)
      await tx.execute(sql`
        update products set ean = v.ean from (values ${sql.join(values, sql`, `)}) as v(sku, ean)
        where products.sku = v.sku and products.ean is null
          and not exists (select 1 from products other where other.ean = v.ean)`)
    }
    await tx.insert(t.meta).values({ key: EANS_KEY, value: true }).onConflictDoNothing()
  })
}

const UNSPSC_KEY = 'category-unspsc'

/**
 * A database seeded before categories had UNSPSC codes (issue 34) gets the demo taxonomy's, once; a category
 * that has a code keeps it.
 */
async function ensureCategoryUnspsc(db: Db) {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, UNSPSC_KEY))
  if (done) return
  const values = Object.entries(DEMO_UNSPSC).map(([segment, code]) => sql`(${segment}, ${code})`)
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update categories set unspsc = v.code from (values ${sql.join(values, sql`, `)}) as v(segment, code)
      where categories.segment = v.segment and categories.unspsc is null`)
    await tx.insert(t.meta).values({ key: UNSPSC_KEY, value: true }).onConflictDoNothing()
  })
}

/**
 * Fills an empty database with the demo shop, in one transaction: a failed seed leaves nothing behind.
 * Does nothing when the database was seeded before.
 */
export async function seedDatabase(
  db: Db,
  {
    products = DEFAULT_PRODUCT_COUNT,
    demoHistory = false,
  }: {
    products?: number
    /** Six months of past orders by the demo companies' staff (the running shop; tests leave it out). */
    demoHistory?: boolean
  } = {},
) {
  const existing = await seedInfo(db)
  if (existing) {
    // A database seeded before checkout existed gets shipping and payment methods and the demo addresses.
    await ensureCheckoutData(db)
    await ensureDemoPeople(db)
    await ensureRolesAndPermissions(db)
    await ensureMandatoryLinks(db, existing.products)
    await ensureStandardIncludeIds(db)
    await ensureProductEans(db)
    await ensureCategoryUnspsc(db)
    await ensureDemoOrganization(db)
    await ensureDemoSalesReps(db)
    await ensureDemoContactPersons(db)
    await ensureDemoStores(db)
    // The shell's configuration include first: the no-price setting is added to its component.
    await ensureShellContent(db)
    await ensureDemoPriceDisplay(db)
    if (demoHistory) await ensureDemoOrderHistory(db)
    return { seeded: false, info: existing }
  }
  const catalog = generateCatalog({ productCount: products })
  const extras = productExtras(catalog)
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const featured = catalog.products
    .filter((p) => p.kind === 'product')
    .slice(0, 8)
    .map((p) => p.sku)
  const tops = catalog.categories.filter((c) => c.level === 0).map((c) => c.uniqueId)
  const info: SeedInfo = { products, seededAt: new Date().toISOString() }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db
    await insertChunked(txDb, t.categories, catalog.categories)
    await insertChunked(txDb, t.products, catalog.products)
    await insertChunked(txDb, t.productCategories, catalog.productCategories)
    await insertChunked(txDb, t.productParts, catalog.productParts)
    await insertChunked(txDb, t.productLinks, catalog.productLinks)
    await insertChunked(txDb, t.productLinks, mandatoryDemo(catalog, extras)?.links ?? [])
    await insertChunked(
      txDb,
      t.prices,
      catalog.prices.filter((p) => !extras.unpricedSkus.has(p.sku)),
    )
    await insertChunked(txDb, t.inventories, catalog.inventories)
    await insertChunked(txDb, t.promotions, extras.promotions)
    await insertChunked(txDb, t.productPromotions, extras.productPromotions)
    await insertChunked(txDb, t.warranties, extras.warranties)
    await insertChunked(txDb, t.productWarranties, extras.productWarranties)
    await insertChunked(txDb, t.cmsIncludes, contentIncludes(featured, tops))
    await insertChunked(txDb, t.cmsPages, contentPages())
    await insertChunked(txDb, t.searchRedirects, searchRedirects())
    await insertChunked(
      txDb,
      t.customers,
      demoCustomers.map((c) => ({ companyName: null, taxationId: null, industry: null, ...c })),
    )
    await insertChunked(
      txDb,
      t.users,
      demoUsers.map((u) => ({ ...u, passwordHash })),
    )
    await numberBusinessUsers(txDb)
    await ensureRolesAndPermissions(txDb)
    await ensureCheckoutData(txDb)
    await ensureOrganization(txDb)
    await ensureDemoSalesReps(txDb)
    await ensureDemoContactPersons(txDb)
    await ensureDemoStores(txDb)
    await ensureShellContent(txDb)
    await ensureDemoPriceDisplay(txDb)
    await rebuildSearchIndex(txDb)
    await tx.insert(t.meta).values({ key: SEED_KEY, value: info })
    await tx.insert(t.meta).values({ key: EANS_KEY, value: true })
    await tx.insert(t.meta).values({ key: UNSPSC_KEY, value: true })
  })
  if (demoHistory) await ensureDemoOrderHistory(db)
  await refreshStatistics(db)
  return { seeded: true, info }
}
