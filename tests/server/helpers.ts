import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import { connect, createServer, type AddressInfo } from 'node:net'

/**
 * A loopback port nobody listens on right now: one the system picks, or, with TEST_PORTS=4600-4699 (a machine
 * shared with other runs), one of that range.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '')
  if (!range) return (await tryPort(0))!
  const [from, to] = [Number(range[1]), Number(range[2])]
  for (let tries = 0; tries < 200; tries++) {
    const port = await tryPort(from + Math.floor(Math.random() * (to - from + 1)))
    if (port) return port
  }
  throw new Error(`no free port in TEST_PORTS=${process.env.TEST_PORTS}`)
}

/** Listens on `port` (0: any) for a moment: the port, or undefined when it is taken. */
async function tryPort(port: number): Promise<number | undefined> {
  const server = createServer()
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => resolve(true))
  })
  if (!listening) return undefined
  const { port: bound } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return bound
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string }

/**
 * One request with node:http, which (unlike fetch) sends any method and any Host header as given.
 * `localAddress` picks the client's loopback address (127.0.0.2 … are all this machine).
 */
export function send(
  origin: string,
  path: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    localAddress?: string
  } = {},
): Promise<RawAnswer> {
  const url = new URL(path, origin)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        setHost: !options.headers || !Object.keys(options.headers).some((h) => h.toLowerCase() === 'host'),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error(`${path}: no answer within 10 s`)))
    req.end(options.body)
  })
}

/** Writes `text` as it is to the server and returns everything it answers until it closes. */
export function sendRaw(origin: string, text: string): Promise<string> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname)
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', reject)
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')))
    socket.write(text)
  })
}

/** The CSP nonce a response's header allows for scripts. */
export function cspNonceOf(csp: string | null | undefined): string | undefined {
  return /script-src [^;]*'nonce-([^']+)'/.exec(csp ?? '')?.[1]
}

/** The inline scripts a browser would run (not JSON-LD or other data blocks), with their nonce. */
export function executableInlineScripts(html: string): { nonce: string | undefined; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => {
      const type = /\btype="([^"]*)"/.exec(attributes!)?.[1]
      return !/\bsrc=/.test(attributes!) && (!type || type === 'module' || /javascript/.test(type))
    })
    .map(([, attributes, body]) => ({ nonce: /\bnonce="([^"]*)"/.exec(attributes!)?.[1], body: body! }))
}

export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const result = await check().catch(() => undefined)
    if (result) return result
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * `node server.mjs` of the built storefront in production, against an ICM that is not there, with its output
 * gathered. `without`: settings of this environment it must not inherit; `env` overrides the rest.
 */
export function spawnStorefront(env: Record<string, string>, without: string[] = []) {
  const base = { ...process.env }
  for (const key of without) delete base[key]
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...base,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-production',
      ICM_BASE_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: 'pipe',
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, log: () => output }
}

/** Whether a process of this id still runs (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Remix's single-fetch encoder of loader data (server/remix-handler.mjs's answers carry its output). */
export type EncodeViaTurboStream = (
  data: unknown,
  signal: AbortSignal,
  streamTimeout: number | undefined,
  serverMode: string,
) => ReadableStream<Uint8Array>

/**
 * The encoder the server runs: the server runtime's CommonJS build, where our patches are (and in its ESM twin),
 * with turbo-stream's patched encoder below it (ADR 0054, 0064).
 */
export const { encodeViaTurboStream } = createRequire(import.meta.url)(
  '@remix-run/server-runtime/dist/single-fetch.js',
) as { encodeViaTurboStream: EncodeViaTurboStream }

/** All of a byte stream, as text. */
export async function readAll(stream: ReadableStream<Uint8Array>) {
  let text = ''
  const decoder = new TextDecoder()
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk)
  return text
}
