/**
 * The first start of an embedded database seeds it in a child process (ADR 0049). Seeding the demo shop
 * peaks at some 700 MB in the process that does it, and much of that stays: PGlite's WebAssembly memory only
 * grows, and what the C heap freed is not returned to the system. A child that seeds and exits leaves the API
 * as small as a restart on the seeded data would; the API then opens the seeded database itself.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import path from 'node:path'

/** The environment variable that makes main.ts seed and exit instead of serving. */
export const SEED_ONLY = 'COMMERCE_API_SEED_ONLY'

/** A PGlite data directory that PostgreSQL never initialised (no PG_VERSION yet): a first start. */
export const isNewDataDir = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'))

/** Node's arguments for the seeding child: this process's, without watching or debugging. */
export function seedProcessArgs(execArgv: readonly string[], script: string): string[] {
  const own = execArgv.filter((arg) => !/^--(watch|inspect|cpu-prof|heap-prof)/.test(arg))
  return [...own, script]
}

/** Runs this script again with SEED_ONLY set and waits for it; throws when it failed. */
export async function seedInChildProcess() {
  const child = spawn(process.execPath, seedProcessArgs(process.execArgv, process.argv[1]!), {
    env: { ...process.env, [SEED_ONLY]: 'on' },
    stdio: 'inherit',
  })
  // Stopped while seeding (Ctrl-C, the supervisor's SIGTERM): the child stops too, and this start fails.
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGINT', forward).on('SIGTERM', forward)
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  process.off('SIGINT', forward).off('SIGTERM', forward)
  if (code !== 0) throw new Error(`seeding the new database failed (${signal ?? `exit code ${code}`})`)
}
