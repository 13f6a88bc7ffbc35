/**
 * Runs one fuzz property: fast-check generates requests, each is sent to the real server and its answer
 * checked (no 5xx, in time, bounded in size, no redirect off the shop, only the shop's cookies), and both
 * processes must still run after it. When the property is done, both answer their health URL and neither
 * has been restarted.
 */
import { appendFileSync } from 'node:fs'
import fc from 'fast-check'
import { expect, inject, it } from 'vitest'
import {
  answerLimit,
  describe as describeRequest,
  isFailure,
  requestBytes,
  send,
  type Answer,
  type Failure,
  type FuzzRequest,
} from './client'
import type { Fixtures } from './fixtures'
import { printable } from './text'
import { LABEL, markReported, NAMES, unreported } from './ledger'
import { processAlive, readState, type ServerName, type ServersState } from './servers'

export type FuzzSetup = { stateFile: string; casesFile: string; fixtures: Fixtures }

declare module 'vitest' {
  export interface ProvidedContext {
    fuzz: FuzzSetup
  }
}

export const fuzzSetup = (): FuzzSetup => inject('fuzz')

/** The seed of every property: fixed, so CI runs the same cases; FUZZ_SEED=<n> or `random` for others. */
export const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : process.env.FUZZ_SEED
      ? Number(process.env.FUZZ_SEED)
      : 20260514

/** Runs of a property: its default (sized for the two-minute budget on two cores), or FUZZ_RUNS. */
export const runs = (defaultRuns: number) =>
  process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : defaultRuns

/**
 * How long a property may generate new cases before it stops with what it has (the suite's time bound on a
 * slow machine); with FUZZ_RUNS set it runs them all. A failure found is always reported.
 */
const budgetMs = (seconds: number) => (process.env.FUZZ_RUNS ? undefined : seconds * 1000)

/** Test timeout: the budget plus room for a crashed server to start again and the final health checks. */
export const timeoutFor = (runCount: number, seconds: number) =>
  (process.env.FUZZ_RUNS ? runCount * 12 : seconds) * 1000 + 180_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until both servers run (one that crashed is being started again by the global setup). */
export async function waitReady(stateFile: string, timeoutMs = 180_000): Promise<ServersState> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const state = readState(stateFile)
    if (state.api.up && state.shop.up && processAlive(state.api.pid) && processAlive(state.shop.pid))
      return state
    const gaveUp = [state.api, state.shop].find((s) => s.crashes.at(-1)?.how === 'did not start again')
    if (gaveUp)
      throw new Error(`a fuzz server did not start again after a crash:\n${gaveUp.crashes.at(-1)!.output}`)
    if (Date.now() > until) throw new Error('the fuzz servers are not up')
    await sleep(100)
  }
}

/** Throws when a server process ended during the case (after it has been started again). */
async function assertBothRunning(
  stateFile: string,
  before: ServersState,
  request: FuzzRequest,
  result: Answer | Failure,
) {
  let ended = NAMES.filter((name) => !processAlive(before[name].pid))
  // A connection dropped without an answer may be the process going down: give it a moment to show.
  if (ended.length === 0 && isFailure(result)) {
    await sleep(300)
    ended = NAMES.filter((name) => !processAlive(before[name].pid))
  }
  if (ended.length === 0) return
  const after = await waitReady(stateFile)
  markReported(stateFile, after)
  throw new Error(
    ended
      .map((name) => {
        const crash = after[name].crashes.at(-1)
        const output = crash?.output.trim().split('\n').slice(-25).join('\n') ?? ''
        return `${LABEL[name]} ended (${crash?.how ?? 'unknown'}) on ${describeRequest(request)}\n${output}`
      })
      .join('\n'),
  )
}

/** The cookies the storefront may set (ARCHITECTURE.md, "State and cookies"). */
const SHOP_COOKIES = new Set(['apiToken', 'cookieConsent', 'preferredLocale'])

export type Check = {
  target: ServerName
  /** An off-origin redirect the shop makes by design (the payment provider's page). */
  allowedRedirect?: (url: URL) => boolean
}

/** The answer's properties; throws with the request in the message. */
function assertAnswer(
  request: FuzzRequest,
  result: Answer | Failure,
  origin: string,
  check: Check,
  sent: number,
) {
  const what = describeRequest(request)
  // Node's HTTP server closes a CONNECT tunnel request nobody listens for: no request handler is involved.
  if (isFailure(result) && request.method === 'CONNECT' && result.ms < 1000) return
  if (isFailure(result)) throw new Error(`${result.failure} (after ${result.ms} ms): ${what}`)
  if (result.status >= 500) throw new Error(`answered ${result.status}: ${what}`)
  const limit = answerLimit(sent)
  if (result.bodyBytes > limit)
    throw new Error(
      `answered ${result.bodyBytes} bytes, more than ${limit} for a ${sent}-byte request: ${what}`,
    )
  if (check.target !== 'shop') return
  for (const location of result.headers.get('location') ?? []) {
    let url: URL
    try {
      url = new URL(location, origin)
    } catch {
      throw new Error(
        `answered ${result.status} with Location ${JSON.stringify(location)}, not a URL: ${what}`,
      )
    }
    if (url.origin !== origin && !check.allowedRedirect?.(url))
      throw new Error(`redirects off the shop (${result.status}) to ${JSON.stringify(location)}: ${what}`)
  }
  for (const cookie of result.headers.get('set-cookie') ?? []) {
    const name = cookie.split('=')[0]!.trim()
    if (!SHOP_COOKIES.has(name))
      throw new Error(
        `sets cookie ${JSON.stringify(name)} (${JSON.stringify(cookie.slice(0, 200))}): ${what}`,
      )
  }
}

