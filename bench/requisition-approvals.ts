/**
 * `npm run bench:approvals`: BENCH_APPROVERS (20) approvers deciding BENCH_REQUISITIONS (500) pending
 * requisitions at once over loopback HTTP, on the embedded database (PGlite in a fresh data folder, as the shop
 * keeps it) and on a PostgreSQL server (a throwaway one started here on 127.0.0.1, or `--postgres URL`:
 * databases `bench_approvals*` on that server, dropped and made again). The commerce API runs in this process
 * on 127.0.0.1, as the API tests start it (without their wire check); the approvers run in a worker thread
 * (bench/lib/approvers.ts), so that their side of the HTTP takes nothing of the API's thread.
 *
 * Setup, once: the demo shop (SEED_PRODUCTS products) and its organization; in Brightline (BC-200001)
 * BENCH_APPROVERS approvers (role APP_B2B_APPROVER) and BUYERS buyers whose per-order limit is 1.00 EUR, so
 * that every basket they submit becomes a requisition (ADR 0019); the products they buy get stock for all.
 * The buyers, BUYERS at a time, fill baskets and submit them with `createOrder` (what `POST orders` calls;
 * over HTTP this took too long on PGlite). It is made on PostgreSQL and copied, the same rows, into each
 * database measured (a template database; PGlite loads pg_dump's data); the setup's mails are dropped. With
 * `--only embedded` it is made in PGlite itself.
 *
 * Run, per database: one approver alone first decides WARMUP requisitions one after another (JIT and caches;
 * a decision's time without load). Then each approver, over and over, takes one of the first BENCH_PAGE
 * requisitions still pending in a shared shuffled list (the first page of the approver view, which all of
 * them see) and PATCHes it APPROVED; a requisition leaves the list once a decision of it is answered.
 * Approvers who took the same one at the same time collide: one gets 200, the others 409
 * requisition.already_decided.error.
 *
 * Asserted, else the exit code is 1: no 5xx, no answer but 200 and that 409; 200 answers = requisitions; and
 * from SQL: each requisition APPROVED with exactly one order number, the rows with an order number among them
 * = 200 answers, no order number twice in the orders table, each stage decided by the approver whose answer
 * was 200, each product's stock down by exactly what the approved requisitions ordered, one approval mail per
 * requisition; the approver view lists nothing pending. Reported per database: wall time, approvals per
 * second, p50/p95 of a decision, 409s, the API thread's busy time per answer (its event loop's utilization:
 * with twenty approvers waiting, p50 ≈ 20 × that, and it moves less with the machine's other load); and
 * PostgreSQL against the embedded database as ratios.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { driverOf, openDatabase, type Database, type Db } from '../commerce-api/db/client'
import {
  customers,
  inventories,
  mailEvents,
  mailOutbox,
  orders,
  prices,
  productLinks,
  productPromotions,
  products,
  promotions,
  requisitionStages,
  users,
} from '../commerce-api/db/schema'
import { DEMO_ADDRESS_IDS } from '../commerce-api/db/seed/checkout'
import { ensureDemoOrganization } from '../commerce-api/db/seed/organization'
import { DEMO_PASSWORD } from '../commerce-api/db/seed/people'
import { seedDatabase } from '../commerce-api/db/seed/seed'
import { addItems, createBasket } from '../commerce-api/domain/basket'
import { updateBasket } from '../commerce-api/domain/basket-edits'
import { MANDATORY_LINK_TYPES } from '../commerce-api/domain/mandatory'
import { createOrder } from '../commerce-api/domain/orders'
import { hashPassword } from '../commerce-api/domain/passwords'
import { setOpenTender } from '../commerce-api/domain/payments'
import { checkToken, loginWithPassword, type Principal } from '../commerce-api/domain/tokens'
import { numberBusinessUsers } from '../commerce-api/domain/users'
import { orderSnapshotOf } from '../commerce-api/icm/orders'
import { REQUISITION_MAIL } from '../commerce-api/mail/requisitions'
import { NO_LIMITS } from '../commerce-api/rate-limits'
import { buildServer } from '../commerce-api/server'
import { approveAllInWorker, call, decide, expectStatus, type Decision } from './lib/approvers'
import { binFolder, startPostgres } from './lib/postgres'
import { failAndExit, percentile, writeReport } from './lib/servers'

const USAGE = 'usage: tsx bench/requisition-approvals.ts [--postgres postgres://…] [--only embedded|postgres]'
const APPROVERS = Number(process.env.BENCH_APPROVERS ?? 20)
const REQUISITIONS = Number(process.env.BENCH_REQUISITIONS ?? 500)
const PAGE = Number(process.env.BENCH_PAGE ?? 25)
const PG_PORT = Number(process.env.BENCH_APPROVALS_PG_PORT ?? 55440)
/** The commerce API's loopback port (0: any free one). */
const API_PORT = Number(process.env.BENCH_APPROVALS_PORT ?? 0)
/** Issue 37's goal: a decision's p50 on the embedded database, under this bench's load. */
const GOAL_P50_MS = Number(process.env.BENCH_APPROVALS_GOAL_MS ?? 150)
/** A goal missed by more than this fails the run. */
const GOAL_TOLERANCE = 1.15
/** No run may take longer (a bound, not a target): what is left pending then is reported as a failure. */
const RUN_TIMEOUT_MS = 150_000
/** How long after the run the last decisions' mails may take to be rendered (a bound, not a target). */
const MAILS_RENDERED_WITHIN_MS = 5_000
const BUYERS = 10
const WARMUP = 10
const SEED_PRODUCTS = 300
const SKUS = 20
const STOCK = 1_000_000
const COMPANY = 'BC-200001'
const SITE = 'ironbridge-Site'
const EUR = ';loc=en_US;cur=EUR'
const HEAD_OFFICE = `urn:address:customer:${COMPANY}:${DEMO_ADDRESS_IDS.brightlineHeadOffice}`
const ALREADY_DECIDED = 'requisition.already_decided.error'
const SETUP_DB = 'bench_approvals_setup'
const RUN_DB = 'bench_approvals'

