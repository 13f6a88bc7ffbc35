/**
 * Starts the two servers once for the whole fuzz project, reads the fixtures from them, and stops them
 * at the end with a summary: the number of generated cases and every crash seen (with its output).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadFixtures } from './fixtures'
import { unreported } from './ledger'
import { FuzzServers } from './servers'

/** Loopback ports of the fuzz servers (FUZZ_API_PORT / FUZZ_SHOP_PORT to move them). */
const API_PORT = Number(process.env.FUZZ_API_PORT ?? 4540)
const SHOP_PORT = Number(process.env.FUZZ_SHOP_PORT ?? 3540)

export default async function setup(project: TestProject) {
  const started = Date.now()
  const servers = await FuzzServers.start({ apiPort: API_PORT, shopPort: SHOP_PORT, products: 100 })
  const state = servers.snapshot()
  let fixtures
  try {
    fixtures = await loadFixtures(state.shop.origin, state.api.origin)
  } catch (error) {
    await servers.stop()
    throw error
  }
  const casesFile = path.join(servers.dataDir, 'cases.jsonl')
  project.provide('fuzz', { stateFile: servers.stateFile, casesFile, fixtures })
  console.log(`fuzz: servers up and fixtures read in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  return async () => {
    const lines = existsSync(casesFile)
      ? readFileSync(casesFile, 'utf8').trim().split('\n').filter(Boolean)
      : []
    const runs = lines.map((line) => JSON.parse(line) as { cases: number; requests: number })
    const cases = runs.reduce((sum, r) => sum + r.cases, 0)
    const requests = runs.reduce((sum, r) => sum + r.requests, 0)
    console.log(
      `fuzz: ${cases} generated cases (${requests} requests with shrinking) in ${runs.length} properties, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s including server start`,
    )
    const final = servers.snapshot()
    // Each file's afterAll has failed on these already; here they are listed once more at the end of the log.
    for (const line of unreported(servers.stateFile, final))
      console.log(`fuzz: not reported by a test: ${line}`)
    await servers.stop()
  }
}