/** The first two segments of a target's path, for grouping failures by route. */
function routeShape(target: string): string {
  const segments = target.split('?')[0]!.split('/').filter(Boolean)
  const rest = segments[0] === 'INTERSHOP' && segments[1] === 'rest' ? segments.slice(5) : segments
  return printable(`/${rest.slice(0, 2).join('/')}`).slice(0, 60)
}

/** Prints a request as the failure report's counterexample: short, bytes escaped, bodies clipped. */
const printed = (request: FuzzRequest): FuzzRequest =>
  Object.assign({ ...request }, { [fc.toStringMethod]: () => describeRequest(request) })

export type FuzzOptions = Check & {
  name: string
  arbitrary: fc.Arbitrary<FuzzRequest>
  runs: number
  /** Seconds this property may take when it passes (see budgetMs). */
  seconds: number
  /** Run before the cases (e.g. put products back into the fixture baskets). */
  before?: () => Promise<void>
}

/**
 * A vitest test running one fuzz property: `defaultRuns` cases (FUZZ_RUNS scales them) within `seconds`,
 * with a timeout that fits both.
 */
export function fuzzTest(
  name: string,
  defaultRuns: number,
  seconds: number,
  options: Omit<FuzzOptions, 'name' | 'runs' | 'seconds'>,
) {
  it(
    name,
    () => fuzz({ name, runs: runs(defaultRuns), seconds, ...options }),
    timeoutFor(runs(defaultRuns), seconds),
  )
}

export async function fuzz(options: FuzzOptions) {
  const { stateFile, casesFile } = fuzzSetup()
  const start = await waitReady(stateFile)
  const missed = unreported(stateFile, start)
  markReported(stateFile, start)
  if (missed.length)
    throw new Error(`before ${options.name} (after the previous property):\n${missed.join('\n')}`)
  await options.before?.()
  const statuses = new Map<string, number>()
  const survey = process.env.FUZZ_SURVEY ? new Map<string, { count: number; examples: string[] }>() : null
  let requests = 0
  const started = Date.now()
  const property = fc.asyncProperty(options.arbitrary.map(printed), async (request) => {
    const before = await waitReady(stateFile)
    const origin = before[options.target].origin
    const bytes = requestBytes(request).length
    const result = await send(origin, request, answerLimit(bytes))
    requests++
    const key = isFailure(result) ? 'none' : String(result.status)
    statuses.set(key, (statuses.get(key) ?? 0) + 1)
    // FUZZ_LOG=1: one line per request (what was answered, how fast), to see what a run did.
    if (process.env.FUZZ_LOG) console.log(`${key} ${result.ms} ms ${describeRequest(request).slice(0, 300)}`)
    try {
      await assertBothRunning(stateFile, before, request, result)
      assertAnswer(request, result, origin, options, bytes)
    } catch (error) {
      if (!survey) throw error
      // FUZZ_SURVEY=1: every failing case is kept (grouped by failure and route) instead of shrinking the first.
      const message = error instanceof Error ? error.message : String(error)
      const key = `${message.split(': ')[0]!.split('\n')[0]} — ${request.method} ${routeShape(request.target)}`
      const entry = survey.get(key) ?? { count: 0, examples: [] }
      entry.count++
      if (entry.examples.length < 3) entry.examples.push(describeRequest(request).slice(0, 400))
      survey.set(key, entry)
    }
  })
  const details = await fc.check(property, {
    seed: SEED,
    numRuns: options.runs,
    interruptAfterTimeLimit: budgetMs(options.seconds),
    includeErrorInReport: true,
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const counts = [...statuses]
    .sort()
    .map(([status, n]) => `${status}×${n}`)
    .join(' ')
  console.log(
    `fuzz ${options.name}: ${details.numRuns} cases, ${requests} requests in ${seconds} s (${counts})`,
  )
  appendFileSync(casesFile, `${JSON.stringify({ name: options.name, cases: details.numRuns, requests })}\n`)
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? 'the property failed')
  if (survey?.size)
    throw new Error(
      [...survey]
        .sort((a, b) => b[1].count - a[1].count)
        .map(
          ([key, { count, examples }]) => `${count}× ${key}\n${examples.map((e) => `    ${e}`).join('\n')}`,
        )
        .join('\n'),
    )

  // Afterwards both still answer, and neither was started again meanwhile. Crashes not pinned on a case,
  // and uncaught errors the processes survived (their process-wide handlers log them), fail it too.
  const end = await waitReady(stateFile)
  const late = unreported(stateFile, end)
  markReported(stateFile, end)
  expect(late, `crashes or uncaught errors during ${options.name}`).toEqual([])
  for (const name of NAMES) {
    const health = name === 'api' ? `${end.api.origin}/health` : `${end.shop.origin}/en/home`
    const answer = await fetch(health, { signal: AbortSignal.timeout(10_000) })
    await answer.arrayBuffer()
    expect(answer.status, `${health} after ${options.name}`).toBe(200)
    expect(end[name].pid, `${LABEL[name]} was restarted during ${options.name}`).toBe(start[name].pid)
  }
}

/**
 * After a file's last property (an `afterAll`): a crash or uncaught error that showed only after the last
 * check fails the file instead of going unseen.
 */
export async function assertNothingUnreported() {
  await sleep(500)
  const { stateFile } = fuzzSetup()
  const state = readState(stateFile)
  const missed = unreported(stateFile, state)
  markReported(stateFile, state)
  expect(missed, 'crashes or uncaught errors after the last property').toEqual([])
}