function parseArgs(argv: string[]) {
  const options: { postgres?: string; only?: 'embedded' | 'postgres' } = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--postgres' && argv[i + 1]) options.postgres = argv[++i]
    else if (arg === '--only' && (argv[i + 1] === 'embedded' || argv[i + 1] === 'postgres'))
      options.only = argv[++i] as 'embedded' | 'postgres'
    else throw new Error(`unknown argument ${arg}\n${USAGE}`)
  }
  return options
}

const log = (line: string) => console.error(`approvals: ${line}`)
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const since = (start: number) => (performance.now() - start) / 1000

// ---------------------------------------------------------------------------------------------------------
// Setup

/** What the setup made, the same in every database measured. */
type Fixture = {
  approvers: string[]
  requisitions: Submitted[]
  /** Stock of the products bought before any approval. */
  stock: Map<string, number>
  seconds: number
}

type Submitted = { id: string; sku: string; quantity: number }

/**
 * Products a requisition can be placed with, unchanged until approval: plain quantity rules, priced 5.00 to
 * 40.00 net in EUR without price tiers, no automatic promotion, no mandatory accessory, stock that is
 * counted; given STOCK pieces each.
 */
async function orderableSkus(db: Db): Promise<string[]> {
  const promoted = db
    .select({ sku: productPromotions.sku })
    .from(productPromotions)
    .innerJoin(promotions, eq(promotions.id, productPromotions.promotionId))
    .where(sql`${promotions.code} is null`)
  const mandatory = db
    .select({ sku: productLinks.sku })
    .from(productLinks)
    .where(inArray(productLinks.linkType, [...MANDATORY_LINK_TYPES]))
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .innerJoin(inventories, eq(inventories.sku, products.sku))
    .innerJoin(prices, and(eq(prices.sku, products.sku), eq(prices.currency, 'EUR')))
    .where(
      and(
        eq(products.kind, 'product'),
        eq(products.online, true),
        eq(products.minOrderQuantity, 1),
        eq(products.stepQuantity, 1),
        sql`${products.maxOrderQuantity} is null`,
        sql`${prices.saleNet} between 500 and 4000`,
        sql`jsonb_array_length(${prices.scaled}) = 0`,
        eq(inventories.alwaysInStock, false),
        notInArray(products.sku, promoted),
        notInArray(products.sku, mandatory),
      ),
    )
    .orderBy(products.sku)
    .limit(SKUS)
  if (rows.length < SKUS) throw new Error(`only ${rows.length} orderable products in the seed`)
  const skus = rows.map((r) => r.sku)
  await db.update(inventories).set({ stock: STOCK }).where(inArray(inventories.sku, skus))
  return skus
}

