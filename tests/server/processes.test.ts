/**
 * `node server.mjs` with WEB_CONCURRENCY=2 (docs/decisions/0050): a primary and two workers sharing the port.
 * Which process answered is read from /proc (who holds the connection's socket), never from the answer: the
 * shop tells nobody its process ids. The storefront's ICM is unreachable here; its favicon is served all the
 * same (every page would be the maintenance page), which is enough to see who serves.
 */
import { execFileSync, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alive, freePort, spawnStorefront, waitUntil } from './helpers'

const children: ChildProcess[] = []

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
})

function start(env: Record<string, string>) {
  const started = spawnStorefront(env, [
    'PUBLIC_URL',
    'SESSION_SECRET',
    'PAGE_CACHE_SECONDS',
    'WEB_CONCURRENCY',
    'NODE_OPTIONS',
  ])
  children.push(started.child)
  return started
}

/** The processes a process started (pids). */
function childrenOf(pid: number): number[] {
  let out = ''
  try {
    out = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' })
  } catch {
    // ps exits 1 when there is none
  }
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0)
}

/** The inode of the shop's side of the TCP connection from the client's port (/proc/net/tcp, IPv4). */
function socketInode(shopPort: number, clientPort: number): string | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/)
    if (fields[1]?.endsWith(`:${hex(shopPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`))
      return fields[9]
  }
  return undefined
}

/** Which of `pids` holds the socket with this inode. */
function holderOf(inode: string, pids: number[]): number | undefined {
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`
      } catch {
        return false
      }
    }),
  )
}

/**
 * GET `path` on a connection of its own, kept open after the answer: its status and which of `pids` holds
 * the shop's end of the connection (read before it is closed).
 */
function getOnOwnConnection(port: number, path: string, pids: number[]) {
  return new Promise<{ status: number; holder: number | undefined }>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      agent: false,
      headers: { connection: 'keep-alive' },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => {
        const inode = socketInode(port, req.socket!.localPort!)
        const holder = inode ? holderOf(inode, pids) : undefined
        req.socket!.destroy()
        resolve({ status: res.statusCode ?? 0, holder })
      })
    })
    req.on('error', reject)
    req.setTimeout(60_000, () => req.destroy(new Error(`${path}: no answer within 60 s`)))
    req.end()
  })
}

/** A GET on a connection of its own (closed after the answer): its status, or 0 when it failed. */
const status = (port: number, path = '/favicon.svg') =>
  new Promise<number>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', () => resolve(0))
    req.setTimeout(60_000, () => req.destroy())
    req.end()
  })

describe('WEB_CONCURRENCY=2', () => {
  let port: number
  let shop: ReturnType<typeof start>
  let primary: number

  beforeAll(async () => {
    port = await freePort()
    shop = start({ PORT: String(port), WEB_CONCURRENCY: '2' })
    primary = shop.child.pid!
    await waitUntil(
      'two workers listening',
      async () => childrenOf(primary).length === 2 && (await status(port)) === 200,
      90_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${shop.log()}`)
    })
    // The second worker is forked once the first listens: wait until the primary says both are there.
    await waitUntil('both workers', async () => shop.log().includes('(2 processes)'), 60_000)
  }, 120_000)

  it('serves from two worker processes, not from the primary', async () => {
    const workers = childrenOf(primary)
    expect(workers).toHaveLength(2)
    // Node's cluster hands new connections to the workers in turn: a few connections reach both.
    const holders = new Set<number | undefined>()
    for (let i = 0; i < 12 && holders.size < 2; i++) {
      // Workers first: the primary holds a connection only until a worker has taken it.
      const { status, holder } = await getOnOwnConnection(port, '/favicon.svg', [...workers, primary])
      expect(status).toBe(200)
      holders.add(holder)
    }
    expect([...holders].sort()).toEqual([...workers].sort())
    // The workers are node with the heap limits of ADR 0050; the primary loads no build.
    for (const pid of workers) {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      expect(args).toEqual(expect.arrayContaining(['--max-semi-space-size=32', '--max-old-space-size=256']))
    }
  })

  it('keeps answering while one worker is stuck (a render holding its event loop: here, SIGSTOP)', async () => {
    const [stuck] = childrenOf(primary)
    process.kill(stuck!, 'SIGSTOP')
    try {
      // At most the one connection handed to the stuck worker waits for it; the others are answered.
      const answers: number[] = []
      const requests = Array.from({ length: 4 }, () => status(port).then((code) => answers.push(code)))
      await waitUntil('three answers', async () => answers.length >= 3, 30_000)
      expect(answers.slice(0, 3)).toEqual([200, 200, 200])
      process.kill(stuck!, 'SIGCONT')
      await Promise.all(requests)
      expect(answers).toEqual([200, 200, 200, 200])
    } finally {
      process.kill(stuck!, 'SIGCONT')
    }
  })

  it('replaces a worker killed with SIGKILL, and the shop answers all the while', async () => {
    const [killed, other] = childrenOf(primary)
    process.kill(killed!, 'SIGKILL')
    // From the moment the primary has seen it go (a connection handed to a worker in the very instant it dies
    // is lost with it, as with a single process) until its successor serves, the other worker answers.
    await waitUntil('the primary seeing it', async () => /signal SIGKILL/.test(shop.log()), 30_000)
    const statuses = new Set<number>()
    const workers = await waitUntil(
      'a new worker',
      async () => {
        statuses.add(await status(port))
        const now = childrenOf(primary)
        return now.length === 2 && !now.includes(killed!) && now
      },
      60_000,
    )
    expect(workers).toContain(other)
    expect([...statuses]).toEqual([200])
    // The new worker serves too.
    const fresh = workers.find((pid) => pid !== other)!
    const holders = new Set<number | undefined>()
    await waitUntil(
      'an answer from the new worker',
      async () => {
        const { holder } = await getOnOwnConnection(port, '/favicon.svg', workers)
        holders.add(holder)
        return holders.has(fresh)
      },
      60_000,
    )
    expect(shop.log()).toMatch(
      /storefront: process \d of 2 stopped \(signal SIGKILL\); starting it again in 1 s \(restart 1\)\./,
    )
  })

  it('SIGTERM stops every worker, and the primary exits 0', async () => {
    const workers = childrenOf(primary)
    expect(workers).toHaveLength(2)
    shop.child.kill('SIGTERM')
    expect(await shop.exited).toBe(0)
    for (const pid of workers) expect(alive(pid), `worker ${pid}`).toBe(false)
  })
})

