/**
 * `npm run quotes` (commerce-api/cli/quotes.ts) as an operator runs it: a separate process against the API over
 * HTTP. Wrong usage is explained and exits 2 before anything is sent; a request is listed, answered with a
 * discount and a price of its own, and the buyer is mailed; a second answer is the API's refusal, exit 1.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discounted } from '../../commerce-api/domain/quotes'
import { minor, sellableSkus, userToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'
import { mailsTo, OPERATOR_TOKEN } from './order-fixtures'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let api: Api
let skus: string[]
let token: string
beforeAll(async () => {
  api = await startApi({ products: 60, backofficeToken: OPERATOR_TOKEN })
  skus = await sellableSkus(api, 2)
  token = await userToken(api, 'bbuyer')
})
afterAll(async () => {
  await api?.close()
})

function runCli(args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ status: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'commerce-api/cli/quotes.ts', ...args],
      {
        cwd: root,
        env: {
          NODE_ENV: 'test',
          PATH: process.env.PATH,
          BACKOFFICE_URL: api.origin,
          BACKOFFICE_TOKEN: OPERATOR_TOKEN,
          DATA_DIR: path.join(root, 'no-such-data-dir'),
          ...env,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, out: string, err: string) => resolve({ status: error ? Number(error.code ?? 1) : 0, out, err }),
    )
  })
}

const EUR = ';loc=en_US;cur=EUR'
const url = (rest: string) => api.url(`customers/-/users/-/${rest}`, EUR)

describe('npm run quotes', () => {
  it('explains its usage and exits 2 on wrong arguments', async () => {
    for (const args of [
      [],
      ['respond'],
      ['respond', '2001', '--price', 'nope'],
      ['respond', '2001', '--discount', '150'],
      ['respond', '2001', '--valid', '3', '--valid-until', '2030-01-01'],
      ['reject', '2001', '--comment', 'x'],
      ['show', 'no/such'],
      ['list', '--limit', 'many'],
      ['accept', '2001'],
    ]) {
      const run = await runCli(args)
      expect(run.status, args.join(' ')).toBe(2)
      expect(run.err, args.join(' ')).toContain('Usage: npm run quotes -- <command> [options]')
    }
  })

  it('lists a submitted request and answers it; a second answer is refused with exit status 1', async () => {
    const created = await call(url('quoterequests'), { method: 'POST', token })
    const id = created.json.title
    for (const [sku, quantity] of [
      [skus[0], 4],
      [skus[1], 2],
    ] as const)
      await call(url(`quoterequests/${id}/items`), {
        method: 'POST',
        token,
        json: { productSKU: sku, quantity: { value: quantity } },
      })
    await call(url('quotes'), { method: 'POST', token, json: { quoteRequestID: id } })
    const request = await call(url(`quoterequests/${id}`), { token })
    const number = request.json.number as string

    const listed = await runCli(['list'])
    expect(listed.status).toBe(0)
    expect(listed.out).toContain(number)

    const answered = await runCli([
      'respond',
      number,
      '--discount',
      '10',
      '--price',
      `${skus[1]}=2.50`,
      '--valid',
      '5',
      '--comment',
      'Framework price',
    ])
    expect(answered.err).toBe('')
    expect(answered.status).toBe(0)
    expect(answered.out).toContain(`Quote request ${number}`)
    expect(answered.out).toContain('responded')

    const quoteID = (await call(url(`quoterequests/${id}`), { token })).json.quoteID
    const quote = await call(url(`quotes/${quoteID}`), { token })
    const bySku = new Map(quote.json.items.map((i: any) => [i.productSKU, i]))
    const first: any = bySku.get(skus[0])
    expect(minor(first.singlePrice)).toBe(discounted(minor(first.originSinglePrice), 10))
    expect(minor((bySku.get(skus[1]) as any).singlePrice)).toBe(250)
    expect(quote.json.sellerComment).toBe('Framework price')
    expect(await mailsTo(api, 'bbuyer@brightline.test', 'quote-responded')).not.toHaveLength(0)

    const again = await runCli(['reject', number, '--reason', 'late'])
    expect(again.status).toBe(1)
    expect(again.err).toContain('quoting.quote_request.already_responded.error')
  })
})