/** The bench's approvers and buyers in Brightline, with the demo password; their logins. */
async function addPeople(db: Db) {
  const [company] = await db.select().from(customers).where(eq(customers.customerNo, COMPANY))
  if (!company) throw new Error(`the demo company ${COMPANY} is missing`)
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const two = (n: number) => String(n).padStart(2, '0')
  const approvers = Array.from({ length: APPROVERS }, (_, i) => `bench-approver-${two(i + 1)}`)
  const buyers = Array.from({ length: BUYERS }, (_, i) => `bench-buyer-${two(i + 1)}`)
  const person = (login: string, firstName: string, roles: string[]) => ({
    customerNo: COMPANY,
    login,
    email: `${login}@brightline.test`,
    passwordHash,
    title: 'Ms.',
    firstName,
    lastName: login.slice(-2),
    preferredLanguage: 'en_US',
    roles,
  })
  await db.insert(users).values([
    ...approvers.map((l) => person(l, 'Approver', ['APP_B2B_BUYER', 'APP_B2B_APPROVER'])),
    // Every basket above 1.00 EUR needs approval; no budget for the period.
    ...buyers.map((l) => ({
      ...person(l, 'Buyer', ['APP_B2B_BUYER']),
      orderSpentLimit: 100,
      budget: null,
      budgetPeriod: null,
      budgetCurrency: 'EUR',
    })),
  ])
  await numberBusinessUsers(db)
  return { approvers, buyers }
}

/** A user's principal as the API sees it with a fresh token of theirs. */
async function principalOf(db: Db, user: string): Promise<Principal> {
  const login = await loginWithPassword(db, user, DEMO_PASSWORD)
  if (!login.ok) throw new Error(`${user} cannot log in`)
  const check = await checkToken(db, login.grant.access_token)
  if (check.status !== 'valid') throw new Error(`the token of ${user} is ${check.status}`)
  return check.principal
}

/**
 * A buyer's basket of one product with the company's head office, standard shipping and invoice, submitted
 * with `createOrder`: a pending requisition.
 */
async function submitRequisition(db: Db, buyer: Principal, sku: string, quantity: number) {
  const basket = await createBasket(db, buyer, 'EUR')
  await addItems(db, basket, 'en_US', [{ sku, quantity }])
  const ready = await updateBasket(
    db,
    basket,
    { invoiceToAddress: HEAD_OFFICE, commonShipToAddress: HEAD_OFFICE, commonShippingMethod: 'STD_GROUND' },
    buyer,
  )
  await setOpenTender(db, ready, buyer, 'en_US', { paymentInstrument: 'INVOICE' }, 'http://127.0.0.1')
  const result = await createOrder(
    db,
    buyer,
    'en_US',
    { basketId: basket.id, termsAccepted: true },
    orderSnapshotOf,
  )
  if (result.outcome !== 'requisition' || !result.created)
    throw new Error(`the basket of ${sku} became no requisition but: ${result.outcome}`)
  if (result.order.order.approvalStatus !== 'PENDING' || result.order.order.documentNumber !== null)
    throw new Error(`the requisition of ${sku} is not pending`)
  return { id: result.order.order.id, sku, quantity } satisfies Submitted
}

/** Seeds an empty database and submits the requisitions (see the file's comment). */
async function prepare(db: Db): Promise<Fixture> {
  const startedAt = performance.now()
  await seedDatabase(db, { products: SEED_PRODUCTS })
  await ensureDemoOrganization(db)
  const skus = await orderableSkus(db)
  const people = await addPeople(db)
  const buyers = await Promise.all(people.buyers.map((l) => principalOf(db, l)))
  const count = REQUISITIONS + WARMUP
  log(`setup: ${BUYERS} buyers submit ${count} requisitions`)
  const requisitions: Submitted[] = []
  let next = 0
  await Promise.all(
    buyers.map(async (buyer) => {
      while (next < count) {
        const n = next++
        requisitions.push(await submitRequisition(db, buyer, skus[n % skus.length]!, 1 + (n % 3)))
      }
    }),
  )
  // What the setup queued is not the run's: the run counts its own approval mails.
  await db.delete(mailOutbox)
  const stock = await db
    .select({ sku: inventories.sku, stock: inventories.stock })
    .from(inventories)
    .where(inArray(inventories.sku, skus))
  const seconds = since(startedAt)
  log(`setup: done in ${seconds.toFixed(1)} s`)
  return {
    approvers: people.approvers,
    requisitions,
    stock: new Map(stock.map((r) => [r.sku, r.stock])),
    seconds,
  }
}

