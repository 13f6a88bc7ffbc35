/**
 * `npm run bench:security -- --storefront URL --api URL`: one reproduction per finding of issue 14 ("nothing a
 * stranger sends can crash the shop, take it over or fill its database"), against a running shop, with a
 * verdict per case: "vulnerable" (the finding reproduces) or "fixed".
 *
 * Every request is bounded by a timeout and sent over a fresh connection (servers die here on purpose). After
 * each case the shop's health is read again: the storefront's /robots.txt, the API's /health, and the processes
 * listening on their ports (from `ss -ltnp`; with `--pids` also those pids). Some findings end processes (1, 2,
 * 3, 18): with `--restart "<shell command>"` the shop is stopped and started again with that command whenever it
 * is down after a case and does not come back by itself within 20 s; without it the cases after an outage are
 * reported "not run".
 *
 * State is touched only as the findings need: guest baskets and orders-in-progress, logins of the demo users,
 * anonymous tokens and baskets, the PUT of Brightline's head office address with its own values, and, only with
 * `--delete`, its DELETE by the plain buyer `bbuyer` (re-created by the account owner `jlink` afterwards, under
 * a new id). Order: cases that log in run before the brute-force flood (finding 4), which a fixed shop answers
 * with a lock-out; the cases that end processes run last, the memory exhaustion (finding 1) at the very end.
 *
 * The report (a table per case and a summary per finding) is printed and written to
 * bench/results/security-findings-{label}.md and .json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { createCookie } from '@remix-run/node'
import { formsOf } from './lib/browser'
import { guestAddressFields } from './lib/guest'

const USAGE = `usage: tsx bench/security-findings.ts --storefront http://127.0.0.1:3560 --api http://127.0.0.1:4560
  [--label before] [--site ironbridge-Site] [--pids 123,456] [--restart "<shell command that starts the shop>"]
  [--only 1,4,16] [--delete] [--secret storefront-development-secret] [--crash-forms login,add,address,payment]
  [--leave-running]`

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PASSWORD = 'Demo!2026'
const EVIL = 'evil.example'
const MB = 1024 * 1024

type Options = {
  storefront: string
  api: string
  site: string
  label: string
  pids: number[]
  restart?: string
  only?: Set<number>
  deleteHeadOffice: boolean
  secret: string
  crashForms: string[]
  leaveRunning: boolean
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    storefront: '',
    api: '',
    site: 'ironbridge-Site',
    label: 'latest',
    pids: [],
    deleteHeadOffice: false,
    secret: 'storefront-development-secret',
    crashForms: ['login', 'add', 'address', 'payment'],
    leaveRunning: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${arg} needs a value\n${USAGE}`)
      return next
    }
    if (arg === '--storefront') options.storefront = value().replace(/\/+$/, '')
    else if (arg === '--api') options.api = value().replace(/\/+$/, '')
    else if (arg === '--site') options.site = value()
    else if (arg === '--label') options.label = value()
    else if (arg === '--pids') options.pids = value().split(',').map(Number).filter(Number.isInteger)
    else if (arg === '--restart') options.restart = value()
    else if (arg === '--only') options.only = new Set(value().split(',').map(Number))
    else if (arg === '--delete') options.deleteHeadOffice = true
    else if (arg === '--secret') options.secret = value()
    else if (arg === '--crash-forms')
      options.crashForms = value()
        .split(',')
        .filter((name) => name && name !== 'none')
    else if (arg === '--leave-running') options.leaveRunning = true
    else throw new Error(`unknown argument ${arg}\n${USAGE}`)
  }
  if (!options.storefront || !options.api) throw new Error(USAGE)
  return options
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------------------
// HTTP: node:http, so that any method (TRACE), any raw path (`%` alone) and a streamed body can be sent.

type Answer = {
  status: number
  ms: number
  /** Bytes of the body received (all of them, also past what is kept in `text`). */
  size: number
  headers: http.IncomingHttpHeaders
  text: string
  /** Set when no complete answer came: timeout, connection refused or reset, body cut. */
  error?: string
  /** Bytes of the request body written before the answer came. */
  sent: number
}

type SendOptions = {
  method?: string
  headers?: Record<string, string>
  body?: string | Buffer | (() => AsyncIterable<Buffer>)
  timeoutMs?: number
  /** Body bytes kept as text; the rest is only counted. */
  keep?: number
}

/** The storefront's origin: its posts carry the headers a browser adds to a post from the shop's own page. */
let storefrontOrigin = ''

function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const { method = 'GET', body, timeoutMs = 10_000, keep = 4 * MB } = options
  const match = /^http:\/\/([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url)
  if (!match) throw new Error(`not an http URL: ${url}`)
  // A same-origin post as a browser sends it, so that a shop that refuses cross-site posts (finding 7) is
  // reached by the other findings' posts; a case that sends its own Origin keeps it.
  const sameOrigin: Record<string, string> =
    storefrontOrigin && url.startsWith(storefrontOrigin) && method !== 'GET' && method !== 'HEAD'
      ? { origin: storefrontOrigin, 'sec-fetch-site': 'same-origin' }
      : {}
  const headers: Record<string, string> = { ...sameOrigin, ...options.headers }
  if (typeof body === 'string' || Buffer.isBuffer(body))
    headers['content-length'] = String(Buffer.byteLength(body))
  // A connection of its own per request, kept alive as a browser's is: a server that declares a body it never
  // sends then leaves the client waiting, as it leaves a browser.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  return new Promise((resolve) => {
    const started = performance.now()
    let status = 0
    let responseHeaders: http.IncomingHttpHeaders = {}
    const chunks: Buffer[] = []
    let size = 0
    let kept = 0
    let sent = 0
    let done = false
    const finish = (error?: string) => {
      if (done) return
      done = true
      clearTimeout(timer)
      request.destroy()
      agent.destroy()
      resolve({
        status,
        ms: performance.now() - started,
        size,
        headers: responseHeaders,
        text: Buffer.concat(chunks).toString('utf8'),
        sent,
        ...(error ? { error } : {}),
      })
    }
    const request = http.request(
      {
        host: match[1],
        port: Number(match[2] ?? 80),
        path: match[3] ?? '/',
        method,
        headers,
        agent,
      },
      (response) => {
        status = response.statusCode ?? 0
        responseHeaders = response.headers
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (kept < keep) {
            chunks.push(chunk)
            kept += chunk.length
          }
        })
        response.on('end', () => finish())
        response.on('error', (error) => finish(`body cut (${error.message})`))
        response.on('aborted', () => finish('body cut (aborted)'))
      },
    )
    const timer = setTimeout(
      () =>
        finish(
          status
            ? `body not complete within ${timeoutMs / 1000} s`
            : `no answer within ${timeoutMs / 1000} s`,
        ),
      timeoutMs,
    )
    request.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message))
    if (typeof body === 'function') {
      const stream = Readable.from(body())
      stream.on('data', (chunk: Buffer) => (sent += chunk.length))
      stream.on('error', () => request.destroy())
      stream.pipe(request)
    } else {
      if (body !== undefined) sent = Buffer.byteLength(body)
      request.end(body)
    }
  })
}

const form = (fields: Record<string, string> | [string, string][]) =>
  new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** Shopper pages: a status, the final URL after redirects, the HTML. */
type Page = { status: number; url: string; html: string; statuses: number[]; error?: string }

