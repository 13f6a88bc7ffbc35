/**
 * A throwaway PostgreSQL server for a benchmark, as .ci/run makes one for the tests: `initdb` into a temporary
 * folder and `pg_ctl start` on a loopback port (its socket in that folder), as user postgres when this runs as
 * root (PostgreSQL refuses to run as root). Stopped and removed when the benchmark ends, also on an error or
 * SIGINT/SIGTERM (servers.ts exits the process, and the exit hook here stops the server).
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { portInUse } from './servers'

export type PostgresServer = {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string
  /** e.g. "PostgreSQL 15.13" */
  version: string
  stop: () => void
}

/** The newest installed PostgreSQL's bin folder (PG_BIN overrides). */
export function binFolder(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : []
  if (!versions.length)
    throw new Error('no PostgreSQL under /usr/lib/postgresql (set PG_BIN, or pass --postgres URL)')
  return path.join(base, versions.at(-1)!, 'bin')
}

/** uid and gid of user postgres, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'))
  if (!line) throw new Error('running as root, but there is no user postgres to run PostgreSQL as')
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** Starts a fresh server on 127.0.0.1:`port`; `settings` are extra `-c name=value` server settings. */
export async function startPostgres(port: number, settings: Record<string, string> = {}) {
  if (await portInUse(port)) throw new Error(`port ${port} is in use; choose another PostgreSQL port`)
  const bin = binFolder()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'))
  const asUser: SpawnSyncOptions = { cwd: dataDir, encoding: 'utf8' }
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser()
    chownSync(dataDir, uid, gid)
    Object.assign(asUser, { uid, gid, env: { ...process.env, HOME: dataDir } })
  }
  const run = (command: string, args: string[]) => {
    const result = spawnSync(path.join(bin, command), args, asUser)
    if (result.status !== 0) {
      const log = path.join(dataDir, 'server.log')
      const serverLog = existsSync(log) ? `\n${readFileSync(log, 'utf8').slice(-2000)}` : ''
      throw new Error(
        `${command} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}${serverLog}`,
      )
    }
    return String(result.stdout)
  }
  let running = false
  const stop = () => {
    if (running) {
      running = false
      spawnSync(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop'], asUser)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', stop)
  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
    const options = [
      `-p ${port}`,
      `-k ${dataDir}`,
      '-c listen_addresses=127.0.0.1',
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ')
    running = true
    run('pg_ctl', ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-o', options, 'start'])
  } catch (error) {
    stop()
    throw error
  }
  const version = run('postgres', ['--version'])
    .trim()
    .replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop } satisfies PostgresServer
}
