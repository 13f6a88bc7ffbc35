/**
 * The fuzz suite's two servers, started as production runs them: the commerce API (`node --import tsx
 * commerce-api/main.ts`, a fresh PGlite database in a temporary DATA_DIR) and the built storefront
 * (`node server.mjs`, NODE_ENV=production). A process that ends without being asked to is a finding: its
 * exit and last output are recorded, and it is started again on the same port (and database) so the rest
 * of the suite still runs. The state (pids, crashes) is kept in a JSON file that the test workers read.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitFor } from '../../scripts/wait-for.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const SITE = 'ironbridge-Site'

export type ServerName = 'api' | 'shop'
export type Crash = { at: string; how: string; output: string }
export type Incident = { at: string; text: string }
export type ProcessState = {
  pid: number
  origin: string
  up: boolean
  starts: number
  crashes: Crash[]
  /** Uncaught exceptions and unhandled rejections the process logged and survived. */
  incidents: Incident[]
}

/** Lines a process writes when it caught what no handler did (server.mjs, commerce-api/main.ts). */
const INCIDENT = /uncaught exception|unhandled (promise )?rejection|uncaughtException|unhandledRejection/i
export type ServersState = Record<ServerName, ProcessState>

/** The storefront runs from the production build; without it the suite cannot test what ships. */
export function requireBuild() {
  if (!existsSync(path.join(root, 'build/server/index.js')))
    throw new Error(
      'build/server/index.js is missing: the fuzz suite runs against the production build, run `npm run build` first',
    )
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** The environment of a child: ours without settings that would point it at another database or shop. */
function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['DATABASE_URL', 'ICM_SITE', 'PUBLIC_URL', 'PAYMENT_PAGE_URL', 'NODE_OPTIONS', 'VITEST'])
    delete env[key]
  for (const key of Object.keys(env)) if (key.startsWith('VITEST_')) delete env[key]
  return { ...env, ...settings }
}

type Running = { child: ChildProcess; output: string[]; exited: Promise<void> }

const OUTPUT_LINES = 80

export class FuzzServers {
  readonly dataDir: string
  readonly stateFile: string
  private readonly state: ServersState
  private readonly running: Partial<Record<ServerName, Running>> = {}
  private stopping = false
  private restarts: Promise<void>[] = []

  private constructor(
    private readonly ports: Record<ServerName, number>,
    private readonly restartOnCrash: boolean,
    private readonly products: number,
  ) {
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-fuzz-'))
    this.stateFile = path.join(this.dataDir, 'state.json')
    const origin = (port: number) => `http://127.0.0.1:${port}`
    this.state = {
      api: { pid: 0, origin: origin(ports.api), up: false, starts: 0, crashes: [], incidents: [] },
      shop: { pid: 0, origin: origin(ports.shop), up: false, starts: 0, crashes: [], incidents: [] },
    }
  }

  /** Starts the API (seeded with `products` products), then the storefront; both answer when this resolves. */
  static async start(options: {
    apiPort: number
    shopPort: number
    products?: number
    restartOnCrash?: boolean
  }): Promise<FuzzServers> {
    requireBuild()
    for (const port of [options.apiPort, options.shopPort])
      if (await portInUse(port)) throw new Error(`port ${port} is in use: the fuzz servers need it`)
    const servers = new FuzzServers(
      { api: options.apiPort, shop: options.shopPort },
      options.restartOnCrash ?? true,
      options.products ?? 100,
    )
    try {
      await servers.launch('api')
      await servers.launch('shop')
    } catch (error) {
      await servers.stop()
      throw error
    }
    return servers
  }

  private command(name: ServerName): { args: string[]; env: NodeJS.ProcessEnv; health: string } {
    const api = this.state.api.origin
    if (name === 'api')
      return {
        args: ['--import', 'tsx', 'commerce-api/main.ts'],
        env: childEnv({
          DATA_DIR: this.dataDir,
          SEED_PRODUCTS: String(this.products),
          API_PORT: String(this.ports.api),
          API_HOST: '127.0.0.1',
        }),
        health: `${api}/health`,
      }
    return {
      args: ['server.mjs'],
      env: childEnv({
        PORT: String(this.ports.shop),
        HOST: '127.0.0.1',
        ICM_BASE_URL: api,
        NODE_ENV: 'production',
        SESSION_SECRET: 'fuzz-secret-for-the-fuzz-suite-only-0123456789',
        PUBLIC_URL: this.state.shop.origin,
        PAGE_CACHE_SECONDS: '0',
        // One process: a crash is this process ending, and its memory is this process's (ADR 0050).
        WEB_CONCURRENCY: '1',
      }),
      health: `${this.state.shop.origin}/en/home`,
    }
  }

  private async launch(name: ServerName) {
    const { args, env, health } = this.command(name)
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const output: string[] = []
    const keep = (chunk: string) => {
      output.push(...chunk.split('\n'))
      if (output.length > OUTPUT_LINES) output.splice(0, output.length - OUTPUT_LINES)
      if (INCIDENT.test(chunk)) {
        this.state[name].incidents.push({ at: new Date().toISOString(), text: chunk.slice(0, 3000) })
        this.save()
      }
    }
    child.stdout!.setEncoding('utf8').on('data', keep)
    child.stderr!.setEncoding('utf8').on('data', keep)
    const exited = new Promise<void>((resolve) =>
      child.once('exit', (code, signal) => {
        resolve()
        this.exited(name, signal ?? `exit code ${code}`)
      }),
    )
    this.running[name] = { child, output, exited }
    const state = this.state[name]
    state.pid = child.pid ?? 0
    state.starts++
    this.save()
    await Promise.race([
      waitFor(health, 120_000),
      exited.then(() => {
        throw new Error(`${name} ended before ${health} answered:\n${output.join('\n')}`)
      }),
    ])
    state.up = true
    this.save()
  }

  private exited(name: ServerName, how: string) {
    const state = this.state[name]
    const running = this.running[name]
    state.up = false
    if (this.stopping) return this.save()
    state.crashes.push({ at: new Date().toISOString(), how, output: running?.output.join('\n') ?? '' })
    this.save()
    if (!this.restartOnCrash || state.crashes.length > 50) return
    // Started again so the remaining properties still run; the crash stays recorded and fails its test.
    const restart = this.launch(name).catch((error: unknown) => {
      state.crashes.push({ at: new Date().toISOString(), how: 'did not start again', output: String(error) })
      this.save()
    })
    this.restarts.push(restart)
  }

  private save() {
    const temp = `${this.stateFile}.tmp`
    writeFileSync(temp, JSON.stringify(this.state))
    renameSync(temp, this.stateFile)
  }

  snapshot(): ServersState {
    return structuredClone(this.state)
  }

  async stop() {
    this.stopping = true
    await Promise.allSettled(this.restarts)
    await Promise.all(
      (['shop', 'api'] as const).map(async (name) => {
        const running = this.running[name]
        if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return
        running.child.kill('SIGTERM')
        const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000)
        await running.exited
        clearTimeout(timer)
      }),
    )
    rmSync(this.dataDir, { recursive: true, force: true })
  }
}

/** What the test workers see of the servers: the state file the global setup keeps. */
export function readState(stateFile: string): ServersState {
  return JSON.parse(readFileSync(stateFile, 'utf8')) as ServersState
}

/** True when the process exists and has not ended (a zombie has ended). */
export function processAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

/** Resident set size of a process in KiB (VmRSS of /proc/{pid}/status). */
export function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1])
}
