/**
 * `npm start` (scripts/start.mjs) keeps the shop up: a child that dies is started again while the other
 * keeps serving, the storefront gets a session secret and the API a back-office token, both kept in the
 * data folder.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { alive, freePort, waitUntil } from './helpers'

const root = path.resolve(__dirname, '../..')
const started: { child: ChildProcess; dir: string }[] = []

afterEach(async () => {
  for (const { child, dir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
})

/** Starts `node scripts/start.mjs`; `log()` is everything it and its children printed so far. */
function startShop(env: Record<string, string>) {
  const dir = env.DATA_DIR!
  const base = { ...process.env }
  for (const key of [
    'SESSION_SECRET',
    'BACKOFFICE_TOKEN',
    'ICM_BASE_URL',
    'PUBLIC_URL',
    'NODE_ENV',
    'DATABASE_URL',
  ])
    delete base[key]
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...base, HOST: '127.0.0.1', SEED_PRODUCTS: '100', ...env },
    stdio: 'pipe',
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  started.push({ child, dir })
  return { child, log: () => output }
}

/** The supervisor's children: pid and command line. */
function childrenOf(pid: number): { pid: number; args: string }[] {
  const out = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid=,args='], { encoding: 'utf8' })
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), args: m[2]! }))
}

const childPid = (supervisor: number, script: string) =>
  childrenOf(supervisor).find((c) => c.args.includes(script))?.pid

const environOf = (pid: number) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  )

const answers = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
  await response.arrayBuffer()
  return response.status
}

describe('npm start', () => {
  it('restarts a crashed commerce API or storefront while the other keeps serving', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-supervisor-'))
    const [port, apiPort] = [await freePort(), await freePort()]
    const shopUrl = `http://127.0.0.1:${port}`
    const apiUrl = `http://127.0.0.1:${apiPort}`
    const { child, log } = startShop({ PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir })
    const supervisor = child.pid!
    await waitUntil('the shop', async () => (await answers(`${shopUrl}/en/home`)) === 200, 90_000).catch(
      (error) => {
        throw new Error(`${error.message}\n${log()}`)
      },
    )

    // First start: a random secret, kept readable by the owner only, handed to the storefront.
    const secretFile = path.join(dataDir, 'session-secret')
    const secret = readFileSync(secretFile, 'utf8').trim()
    expect(secret).toMatch(/^[\w-]{43}$/)
    expect(statSync(secretFile).mode & 0o777).toBe(0o600)
    const storefront = childPid(supervisor, 'server.mjs')!
    expect(environOf(storefront).SESSION_SECRET).toBe(secret)
    // The API's back office gets a token of its own, kept beside it, where `npm run orders` reads it.
    const tokenFile = path.join(dataDir, 'backoffice-token')
    const operatorToken = readFileSync(tokenFile, 'utf8').trim()
    expect(operatorToken).toMatch(/^[\w-]{43}$/)
    expect(operatorToken).not.toBe(secret)
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600)
    expect(environOf(childPid(supervisor, 'build/commerce-api/main.js')!).BACKOFFICE_TOKEN).toBe(
      operatorToken,
    )
    expect(environOf(storefront).BACKOFFICE_TOKEN).toBeUndefined()

    // The API dies: it comes back, and the storefront answers all the while (its maintenance page meanwhile).
    const api = childPid(supervisor, 'build/commerce-api/main.js')!
    process.kill(api, 'SIGKILL')
    const statuses = new Set<number>()
    await waitUntil(
      'the API again',
      async () => {
        statuses.add(await answers(`${shopUrl}/en/home`))
        return (await answers(`${apiUrl}/health`)) === 200
      },
      30_000,
    )
    expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true)
    expect(log()).toContain('commerce-api stopped (signal SIGKILL); restarting it in 1 s (restart 1).')
    expect(childPid(supervisor, 'build/commerce-api/main.js')).not.toBe(api)
    expect(childPid(supervisor, 'server.mjs')).toBe(storefront)
    await waitUntil(
      'the shop with its API',
      async () => (await answers(`${shopUrl}/en/home`)) === 200,
      30_000,
    )

    // The storefront dies, twice in a row: it comes back each time, the second time after a longer pause.
    process.kill(storefront, 'SIGKILL')
    const second = await waitUntil(
      'the storefront again',
      async () => (await answers(`${shopUrl}/favicon.svg`)) === 200 && childPid(supervisor, 'server.mjs'),
      30_000,
    )
    expect(second).not.toBe(storefront)
    expect(environOf(second).SESSION_SECRET).toBe(secret)
    process.kill(second, 'SIGKILL')
    await waitUntil(
      'the storefront once more',
      async () => (await answers(`${shopUrl}/favicon.svg`)) === 200,
      30_000,
    )
    expect(log()).toContain('storefront stopped (signal SIGKILL); restarting it in 1 s (restart 1).')
    expect(log()).toContain('storefront stopped (signal SIGKILL); restarting it in 2 s (restart 2).')

    // SIGTERM still stops the whole shop.
    const last = childrenOf(supervisor).map((c) => c.pid)
    expect(last).toHaveLength(2)
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    for (const pid of last) expect(alive(pid), `child ${pid}`).toBe(false)
  })

  it('hands the storefront the kept secret, and starts no API when ICM_BASE_URL names one', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-supervisor-'))
    writeFileSync(path.join(dataDir, 'session-secret'), 'kept-secret-from-an-earlier-start\n', {
      mode: 0o644,
    })
    const port = await freePort()
    const { child, log } = startShop({
      PORT: String(port),
      DATA_DIR: dataDir,
      ICM_BASE_URL: `http://127.0.0.1:${await freePort()}`,
    })
    await waitUntil(
      'the storefront',
      async () => (await answers(`http://127.0.0.1:${port}/favicon.svg`)) === 200,
      30_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${log()}`)
    })
    const children = childrenOf(child.pid!)
    expect(children.map((c) => c.args)).toEqual([expect.stringContaining('server.mjs')])
    expect(environOf(children[0]!.pid).SESSION_SECRET).toBe('kept-secret-from-an-earlier-start')
    expect(statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600)
  })
})