/** The data of a PostgreSQL database (pg_dump's text, without the migrations' bookkeeping). */
function dumpData(url: string): string {
  const dump = spawnSync(
    path.join(binFolder(), 'pg_dump'),
    ['--data-only', '--exclude-schema=drizzle', `--dbname=${url}`],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  )
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr || dump.error?.message}`)
  return dump.stdout
}

/**
 * Replaces the data of a migrated PGlite database with pg_dump's: every table's rows by COPY, then the
 * sequences; the rows' references are checked when the whole copy is in (no trigger runs while loading).
 */
async function loadData(database: Database, dump: string) {
  const driver = driverOf(database.db)
  if (driver.kind !== 'pglite') throw new Error('loadData: PGlite only')
  const client = driver.client
  const copies: { table: string; statement: string; data: string }[] = []
  const sequences: string[] = []
  const lines = dump.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const copy = /^COPY (\S+) \(.*\) FROM stdin;$/.exec(line)
    if (copy) {
      const end = lines.indexOf('\\.', i)
      copies.push({
        table: copy[1]!,
        statement: line.replace(/FROM stdin;$/, "FROM '/dev/blob'"),
        data: lines.slice(i + 1, end).join('\n') + (end > i + 1 ? '\n' : ''),
      })
      i = end
    } else if (line.startsWith('SELECT pg_catalog.setval(')) sequences.push(line)
  }
  await client.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`)
    await tx.exec(`truncate ${copies.map((c) => c.table).join(', ')} cascade`)
    for (const { statement, data } of copies)
      if (data) await tx.query(statement, [], { blob: new Blob([data]) })
    for (const statement of sequences) await tx.exec(statement)
  })
  await client.exec('analyze')
}

