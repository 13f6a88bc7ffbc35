/**
 * `npm run customers -- <command>`: the operator's command line for registrations waiting for approval
 * (routes/backoffice-customers.ts): list them, approve one (its users may log in then, and get a mail); and
 * co-browse links for sales representatives (routes/backoffice-sales-reps.ts).
 * Connection and token as `npm run orders` (BACKOFFICE_URL, BACKOFFICE_TOKEN). Exit status: 0 done,
 * 1 refused or unreachable, 2 wrong usage.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { callBackoffice, CONNECTION_HELP, type Env, type Io } from './backoffice-client'

export const USAGE = `Usage: npm run customers -- <command>

Commands:
  pending                 customers who registered and wait for approval
  approve <customer no>   approve a customer: its users can log in from now on and get a mail
  price-display <customer no> on|off
                          show a business customer's users prices, or hide them (ADR 0045)
  cobrowse --rep <id> --user <login> [--lang <locale>]
                          print a link that opens the shop as the user for the sales representative
                          (works once, for two minutes; e.g. cobrowse --rep SR-1001 --user jlink --lang de)

${CONNECTION_HELP}`

const CUSTOMER_NUMBER = /^[A-Za-z0-9-]{1,64}$/
const LOCALES: Record<string, string> = {
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  pl: 'pl_PL',
  ro: 'ro_RO',
}

type CliRequest = { method: string; path: string; body?: Record<string, string | boolean> }

/** `--name value` options, each once; undefined when an argument is not one of `names`. */
function optionsOf(args: string[], names: string[]): Record<string, string> | undefined {
  const options: Record<string, string> = {}
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '')
    const value = args[i + 1]
    if (
      !args[i]?.startsWith('--') ||
      !name ||
      !names.includes(name) ||
      value === undefined ||
      name in options
    )
      return undefined
    options[name] = value
  }
  return options
}

/** `cobrowse --rep SR-1001 --user jlink [--lang de|de_DE]`. */
function cobrowseRequest(args: string[]): CliRequest | { usage: string } {
  const options = optionsOf(args, ['rep', 'user', 'lang'])
  const usage =
    'cobrowse takes --rep <id> --user <login> [--lang <locale>], e.g. cobrowse --rep SR-1001 --user jlink'
  if (!options?.rep || !options.user) return { usage }
  if (!CUSTOMER_NUMBER.test(options.rep)) return { usage: `'${options.rep}' is no sales representative id` }
  const locale = options.lang === undefined ? undefined : (LOCALES[options.lang] ?? options.lang)
  if (locale !== undefined && !Object.values(LOCALES).includes(locale))
    return { usage: `'${options.lang}' is no shop language (${Object.keys(LOCALES).join(', ')})` }
  return {
    method: 'POST',
    path: `/backoffice/sales-reps/${encodeURIComponent(options.rep)}/cobrowse`,
    body: { user: options.user, ...(locale ? { locale } : {}) },
  }
}

/** The call a command line asks for, or a usage error's text. */
export function requestOf(args: string[]): CliRequest | { usage: string } {
  const [command, ...rest] = args
  if (command === 'cobrowse') return cobrowseRequest(rest)
  if (command === 'pending' && rest.length === 0)
    return { method: 'GET', path: '/backoffice/customers/pending' }
  if (command === 'approve') {
    const [no, ...more] = rest
    if (!no || more.length) return { usage: 'approve takes one customer number, e.g. approve BC-300001' }
    if (!CUSTOMER_NUMBER.test(no)) return { usage: `'${no}' is no customer number` }
    return { method: 'POST', path: `/backoffice/customers/${encodeURIComponent(no)}/approval` }
  }
  if (command === 'price-display') {
    const [no, state, ...more] = rest
    if (!no || (state !== 'on' && state !== 'off') || more.length)
      return { usage: 'price-display takes a customer number and on or off, e.g. price-display BC-200003 on' }
    if (!CUSTOMER_NUMBER.test(no)) return { usage: `'${no}' is no customer number` }
    return {
      method: 'PUT',
      path: `/backoffice/customers/${encodeURIComponent(no)}/price-display`,
      body: { active: state === 'on' },
    }
  }
  return { usage: command ? `unknown command or arguments: ${args.join(' ')}` : 'a command is needed' }
}

type PendingJson = {
  customerNo: string
  companyName?: string
  user: { login: string; email: string; firstName: string; lastName: string; registeredAt: string }
}

type CobrowseJson = {
  url: string
  expiresAt: string
  salesRepId: string
  salesRepName: string
  user: { login: string; customerNo: string }
}

type PriceDisplayJson = { customerNo: string; companyName?: string; isPriceDisplayActive: boolean }

const line = (c: PendingJson) =>
  [
    c.customerNo.padEnd(10),
    c.user.registeredAt.slice(0, 10),
    (c.companyName ?? '').padEnd(30),
    `${c.user.firstName} ${c.user.lastName}`.padEnd(24),
    c.user.email,
  ].join('  ')

/** Runs one command line; resolves to the exit status. */
export async function runCustomersCli(args: string[], env: Env, io: Io, fetcher: typeof fetch = fetch) {
  const request = requestOf(args)
  if ('usage' in request) {
    io.err(`customers: ${request.usage}\n\n${USAGE}`)
    return 2
  }
  const answer = await callBackoffice('customers', request, env, io, fetcher)
  if ('status' in answer) return answer.status
  const body = answer.body as
    { customers?: PendingJson[] } | PendingJson | CobrowseJson | PriceDisplayJson | null | undefined
  if (body && 'url' in body) {
    io.out(body.url)
    io.out(
      `Opens the shop as ${body.user.login} (${body.user.customerNo}) for ${body.salesRepName} (${body.salesRepId}); works once, until ${body.expiresAt}.`,
    )
  } else if (body && 'customers' in body && body.customers) {
    if (!body.customers.length) io.out('No customer waits for approval.')
    for (const customer of body.customers) io.out(line(customer))
  } else if (body && 'isPriceDisplayActive' in body)
    io.out(
      `${body.customerNo}${body.companyName ? ` (${body.companyName})` : ''}: prices are ${
        body.isPriceDisplayActive ? 'shown' : 'hidden'
      } for its users now.`,
    )
  else if (body && 'customerNo' in body && 'user' in body)
    io.out(`Approved ${body.customerNo}: ${body.user.email} can log in now.`)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCustomersCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
}
