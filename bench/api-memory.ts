/**
 * `npm run bench:memory`: the commerce API's resident memory (VmRSS) as production runs it (bundled, with its
 * node flags: scripts/build-api.mjs), on an embedded PGlite database in MEMORY_BENCH_DATA_DIR (default
 * <tmp>/storefront-memory-bench-data; `--fresh` starts from an empty one, which the first start seeds):
 *
 * - idle after the start (after seeding, when this start seeded: a child process seeds a new database);
 * - after MEMORY_BENCH_REQUESTS (default 3000) catalog requests at 8 connections (category tree, listings
 *   and their filters in two locales, searches, product details), and again after as many more, for
 *   MEMORY_BENCH_ROUNDS rounds (default 2): memory that keeps growing from round to round is what a bound is
 *   missing;
 * - idle after a restart on the same data.
 *
 * Issue 37's goal is 200 MiB idle; the run exits 1 when an idle reading misses it by more than 15 %.
 * The API listens on MEMORY_BENCH_PORT (default 4520).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { API_BUNDLE, API_NODE_FLAGS, buildApi } from '../scripts/build-api.mjs'
import { childEnv, failAndExit, rssMiB, settle, start, stop, waitUntilUp, writeReport } from './lib/servers'

const GOAL_MIB = 200
const port = Number(process.env.MEMORY_BENCH_PORT ?? 4520)
const requests = Number(process.env.MEMORY_BENCH_REQUESTS ?? 3000)
const rounds = Number(process.env.MEMORY_BENCH_ROUNDS ?? 2)
const dataDir = process.env.MEMORY_BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'storefront-memory-bench-data')
const origin = `http://127.0.0.1:${port}`
const PREFIXES = [
  '/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=en_US;cur=USD/',
  '/INTERSHOP/rest/WFS/ironbridge-Site/-;loc=de_DE;cur=EUR/',
]
const SEARCH_TERMS = ['drill', 'saw', 'glove', 'screw', 'cable', 'hammer', 'helmet', 'Stahl', 'hamer']
const CONNECTIONS = 8

type Category = { uri: string; hasOnlineProducts?: boolean; subCategories?: Category[] }
type Link = { uri: string; attributes?: { name: string; value: unknown }[] }

const statusKiB = (pid: number, field: string) =>
  Number(
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`))
      ?.match(/(\d+)/)?.[1] ?? 0,
  )

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${response.status} ${url}`)
  return (await response.json()) as T
}

const leaves = (categories: Category[]): Category[] =>
  categories.flatMap((c) =>
    c.subCategories?.length ? leaves(c.subCategories) : c.hasOnlineProducts ? [c] : [],
  )

/** The catalog requests of a round: listings, filters and searches in both locales, product details. */
async function catalogUrls(): Promise<string[]> {
  const api = `${origin}${PREFIXES[0]}`
  const tree = await getJson<{ elements: Category[] }>(`${api}categories?view=tree&limit=3`)
  const paths = leaves(tree.elements).map((c) => c.uri.slice(c.uri.indexOf('/categories/') + 12))
  const skus = new Set<string>()
  for (const icmPath of paths.slice(0, 40)) {
    const page = await getJson<{ elements: Link[] }>(
      `${api}categories/${icmPath}/products?amount=12&attrs=sku`,
    )
    for (const p of page.elements) skus.add(String(p.attributes?.find((a) => a.name === 'sku')?.value ?? ''))
  }
  skus.delete('')
  const urls: string[] = []
  for (const prefix of PREFIXES) {
    const base = `${origin}${prefix}`
    for (const icmPath of paths) {
      urls.push(`${base}categories/${icmPath}`)
      urls.push(`${base}categories/${icmPath}/products?amount=12&offset=0&attrs=sku,salePrice,image`)
      urls.push(`${base}categories/${icmPath}/productfilters`)
    }
    for (const term of SEARCH_TERMS) {
      urls.push(`${base}products?searchTerm=${encodeURIComponent(term)}&amount=12&attrs=sku,salePrice`)
      urls.push(`${base}productfilters?searchTerm=${encodeURIComponent(term)}`)
    }
    for (const sku of skus) urls.push(`${base}products/${encodeURIComponent(sku)}`)
  }
  return urls
}

/** `count` requests over `urls` in turn, CONNECTIONS at a time; every one must answer 2xx. */
async function load(urls: string[], count: number) {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const url = urls[next++ % urls.length]!
      const response = await fetch(url)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${response.status} ${url}`)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
}

function startApi() {
  return start(
    'commerce API',
    [...API_NODE_FLAGS, API_BUNDLE],
    childEnv({ API_PORT: String(port), DATA_DIR: dataDir, API_HOST: '127.0.0.1' }),
  )
}

async function main() {
  if (process.argv.includes('--fresh')) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  await buildApi()

  const rows: { name: string; mib: number; goal?: boolean }[] = []
  let api = startApi()
  await waitUntilUp(api, `${origin}/health`, 1_800_000)
  const pid = api.child.pid!
  const seeded = api.output.join('').includes('seeded')
  await settle([pid])
  rows.push({ name: `idle after the start${seeded ? ' (seeded it)' : ''}`, mib: rssMiB(pid), goal: true })

  const urls = await catalogUrls()
  for (let round = 1; round <= rounds; round++) {
    await load(urls, requests)
    await settle([pid])
    rows.push({ name: `after ${round * requests} catalog requests, idle`, mib: rssMiB(pid) })
  }
  rows.push({ name: 'peak of the process (VmHWM)', mib: statusKiB(pid, 'VmHWM') / 1024 })
  await stop(api)

  api = startApi()
  await waitUntilUp(api, `${origin}/health`, 300_000)
  await settle([api.child.pid!])
  rows.push({ name: 'idle after a restart', mib: rssMiB(api.child.pid!), goal: true })
  await stop(api)

  const limit = GOAL_MIB * 1.15
  const missed = rows.filter((r) => r.goal && r.mib > limit)
  const text = [
    `Commerce API resident memory (MiB), PGlite, ${urls.length} distinct catalog URLs, node ${process.version}`,
    '',
    '| reading | MiB | goal |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.mib.toFixed(0)} | ${r.goal ? `≤ ${GOAL_MIB}` : ''} |`),
    '',
    missed.length
      ? `MISSED: ${missed.map((r) => r.name).join(', ')} above ${limit.toFixed(0)} MiB (goal + 15 %)`
      : `goal met (idle ≤ ${GOAL_MIB} MiB, + 15 % spread allowed)`,
  ].join('\n')
  writeReport('api-memory', text)
  process.exit(missed.length ? 1 : 0)
}

main().catch(failAndExit)
