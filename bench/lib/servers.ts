/**
 * What the benchmarks share: child processes that are always stopped (on exit, on an error, on SIGINT and
 * SIGTERM), waiting for a server, CPU time from /proc, percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { heapFlags } from '../../server/cluster.mjs'
import { waitFor } from '../../scripts/wait-for.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const TICK_MS = 1000 / 100 // /proc reports CPU time in clock ticks of 10 ms

// ---------------------------------------------------------------------------------------------------------
// Child processes: every one is stopped on exit, on an error and on SIGINT/SIGTERM.

export type Server = { name: string; child: ChildProcess; exited: Promise<string>; output: string[] }
export const servers = new Set<Server>()
/** Every server started, also ended ones: their output explains a failure. */
export const started: Server[] = []

/** With BENCH_CPU_PROF=<folder> every server writes a V8 CPU profile there when it stops (for DevTools). */
const profile = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
  : []

export function start(name: string, args: string[], env: NodeJS.ProcessEnv): Server {
  // The benches measure a storefront by its process id (CPU per request, resident memory): one process, not a
  // cluster's primary that renders nothing, with the heap limits of a worker (WEB_CONCURRENCY, ADR 0050).
  const storefront = args.some((arg) => arg.endsWith('server.mjs'))
  const flags = storefront ? heapFlags([], env.NODE_OPTIONS) : []
  const child = spawn(process.execPath, [...profile, ...flags, ...args], {
    cwd: root,
    env: storefront ? { ...env, WEB_CONCURRENCY: '1' } : env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const output: string[] = []
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  )
  const server = { name, child, exited, output }
  servers.add(server)
  started.push(server)
  void exited.then(() => servers.delete(server))
  return server
}

export async function stop(server: Server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGTERM')
  // A profiled server writes its profile as it exits: a busy machine may need longer than 10 s for that.
  const grace = profile.length ? 120_000 : 10_000
  const stopped = await Promise.race([server.exited.then(() => true), sleep(grace).then(() => false)])
  if (!stopped) {
    server.child.kill('SIGKILL')
    await server.exited
  }
}

export const stopAll = () => Promise.all([...servers].map(stop))

process.on('exit', () => servers.forEach((s) => s.child.kill('SIGTERM')))
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true
    console.error(`\n${signal}: stopping the servers`)
    void stopAll().finally(() => process.exit(130))
  })
}

/** Waits for the URL to answer 2xx; fails at once when the server process ends first. */
export async function waitUntilUp(server: Server, url: string, timeoutMs: number) {
  await Promise.race([
    waitFor(url, timeoutMs),
    server.exited.then((how) => {
      throw new Error(`${server.name} ended (${how}) before ${url} answered`)
    }),
  ])
}

export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Fields of /proc/{pid}/stat after the command name: state is [0], utime [11], stime [12]. */
export const procStat = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')

export function cpuMs(pid: number): number {
  const fields = procStat(pid)
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

export const procState = (pid: number) => procStat(pid)[0]

/** A process and its descendants (a storefront's cluster workers), from /proc/{pid}/task/{tid}/children. */
export function processTree(pid: number): number[] {
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) {
    let tasks: string[] = []
    try {
      tasks = readdirSync(`/proc/${tree[i]}/task`)
    } catch {
      continue // ended meanwhile
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim()
        if (children) tree.push(...children.split(/\s+/).map(Number))
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return tree
}

/** CPU of a process and its descendants (ms); a process that ended meanwhile counts nothing. */
export function treeCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    try {
      return sum + cpuMs(each)
    } catch {
      return sum
    }
  }, 0)
}

/** Resident memory of a process in MiB (VmRSS of /proc/{pid}/status). */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024
}

/** The environment of a child: ours without settings that would point it elsewhere. */
export function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of [
    'DATABASE_URL',
    'ICM_SITE',
    'ICM_CACHE_SECONDS',
    'PAGE_CACHE_SECONDS',
    'API_HOST',
    'PUBLIC_URL',
  ])
    delete env[key]
  return { ...env, ...settings }
}

/**
 * Waits until the processes are idle, at most 2 minutes: for 4 samples in a row (1 s) at most one CPU tick
 * each and no main thread runnable (state R also covers a process that waits for a CPU on a busy machine).
 */
/** Prints the error and the last output of every server started, stops them all and exits with 1. */
export async function failAndExit(error: unknown) {
  if (interrupted) return // the signal handler stops the servers and exits
  console.error(error)
  for (const server of started) {
    const state = servers.has(server) ? 'running' : `ended (${await server.exited})`
    const output = server.output.join('').trim().split('\n').slice(-20).join('\n')
    console.error(`\n${server.name}, ${state}, last output:\n${output}`)
  }
  await stopAll()
  process.exit(1)
}

export async function settle(pids: number[]) {
  const until = Date.now() + 120_000
  let last = pids.map(cpuMs)
  let quiet = 0
  while (quiet < 4 && Date.now() < until) {
    await sleep(250)
    const now = pids.map(cpuMs)
    const idle = pids.every((pid, i) => now[i]! - last[i]! <= TICK_MS && procState(pid) !== 'R')
    quiet = idle ? quiet + 1 : 0
    last = now
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Prints a benchmark's report and keeps it as bench/results/<name>-<time>.md. */
export function writeReport(name: string, text: string) {
  console.log(`\n${text}`)
  const file = path.join(
    root,
    'bench/results',
    `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`,
  )
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${text}\n`)
  console.error(`\nwritten to ${path.relative(root, file)}`)
}

/** A production storefront on a loopback port against the given ICM (commerce API); up when this resolves. */
export async function startStorefront(
  name: string,
  port: number,
  icmOrigin: string,
  settings: Record<string, string> = {},
) {
  const shop = start(
    name,
    ['server.mjs'],
    childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      ICM_BASE_URL: icmOrigin,
      // Production refuses to start without one (issue 14).
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...settings,
    }),
  )
  const origin = `http://127.0.0.1:${port}`
  await waitUntilUp(shop, `${origin}/en/home`, 60_000)
  return { shop, origin }
}
