/**
 * Load on one URL for a while, from as many keep-alive connections as asked: requests, rate, latency and
 * errors. The client is wrk (Debian `wrk`, C) when it is installed, else autocannon (ADR 0060).
 *
 * Why not autocannon alone: it decodes every response body into a JavaScript string as it arrives. A page
 * with any byte outside ASCII (a "–", "€", "Română") costs it UTF-8 decoding of the whole body, and on a
 * 2-core machine that is slower than the storefront's whole page-cache hit: a plain node:http server
 * answering the product page's 51 KB from one buffer reached 10.8k req/s under autocannon (27.8k/s with
 * the same bytes made ASCII) and 63.6k/s under wrk. Throughput measured with autocannon then measured the
 * client. wrk reads the bytes and counts them, whatever they are.
 *
 * BENCH_CLIENT=autocannon (or wrk) chooses; without wrk the report says the figures are client-bound.
 */
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import { root } from './servers'

export type LoadResult = {
  /** Answers received in the time (any status). */
  requests: number
  seconds: number
  rps: number
  /** Latency percentiles (ms). */
  p50: number
  p99: number
  /** Answers other than 2xx/3xx, failed connections, reads, writes and timeouts. */
  errors: number
}

export type LoadOptions = {
  connections: number
  seconds: number
  headers?: Record<string, string>
}

export type LoadClient = 'wrk' | 'autocannon'

const wrkInstalled = () => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined

/** The client of this run: BENCH_CLIENT, else wrk when it is installed. */
export const loadClient: LoadClient = (() => {
  const chosen = process.env.BENCH_CLIENT
  if (chosen === 'wrk' || chosen === 'autocannon') return chosen
  if (chosen) throw new Error(`BENCH_CLIENT=${chosen}: wrk or autocannon`)
  return wrkInstalled() ? 'wrk' : 'autocannon'
})()

/** One line for a report: which client measured, and what that means for the throughput figures. */
export function loadClientNote(): string {
  return loadClient === 'wrk'
    ? 'Load from wrk (one thread).'
    : 'Load from autocannon: wrk is not installed (`apt-get install wrk`). autocannon decodes every body into a string, so the req/s of large pages with non-ASCII text are the client’s limit, not the server’s (ADR 0060).'
}

export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  return loadClient === 'wrk' ? wrk(url, options) : viaAutocannon(url, options)
}

async function viaAutocannon(url: string, { connections, seconds, headers }: LoadOptions) {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}

/** wrk's own report of the run, printed by bench/lib/wrk-report.lua as one JSON line. */
type WrkReport = {
  requests: number
  duration_us: number
  p50_us: number
  p99_us: number
  errors: { connect: number; read: number; write: number; status: number; timeout: number }
}

const REPORT_SCRIPT = path.join(root, 'bench/lib/wrk-report.lua')

function wrk(url: string, { connections, seconds, headers = {} }: LoadOptions): Promise<LoadResult> {
  const args = [
    '--threads',
    '1',
    '--connections',
    String(connections),
    '--duration',
    `${seconds}s`,
    '--timeout',
    '10s',
    '--script',
    REPORT_SCRIPT,
    ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    url,
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('{"requests"'))
      if (code !== 0 || !line) return reject(new Error(`wrk ${args.join(' ')}: exit ${code}\n${output}`))
      const report = JSON.parse(line) as WrkReport
      const e = report.errors
      const secondsRun = report.duration_us / 1e6
      resolve({
        requests: report.requests,
        seconds: secondsRun,
        rps: report.requests / secondsRun,
        p50: report.p50_us / 1000,
        p99: report.p99_us / 1000,
        errors: e.connect + e.read + e.write + e.status + e.timeout,
      })
    })
  })
}