async function createDatabase(server: string, name: string, template?: string) {
  const client = new pg.Client({ connectionString: server })
  await client.connect()
  try {
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  } finally {
    await client.end()
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

async function aboutServer(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const version = await client.query<{ server_version: string }>('show server_version')
    const settings = await client.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit') order by name",
    )
    return `PostgreSQL ${version.rows[0]!.server_version.split(' ')[0]} on loopback TCP (${settings.rows.map((s) => `${s.name}=${s.setting}`).join(', ')}), pool of ${process.env.DB_POOL_SIZE ?? 10}`
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run

type Shop = { db: Db; url: (p: string) => string; close: () => Promise<void> }

async function startShop(database: Database): Promise<Shop> {
  const app = buildServer({ db: database.db, site: SITE, protection: { limits: NO_LIMITS } })
  const address = await app.listen({ port: API_PORT, host: '127.0.0.1' })
  return {
    db: database.db,
    url: (p) => `${address}/INTERSHOP/rest/WFS/${SITE}/-${EUR}/${p}`,
    close: () => app.close(),
  }
}

async function login(shop: Shop, user: string) {
  const grant = await call(shop.url('token'), {
    method: 'POST',
    form: { grant_type: 'password', username: user, password: DEMO_PASSWORD },
  })
  return expectStatus(grant, 200, `login of ${user}`).json!.access_token!
}

type Check = { what: string; ok: boolean; detail: string }

type Result = {
  name: string
  detail: string
  seconds: number
  decisions: Decision[]
  alone: number[]
  /** Milliseconds the API's event loop (this process's main thread) was busy during the run. */
  apiBusyMs: number
  checks: Check[]
}

/** The answers' and the database's account of the run (see the file's comment). */
async function verify(
  shop: Shop,
  fixture: Fixture,
  ids: string[],
  decisions: Decision[],
  approverToken: string,
) {
  const { db } = shop
  const checks: Check[] = []
  const check = (what: string, ok: boolean, detail: string) => checks.push({ what, ok, detail })
  const approved = decisions.filter((d) => d.status === 200)
  const conflicts = decisions.filter((d) => d.status === 409)
  const others = decisions.filter((d) => d.status !== 200 && d.status !== 409)
  const failed = decisions.filter((d) => d.status >= 500 || d.status === 0)
  const wrongConflicts = conflicts.filter((d) => d.errorKey !== ALREADY_DECIDED)
  check('no 5xx', failed.length === 0, `${failed.length} 5xx answers or failed requests`)
  check(
    'answers are 200 or 409 already_decided',
    others.length === 0 && wrongConflicts.length === 0,
    `${others.length} other answers, ${wrongConflicts.length} 409s with another error key` +
      [...others, ...wrongConflicts]
        .slice(0, 3)
        .map((d) => `; ${d.status} ${d.errorKey}`)
        .join(''),
  )
  const approvedIds = new Set(approved.map((d) => d.id))
  check(
    '200 answers = requisitions, one each',
    approved.length === ids.length && approvedIds.size === ids.length,
    `${approved.length} answers 200 for ${approvedIds.size} of ${ids.length} requisitions`,
  )

  const rows = await db
    .select({
      id: orders.id,
      documentNumber: orders.documentNumber,
      approvalStatus: orders.approvalStatus,
      statusCode: orders.statusCode,
    })
    .from(orders)
    .where(inArray(orders.id, ids))
  const numbered = rows.filter((r) => r.documentNumber !== null)
  const placed = rows.filter((r) => r.approvalStatus === 'APPROVED' && r.statusCode === 'NEW')
  check(
    'each requisition has exactly one order number',
    rows.length === ids.length && numbered.length === ids.length && placed.length === ids.length,
    `${rows.length} rows, ${numbered.length} with an order number, ${placed.length} APPROVED and NEW`,
  )
  check(
    'rows with an order number = 200 answers',
    numbered.length === approved.length,
    `${numbered.length} rows, ${approved.length} answers 200`,
  )
  const [twice] = rowsOf<{ numbers: number; baskets: number }>(
    await db.execute(sql`select
      (select count(*)::int from (select document_number from orders where document_number is not null
        group by document_number having count(*) > 1) n) as numbers,
      (select count(*)::int from (select basket_id from orders group by basket_id having count(*) > 1) b) as baskets`),
  )
  check(
    'no order number twice, one order per basket',
    twice!.numbers === 0 && twice!.baskets === 0,
    `${twice!.numbers} order numbers more than once, ${twice!.baskets} baskets with more than one order`,
  )

  const approverRows = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, fixture.approvers))
  const idOf = new Map(approverRows.map((r) => [r.login, r.id]))
  const deciderOf = new Map(approved.map((d) => [d.id, idOf.get(d.approver)]))
  const stages = await db
    .select({
      orderId: requisitionStages.orderId,
      statusCode: requisitionStages.statusCode,
      decidedBy: requisitionStages.decidedBy,
    })
    .from(requisitionStages)
    .where(inArray(requisitionStages.orderId, ids))
  const wrongStages = stages.filter(
    (s) => s.statusCode !== 'APPROVED' || s.decidedBy !== deciderOf.get(s.orderId),
  )
  check(
    'each decided by the approver answered 200',
    stages.length === ids.length && wrongStages.length === 0,
    `${stages.length} stages, ${wrongStages.length} not APPROVED by the approver whose answer was 200`,
  )

  // Every requisition is approved by now (the warm-up ones too): each took its quantity once.
  const ordered = new Map<string, number>()
  for (const r of fixture.requisitions) ordered.set(r.sku, (ordered.get(r.sku) ?? 0) + r.quantity)
  const stockAfter = await db
    .select({ sku: inventories.sku, stock: inventories.stock })
    .from(inventories)
    .where(inArray(inventories.sku, [...ordered.keys()]))
  const takenOf = (s: { sku: string; stock: number }) => fixture.stock.get(s.sku)! - s.stock
  const off = stockAfter.filter((s) => takenOf(s) !== ordered.get(s.sku))
  const taken = stockAfter.reduce((sum, s) => sum + takenOf(s), 0)
  const expected = [...ordered.values()].reduce((a, b) => a + b, 0)
  check(
    'stock taken once per approval',
    off.length === 0 && stockAfter.length === ordered.size,
    `${taken} pieces taken for ${expected} ordered; ${off.length} products off`,
  )

  // A decision's mails are rendered just after its commit (mail/deferred.ts): the last ones may be under way.
  const renderedBy = performance.now() + MAILS_RENDERED_WITHIN_MS
  let waiting = await db.$count(mailEvents)
  while (waiting > 0 && performance.now() < renderedBy) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    waiting = await db.$count(mailEvents)
  }
  check('every decision’s mails rendered', waiting === 0, `${waiting} events not rendered after the run`)
  const [mails] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, REQUISITION_MAIL.approved))
  check(
    'one approval mail per requisition',
    mails!.n === fixture.requisitions.length,
    `${mails!.n} approval mails for ${fixture.requisitions.length} requisitions (warm-up included)`,
  )

  const view = await call(shop.url('customers/-/users/-/requisitions?view=approver&status=PENDING'), {
    token: approverToken,
  })
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(isNotNull(orders.requisitionNo), eq(orders.approvalStatus, 'PENDING')))
  check(
    'nothing left pending',
    view.status === 200 && view.json?.info?.total === 0 && left!.n === 0,
    `approver view: ${view.status}, total ${view.json?.info?.total}; pending rows: ${left!.n}`,
  )
  return checks
}