describe('a configuration error with WEB_CONCURRENCY=2', () => {
  it('exits 78 (EX_CONFIG) once, without starting workers again', async () => {
    const shop = start({ PORT: String(await freePort()), WEB_CONCURRENCY: '2', SESSION_SECRET: '' })
    expect(await shop.exited).toBe(78)
    const log = shop.log()
    expect(log.match(/storefront: cannot start: SESSION_SECRET is not set/g)).toHaveLength(1)
    expect(log).toContain('storefront: cannot start with these settings (see above); stopping.')
    expect(log).not.toContain('starting it again')
  })

  it('refuses a WEB_CONCURRENCY that is no whole number ≥ 1', async () => {
    const shop = start({ PORT: String(await freePort()), WEB_CONCURRENCY: 'two' })
    expect(await shop.exited).toBe(78)
    expect(shop.log()).toContain(
      'storefront: cannot start: WEB_CONCURRENCY must be a whole number ≥ 1 (got "two")',
    )
  })
})

describe('WEB_CONCURRENCY=1', () => {
  it('is one process, as before', async () => {
    const port = await freePort()
    const shop = start({ PORT: String(port), WEB_CONCURRENCY: '1' })
    await waitUntil('the storefront', async () => (await status(port)) === 200, 60_000)
    expect(childrenOf(shop.child.pid!)).toEqual([])
    const { holder } = await getOnOwnConnection(port, '/favicon.svg', [shop.child.pid!])
    expect(holder).toBe(shop.child.pid)
    shop.child.kill('SIGTERM')
    expect(await shop.exited).toBe(0)
  })
})
