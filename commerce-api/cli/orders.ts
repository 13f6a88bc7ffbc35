/**
 * `npm run orders -- <command>`: the operator's command line over the back office of the commerce API
 * (routes/backoffice.ts, ADR 0026). It lists and shows orders and moves them: ship (all lines, or some by
 * position) with carrier and tracking number, process, deliver, cancel. Each move sends the customer's mail.
 *
 * The API and the token come from the environment: BACKOFFICE_URL (default the bundled API of `npm start`,
 * http://127.0.0.1:$API_PORT, port 4100) and BACKOFFICE_TOKEN (default the token `npm start` keeps in
 * $DATA_DIR/backoffice-token). Exit status: 0 done, 1 refused or unreachable, 2 wrong usage.
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
  type Env,
  type Io,
} from './backoffice-client'

export const USAGE = `Usage: npm run orders -- <command> [options]

Commands:
  list [--status CODE[,CODE…]] [--limit N] [--offset N]
                                 orders of every customer, newest first
  show <order number>            an order with its lines and parcels
  ship <order number> --carrier NAME --tracking NUMBER [--lines 1,2]
                                 hand the lines at these positions (default: all not shipped yet) to a
                                 carrier; DHL, UPS, DPD, FedEx and GLS get a tracking link
  process <order number>         the shop started on the order (NEW → INPROGRESS)
  deliver <order number>         the shipped order arrived (COMPLETED → DELIVERED)
  cancel <order number>          cancel an order of which nothing was shipped

Status codes: NEW, INPROGRESS, COMPLETED (every line shipped), DELIVERED, CANCELLED,
PENDING_PAYMENT, PENDING_APPROVAL, REJECTED.

${CONNECTION_HELP}`

function positions(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined
  const parts = value.split(',').map((part) => part.trim())
  if (!parts.every((part) => /^\d{1,6}$/.test(part) && Number(part) > 0))
    throw new UsageError(`--lines takes positions separated by commas, e.g. --lines 1,2; got '${value}'`)
  return parts.map(Number)
}

/** The call a command line asks for: method, path under /backoffice, and the JSON body. */
export function requestOf(args: string[]): { method: string; path: string; body?: unknown } {
  const { command, values, positionals } = parseCommand(
    args,
    {
      status: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      lines: { type: 'string' },
    },
    {
      list: ['status', 'limit', 'offset'],
      show: [],
      ship: ['carrier', 'tracking', 'lines'],
      process: [],
      deliver: [],
      cancel: [],
    },
  )
  if (command === 'list') {
    if (positionals.length) throw new UsageError(`list takes no order number, got: ${positionals.join(' ')}`)
    const query = new URLSearchParams()
    if (values.status) query.set('status', values.status)
    setPaging(query, values)
    const search = query.toString()
    return { method: 'GET', path: `/backoffice/orders${search ? `?${search}` : ''}` }
  }
  const no = oneNumber(positionals, command, 'order number', 'npm run orders -- %s 100041')
  if (command === 'show') return { method: 'GET', path: `/backoffice/orders/${no}` }
  if (command === 'ship') {
    if (!values.carrier || !values.tracking)
      throw new UsageError(
        'ship needs --carrier and --tracking, e.g. --carrier DHL --tracking 00340434161094042557',
      )
    return {
      method: 'POST',
      path: `/backoffice/orders/${no}/shipments`,
      body: { carrier: values.carrier, trackingNumber: values.tracking, lines: positions(values.lines) },
    }
  }
  const paths: Record<string, string> = { process: 'processing', deliver: 'delivery', cancel: 'cancellation' }
  return { method: 'POST', path: `/backoffice/orders/${no}/${paths[command]}` }
}

type Money = { value: number; currency: string }
type OrderJson = {
  documentNumber: string
  creationDate: string
  statusCode: string
  status: string
  customerNo?: string
  email?: string
  total: { gross?: Money }
  trackingLinks: string[]
  lines?: { position: number; sku: string; name: string; quantity: number; fulfillmentStatus: string }[]
  shipments?: { carrier: string; trackingNumber: string; trackingUrl?: string; lines: number[] }[]
}

const money = (amount: Money | undefined) => (amount ? `${amount.value.toFixed(2)} ${amount.currency}` : '')

function summaryLine(order: OrderJson) {
  return [
    order.documentNumber.padEnd(8),
    order.creationDate.slice(0, 10),
    order.statusCode.padEnd(16),
    (order.customerNo ?? 'guest').padEnd(10),
    (order.email ?? '').padEnd(30),
    money(order.total.gross).padStart(14),
  ].join('  ')
}

function detailLines(order: OrderJson): string[] {
  return [
    `Order ${order.documentNumber}: ${order.status} (${order.statusCode}), placed ${order.creationDate.slice(0, 10)}` +
      ` by ${order.email ?? order.customerNo ?? 'a guest'}, ${money(order.total.gross)}`,
    ...(order.lines ?? []).map(
      (line) =>
        `  ${String(line.position).padStart(3)}  ${line.sku.padEnd(12)} ${String(line.quantity).padStart(5)} × ${line.name}  [${line.fulfillmentStatus}]`,
    ),
    ...(order.shipments ?? []).map(
      (parcel) =>
        `  parcel: ${parcel.carrier} ${parcel.trackingNumber} (lines ${parcel.lines.join(', ')})` +
        (parcel.trackingUrl ? ` ${parcel.trackingUrl}` : ''),
    ),
  ]
}

/** Runs one command line; resolves to the exit status. */
export async function runOrdersCli(args: string[], env: Env, io: Io, fetcher: typeof fetch = fetch) {
  let request: ReturnType<typeof requestOf>
  try {
    request = requestOf(args)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`orders: ${error.message}\n\n${USAGE}`)
    return 2
  }
  const answer = await callBackoffice('orders', request, env, io, fetcher)
  if ('status' in answer) return answer.status
  const { body } = answer
  if (args[0] === 'list') {
    const list = body as { orders: OrderJson[]; total: number; offset: number }
    for (const order of list.orders) io.out(summaryLine(order))
    io.out(`${list.orders.length} of ${list.total} orders (from ${list.offset + 1})`)
  } else for (const line of detailLines(body as OrderJson)) io.out(line)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const status = await runOrdersCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
  process.exitCode = status
}
