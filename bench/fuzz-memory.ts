/**
 * `npm run bench:fuzz-memory`: does the storefront keep its memory under fuzzing? Starts the commerce API
 * and the built storefront as the fuzz suite does (tests/fuzz/servers.ts), warms the storefront up, samples
 * its resident set size (VmRSS of /proc/{pid}/status), sends 1,000 requests drawn from the fuzz suite's
 * generators (pages, forms, wrong methods and media types, redirect targets, header tricks, a few bodies
 * over the limits), pauses so that V8 can collect, and samples again; the peak is polled throughout.
 *
 * The bound: after the requests the storefront's RSS is at most 1.5× what it was after the warm-up (a leak
 * that keeps something per request shows there), and its peak stays under 512 MiB (one request that makes
 * the process balloon shows there). Exit code 1 above either. The report goes to bench/results/.
 *
 * FUZZ_MEMORY_REQUESTS (1000), FUZZ_SEED, FUZZ_MEMORY_ONLY (one generator); loopback ports BENCH_FUZZ_PORT
 * (3545) and BENCH_FUZZ_PORT+1000.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { send, isFailure, type FuzzRequest } from '../tests/fuzz/client'
import { loadFixtures } from '../tests/fuzz/fixtures'
import { shopBase, trickRequest } from '../tests/fuzz/header-tricks'
import { storefrontRoutes } from '../tests/fuzz/routes'
import { FuzzServers, root, rssKiB } from '../tests/fuzz/servers'
import {
  formRequest,
  oversizedRequest,
  pageRequest,
  redirectRequest,
  wrongMethodRequest,
} from '../tests/fuzz/shop-requests'

const REQUESTS = Number(process.env.FUZZ_MEMORY_REQUESTS ?? 1000)
const SEED = Number(process.env.FUZZ_SEED ?? 20260514)
const SHOP_PORT = Number(process.env.BENCH_FUZZ_PORT ?? 3545)
/** After the requests, at most this multiple of the RSS after the warm-up. */
const GROWTH_BOUND = 1.5
/** The peak RSS during the requests, in MiB. */
const PEAK_BOUND_MIB = 512
const WARM_UP = 200
const SETTLE_MS = 5000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mib = (kib: number) => (kib / 1024).toFixed(1)

/** Prints the report and keeps it as bench/results/fuzz-memory-<time>.md (like bench/lib's writeReport). */
function writeReport(text: string) {
  console.log(`\n${text}`)
  const file = path.join(
    root,
    'bench/results',
    `fuzz-memory-${new Date().toISOString().replace(/[:.]/g, '-')}.md`,
  )
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${text}\n`)
  console.error(`\nwritten to ${path.relative(root, file)}`)
}

async function main() {
  // A crash is a finding here too: no restart, the run fails.
  const servers = await FuzzServers.start({
    apiPort: SHOP_PORT + 1000,
    shopPort: SHOP_PORT,
    products: 100,
    restartOnCrash: false,
  })
  const stop = () => void servers.stop().finally(() => process.exit(130))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    const state = servers.snapshot()
    const { origin } = state.shop
    const pid = state.shop.pid
    const fixtures = await loadFixtures(origin, state.api.origin)
    const ctx = { routes: storefrontRoutes(), fixtures, origin }

    // The suite's generators in about the suite's proportions; bodies over the limits are rare but there.
    // FUZZ_MEMORY_ONLY=pages (or forms, methods, redirects, tricks, oversized) narrows a growth down.
    const generators = {
      pages: { weight: 30, arbitrary: pageRequest(ctx) },
      forms: { weight: 30, arbitrary: formRequest(ctx) },
      methods: { weight: 12, arbitrary: wrongMethodRequest(ctx) },
      redirects: { weight: 12, arbitrary: redirectRequest(ctx) },
      tricks: { weight: 14, arbitrary: trickRequest(origin, shopBase(fixtures, origin)) },
      oversized: { weight: 2, arbitrary: oversizedRequest(ctx) },
    }
    const only = process.env.FUZZ_MEMORY_ONLY as keyof typeof generators | undefined
    if (only && !generators[only])
      throw new Error(`FUZZ_MEMORY_ONLY: one of ${Object.keys(generators).join(', ')}`)
    const mix = only ? generators[only].arbitrary : fc.oneof(...Object.values(generators))
    const warmUp = fc.sample(mix, { numRuns: WARM_UP, seed: SEED + 1 })
    const requests = fc.sample(mix, { numRuns: REQUESTS, seed: SEED })

    const statuses = new Map<string, number>()
    const run = async (list: FuzzRequest[], count: boolean) => {
      for (const request of list) {
        const result = await send(origin, request)
        if (!count) continue
        const key = isFailure(result) ? 'none' : String(result.status)
        statuses.set(key, (statuses.get(key) ?? 0) + 1)
      }
    }

    await run(warmUp, false)
    await sleep(SETTLE_MS)
    const before = rssKiB(pid)
    let peak = before
    const poll = setInterval(() => {
      peak = Math.max(peak, rssKiB(pid))
    }, 50)
    const started = Date.now()
    await run(requests, true)
    const seconds = (Date.now() - started) / 1000
    clearInterval(poll)
    peak = Math.max(peak, rssKiB(pid))
    await sleep(SETTLE_MS)
    const after = rssKiB(pid)
    const alive = servers.snapshot().shop
    const ratio = after / before

    const failures: string[] = []
    if (alive.crashes.length || alive.pid !== pid)
      failures.push('the storefront process ended during the run')
    if (ratio > GROWTH_BOUND)
      failures.push(`RSS after is ${ratio.toFixed(2)}× the RSS before (bound ${GROWTH_BOUND}×)`)
    if (peak / 1024 > PEAK_BOUND_MIB) failures.push(`peak RSS ${mib(peak)} MiB (bound ${PEAK_BOUND_MIB} MiB)`)

    const counts = [...statuses]
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    writeReport(
      [
        '# Storefront memory under fuzzing',
        '',
        `${REQUESTS} requests from the fuzz suite's generators${only ? ` (${only} only)` : ''} (seed ${SEED}) ` +
          `after ${WARM_UP} warm-up requests, ` +
          `one at a time, in ${seconds.toFixed(1)} s; answers: ${counts}.`,
        '',
        '| storefront RSS | MiB |',
        '| --- | ---: |',
        `| after warm-up (before) | ${mib(before)} |`,
        `| peak during the requests | ${mib(peak)} |`,
        `| ${SETTLE_MS / 1000} s after the requests (after) | ${mib(after)} |`,
        `| after / before | ${ratio.toFixed(2)}× |`,
        '',
        `Bound: after ≤ ${GROWTH_BOUND}× before, peak ≤ ${PEAK_BOUND_MIB} MiB. ` +
          (failures.length ? `**Exceeded:** ${failures.join('; ')}.` : 'Within the bound.'),
      ].join('\n'),
    )
    if (failures.length) process.exitCode = 1
  } finally {
    await servers.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
