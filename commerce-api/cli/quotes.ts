/**
 * `npm run quotes -- <command>`: the operator's command line over the quote requests of the back office
 * (routes/backoffice-quotes.ts, ADR 0040). It lists submitted requests, shows one, answers it with a quote
 * (prices per product, or the list price less a discount; a validity; a comment) or declines it. Each answer
 * sends the buyer's mail. The API and its token come from the environment as for `npm run orders`.
 * Exit status: 0 done, 1 refused or unreachable, 2 wrong usage.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  callBackoffice,
  CONNECTION_HELP,
  oneNumber,
  parseCommand,
  setPaging,
  UsageError,
  wholeNumber,
  type Env,
  type Io,
} from './backoffice-client'

export const USAGE = `Usage: npm run quotes -- <command> [options]

Commands:
  list [--all] [--limit N] [--offset N]
                                 submitted quote requests waiting for an answer, oldest first
                                 (--all: answered ones too)
  show <request number>          a request with its lines and its quote, if answered
  respond <request number> [--discount PERCENT] [--price SKU=AMOUNT …]
          [--valid DAYS | --valid-until YYYY-MM-DD] [--comment TEXT]
                                 answer with a quote: each --price sets one product's net price per piece
                                 (repeat it), the other lines get the list price less --discount (default 0);
                                 valid from now for --valid days (default 14) or through --valid-until
  reject <request number> [--reason TEXT]
                                 decline the request, telling the buyer why

${CONNECTION_HELP}`

function decimal(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(value))
    throw new UsageError(`--${name} takes an amount such as 12.50, got '${value}'`)
  return Number(value)
}

function prices(values: string[] | undefined) {
  return (values ?? []).map((entry) => {
    const at = entry.lastIndexOf('=')
    if (at < 1) throw new UsageError(`--price takes SKU=AMOUNT, e.g. --price 1000123=12.50; got '${entry}'`)
    return { sku: entry.slice(0, at), price: decimal(entry.slice(at + 1), 'price')! }
  })
}

/** The call a command line asks for: method, path under /backoffice, and the JSON body. */
export function requestOf(args: string[]): { method: string; path: string; body?: unknown } {
  const { command, values, positionals } = parseCommand(
    args,
    {
      all: { type: 'boolean' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      discount: { type: 'string' },
      price: { type: 'string', multiple: true },
      valid: { type: 'string' },
      'valid-until': { type: 'string' },
      comment: { type: 'string' },
      reason: { type: 'string' },
    },
    {
      list: ['all', 'limit', 'offset'],
      show: [],
      respond: ['discount', 'price', 'valid', 'valid-until', 'comment'],
      reject: ['reason'],
    },
  )
  if (command === 'list') {
    if (positionals.length)
      throw new UsageError(`list takes no request number, got: ${positionals.join(' ')}`)
    const query = new URLSearchParams()
    if (values.all) query.set('all', 'true')
    setPaging(query, values)
    const search = query.toString()
    return { method: 'GET', path: `/backoffice/quoterequests${search ? `?${search}` : ''}` }
  }
  const no = oneNumber(positionals, command, 'request number', 'npm run quotes -- %s 2001')
  if (command === 'show') return { method: 'GET', path: `/backoffice/quoterequests/${no}` }
  if (command === 'reject')
    return {
      method: 'POST',
      path: `/backoffice/quoterequests/${no}/rejection`,
      body: values.reason ? { reason: values.reason } : {},
    }
  if (values.valid !== undefined && values['valid-until'] !== undefined)
    throw new UsageError('respond takes --valid or --valid-until, not both')
  const until = values['valid-until']
  if (until !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(until))
    throw new UsageError(`--valid-until takes a date YYYY-MM-DD, got '${until}'`)
  const discount = decimal(values.discount, 'discount')
  if (discount !== undefined && discount >= 100) throw new UsageError('--discount is below 100 (percent)')
  const lines = prices(values.price)
  return {
    method: 'POST',
    path: `/backoffice/quoterequests/${no}/quote`,
    body: {
      ...(lines.length ? { lines } : {}),
      ...(discount !== undefined ? { discountPercent: discount } : {}),
      ...(values.valid !== undefined ? { validDays: wholeNumber(values.valid, 'valid') } : {}),
      ...(until !== undefined ? { validUntil: until } : {}),
      ...(values.comment ? { sellerComment: values.comment } : {}),
    },
  }
}

type Money = { value: number; currency: string }
type RequestJson = {
  number: string
  displayName: string
  customerNo: string
  buyer: { login: string; email: string; name: string }
  submittedDate: string
  state: string
  currency: string
  items: { position: number; sku: string; quantity: number; note?: string; listPrice: Money | null }[]
  quote?: {
    number: string
    state: string
    validFrom: string
    validTo: string
    total: Money
    sellerComment?: string
    items: { position: number; sku: string; quantity: number; price: Money }[]
  }
}

const money = (amount: Money | null | undefined) =>
  amount ? `${amount.value.toFixed(2)} ${amount.currency}` : 'on request'

function summaryLine(request: RequestJson) {
  return [
    request.number.padEnd(8),
    request.submittedDate.slice(0, 10),
    request.state.padEnd(10),
    request.customerNo.padEnd(10),
    request.buyer.email.padEnd(30),
    `${request.items.length} lines`,
  ].join('  ')
}

function detailLines(request: RequestJson): string[] {
  const quote = request.quote
  return [
    `Quote request ${request.number} "${request.displayName}": ${request.state}, submitted ${request.submittedDate.slice(0, 10)}` +
      ` by ${request.buyer.name} <${request.buyer.email}> (${request.customerNo})`,
    ...request.items.map(
      (line) =>
        `  ${String(line.position).padStart(3)}  ${line.sku.padEnd(12)} ${String(line.quantity).padStart(6)} × list ${money(line.listPrice)}` +
        (line.note ? `  (${line.note})` : ''),
    ),
    ...(quote
      ? [
          `Quote ${quote.number}: ${quote.state}, valid ${quote.validFrom.slice(0, 10)} to ${quote.validTo.slice(0, 10)}, total ${money(quote.total)}`,
          ...quote.items.map(
            (line) =>
              `  ${String(line.position).padStart(3)}  ${line.sku.padEnd(12)} ${String(line.quantity).padStart(6)} × ${money(line.price)}`,
          ),
          ...(quote.sellerComment ? [`  comment: ${quote.sellerComment}`] : []),
        ]
      : []),
  ]
}

/** Runs one command line; resolves to the exit status. */
export async function runQuotesCli(args: string[], env: Env, io: Io, fetcher: typeof fetch = fetch) {
  let request: ReturnType<typeof requestOf>
  try {
    request = requestOf(args)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`quotes: ${error.message}\n\n${USAGE}`)
    return 2
  }
  const answer = await callBackoffice('quotes', request, env, io, fetcher)
  if ('status' in answer) return answer.status
  const { body } = answer
  if (args[0] === 'list') {
    const list = body as { quoteRequests: RequestJson[]; offset: number }
    for (const entry of list.quoteRequests) io.out(summaryLine(entry))
    io.out(`${list.quoteRequests.length} quote requests (from ${list.offset + 1})`)
  } else for (const line of detailLines(body as RequestJson)) io.out(line)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const status = await runQuotesCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
  process.exitCode = status
}