/** A visitor of the storefront: keeps cookies, follows redirects like a browser without JavaScript. */
class Client {
  readonly cookies = new Map<string, string>()
  constructor(readonly origin: string) {}

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  remember(answer: Answer) {
    for (const cookie of setCookies(answer)) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** One request with the cookies; the answer's cookies are kept. */
  async send(pathOrUrl: string, options: SendOptions = {}) {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.origin}${pathOrUrl}`
    const cookie = this.cookieHeader
    const answer = await send(url, {
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    })
    this.remember(answer)
    return answer
  }

  /** A GET or a form post, then the redirects (303 and 302 become GET). */
  async page(pathOrUrl: string, post?: string): Promise<Page> {
    let target = new URL(pathOrUrl, this.origin).toString()
    let body = post
    const statuses: number[] = []
    for (let hop = 0; hop < 10; hop++) {
      const answer = await this.send(target, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { body, headers: FORM }),
      })
      statuses.push(answer.status)
      const location = answer.headers.location
      if (answer.status >= 300 && answer.status < 400 && location) {
        target = new URL(location, target).toString()
        body = undefined
        continue
      }
      return { status: answer.status, url: target, html: answer.text, statuses, error: answer.error }
    }
    throw new Error(`more than 10 redirects from ${pathOrUrl}`)
  }

  /** The fields of the page's form with a button matching `button`, as a browser would send them. */
  formOf(page: Page, button: RegExp, values: Record<string, string | null> = {}) {
    const forms = formsOf(page.html, page.url)
    const found = forms.find((f) => f.buttons.some((b) => button.test(b.text) || button.test(b.value ?? '')))
    if (!found) {
      const buttons = forms.flatMap((f) => f.buttons.map((b) => b.text || b.value)).join(', ')
      throw new Error(`no form with a button ${button} on ${page.url} (${page.status}); buttons: ${buttons}`)
    }
    const pressed = found.buttons.find((b) => button.test(b.text) || button.test(b.value ?? ''))!
    const fields: [string, string][] = []
    for (const field of found.fields) {
      if (field.name in values) continue
      if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue
      fields.push([field.name, field.value])
    }
    for (const [name, value] of Object.entries(values)) if (value !== null) fields.push([name, value])
    if (pressed.name) fields.push([pressed.name, pressed.value ?? ''])
    return { action: found.action, fields, names: found.fields.map((f) => f.name) }
  }

  submit(page: Page, button: RegExp, values: Record<string, string | null> = {}) {
    const { action, fields } = this.formOf(page, button, values)
    return this.page(action, form(fields))
  }
}

const setCookies = (answer: Answer) => answer.headers['set-cookie'] ?? []

/** The session data in an `apiToken` cookie value (signed, not encrypted): base64 JSON before the signature. */
function sessionData(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null
  try {
    const decoded = decodeURIComponent(value)
    const json = Buffer.from(decoded.slice(0, decoded.lastIndexOf('.')), 'base64').toString('utf8')
    return JSON.parse(json) as Record<string, unknown>
  } catch {
    return null
  }
}

const loginStatusOf = (html: string) => /<span class="login-status"[^>]*>([^<]*)</.exec(html)?.[1]?.trim()

// ---------------------------------------------------------------------------------------------------------
// Processes: which pid listens on a port, its memory, whether it lives; stopping and starting the shop.

function pidOnPort(port: number): number | undefined {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
    const pid = /pid=(\d+)/.exec(out)?.[1]
    return pid ? Number(pid) : undefined
  } catch {
    return undefined
  }
}

function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : undefined
  } catch {
    return undefined
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const parentOf = (pid: number) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
  } catch {
    return undefined
  }
}
const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
  } catch {
    return ''
  }
}

/** Samples a process's resident memory every 250 ms: the peak since `start`. */
function watchMemory(pid: number | undefined) {
  const first = rssMb(pid)
  let peak = first ?? 0
  const timer = setInterval(() => {
    const now = rssMb(pid)
    if (now !== undefined && now > peak) peak = now
  }, 250)
  return {
    first,
    get peak() {
      return peak
    },
    stop: () => clearInterval(timer),
  }
}

class Shop {
  readonly storefrontPort: number
  readonly apiPort: number
  private own: ChildProcess | undefined
  readonly log = path.join(os.tmpdir(), 'security-findings-shop.log')
  restarts = 0

  constructor(readonly options: Options) {
    this.storefrontPort = Number(new URL(options.storefront).port || 80)
    this.apiPort = Number(new URL(options.api).port || 80)
  }

  async storefrontUp() {
    const answer = await send(`${this.options.storefront}/robots.txt`, { timeoutMs: 3000 })
    return answer.status === 200
  }

  async apiUp() {
    const answer = await send(`${this.options.api}/health`, { timeoutMs: 3000 })
    return answer.status === 200
  }

  get storefrontPid() {
    return pidOnPort(this.storefrontPort)
  }

  get apiPid() {
    return pidOnPort(this.apiPort)
  }

  /** "storefront up, API down (pid 123 gone)": what is left of the shop after a case. */
  async state() {
    const [storefront, api] = await Promise.all([this.storefrontUp(), this.apiUp()])
    const given = this.options.pids.map((pid) => `pid ${pid} ${alive(pid) ? 'alive' : 'gone'}`)
    return {
      storefront,
      api,
      text: [`storefront ${storefront ? 'up' : 'DOWN'}`, `API ${api ? 'up' : 'DOWN'}`, ...given].join(', '),
    }
  }

  /**
   * Makes sure both servers answer: waits 20 s for a supervisor that restarts its children, then (with
   * `--restart`) stops whatever still listens on the two ports and starts the shop with the given command.
   */
  async ensureUp(): Promise<boolean> {
    for (let i = 0; i < 20; i++) {
      if ((await this.storefrontUp()) && (await this.apiUp())) return true
      await sleep(1000)
    }
    if (!this.options.restart) return false
    console.error(`security: the shop is down; restarting it (${this.options.restart})`)
    await this.stopListeners()
    const out = openSync(this.log, 'a')
    this.own = spawn('bash', ['-c', this.options.restart], { detached: true, stdio: ['ignore', out, out] })
    this.restarts++
    for (let i = 0; i < 180; i++) {
      if ((await this.storefrontUp()) && (await this.apiUp())) return true
      await sleep(1000)
    }
    throw new Error(`the shop did not come back after the restart; see ${this.log}`)
  }

  /** Ends the processes on the shop's two ports and a `scripts/start.mjs` supervisor above them. */
  private async stopListeners() {
    const pids = [this.storefrontPid, this.apiPid].filter((pid): pid is number => pid !== undefined)
    for (const pid of pids) {
      const parent = parentOf(pid)
      if (parent && /scripts\/start\.mjs/.test(commandOf(parent))) process.kill(parent, 'SIGTERM')
      if (alive(pid)) process.kill(pid, 'SIGTERM')
    }
    for (let i = 0; i < 100 && (this.storefrontPid || this.apiPid); i++) await sleep(100)
    for (const pid of [this.storefrontPid, this.apiPid]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL')
  }

  /** Stops the shop this script started (a restart), unless asked to leave it running. */
  async stopOwn() {
    if (!this.own?.pid || this.options.leaveRunning) return
    try {
      process.kill(-this.own.pid, 'SIGTERM')
    } catch {
      return
    }
    for (let i = 0; i < 100 && (this.storefrontPid || this.apiPid); i++) await sleep(100)
  }
}

// ---------------------------------------------------------------------------------------------------------
// The report.

type Verdict = 'vulnerable' | 'fixed' | 'not run'
type Row = {
  finding: number
  case: string
  sent: string
  status: string
  ms: number | null
  size: number | null
  header: string
  survived: string
  verdict: Verdict
}

const TITLES: Record<number, string> = {
  1: 'memory exhaustion through form field indexes',
  2: 'malformed matrix parameter ends the API',
  3: 'one process dying stops the whole shop',
  4: 'no limits: password guessing, baskets, tokens',
  5: 'login timing tells known logins',
  6: 'open redirect through returnUrl',
  7: 'cross-site posts and state-changing GETs',
  8: 'page cache poisoning through X-Forwarded-Host',
  9: 'security headers',
  10: 'plain buyer changes and deletes the company address',
  11: '50 MB form post',
  12: 'missing image never completes',
  13: 'NUL bytes',
  14: 'add-items link with 47 unknown SKUs',
  15: 'odd methods, bodies and values',
  16: 'forged session cookie (development secret)',
  17: 'cookie replay after logout',
  18: 'API down at the order review',
}

const fmtMs = (ms: number | null) =>
  ms === null ? '–' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`
const fmtSize = (size: number | null) =>
  size === null
    ? '–'
    : size >= MB
      ? `${(size / MB).toFixed(1)} MB`
      : size >= 1024
        ? `${(size / 1024).toFixed(1)} KB`
        : `${size} B`
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const statusOf = (answer: Answer) =>
  answer.error ? `${answer.status || '–'} (${answer.error})` : String(answer.status)
/** What an answer says in a few words: where it sends, the API's error key, the page's title, or its start. */
function gist(answer: Answer) {
  if (answer.headers.location) return `Location: ${short(String(answer.headers.location), 60)}`
  if (answer.headers['error-key']) return `error-key: ${String(answer.headers['error-key'])}`
  const title = /<title>([^<]*)<\/title>/.exec(answer.text)?.[1]
  if (title) return `page "${title}"`
  return short(answer.text.replace(/\s+/g, ' ').trim(), 60)
}
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

class Report {
  readonly rows: Row[] = []

  add(row: Row) {
    this.rows.push(row)
    const line = `#${row.finding} ${row.case}: ${row.status}, ${fmtMs(row.ms)}, ${fmtSize(row.size)}; ${row.header}; ${row.survived} → ${row.verdict}`
    console.error(line)
  }

  markdown(options: Options, startedAt: Date, seconds: number, restarts: number) {
    const summary = Object.keys(TITLES)
      .map(Number)
      .filter((n) => !options.only || options.only.has(n))
      .map((n) => {
        const rows = this.rows.filter((r) => r.finding === n)
        // A finding is vulnerable while any of its cases reproduces.
        const verdict: Verdict = rows.some((r) => r.verdict === 'vulnerable')
          ? 'vulnerable'
          : rows.some((r) => r.verdict === 'fixed')
            ? 'fixed'
            : 'not run'
        const counts = `${rows.filter((r) => r.verdict === 'vulnerable').length} of ${rows.length} cases vulnerable`
        return `| ${n} | ${TITLES[n]} | ${counts} | **${verdict}** |`
      })
    return [
      `# Security findings of issue 14 (${options.label}, ${startedAt.toISOString()})`,
      '',
      `Storefront ${options.storefront}, commerce API ${options.api}; ${seconds.toFixed(0)} s; shop restarted ${restarts} time(s) by the script.`,
      '',
      '| # | finding | cases | verdict |',
      '|---:|---|---|---|',
      ...summary,
      '',
      '| # | case | sent | status | time | size | relevant header / observation | afterwards | verdict |',
      '|---:|---|---|---|---:|---:|---|---|---|',
      ...this.rows.map(
        (r) =>
          `| ${r.finding} | ${cell(r.case)} | ${cell(r.sent)} | ${cell(r.status)} | ${fmtMs(r.ms)} | ${fmtSize(r.size)} | ${cell(r.header)} | ${cell(r.survived)} | ${r.verdict} |`,
      ),
      '',
    ].join('\n')
  }
}

// ---------------------------------------------------------------------------------------------------------
// The findings.

class Run {
  readonly report = new Report()
  readonly shop: Shop
  readonly sf: string
  readonly api: string
  readonly rest: string
  sku = ''
  productPath = ''
  private bbuyerToken = ''

  constructor(readonly options: Options) {
    this.shop = new Shop(options)
    this.sf = options.storefront
    this.api = options.api
    this.rest = `${options.api}/INTERSHOP/rest/WFS/${options.site}/-`
  }

  wanted(n: number) {
    return !this.options.only || this.options.only.has(n)
  }

  /** Adds a row with the shop's state after the case. */
  /** A row about one answer: its status, time and size, with what it showed and the verdict. */
  answerRow(finding: number, what: string, sent: string, answer: Answer, header: string, verdict: Verdict) {
    return this.row(finding, {
      case: what,
      sent,
      status: statusOf(answer),
      ms: answer.ms,
      size: answer.size,
      header,
      verdict,
    })
  }

  async row(finding: number, fields: Omit<Row, 'finding' | 'survived'> & { survived?: string }) {
    const survived = fields.survived ?? (await this.shop.state()).text
    this.report.add({ finding, ...fields, survived })
  }

  notRun(finding: number, what: string, why: string) {
    this.report.add({
      finding,
      case: what,
      sent: '–',
      status: '–',
      ms: null,
      size: null,
      header: why,
      survived: '–',
      verdict: 'not run',
    })
  }

  /** Runs a finding's cases; an error (the shop down, a page not as expected) is reported, not fatal. */
  async finding(n: number, body: () => Promise<void>) {
    if (!this.wanted(n)) return
    console.error(`security: finding ${n}, ${TITLES[n]}`)
    if (!(await this.shop.ensureUp())) return this.notRun(n, TITLES[n]!, 'the shop is down (no --restart)')
    try {
      await body()
    } catch (error) {
      this.notRun(n, TITLES[n]!, `error: ${short((error as Error).message, 300)}`)
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Set-up: a product that can be bought, guest checkouts at a given step, API tokens.

  async token(username?: string, password = PASSWORD): Promise<string> {
    const answer = await send(`${this.rest}/token`, {
      method: 'POST',
      headers: FORM,
      body: form(username ? { grant_type: 'password', username, password } : { grant_type: 'anonymous' }),
    })
    const token = answer.headers['authentication-token']
    if (answer.status !== 200 || typeof token !== 'string')
      throw new Error(`token for ${username ?? 'anonymous'}: ${statusOf(answer)} ${short(answer.text, 200)}`)
    return token
  }

  apiCall(token: string, pathAndQuery: string, method = 'GET', json?: unknown) {
    return send(`${this.rest}/${pathAndQuery}`, {
      method,
      headers: {
        'authentication-token': token,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    })
  }

  /** An in-stock product whose page has its own add form (the first of an API search). */
  async findProduct() {
    for (const term of ['a', 'e', 'pro']) {
      const answer = await send(`${this.rest}/products?searchTerm=${term}&amount=40`)
      if (answer.status !== 200) continue
      type Element = { uri?: string; attributes?: { name: string; value: unknown }[] }
      const elements = (JSON.parse(answer.text) as { elements?: Element[] }).elements ?? []
      for (const element of elements) {
        const attr = (name: string) => element.attributes?.find((a) => a.name === name)?.value
        const sku = String(attr('sku') ?? element.uri ?? '')
        if (!sku || attr('inStock') === false) continue
        const client = new Client(this.sf)
        const page = await client.page(`/en/product/${encodeURIComponent(sku)}`)
        if (page.status === 200 && /name="intent" value="addToBasket"/.test(page.html)) {
          this.sku = sku
          this.productPath = new URL(page.url).pathname
          return
        }
      }
    }
    throw new Error('no in-stock product with an add form found through the API search')
  }

  /** A guest with the product in the basket, taken through checkout to `step`. */
  async guestAt(step: 'basket' | 'address' | 'payment' | 'review', n: number) {
    const client = new Client(this.sf)
    const expect = (page: Page, path: RegExp, what: string) => {
      if (page.status !== 200 || !path.test(new URL(page.url).pathname))
        throw new Error(`guest checkout, ${what}: landed on ${page.url} (${page.statuses.join(' → ')})`)
      return page
    }
    const product = expect(await client.page(this.productPath), /-prd/, 'product page')
    await client.submit(product, /^add to basket$/i)
    const basket = expect(await client.page('/en/basket'), /\/basket$/, 'basket')
    if (step === 'basket') return { client, page: basket }
    const address = expect(
      await client.submit(basket, /^checkout$/i),
      /\/checkout\/address$/,
      'start checkout',
    )
    if (step === 'address') return { client, page: address }
    const guest = guestAddressFields(`security${n}@bench.example`, 'Security', `Check ${n}`)
    const shipping = expect(
      await client.submit(address, /^continue/i, guest),
      /\/checkout\/shipping$/,
      'address',
    )
    const payment = expect(await client.submit(shipping, /^continue/i), /\/checkout\/payment$/, 'shipping')
    if (step === 'payment') return { client, page: payment }
    const review = expect(
      await client.submit(payment, /^continue/i, { paymentMethod: 'INVOICE' }),
      /\/checkout\/review$/,
      'payment',
    )
    return { client, page: review }
  }

  async login(login: string) {
    const client = new Client(this.sf)
    const page = await client.page('/en/login', form({ login, password: PASSWORD }))
    if (!loginStatusOf(page.html)) throw new Error(`login of ${login} failed: ${page.url} (${page.status})`)
    return client
  }

  // -------------------------------------------------------------------------------------------------------
  // 1: `x[1000000]` in a form turns a 33-byte post into a 3 MB page; `x[99999999]` exhausts the heap.

  /** The four forms: each a client (with its session) and a body builder for a field index `n`. */
  private crashTargets?: Record<
    string,
    { client: Client; path: string; body: (n: number) => string; field: string; label: string }
  >

  async formsForIndexes() {
    if (this.crashTargets) return this.crashTargets
    const loginClient = new Client(this.sf)
    const addClient = new Client(this.sf)
    const productPage = await addClient.page(this.productPath)
    const add = addClient.formOf(productPage, /^add to basket$/i, { quantity: 'not-a-number' })
    const address = await this.guestAt('address', 101)
    const addressForm = address.client.formOf(address.page, /^continue/i, { 'invoice.firstName': null })
    const payment = await this.guestAt('payment', 102)
    // A method with parameters is checked with the form parser (INVOICE has none): its fields are `{method}.{name}`.
    const paymentForm = payment.client.formOf(payment.page, /^continue/i)
    const method = paymentForm.names
      .map((name) => /^([A-Z_]+)\.\w+$/.exec(name)?.[1])
      .find((m): m is string => !!m)
    if (!method) throw new Error(`no payment method with parameters on ${payment.page.url}`)
    const paymentFields = paymentForm.fields
      .filter(([name]) => name !== 'paymentMethod')
      .map(([name, value]): [string, string] => [name, name.startsWith(`${method}.`) ? '' : value])
    this.crashTargets = {
      login: {
        client: loginClient,
        path: '/en/login',
        field: 'x',
        label: 'login form',
        body: (n) => `login=&password=&x%5B${n}%5D=1`,
      },
      add: {
        client: addClient,
        path: new URL(add.action).pathname,
        field: 'x',
        label: "product page's add form",
        body: (n) => `${form(add.fields)}&x%5B${n}%5D=1`,
      },
      address: {
        client: address.client,
        path: '/en/checkout/address',
        field: 'invoice.firstName',
        label: 'checkout address form',
        body: (n) => `${form(addressForm.fields)}&invoice.firstName%5B${n}%5D=1`,
      },
      payment: {
        client: payment.client,
        path: '/en/checkout/payment',
        field: 'x',
        label: `payment form (${method})`,
        body: (n) => `${form([...paymentFields, ['paymentMethod', method]])}&x%5B${n}%5D=1`,
      },
    }
    return this.crashTargets
  }

  async finding1Sizes() {
    const targets = await this.formsForIndexes()
    for (const target of Object.values(targets)) {
      const body = target.body(1_000_000)
      const answer = await target.client.send(target.path, {
        method: 'POST',
        body,
        headers: FORM,
        timeoutMs: 30_000,
      })
      await this.answerRow(
        1,
        `${target.label}, field ${target.field}[1000000]`,
        `POST ${target.path}, ${body.length} B`,
        answer,
        `answer ${(answer.size / Math.max(1, body.length)).toFixed(0)}× the post`,
        answer.size > 200_000 || answer.status >= 500 || !!answer.error ? 'vulnerable' : 'fixed',
      )
    }
  }

  /** Run last: before the fix each of these ends the storefront after about a minute at its 4 GB heap limit. */
  async finding1Crash() {
    const targets = await this.formsForIndexes()
    for (const name of this.options.crashForms) {
      const target = targets[name]
      if (!target) {
        this.notRun(1, `${name} form, [99999999]`, `unknown form (${Object.keys(targets).join(', ')})`)
        continue
      }
      if (!(await this.shop.ensureUp())) {
        this.notRun(1, `${name} form, [99999999]`, 'the shop is down (no --restart)')
        continue
      }
      const pid = this.shop.storefrontPid
      const memory = watchMemory(pid)
      const body = target.body(99_999_999)
      const answer = await target.client.send(target.path, {
        method: 'POST',
        body,
        headers: FORM,
        timeoutMs: 60_000,
      })
      // A storefront still growing when the answer timed out: watch it up to 90 s more, until it ends.
      const until = Date.now() + (answer.error ? 90_000 : 2000)
      while (Date.now() < until && pid && alive(pid)) await sleep(250)
      memory.stop()
      const died = !!pid && !alive(pid)
      const grown = memory.peak - (memory.first ?? 0)
      await this.answerRow(
        1,
        `${target.label}, field ${target.field}[99999999]`,
        `POST ${target.path}, ${body.length} B, 60 s timeout`,
        answer,
        `storefront pid ${pid ?? '?'} RSS ${memory.first?.toFixed(0) ?? '?'} → peak ${memory.peak.toFixed(0)} MB; ${died ? 'process ENDED' : 'process alive'}`,
        died || grown > 512 || answer.status >= 500 || !!answer.error ? 'vulnerable' : 'fixed',
      )
    }
  }

  // 2: a malformed matrix parameter throws in the API's URL rewrite, outside any handler.
  async finding2() {
    for (const matrix of [';loc=%', ';cur=%', ';spgid=%', ';%=1', ';loc=%E0%A4%A']) {
      if (!(await this.shop.ensureUp())) return this.notRun(2, matrix, 'the shop is down (no --restart)')
      const pid = this.shop.apiPid
      const url = `${this.api}/INTERSHOP/rest/WFS/${this.options.site}/-${matrix}/products/${this.sku}`
      const answer = await send(url, { timeoutMs: 5000 })
      await sleep(1000)
      const state = await this.shop.state()
      const died = !!pid && !alive(pid)
      await this.row(2, {
        case: `matrix ${matrix}`,
        sent: `GET …/-${matrix}/products/${this.sku}`,
        status: statusOf(answer),
        ms: answer.ms,
        size: answer.size,
        header: `API pid ${pid ?? '?'} ${died ? 'ENDED' : 'alive'}`,
        survived: state.text,
        verdict: died || !state.api || answer.status >= 500 || answer.status === 0 ? 'vulnerable' : 'fixed',
      })
    }
  }

  // 3: the API process is killed: does the storefront go on (maintenance page), does the API come back?
  async finding3() {
    const apiPid = this.shop.apiPid
    const storefrontPid = this.shop.storefrontPid
    if (!apiPid) return this.notRun(3, 'kill the API', 'no process listens on the API port')
    process.kill(apiPid, 'SIGKILL')
    const killedAt = performance.now()
    // Polled every 250 ms for 30 s; the storefront's home page is asked once, 3 s after the kill.
    let home: Answer | undefined
    let storefrontDownAt: number | null = null
    let apiBackAt: number | null = null
    while (performance.now() - killedAt < 30_000) {
      const [storefront, api] = await Promise.all([this.shop.storefrontUp(), this.shop.apiUp()])
      if (!storefront && storefrontDownAt === null) storefrontDownAt = performance.now() - killedAt
      if (api && apiBackAt === null) apiBackAt = performance.now() - killedAt
      if (!home && performance.now() - killedAt >= 3000)
        home = await send(`${this.sf}/en/home`, { timeoutMs: 10_000 })
      if (home && apiBackAt !== null && storefront) break
      await sleep(250)
    }
    home ??= await send(`${this.sf}/en/home`, { timeoutMs: 10_000 })
    const storefrontAlive = !!storefrontPid && alive(storefrontPid)
    await this.row(3, {
      case: 'SIGKILL the API process',
      sent: `kill -9 ${apiPid} (API), storefront pid ${storefrontPid ?? '?'}`,
      status: `/en/home 3 s later: ${statusOf(home)}`,
      ms: home.ms,
      size: home.size,
      header: [
        `storefront ${storefrontDownAt === null ? 'kept answering' : `stopped answering after ${fmtMs(storefrontDownAt)}`}${storefrontAlive ? '' : ' (process ended)'}`,
        `API ${apiBackAt === null ? 'not back within 30 s' : `back after ${fmtMs(apiBackAt)}`}`,
        `Retry-After: ${String(home.headers['retry-after'] ?? '–')}`,
      ].join('; '),
      verdict: storefrontDownAt !== null || apiBackAt === null ? 'vulnerable' : 'fixed',
    })
  }

  // 4: password guessing, baskets and tokens without any limit.
  async finding4() {
    const guesses = 200
    const limited = (answers: Answer[]) =>
      answers.filter((a) => a.status === 429 || a.headers['retry-after'] !== undefined).length
    const tally = (answers: Answer[]) => {
      const counts = new Map<string, number>()
      for (const a of answers) counts.set(statusOf(a), (counts.get(statusOf(a)) ?? 0) + 1)
      return [...counts].map(([status, n]) => `${n}× ${status}`).join(', ')
    }

    const storefront = new Client(this.sf)
    const started = performance.now()
    const formAnswers: Answer[] = []
    for (let i = 0; i < guesses; i++)
      formAnswers.push(
        await storefront.send('/en/login', {
          method: 'POST',
          headers: FORM,
          body: form({ login: 'bbuyer', password: `wrong-${i}` }),
        }),
      )
    const formMs = performance.now() - started
    const right = await new Client(this.sf).send('/en/login', {
      method: 'POST',
      headers: FORM,
      body: form({ login: 'bbuyer', password: PASSWORD }),
    })
    await this.row(4, {
      case: `${guesses} wrong passwords for bbuyer, storefront form`,
      sent: `${guesses}× POST /en/login`,
      status: tally(formAnswers),
      ms: formMs,
      size: null,
      header: `${limited(formAnswers)} limited (429/Retry-After); right password right after: ${statusOf(right)}${right.headers.location ? ` → ${right.headers.location}` : ''}`,
      verdict: limited(formAnswers) ? 'fixed' : 'vulnerable',
    })

    const apiStarted = performance.now()
    const apiAnswers: Answer[] = []
    for (let i = 0; i < guesses; i++)
      apiAnswers.push(
        await send(`${this.rest}/token`, {
          method: 'POST',
          headers: FORM,
          body: form({ grant_type: 'password', username: 'bbuyer', password: `wrong-${i}` }),
        }),
      )
    const apiMs = performance.now() - apiStarted
    const apiRight = await send(`${this.rest}/token`, {
      method: 'POST',
      headers: FORM,
      body: form({ grant_type: 'password', username: 'bbuyer', password: PASSWORD }),
    })
    await this.row(4, {
      case: `${guesses} wrong passwords for bbuyer, API token`,
      sent: `${guesses}× POST token grant_type=password`,
      status: tally(apiAnswers),
      ms: apiMs,
      size: null,
      header: `${limited(apiAnswers)} limited (429/Retry-After); right password right after: ${statusOf(apiRight)}`,
      verdict: limited(apiAnswers) ? 'fixed' : 'vulnerable',
    })

    const anonymous = await this.token()
    const baskets: Answer[] = []
    for (let i = 0; i < 49; i++) baskets.push(await this.apiCall(anonymous, 'baskets', 'POST'))
    const created = baskets.filter((a) => a.status === 201).length
    await this.row(4, {
      case: 'one anonymous token creates 49 baskets',
      sent: '49× POST baskets with one token',
      status: tally(baskets),
      ms: baskets.reduce((sum, a) => sum + a.ms, 0),
      size: null,
      header: `${created} baskets created`,
      verdict: created === 49 ? 'vulnerable' : 'fixed',
    })

    const tokens: Answer[] = []
    for (let i = 0; i < 100; i++)
      tokens.push(
        await send(`${this.rest}/token`, { method: 'POST', headers: FORM, body: 'grant_type=anonymous' }),
      )
    const issued = tokens.filter((a) => a.status === 200).length
    await this.row(4, {
      case: '100 anonymous tokens in a row',
      sent: '100× POST token grant_type=anonymous',
      status: tally(tokens),
      ms: tokens.reduce((sum, a) => sum + a.ms, 0),
      size: null,
      header: `${issued} tokens issued, ${limited(tokens)} limited`,
      verdict: issued === 100 ? 'vulnerable' : 'fixed',
    })
  }

  // 5: a wrong password for a known login takes the password hash's time, an unknown login none.
  async finding5() {
    const pairs = 20
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return (
        ((sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN) +
          (sorted[Math.ceil((sorted.length - 1) / 2)] ?? NaN)) /
        2
      )
    }
    const measure = async (attempt: (login: string) => Promise<Answer>, label: string, sent: string) => {
      const known: Answer[] = []
      const unknown: Answer[] = []
      // Interleaved, so that a slower moment of the machine weighs on both.
      for (let i = 0; i < pairs; i++) {
        known.push(await attempt('ccowner'))
        unknown.push(await attempt(`nobody-${process.pid}-${i}@nowhere.example`))
      }
      const k = median(known.map((a) => a.ms))
      const u = median(unknown.map((a) => a.ms))
      const statuses = [...new Set([...known, ...unknown].map(statusOf))].join(', ')
      await this.row(5, {
        case: `login timing, ${label}`,
        sent,
        status: statuses,
        ms: null,
        size: null,
        header: `median known login (ccowner, wrong password) ${k.toFixed(1)} ms vs unknown login ${u.toFixed(1)} ms (${(k / u).toFixed(1)}×)`,
        verdict: Math.abs(k - u) > 15 && Math.max(k, u) / Math.min(k, u) > 1.5 ? 'vulnerable' : 'fixed',
      })
    }
    await measure(
      (login) =>
        send(`${this.rest}/token`, {
          method: 'POST',
          headers: FORM,
          body: form({ grant_type: 'password', username: login, password: 'wrong-password' }),
        }),
      'API token',
      `${pairs}+${pairs} POST token, interleaved`,
    )
    await measure(
      (login) =>
        send(`${this.sf}/en/login`, {
          method: 'POST',
          headers: FORM,
          body: form({ login, password: 'wrong-password' }),
        }),
      'storefront form',
      `${pairs}+${pairs} POST /en/login, interleaved`,
    )
  }

  // 6: returnUrl `/\t/evil.example/…` passes the same-origin check; a browser drops the tab and goes to evil.
  async finding6() {
    const target = `/\t/${EVIL}/phish`
    const encoded = encodeURIComponent(target)
    const judge = async (what: string, sent: string, answer: Answer) => {
      const location = answer.headers.location
      // The browser's URL parser removes tabs and newlines before resolving, exactly as `new URL` does.
      const host = location ? new URL(location, this.sf).host : null
      const offsite = host !== null && host !== new URL(this.sf).host
      await this.answerRow(
        6,
        what,
        sent,
        answer,
        location ? `Location: ${JSON.stringify(location)} → host ${host}` : 'no Location',
        offsite || answer.status >= 500 || answer.status === 0 ? 'vulnerable' : 'fixed',
      )
    }
    await judge(
      'logout GET',
      `GET /en/logout?returnUrl=${encoded}`,
      await new Client(this.sf).send(`/en/logout?returnUrl=${encoded}`),
    )
    const loggedIn = await this.login('patricia@ironbridge.test')
    await judge(
      'login GET when logged in',
      `GET /en/login?returnUrl=${encoded}`,
      await loggedIn.send(`/en/login?returnUrl=${encoded}`),
    )
    await judge(
      'login POST',
      'POST /en/login login=jlink, right password, returnUrl',
      await new Client(this.sf).send('/en/login', {
        method: 'POST',
        headers: FORM,
        body: form({ login: 'jlink', password: PASSWORD, returnUrl: target }),
      }),
    )
    await judge(
      'compare POST',
      `POST /en/compare intent=add sku=${this.sku} returnUrl`,
      await new Client(this.sf).send('/en/compare', {
        method: 'POST',
        headers: FORM,
        body: form({ intent: 'add', sku: this.sku, returnUrl: target }),
      }),
    )
    await judge(
      'add POST',
      `POST /en/basket/add sku=${this.sku} quantity=1 returnUrl`,
      await new Client(this.sf).send('/en/basket/add', {
        method: 'POST',
        headers: FORM,
        body: form({ sku: this.sku, quantity: '1', returnUrl: target }),
      }),
    )
    for (const [what, value] of [
      ['CR', '/en/home\rX-Injected: 1'],
      ['LF', '/en/home\nX-Injected: 1'],
      ['U+20AC', '/en/home?€'],
      ['U+0100', '/en/Ā'],
    ] as const) {
      await judge(
        `logout GET, ${what} in returnUrl`,
        `GET /en/logout?returnUrl=${encodeURIComponent(value)}`,
        await new Client(this.sf).send(`/en/logout?returnUrl=${encodeURIComponent(value)}`),
      )
    }
    await judge(
      'login POST, U+20AC in returnUrl',
      'POST /en/login login=jlink, right password, returnUrl=/en/home?€',
      await new Client(this.sf).send('/en/login', {
        method: 'POST',
        headers: FORM,
        body: form({ login: 'jlink', password: PASSWORD, returnUrl: '/en/home?€' }),
      }),
    )
  }

  /** Items in the basket of the session in `client`, read from the API with the session's own token. */
  private async basketQuantity(client: Client): Promise<number | null> {
    const token = sessionData(client.cookies.get('apiToken'))?.apiToken
    if (typeof token !== 'string') return null
    const answer = await this.apiCall(token, 'baskets/current')
    if (answer.status !== 200) return 0
    return quantityOf(JSON.parse(answer.text))
  }

  // 7: nothing tells a cross-site post from the shop's own, and GETs change state.
  async finding7() {
    const crossSite = {
      origin: `https://${EVIL}`,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    }
    const user = await this.login('patricia@ironbridge.test')
    const before = await this.basketQuantity(user)
    const post = await user.send('/en/basket/add', {
      method: 'POST',
      headers: { ...FORM, ...crossSite, 'sec-fetch-dest': 'document' },
      body: form({ sku: this.sku, quantity: '1', returnUrl: '/en/home' }),
    })
    const afterPost = await this.basketQuantity(user)
    await this.row(7, {
      case: 'cross-site POST /en/basket/add, logged in',
      sent: `POST with Origin: https://${EVIL}, Sec-Fetch-Site: cross-site`,
      status: statusOf(post),
      ms: post.ms,
      size: post.size,
      header: `basket ${before ?? '?'} → ${afterPost ?? '?'} items; Set-Cookie ${setCookies(post).length ? 'sent (session changed)' : 'none'}`,
      verdict:
        (afterPost ?? 0) > (before ?? 0) ||
        (post.status >= 200 && post.status < 400 && setCookies(post).length > 0)
          ? 'vulnerable'
          : 'fixed',
    })
    const link = await user.send(`/en/home?addItems=${encodeURIComponent(`${this.sku}|1`)}`, {
      headers: { ...crossSite, 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' },
    })
    const afterLink = await this.basketQuantity(user)
    await this.answerRow(
      7,
      'cross-site GET ?addItems=SKU|1, logged in',
      `GET /en/home?addItems=${this.sku}|1, Sec-Fetch-Site: cross-site`,
      link,
      `basket ${afterPost ?? '?'} → ${afterLink ?? '?'} items; Location: ${link.headers.location ?? '–'}`,
      (afterLink ?? 0) > (afterPost ?? 0) ? 'vulnerable' : 'fixed',
    )
    const logout = await user.send('/en/logout', { headers: { ...crossSite, 'sec-fetch-dest': 'document' } })
    const page = await user.page('/en/home')
    const name = loginStatusOf(page.html)
    await this.answerRow(
      7,
      'cross-site GET /en/logout, logged in',
      'GET /en/logout, Sec-Fetch-Site: cross-site',
      logout,
      `Location: ${logout.headers.location ?? '–'}; afterwards the header shows ${name ? `"${name}" (still logged in)` : 'no user (logged out)'}`,
      name ? 'fixed' : 'vulnerable',
    )
  }

  // 8: the page cache keys on the path alone, the page's absolute links (canonical, hreflang, JSON-LD) on the
  // request's host: Remix's Express adapter takes the port from X-Forwarded-Host and the name from Host.
  async finding8() {
    for (const [header, value, mark] of [
      ['X-Forwarded-Host', EVIL, EVIL],
      ['X-Forwarded-Host', `${EVIL}:8443`, ':8443/'],
      ['Host', EVIL, EVIL],
    ] as const) {
      const url = `${this.productPath}?security=${Date.now()}`
      const poisoned = await send(`${this.sf}${url}`, { headers: { [header.toLowerCase()]: value } })
      const next = await send(`${this.sf}${url}`)
      const count = (html: string) => html.split(mark).length - 1
      // Where the mark stands: in which <link rel=…> tags (canonical, alternate = hreflang) and JSON-LD.
      const places = (html: string) => [
        ...new Set([
          ...[...html.matchAll(/<link\b[^>]*>/g)]
            .filter((m) => m[0].includes(mark))
            .map((m) => (/hrefLang=/i.test(m[0]) ? 'hreflang' : (/rel="([^"]+)"/.exec(m[0])?.[1] ?? 'link'))),
          ...[...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
            .filter((m) => m[1]!.includes(mark))
            .map(() => 'JSON-LD'),
        ]),
      ]
      const inNext = places(next.text)
      await this.row(8, {
        case: `product page with ${header}: ${value}, then without`,
        sent: `GET ${short(url, 50)} with ${header}: ${value}; then the same URL without`,
        status: `${statusOf(poisoned)}, then ${statusOf(next)}`,
        ms: next.ms,
        size: next.size,
        header: `"${mark}" in the first answer ${count(poisoned.text)}×; in the second (X-Page-Cache: ${String(next.headers['x-page-cache'] ?? '–')}) ${count(next.text)}×${inNext.length ? ` (${inNext.join(', ')})` : ''}`,
        verdict: count(next.text) > 0 ? 'vulnerable' : 'fixed',
      })
    }
  }

  // 9: security headers on both servers.
  async finding9() {
    for (const [what, url] of [
      ['storefront page', `${this.sf}/en/home`],
      ['API JSON', `${this.rest}/products/${this.sku}`],
    ] as const) {
      const answer = await send(url)
      const csp = String(answer.headers['content-security-policy'] ?? '')
      const checks = {
        CSP: !!csp,
        'X-Content-Type-Options': answer.headers['x-content-type-options'] === 'nosniff',
        'Referrer-Policy': !!answer.headers['referrer-policy'],
        'frame-ancestors': /frame-ancestors/.test(csp) || !!answer.headers['x-frame-options'],
      }
      const missing = Object.entries(checks)
        .filter(([, ok]) => !ok)
        .map(([name]) => name)
      await this.answerRow(
        9,
        what,
        `GET ${url.replace(this.rest, '…')}`,
        answer,
        missing.length ? `missing: ${missing.join(', ')}` : `all present (CSP: ${short(csp, 60)})`,
        missing.length ? 'vulnerable' : 'fixed',
      )
    }
  }

  // 10: the address book is the customer's, so any of its users may change or delete any address.
  private headOffice?: { id: string; json: Record<string, unknown> }

  async findHeadOffice() {
    if (this.headOffice) return this.headOffice
    this.bbuyerToken ||= await this.token('bbuyer')
    const list = await this.apiCall(this.bbuyerToken, 'customers/-/addresses')
    if (list.status !== 200)
      throw new Error(`bbuyer's address list: ${statusOf(list)} ${short(list.text, 200)}`)
    const ids = ((JSON.parse(list.text) as { elements?: { itemId?: string }[] }).elements ?? []).map(
      (e) => e.itemId ?? '',
    )
    for (const id of ids) {
      const answer = await this.apiCall(this.bbuyerToken, `customers/-/addresses/${id}`)
      if (answer.status !== 200) continue
      const json = JSON.parse(answer.text) as Record<string, unknown>
      if (/münchen/i.test(String(json.city)) || /head/i.test(String(json.addressName))) {
        this.headOffice = { id, json }
        return this.headOffice
      }
    }
    throw new Error(`no head office (München) among the ${ids.length} addresses bbuyer sees`)
  }

  /** The fields the API takes on PUT and POST, from an address as the API answers it. */
  private addressInput(json: Record<string, unknown>) {
    const fields = [
      'addressName',
      'companyName1',
      'companyName2',
      'title',
      'firstName',
      'lastName',
      'addressLine1',
      'addressLine2',
      'addressLine3',
      'postalCode',
      'city',
      'mainDivision',
      'countryCode',
      'phoneHome',
      'phoneMobile',
      'phoneBusiness',
      'fax',
      'email',
    ]
    return Object.fromEntries(fields.filter((f) => typeof json[f] === 'string').map((f) => [f, json[f]]))
  }

  async finding10Put() {
    const office = await this.findHeadOffice()
    // Its own values: a vulnerable shop stores the same address again, a fixed one refuses.
    const answer = await this.apiCall(
      this.bbuyerToken,
      `customers/-/addresses/${office.id}`,
      'PUT',
      this.addressInput(office.json),
    )
    await this.answerRow(
      10,
      'bbuyer PUTs the head office address',
      `PUT customers/-/addresses/${office.id} (${String(office.json.city)}) with its own values`,
      answer,
      `error-key: ${String(answer.headers['error-key'] ?? '–')}`,
      answer.status >= 200 && answer.status < 300 ? 'vulnerable' : 'fixed',
    )
  }

  async finding10Delete() {
    if (!this.options.deleteHeadOffice) {
      this.notRun(10, 'bbuyer DELETEs the head office address', 'not asked for (--delete)')
      return
    }
    const office = await this.findHeadOffice()
    const answer = await this.apiCall(this.bbuyerToken, `customers/-/addresses/${office.id}`, 'DELETE')
    let restored = ''
    if (answer.status >= 200 && answer.status < 300) {
      // Put the demo data back for the next run: the account owner creates the same address again.
      const owner = await this.token('jlink')
      const created = await this.apiCall(
        owner,
        'customers/-/addresses',
        'POST',
        this.addressInput(office.json),
      )
      restored = `; re-created by jlink: ${statusOf(created)} ${String(created.headers.location ?? '')}`
    }
    await this.answerRow(
      10,
      'bbuyer DELETEs the head office address',
      `DELETE customers/-/addresses/${office.id}`,
      answer,
      `error-key: ${String(answer.headers['error-key'] ?? '–')}${restored}`,
      answer.status >= 200 && answer.status < 300 ? 'vulnerable' : 'fixed',
    )
  }

  // 11: a 50 MB form post, streamed.
  async finding11() {
    const total = 50 * MB
    const pid = this.shop.storefrontPid
    const memory = watchMemory(pid)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const head = Buffer.from('login=&password=&x=')
    async function* body() {
      yield head
      for (let sent = head.length; sent < total; sent += chunk.length) yield chunk
    }
    const answer = await send(`${this.sf}/en/login`, {
      method: 'POST',
      headers: {
        ...FORM,
        'content-length': String(
          head.length + Math.ceil((total - head.length) / chunk.length) * chunk.length,
        ),
      },
      body,
      timeoutMs: 60_000,
      keep: 64 * 1024,
    })
    await sleep(1000)
    memory.stop()
    const grown = memory.peak - (memory.first ?? 0)
    await this.row(11, {
      case: '50 MB form post to /en/login',
      sent: `POST /en/login, 50 MB streamed (${(answer.sent / MB).toFixed(1)} MB written before the answer)`,
      status: statusOf(answer),
      ms: answer.ms,
      size: answer.size,
      header: `storefront RSS ${memory.first?.toFixed(0) ?? '?'} → peak ${memory.peak.toFixed(0)} MB (+${grown.toFixed(0)} MB)`,
      verdict:
        answer.status === 413 || (answer.status >= 400 && answer.status < 500 && grown < 64)
          ? 'fixed'
          : 'vulnerable',
    })
  }

  // 12: a missing image: the proxy copies the upstream's Content-Length but sends no body.
  async finding12() {
    const url = `/INTERSHOP/static/WFS/${this.options.site}/-/ironbridge/en_US/images/does-not-exist.png`
    const answer = await send(`${this.sf}${url}`, { timeoutMs: 10_000 })
    await this.answerRow(
      12,
      'missing image through the storefront',
      `GET ${url}`,
      answer,
      `Content-Length: ${String(answer.headers['content-length'] ?? '–')}`,
      answer.error ? 'vulnerable' : 'fixed',
    )
  }

  // 13: NUL bytes reach PostgreSQL, which refuses them in text.
  async finding13() {
    const fivexx = (a: Answer) => a.status >= 500 || a.status === 0
    const rows: [string, string, Answer][] = []
    const anonymous = await this.token()
    const basket = await this.apiCall(anonymous, 'baskets', 'POST')
    const basketId = (JSON.parse(basket.text) as { data?: { id?: string } }).data?.id ?? 'current'
    rows.push([
      'API search term',
      'GET products?searchTerm=a%00b',
      await send(`${this.rest}/products?searchTerm=a%00b`),
    ])
    rows.push([
      'API product id',
      `GET products/${this.sku}%00`,
      await send(`${this.rest}/products/${this.sku}%00`),
    ])
    rows.push(['API basket id', 'GET baskets/a%00b', await this.apiCall(anonymous, 'baskets/a%00b')])
    rows.push([
      'API basket field',
      'PATCH baskets/{id} messageToMerchant "a\\u0000b"',
      await this.apiCall(anonymous, `baskets/${basketId}`, 'PATCH', { messageToMerchant: 'a\u0000b' }),
    ])
    rows.push([
      'API address field',
      'POST baskets/{id}/addresses firstName "A\\u0000"',
      await this.apiCall(anonymous, `baskets/${basketId}/addresses`, 'POST', {
        firstName: 'A\u0000',
        lastName: 'B',
        addressLine1: 'Invalidenstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
        mainDivision: 'BE',
      }),
    ])
    rows.push([
      'API login',
      'POST token username=bbuyer%00',
      await send(`${this.rest}/token`, {
        method: 'POST',
        headers: FORM,
        body: form({ grant_type: 'password', username: 'bbuyer\u0000', password: 'x' }),
      }),
    ])
    rows.push([
      'storefront search',
      'GET /en/search?searchTerm=a%00b',
      await send(`${this.sf}/en/search?searchTerm=a%00b`),
    ])
    rows.push([
      'storefront product id',
      `GET /en/product/${this.sku}%00`,
      await send(`${this.sf}/en/product/${this.sku}%00`),
    ])
    const guest = await this.guestAt('address', 131)
    rows.push([
      'storefront basket field',
      'POST /en/basket intent=fields messageToMerchant=a%00b',
      await guest.client.send('/en/basket', {
        method: 'POST',
        headers: FORM,
        body: form({ intent: 'fields', messageToMerchant: 'a\u0000b', externalOrderReference: '' }),
      }),
    ])
    const address = guest.client.formOf(
      guest.page,
      /^continue/i,
      guestAddressFields('nul@bench.example', 'A\u0000', 'B'),
    )
    rows.push([
      'storefront address field',
      'POST /en/checkout/address invoice.firstName=A%00',
      await guest.client.send('/en/checkout/address', {
        method: 'POST',
        headers: FORM,
        body: form(address.fields),
      }),
    ])
    rows.push([
      'storefront login',
      'POST /en/login login=bbuyer%00',
      await send(`${this.sf}/en/login`, {
        method: 'POST',
        headers: FORM,
        body: form({ login: 'bbuyer\u0000', password: 'x' }),
      }),
    ])
    for (const [what, sent, answer] of rows)
      await this.answerRow(13, what, sent, answer, gist(answer), fivexx(answer) ? 'vulnerable' : 'fixed')
  }

  // 14: every refused SKU of an add-items link becomes a line of the toast in the session cookie; in the
  // longer languages the cookie passes the browsers' 4096 bytes, which Remix refuses with a 500.
  async finding14() {
    const items = [`${this.sku}|1`, ...Array.from({ length: 47 }, (_, i) => `NOPE${i + 1}|1`)].join(';')
    for (const lang of ['en', 'de']) {
      const client = new Client(this.sf)
      const answer = await client.send(`/${lang}/home?addItems=${encodeURIComponent(items)}`)
      const cookie = setCookies(answer).find((c) => c.startsWith('apiToken=')) ?? ''
      const next = answer.headers.location ? await client.page(answer.headers.location) : null
      await this.row(14, {
        case: `add-items link: 1 valid + 47 unknown SKUs, /${lang}`,
        sent: `GET /${lang}/home?addItems=${this.sku}|1;NOPE1|1;…;NOPE47|1 (${items.length} chars)`,
        status: `${statusOf(answer)}${next ? `, then ${next.status}` : ''}`,
        ms: answer.ms,
        size: answer.size,
        header: `Set-Cookie apiToken ${cookie ? `${cookie.length} B` : 'none'} (browsers drop a cookie over 4096 B)`,
        verdict:
          cookie.length > 4096 || answer.status >= 500 || (next?.status ?? 0) >= 500 ? 'vulnerable' : 'fixed',
      })
    }
  }

  // 15: what the routes were never written for: other bodies and methods, odd ids, codes and countries.
  async finding15() {
    const cases: [string, string, Answer][] = []
    const login = (contentType: string, body: string) =>
      send(`${this.sf}/en/login`, { method: 'POST', headers: { 'content-type': contentType }, body })
    cases.push([
      'JSON body to /en/login',
      'POST application/json',
      await login('application/json', '{"login":"a","password":"b"}'),
    ])
    cases.push([
      'text/plain body to /en/login',
      'POST text/plain',
      await login('text/plain', 'login=a&password=b'),
    ])
    cases.push([
      'multipart without boundary',
      'POST multipart/form-data (no boundary)',
      await login('multipart/form-data', 'x'),
    ])
    for (const route of ['/en/login', '/en/basket'])
      for (const method of ['PUT', 'PATCH', 'DELETE', 'TRACE'])
        cases.push([
          `${method} ${route}`,
          `${method} ${route}${method === 'TRACE' ? '' : ' with a form body'}`,
          await send(`${this.sf}${route}`, {
            method,
            ...(method === 'TRACE' ? {} : { headers: FORM, body: 'intent=delete&lineId=x' }),
          }),
        ])
    const guest = await this.guestAt('address', 151)
    const post = (path: string, fields: Record<string, string>) =>
      guest.client.send(path, { method: 'POST', headers: FORM, body: form(fields) })
    const long = 'a'.repeat(5000)
    cases.push([
      'storefront basket lineId 5000 chars',
      'POST /en/basket intent=delete lineId=a×5000',
      await post('/en/basket', { intent: 'delete', lineId: long }),
    ])
    cases.push([
      'storefront basket lineId non-ASCII',
      'POST /en/basket intent=quantity lineId=ä€💥',
      await post('/en/basket', { intent: 'quantity', lineId: 'ä€💥', quantity: '2' }),
    ])
    cases.push([
      'storefront promotion code non-ASCII',
      'POST /en/basket intent=addCode code=ä€💥',
      await post('/en/basket', { intent: 'addCode', code: 'ä€💥' }),
    ])
    cases.push([
      'storefront remove promotion code 5000 chars',
      'POST /en/basket intent=removeCode code=ä×5000',
      await post('/en/basket', { intent: 'removeCode', code: 'ä'.repeat(5000) }),
    ])
    const address = guest.client.formOf(guest.page, /^continue/i, {
      'invoice.countryCode': '__proto__',
      'invoice.mainDivision': 'x',
    })
    cases.push([
      'storefront address countryCode=__proto__',
      'POST /en/checkout/address invoice.countryCode=__proto__',
      await post('/en/checkout/address', Object.fromEntries(address.fields)),
    ])
    cases.push([
      'storefront address countryCode=constructor',
      'POST /en/checkout/address invoice.countryCode=constructor',
      await post('/en/checkout/address', {
        ...Object.fromEntries(address.fields),
        'invoice.countryCode': 'constructor',
      }),
    ])
    const token = await this.token()
    const basket = await this.apiCall(token, 'baskets', 'POST')
    const basketId = (JSON.parse(basket.text) as { data?: { id?: string } }).data?.id ?? 'current'
    cases.push([
      'API lineId 5000 chars',
      'DELETE baskets/{id}/items/a×5000',
      await this.apiCall(token, `baskets/${basketId}/items/${long}`, 'DELETE'),
    ])
    cases.push([
      'API lineId non-ASCII',
      'PATCH baskets/{id}/items/ä€',
      await this.apiCall(token, `baskets/${basketId}/items/%C3%A4%E2%82%AC`, 'PATCH', {
        quantity: { value: 1 },
      }),
    ])
    cases.push([
      'API promotion code non-ASCII',
      'POST baskets/{id}/promotioncodes code=ä€💥',
      await this.apiCall(token, `baskets/${basketId}/promotioncodes`, 'POST', { code: 'ä€💥' }),
    ])
    cases.push([
      'API promotion code over-long in path',
      'DELETE baskets/{id}/promotioncodes/ä×3000',
      await this.apiCall(token, `baskets/${basketId}/promotioncodes/${'%C3%A4'.repeat(3000)}`, 'DELETE'),
    ])
    cases.push([
      'API countryCode=__proto__ (regions)',
      'GET countries/__proto__/main-divisions',
      await send(`${this.rest}/countries/__proto__/main-divisions`),
    ])
    cases.push([
      'API countryCode=constructor (regions)',
      'GET countries/constructor/main-divisions',
      await send(`${this.rest}/countries/constructor/main-divisions`),
    ])
    cases.push([
      'receipt without a session',
      'GET /en/checkout/receipt (no cookie)',
      await send(`${this.sf}/en/checkout/receipt`),
    ])
    cases.push([
      'API categories/%25…',
      'GET categories/%25E0%25A4',
      await send(`${this.rest}/categories/%25E0%25A4`),
    ])
    cases.push(['API categories/%25', 'GET categories/%25', await send(`${this.rest}/categories/%25`)])
    for (const [what, sent, answer] of cases)
      await this.answerRow(
        15,
        what,
        sent,
        answer,
        gist(answer),
        answer.status >= 500 || answer.status === 0 ? 'vulnerable' : 'fixed',
      )
  }

  // 16: a cookie signed with the built-in development secret is taken for a session the shop made. With a made-up
  // token the first API call refuses it and the session is dropped; with a token anyone can get (anonymous) or
  // the attacker's own login's, the forged session stays, under the name chosen.
  async finding16() {
    const now = Date.now()
    const cookie = createCookie('apiToken', {
      secrets: [this.options.secret],
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
    })
    const tokens: [string, string][] = [
      ['made-up token', 'forged-token'],
      ['an anonymous API token', await this.token()],
      ["bbuyer's own token", await this.token('bbuyer')],
    ]
    for (const [what, token] of tokens) {
      const serialized = await cookie.serialize({
        apiToken: token,
        type: 'user',
        isAnonymous: false,
        refreshToken: 'forged-refresh-token',
        expiresAt: now + 3600_000,
        issuedAt: now,
        user: { login: 'jlink', firstName: 'Jack', lastName: 'Link', customerType: 'SMBCustomer' },
        activeAt: now,
      })
      const header = serialized.split(';')[0]!
      const orders = await send(`${this.sf}/en/account/orders`, { headers: { cookie: header } })
      const home = await send(`${this.sf}/en/home`, { headers: { cookie: header } })
      const names = [loginStatusOf(orders.text), loginStatusOf(home.text)].filter(Boolean)
      await this.row(16, {
        case: `forged cookie: user jlink (Jack Link), ${what}`,
        sent: `GET /en/account/orders and /en/home, cookie signed with "${this.options.secret}"`,
        status: `orders ${statusOf(orders)}${orders.headers.location ? ` → ${String(orders.headers.location)}` : ''}; home ${statusOf(home)}`,
        ms: orders.ms,
        size: orders.size,
        header: `header shows ${names.length ? `"${names[0]}"` : 'no user'}`,
        verdict: orders.status === 200 || names.some((n) => /Jack Link/.test(n!)) ? 'vulnerable' : 'fixed',
      })
    }
  }

  // 17: the session cookie of before a logout, replayed: the pages that take its user without asking the API.
  async finding17() {
    const user = await this.login('patricia@ironbridge.test')
    const old = user.cookieHeader
    const refreshToken = sessionData(user.cookies.get('apiToken'))?.refreshToken
    const logout = await user.send('/en/logout', { method: 'POST', headers: FORM, body: '' })
    const pages = [
      '/en/home',
      '/en/login',
      '/en/search?searchTerm=drill',
      '/en/compare',
      '/en/nowhere-pg404',
      '/en/account/orders',
    ]
    const seen: string[] = []
    let shown = false
    let believed = false
    for (const page of pages) {
      const answer = await send(`${this.sf}${page}`, { headers: { cookie: old } })
      const name = loginStatusOf(answer.text)
      // The login page sends a session with a user on without asking the API: noted, not the finding.
      if (page === '/en/login' && answer.status === 302) believed = true
      if (name || (page === '/en/account/orders' && answer.status === 200)) shown = true
      seen.push(
        `${page} ${answer.status}${name ? ` "${name}"` : ''}${answer.headers.location ? ` → ${String(answer.headers.location)}` : ''}`,
      )
    }
    await this.row(17, {
      case: 'replay the cookie of before the logout',
      sent: `POST /en/logout (${statusOf(logout)}), then the old cookie on ${pages.length} pages`,
      status: seen.join('; '),
      ms: null,
      size: null,
      header: `${shown ? 'a page still shows the user' : 'no page shows the user'}${believed ? '; /en/login still redirects as for a logged-in user' : ''}`,
      verdict: shown ? 'vulnerable' : 'fixed',
    })
    const refreshed =
      typeof refreshToken === 'string'
        ? await send(`${this.rest}/token`, {
            method: 'POST',
            headers: FORM,
            body: form({ grant_type: 'refresh_token', refresh_token: refreshToken }),
          })
        : null
    if (refreshed)
      await this.answerRow(
        17,
        "the old cookie's refresh token after the logout",
        'POST token grant_type=refresh_token',
        refreshed,
        refreshed.status === 200 ? 'a new token for the logged-out user' : 'refused',
        refreshed.status === 200 ? 'vulnerable' : 'fixed',
      )
  }

  // 18: the review step (and the order submit) while the API is down: a 503 with Retry-After is what a client needs.
  /** The guest at review that finding 18 uses, taken there before the floods of finding 4 (a fixed shop limits them). */
  private reviewGuest?: Promise<{ client: Client; page: Page }>

  prepareReviewGuest() {
    this.reviewGuest ??= this.guestAt('review', 181)
    return this.reviewGuest
  }

  async finding18() {
    const guest = await this.prepareReviewGuest()
    const placeOrder = guest.client.formOf(guest.page, /^place order$/i, { termsAndConditions: 'on' })
    const apiPid = this.shop.apiPid
    if (!apiPid) return this.notRun(18, 'API down at review', 'no process listens on the API port')
    // The supervisor of `npm start` ends the whole shop when the API ends (finding 3): it is paused while the
    // API is down, so that the storefront stays to answer.
    const parent = parentOf(apiPid)
    const supervisor = parent && /scripts\/start\.mjs/.test(commandOf(parent)) ? parent : undefined
    if (supervisor) process.kill(supervisor, 'SIGSTOP')
    try {
      process.kill(apiPid, 'SIGKILL')
      for (let i = 0; i < 50 && (await this.shop.apiUp()); i++) await sleep(100)
      const review = await guest.client.send('/en/checkout/review', { timeoutMs: 15_000 })
      const submit = await guest.client.send(new URL(placeOrder.action).pathname, {
        method: 'POST',
        headers: FORM,
        body: form(placeOrder.fields),
        timeoutMs: 15_000,
      })
      const state = await this.shop.state()
      for (const [what, answer] of [
        ['GET /en/checkout/review', review],
        ['POST place order', submit],
      ] as const)
        await this.row(18, {
          case: `${what}, API down`,
          sent: `${what} (guest with item, address, shipping and invoice set; API killed${supervisor ? ', supervisor paused' : ''})`,
          status: statusOf(answer),
          ms: answer.ms,
          size: answer.size,
          header: `Retry-After: ${String(answer.headers['retry-after'] ?? '–')}; ${gist(answer)}`,
          survived: state.text,
          verdict:
            answer.status === 503 && answer.headers['retry-after'] !== undefined ? 'fixed' : 'vulnerable',
        })
    } finally {
      if (supervisor) process.kill(supervisor, 'SIGCONT')
    }
  }

  async all() {
    const startedAt = new Date()
    const t0 = performance.now()
    if (!(await this.shop.ensureUp()))
      throw new Error('the shop does not answer (and no --restart was given)')
    await this.findProduct()
    console.error(`security: product ${this.sku} at ${this.productPath}`)
    // Harmless to the servers first, then the ones that log in, then the floods, then those that end processes.
    await this.finding(9, () => this.finding9())
    await this.finding(8, () => this.finding8())
    await this.finding(12, () => this.finding12())
    await this.finding(14, () => this.finding14())
    await this.finding(6, () => this.finding6())
    await this.finding(7, () => this.finding7())
    await this.finding(16, () => this.finding16())
    await this.finding(17, () => this.finding17())
    await this.finding(13, () => this.finding13())
    await this.finding(15, () => this.finding15())
    await this.finding(10, () => this.finding10Put())
    await this.finding(1, () => this.finding1Sizes())
    await this.finding(11, () => this.finding11())
    // A failure here is reported by finding 18 itself, which awaits the same promise.
    if (this.wanted(18)) await this.prepareReviewGuest().catch(() => undefined)
    await this.finding(5, () => this.finding5())
    await this.finding(4, () => this.finding4())
    await this.finding(18, () => this.finding18())
    await this.finding(2, () => this.finding2())
    await this.finding(3, () => this.finding3())
    await this.finding(10, () => this.finding10Delete())
    await this.finding(1, () => this.finding1Crash())
    await this.shop.ensureUp()
    const seconds = (performance.now() - t0) / 1000
    const text = this.report.markdown(this.options, startedAt, seconds, this.shop.restarts)
    console.log(`\n${text}`)
    const base = path.join(root, 'bench/results', `security-findings-${this.options.label}`)
    mkdirSync(path.dirname(base), { recursive: true })
    writeFileSync(`${base}.md`, text)
    writeFileSync(
      `${base}.json`,
      `${JSON.stringify({ label: this.options.label, startedAt, seconds, storefront: this.sf, api: this.api, sku: this.sku, restarts: this.shop.restarts, rows: this.report.rows }, null, 2)}\n`,
    )
    console.error(`\nwritten to ${path.relative(root, base)}.md and .json`)
    await this.shop.stopOwn()
    return this.report.rows.some((r) => r.verdict === 'vulnerable')
  }
}

/** `totalProductQuantity` of a basket answer: ICM sends a Quantity object. */
function quantityOf(json: { data?: { totalProductQuantity?: { value?: number } | number } }): number {
  const quantity = json.data?.totalProductQuantity
  return typeof quantity === 'number' ? quantity : (quantity?.value ?? 0)
}

const options = parseArgs(process.argv.slice(2))
storefrontOrigin = new URL(options.storefront).origin
const run = new Run(options)
run
  .all()
  // Exit 1 while any case still reproduces, so that a rerun after the fixes can gate on it.
  .then((vulnerable) => process.exit(vulnerable ? 1 : 0))
  .catch(async (error: unknown) => {
    console.error(error)
    await run.shop.stopOwn()
    process.exit(2)
  })