/** Warm-up, run and checks on a database that holds the fixture. */
async function measure(name: string, detail: string, database: Database, fixture: Fixture): Promise<Result> {
  const shop = await startShop(database)
  try {
    const approvers = await Promise.all(
      fixture.approvers.map(async (l) => ({ login: l, token: await login(shop, l) })),
    )
    // One approver alone decides the warm-up requisitions: JIT, caches, and a decision's time without load.
    const alone: number[] = []
    for (const { id } of fixture.requisitions.slice(0, WARMUP)) {
      const answer = expectStatus(
        await decide(shop.url(`customers/-/users/-/requisitions/${id}`), approvers[0]!.token),
        200,
        'warm-up decision',
      )
      alone.push(answer.ms)
    }
    const ids = fixture.requisitions.slice(WARMUP).map((r) => r.id)
    log(`${name}: ${approvers.length} approvers decide ${ids.length} requisitions`)
    // What the API's thread did, for a figure that does not move with the machine's other load as latency does.
    const idleBefore = performance.eventLoopUtilization()
    const run = await approveAllInWorker({
      requisitionUrl: shop.url('customers/-/users/-/requisitions/{id}'),
      approvers,
      ids,
      page: PAGE,
      timeoutMs: RUN_TIMEOUT_MS,
    })
    const apiBusyMs = performance.eventLoopUtilization(idleBefore).active
    log(`${name}: done in ${run.seconds.toFixed(1)} s; checking`)
    const checks = await verify(shop, fixture, ids, run.decisions, approvers[0]!.token)
    if (run.leftPending)
      checks.push({
        what: `decided within ${RUN_TIMEOUT_MS / 1000} s`,
        ok: false,
        detail: `${run.leftPending} never decided`,
      })
    return { name, detail, seconds: run.seconds, decisions: run.decisions, alone, apiBusyMs, checks }
  } finally {
    await shop.close()
  }
}

// ---------------------------------------------------------------------------------------------------------
// Report

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–')
const ascending = (values: number[]) => values.filter(Number.isFinite).sort((a, b) => a - b)

function figures(result: Result) {
  const approved = result.decisions.filter((d) => d.status === 200)
  const conflicts = result.decisions.filter((d) => d.status === 409)
  const all = ascending(result.decisions.map((d) => d.ms))
  return {
    name: result.name,
    seconds: result.seconds,
    perSecond: approved.length / result.seconds,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p50approved: percentile(ascending(approved.map((d) => d.ms)), 50),
    p50conflict: percentile(ascending(conflicts.map((d) => d.ms)), 50),
    alone: percentile(ascending(result.alone), 50),
    apiPerAnswer: result.apiBusyMs / result.decisions.length,
    approved: approved.length,
    conflicts: conflicts.length,
    failed: result.decisions.filter((d) => d.status >= 500 || d.status === 0).length,
  }
}

