/**
 * `npm run orders` (commerce-api/cli/orders.ts) as an operator runs it: a separate process against the API
 * over HTTP. Wrong usage is explained and exits 2 before anything is sent; the API's refusals are printed and
 * exit 1; a shipment moves the order and queues the customer's mail; the token comes from BACKOFFICE_TOKEN or
 * from the file `npm start` keeps in DATA_DIR.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../commerce-api/db/schema'
import { guestAddress, sellableSkus } from './checkout-fixtures'
import { startApi, type Api } from './harness'
import { guestOrder, mailsTo, OPERATOR_TOKEN } from './order-fixtures'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const emptyDataDir = mkdtempSync(path.join(tmpdir(), 'orders-cli-'))

let api: Api
let skus: string[]
beforeAll(async () => {
  api = await startApi({ products: 60, backofficeToken: OPERATOR_TOKEN })
  skus = await sellableSkus(api, 2)
})
afterAll(async () => {
  await api?.close()
  rmSync(emptyDataDir, { recursive: true, force: true })
})

/** Runs the command line in its own process; its exit status and output. */
function runCli(args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ status: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'commerce-api/cli/orders.ts', ...args],
      {
        cwd: root,
        // The operator's environment: only what the command reads, and no token from this process's own.
        env: {
          NODE_ENV: 'test',
          PATH: process.env.PATH,
          BACKOFFICE_URL: api.origin,
          BACKOFFICE_TOKEN: OPERATOR_TOKEN,
          DATA_DIR: emptyDataDir,
          ...env,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, out: string, err: string) => resolve({ status: error ? Number(error.code ?? 1) : 0, out, err }),
    )
  })
}

const statusOf = async (no: string) =>
  (await api.database.db.select().from(orders).where(eq(orders.documentNumber, no)))[0]!.statusCode

describe('npm run orders', () => {
  it('explains its usage and exits 2 on wrong arguments, sending nothing', async () => {
    const order = await guestOrder(api, [{ sku: skus[0]!, quantity: 1 }], {
      address: guestAddress({ email: 'cli-usage@example.test' }),
    })
    for (const args of [
      [],
      ['ship'],
      ['ship', order.documentNumber],
      ['ship', order.documentNumber, '--carrier', 'DHL'],
      ['ship', order.documentNumber, '--carrier', 'DHL', '--tracking', '1', '--lines', '1,x'],
      ['ship', 'no/such', '--carrier', 'DHL', '--tracking', '1'],
      ['cancel', order.documentNumber, order.documentNumber],
      ['cancel', order.documentNumber, '--carrier', 'DHL'],
      ['list', '--limit', 'many'],
      ['refund', order.documentNumber],
      ['list', '--colour', 'red'],
    ]) {
      const run = await runCli(args)
      expect(run.status, args.join(' ')).toBe(2)
      expect(run.err, args.join(' ')).toContain('Usage: npm run orders -- <command> [options]')
    }
    const noToken = await runCli(['list'], { BACKOFFICE_TOKEN: undefined })
    expect(noToken.status).toBe(2)
    expect(noToken.err).toContain('BACKOFFICE_TOKEN')
    expect(await statusOf(order.documentNumber)).toBe('NEW')
  })

  it('ships lines with a tracking link, lists by status, and prints refusals with exit status 1', async () => {
    const address = guestAddress({ email: 'cli@example.test' })
    const order = await guestOrder(
      api,
      [
        { sku: skus[0]!, quantity: 1 },
        { sku: skus[1]!, quantity: 2 },
      ],
      { address },
    )
    const no = order.documentNumber
    const shipped = await runCli([
      'ship',
      no,
      '--carrier',
      'DHL',
      '--tracking',
      '00340434161094042557',
      '--lines',
      '1',
    ])
    expect(shipped.err).toBe('')
    expect(shipped.status).toBe(0)
    expect(shipped.out).toContain(`Order ${no}: Partly shipped (INPROGRESS)`)
    expect(shipped.out).toContain(
      'parcel: DHL 00340434161094042557 (lines 1) https://www.dhl.com/de-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=00340434161094042557',
    )
    expect(await statusOf(no)).toBe('INPROGRESS')
    expect(await mailsTo(api, 'cli@example.test', 'order.shipped')).toHaveLength(1)

    const listed = await runCli(['list', '--status', 'INPROGRESS', '--limit', '100'])
    expect(listed.status).toBe(0)
    expect(listed.out).toMatch(new RegExp(`^${no}\\s+\\d{4}-\\d{2}-\\d{2}\\s+INPROGRESS`, 'm'))

    const refused = await runCli(['cancel', no])
    expect(refused.status).toBe(1)
    expect(refused.err).toContain('order.status.transition.error: Part of the order has been shipped')
    const unknown = await runCli(['show', '99999999'])
    expect(unknown.status).toBe(1)
    expect(unknown.err).toContain('order.not_found.error')

    const rest = await runCli(['ship', no, '--carrier', 'Spedition Meyer', '--tracking', 'M-4711'])
    expect(rest.out).toContain(`Order ${no}: Shipped (COMPLETED)`)
    const delivered = await runCli(['deliver', no])
    expect(delivered.status).toBe(0)
    expect(delivered.out).toContain(`Order ${no}: Delivered (DELIVERED)`)
    expect(await statusOf(no)).toBe('DELIVERED')
  })

  it('reads the token npm start keeps, and says so when the token is wrong or the API unreachable', async () => {
    const order = await guestOrder(api, [{ sku: skus[0]!, quantity: 1 }], {
      address: guestAddress({ email: 'cli-token@example.test' }),
    })
    const dataDir = mkdtempSync(path.join(tmpdir(), 'orders-cli-kept-'))
    try {
      writeFileSync(path.join(dataDir, 'backoffice-token'), `${OPERATOR_TOKEN}\n`)
      const kept = await runCli(['process', order.documentNumber], {
        BACKOFFICE_TOKEN: undefined,
        DATA_DIR: dataDir,
      })
      expect(kept.status).toBe(0)
      expect(kept.out).toContain('In progress (INPROGRESS)')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    const wrong = await runCli(['show', order.documentNumber], {
      BACKOFFICE_TOKEN: 'not-the-operator-token-at-all',
    })
    expect(wrong.status).toBe(1)
    expect(wrong.err).toContain('backoffice.token.invalid')
    const away = await runCli(['list'], { BACKOFFICE_URL: 'http://127.0.0.1:9' })
    expect(away.status).toBe(1)
    expect(away.err).toContain('cannot be reached')
  })
})
