/**
 * `npx tsx bench/page-cache-hits.ts`: page-cache hits of one product page (plain and gzip) next to node:http's
 * hello in the same run, with CPU per request (ADR 0053). Shorter than `npm run bench`, which also renders.
 *
 * Settings: HITS_API_URL (a running commerce API; else one is started with HITS_DATA_DIR), HITS_PORTS
 * (hello,shop,api; default 3901,3903,3902), BENCH_SECONDS (8), BENCH_CONNECTIONS (50), HITS_ROUNDS (2: the
 * targets are measured in turn, round after round, so that the machine's load falls on all of them alike).
 */
import os from 'node:os'
import { API_BUNDLE, API_NODE_FLAGS, buildApi } from '../scripts/build-api.mjs'
import { waitFor } from '../scripts/wait-for.mjs'
import { load, loadClientNote } from './lib/load'
import { cpuMs, failAndExit, start, stopAll } from './lib/servers'

const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const rounds = Number(process.env.HITS_ROUNDS ?? 2)
const [helloPort, shopPort, apiPort] = (process.env.HITS_PORTS ?? '3901,3903,3902').split(',').map(Number)

async function main() {
  const hello = start('node:http hello', ['bench/hello-server.mjs'], {
    ...process.env,
    PORT: String(helloPort),
  })
  let apiUrl = process.env.HITS_API_URL
  if (!apiUrl) {
    await buildApi()
    start('commerce API', [...API_NODE_FLAGS, API_BUNDLE], {
      ...process.env,
      API_PORT: String(apiPort),
      DATA_DIR: process.env.HITS_DATA_DIR ?? `${os.tmpdir()}/storefront-bench-data`,
    })
    apiUrl = `http://127.0.0.1:${apiPort}`
    await waitFor(`${apiUrl}/health`, 900_000)
  }
  const shop = start('storefront', ['server.mjs'], {
    ...process.env,
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    ICM_BASE_URL: apiUrl,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  })
  const base = `http://127.0.0.1:${shopPort}`
  await waitFor(`http://127.0.0.1:${helloPort}/`, 30_000)
  await waitFor(`${base}/en/home`, 60_000)
  const home = await (await fetch(`${base}/en/home`)).text()
  const categoryPath = [...home.matchAll(/href="(\/en\/[^"]+-ctg[^".]+\.[^".]+\.[^"]+)"/g)][0]?.[1]
  const category = await (await fetch(`${base}${categoryPath}`)).text()
  const productPath = [...category.matchAll(/href="(\/en\/[^"]+-prd[^"]+)"/g)][0]?.[1]
  if (!productPath) throw new Error('no product link on the category page')

  const targets: { name: string; url: string; pid: number; headers: Record<string, string> }[] = [
    { name: 'node:http hello', url: `http://127.0.0.1:${helloPort}/`, pid: hello.child.pid!, headers: {} },
    { name: 'product page hit', url: `${base}${productPath}`, pid: shop.child.pid!, headers: {} },
    {
      name: 'product page hit, gzip',
      url: `${base}${productPath}`,
      pid: shop.child.pid!,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    },
  ]
  const totals = targets.map(() => ({ requests: 0, seconds: 0, cpu: 0, errors: 0, hits: 0 }))
  for (const target of targets)
    await load(target.url, { connections: 10, seconds: 2, headers: target.headers }) // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const before = cpuMs(target.pid)
      const result = await load(target.url, { headers: target.headers, connections, seconds })
      totals[i]!.cpu += cpuMs(target.pid) - before
      totals[i]!.requests += result.requests
      totals[i]!.seconds += result.seconds
      totals[i]!.errors += result.errors
    }
  }
  console.log(
    `\n${os.cpus().length} cores, Node ${process.version}; ${connections} connections, ${rounds} × ${seconds} s per target; ${productPath}\n${loadClientNote()}\n`,
  )
  console.log('| target | req/s | ratio to node:http | CPU ms/req | errors |')
  console.log('|---|---:|---:|---:|---:|')
  const rate = (t: (typeof totals)[number]) => t.requests / t.seconds
  for (const [i, target] of targets.entries()) {
    const t = totals[i]!
    console.log(
      `| ${target.name} | ${rate(t).toFixed(0)} | ${(rate(t) / rate(totals[0]!)).toFixed(3)} | ${(t.cpu / t.requests).toFixed(3)} | ${t.errors} |`,
    )
  }
  await stopAll()
  process.exit(0)
}

main().catch(failAndExit)