function report(fixture: Fixture, setup: string, results: Result[]) {
  const rows = results.map(figures)
  const lines = [
    `# Requisition approvals (${new Date().toISOString()})`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; the commerce API in this process on 127.0.0.1, the approvers in a worker thread.`,
    `Setup: ${fixture.requisitions.length} requisitions of ${BUYERS} buyers, ${SEED_PRODUCTS} products, ${setup} in ${fixture.seconds.toFixed(0)} s.`,
    `Run: ${APPROVERS} approvers decide ${REQUISITIONS} pending requisitions at once, each taking one of the first ${PAGE} still pending at random; before, one approver alone decides ${WARMUP}.`,
    ...results.map((r) => `- ${r.name}: ${r.detail}`),
    '',
    '| database | wall s | approvals/s | p50 ms | p95 ms | p50 200 ms | p50 409 ms | p50 alone ms | API thread ms per answer | 200 | 409 | 5xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (f) =>
        `| ${f.name} | ${f.seconds.toFixed(1)} | ${f.perSecond.toFixed(1)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p50approved)} | ${ms(f.p50conflict)} | ${ms(f.alone)} | ${f.apiPerAnswer.toFixed(2)} | ${f.approved} | ${f.conflicts} | ${f.failed} |`,
    ),
  ]
  const embedded = rows.find((r) => r.name === 'embedded')
  const postgres = rows.find((r) => r.name === 'PostgreSQL')
  if (embedded && postgres) {
    const ratio = (key: keyof typeof embedded) => {
      const value = (postgres[key] as number) / (embedded[key] as number)
      return Number.isFinite(value) ? value.toFixed(2) : '–'
    }
    lines.push(
      `| PostgreSQL ÷ embedded | ${ratio('seconds')} | ${ratio('perSecond')} | ${ratio('p50')} | ${ratio('p95')} | ${ratio('p50approved')} | ${ratio('p50conflict')} | ${ratio('alone')} | ${ratio('apiPerAnswer')} | | | |`,
    )
  }
  if (embedded) {
    const met = embedded.p50 <= GOAL_P50_MS
    const within = embedded.p50 <= GOAL_P50_MS * GOAL_TOLERANCE
    lines.push(
      '',
      `Goal (issue 37): a decision's p50 on the embedded database ≤ ${GOAL_P50_MS} ms: ${ms(embedded.p50)} ms, ` +
        (met ? 'met' : within ? 'missed, within 15 %' : 'MISSED by more than 15 %') +
        ` (p50 of the approvals alone ${ms(embedded.p50approved)} ms, of one approver alone ${ms(embedded.alone)} ms).`,
    )
  }
  for (const r of results) {
    lines.push('', `${r.name}, checks:`)
    for (const c of r.checks) lines.push(`- ${c.ok ? 'ok' : 'FAILED'}: ${c.what} (${c.detail})`)
  }
  writeReport('requisition-approvals', lines.join('\n'))
  return !embedded || embedded.p50 <= GOAL_P50_MS * GOAL_TOLERANCE
}

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const startedAt = performance.now()
  const results: Result[] = []
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-approvals-'))
  const cleanUp = () => rmSync(folder, { recursive: true, force: true })
  process.on('exit', cleanUp)
  const embedded = async (fill: (database: Database) => Promise<void>) => {
    const database = await openDatabase({ dataDir: path.join(folder, 'pglite') })
    try {
      await fill(database)
      return await measure('embedded', 'PGlite in a fresh data folder, in this process', database, fixture!)
    } finally {
      await database.close()
    }
  }
  let fixture: Fixture | undefined
  let setup: string

  if (options.only === 'embedded') {
    setup = 'made in PGlite'
    results.push(
      await embedded(async (database) => {
        fixture = await prepare(database.db)
      }),
    )
  } else {
    let server = options.postgres
    let stop = () => {}
    if (!server) {
      const started = await startPostgres(PG_PORT)
      log(`${started.version} on 127.0.0.1:${PG_PORT}`)
      server = started.url
      stop = started.stop
    }
    try {
      const setupUrl = await createDatabase(server, SETUP_DB)
      const setupDatabase = await openDatabase({ databaseUrl: setupUrl })
      try {
        fixture = await prepare(setupDatabase.db)
      } finally {
        await setupDatabase.close()
      }
      setup = 'made on PostgreSQL and copied into each database'
      if (options.only !== 'postgres') {
        const copiedAt = performance.now()
        const dump = dumpData(setupUrl)
        results.push(
          await embedded(async (database) => {
            await loadData(database, dump)
            log(`embedded: the setup's data copied in ${since(copiedAt).toFixed(1)} s`)
          }),
        )
      }
      const url = await createDatabase(server, RUN_DB, SETUP_DB)
      const database = await openDatabase({ databaseUrl: url })
      try {
        await database.db.execute(sql`analyze`)
        results.push(await measure('PostgreSQL', await aboutServer(url), database, fixture))
      } finally {
        await database.close()
      }
    } finally {
      stop()
    }
  }
  cleanUp()
  const goalMet = report(fixture!, setup, results)
  log(`total ${since(startedAt).toFixed(0)} s`)
  process.exit(goalMet && results.every((r) => r.checks.every((c) => c.ok)) ? 0 : 1)
}

main().catch(failAndExit)
