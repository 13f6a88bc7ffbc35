/**
 * Sends one fuzz request over a raw TCP socket and reads the answer. Node's HTTP client refuses most of
 * what the suite sends on purpose (control characters and spaces in paths, CR/LF in header values, two Host
 * headers, bodies that disagree with their framing), so every request is written byte for byte.
 */
import net from 'node:net'
import { printable } from './text'

export type FuzzRequest = {
  method: string
  /** The request-target exactly as sent, one character per byte (see `bytesOf`): malformed escapes and all. */
  target: string
  /** Sent in this order, one character per byte; a `host` entry replaces the default Host header. */
  headers: [string, string][]
  body?: Buffer
  /** Send the body with `Transfer-Encoding: chunked`, in chunks of this many bytes. */
  chunked?: number
  /** Send no Host header at all. */
  omitHost?: boolean
  /** The request line's protocol, `HTTP/1.1` unless given. */
  version?: string
}

export type Answer = {
  status: number
  headers: Map<string, string[]>
  /** Bytes after the head, as they came over the wire. */
  bodyBytes: number
  ms: number
}

export type Failure = {
  failure: string
  ms: number
  /** The connection was reset before any answer came. */
  reset?: boolean
}

/** Every answer must arrive within this time: longer is a hang. */
export const ANSWER_TIMEOUT_MS = 10_000
/** No answer is bigger than this (the API's own body limit is 1 MiB too). */
export const MAX_ANSWER_BYTES = 1024 * 1024
/**
 * The largest page the shop makes is about 60 KB (home, category, search: 57–59 KB with the demo data);
 * 256 KiB leaves room for a larger catalog. A page may echo the input back (form values, the search term in
 * title, field and hydration data), a few times each: 20× the request covers that. Anything beyond is an
 * answer that grows with the attacker's effort faster than the request does.
 */
export const PAGE_ALLOWANCE = 256 * 1024
export const ECHO_FACTOR = 20

export function requestBytes(request: FuzzRequest): Buffer {
  const { head, payload } = requestParts(request)
  return Buffer.concat([head, payload])
}

/** The head (request line and headers) and the payload (the body as framed) of a request. */
function requestParts(request: FuzzRequest): { head: Buffer; payload: Buffer } {
  const head = [`${request.method} ${request.target} ${request.version ?? 'HTTP/1.1'}`]
  const has = (name: string) => request.headers.some(([n]) => n.toLowerCase() === name)
  for (const [name, value] of request.headers) head.push(`${name}: ${value}`)
  // Always, also next to a trick's own Connection header: the answer ends with the connection.
  head.push('Connection: close')
  const body = request.body ?? Buffer.alloc(0)
  let payload = body
  if (request.chunked) {
    if (!has('transfer-encoding')) head.push('Transfer-Encoding: chunked')
    const parts: Buffer[] = []
    for (let at = 0; at < body.length; at += request.chunked) {
      const chunk = body.subarray(at, at + request.chunked)
      parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'))
    }
    parts.push(Buffer.from('0\r\n\r\n'))
    payload = Buffer.concat(parts)
  } else if (!has('content-length') && (body.length > 0 || !['GET', 'HEAD'].includes(request.method))) {
    head.push(`Content-Length: ${body.length}`)
  }
  return { head: Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payload }
}

/** Bodies above this size go after a pause in which the server may refuse the request by its head. */
const LARGE_BODY = 64 * 1024
const REFUSAL_WAIT_MS = 250

/** The bound of an answer's body for a request of `sent` bytes (see PAGE_ALLOWANCE). */
export const answerLimit = (sent: number) => Math.min(MAX_ANSWER_BYTES, PAGE_ALLOWANCE + ECHO_FACTOR * sent)

const HEAD_END = Buffer.from('\r\n\r\n')

/** Parses the final answer out of what arrived; interim 1xx answers (100 Continue) are skipped. */
function parse(data: Buffer): { status: number; headers: Map<string, string[]>; bodyAt: number } | null {
  let start = 0
  for (;;) {
    const end = data.indexOf(HEAD_END, start)
    if (end < 0) return null
    const lines = data.subarray(start, end).toString('latin1').split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1])
    if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0]?.slice(0, 100))}`)
    if (status >= 200 || status < 100) {
      const headers = new Map<string, string[]>()
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':')
        const name = line.slice(0, colon).trim().toLowerCase()
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()])
      }
      return { status, headers, bodyAt: end + 4 }
    }
    start = end + 4
  }
}

/** True when the body of the answer has fully arrived by its own framing (length, chunks, no body). */
function complete(
  data: Buffer,
  answer: { status: number; headers: Map<string, string[]>; bodyAt: number },
  head: boolean,
) {
  if (head || answer.status === 204 || answer.status === 304) return true
  const length = answer.headers.get('content-length')?.[0]
  if (length !== undefined) return data.length - answer.bodyAt >= Number(length)
  if (answer.headers.get('transfer-encoding')?.some((v) => /chunked/i.test(v)))
    return data.subarray(-5).toString('latin1') === '0\r\n\r\n'
  return false
}

/**
 * Sends the request (with `Connection: close`) and reads the answer until the connection ends or the answer
 * is complete by its framing, giving up after `ANSWER_TIMEOUT_MS` or once more than `maxBody` body bytes came.
 */
export async function send(
  origin: string,
  request: FuzzRequest,
  maxBody = MAX_ANSWER_BYTES,
): Promise<Answer | Failure> {
  // A server that answers and closes while the request is still being written resets the connection, and
  // the reset can overtake the answer in the client's socket: twice more, to tell that race from a server
  // that closes without answering (which it then does every time).
  let result = await sendOnce(origin, request, maxBody)
  for (let retry = 0; retry < 2 && isFailure(result) && result.reset; retry++)
    result = await sendOnce(origin, request, maxBody)
  return result
}

function sendOnce(origin: string, request: FuzzRequest, maxBody: number): Promise<Answer | Failure> {
  const { hostname, port } = new URL(origin)
  const { head, payload } = requestParts(withHost(request, `${hostname}:${port}`))
  const started = performance.now()
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let done = false
    const socket = net.connect(Number(port), hostname)
    const finish = (result: Answer | Failure) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve(result)
    }
    const ms = () => Math.round(performance.now() - started)
    const answer = (): Answer | Failure => {
      const data = Buffer.concat(chunks)
      try {
        const parsed = parse(data)
        if (!parsed)
          return { failure: `the connection closed after ${data.length} bytes, no complete answer`, ms: ms() }
        return {
          status: parsed.status,
          headers: parsed.headers,
          bodyBytes: data.length - parsed.bodyAt,
          ms: ms(),
        }
      } catch (error) {
        return { failure: String(error), ms: ms() }
      }
    }
    const timer = setTimeout(
      () => finish({ failure: `no complete answer within ${ANSWER_TIMEOUT_MS / 1000} s`, ms: ms() }),
      ANSWER_TIMEOUT_MS,
    )
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      const data = Buffer.concat(chunks)
      let parsed: ReturnType<typeof parse> = null
      try {
        parsed = parse(data)
      } catch {
        return // reported when the connection ends
      }
      if (!parsed) return
      if (data.length - parsed.bodyAt > maxBody)
        finish({ failure: `answer ${parsed.status} larger than ${maxBody} bytes`, ms: ms() })
      else if (complete(data, parsed, request.method === 'HEAD')) finish(answer())
    })
    socket.on('end', () => finish(answer()))
    socket.on('close', () => finish(answer()))
    // The server may answer (413, 400) and close before it read the whole body: that answer counts.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const result = answer()
      finish(
        isFailure(result) ? { ...result, failure: `${result.failure} (${error.code})`, reset: true } : result,
      )
    })
    // A server refusing a large body by its head (413, 405, 415) answers and closes without reading it; a
    // write into that closed connection would end the socket before the answer is read. So a large body
    // follows the head only when no answer came within a moment (as with `Expect: 100-continue`), and
    // in pieces, each after the last was taken.
    // Each piece goes in the check phase, after the poll phase has read whatever answer arrived.
    let offset = 0
    const pump = () => {
      if (done || offset >= payload.length) return
      const piece = payload.subarray(offset, offset + 64 * 1024)
      offset += piece.length
      if (socket.write(piece)) setImmediate(pump)
      else socket.once('drain', () => setImmediate(pump))
    }
    if (payload.length <= LARGE_BODY) {
      socket.write(Buffer.concat([head, payload]))
    } else {
      socket.write(head)
      setTimeout(() => {
        if (!done && chunks.length === 0) pump()
      }, REFUSAL_WAIT_MS)
    }
  })
}

function withHost(request: FuzzRequest, host: string): FuzzRequest {
  if (request.omitHost || request.headers.some(([name]) => name.toLowerCase() === 'host')) return request
  return { ...request, headers: [['Host', host], ...request.headers] }
}

export const isFailure = (result: Answer | Failure): result is Failure => 'failure' in result

/** A short, printable account of a request for failure messages. */
export function describe(request: FuzzRequest): string {
  const clip = (text: string, max: number) =>
    `"${printable(text.length > max ? text.slice(0, max) : text)}${text.length > max ? `"…(${text.length} bytes)` : '"'}`
  const headers = request.headers.map(([n, v]) => `${n}: ${clip(v, 120)}`).join('; ')
  const body = request.body?.length
    ? ` body ${request.body.length} bytes${request.chunked ? ' chunked' : ''}: ${clip(request.body.toString('latin1'), 300)}`
    : ''
  const version = request.version ? ` ${clip(request.version, 20)}` : ''
  const host = request.omitHost ? ' (no Host)' : ''
  return `${request.method} ${clip(request.target, 300)}${version}${host} [${headers}]${body}`
}
