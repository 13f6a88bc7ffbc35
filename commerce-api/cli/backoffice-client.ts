/**
 * What the operator's command lines (`npm run orders|quotes|customers`) share: where the API is and the token
 * to show it, and one call to its back office (routes/backoffice*.ts) that says in words what went wrong.
 * Exit statuses: 1 refused or unreachable, 2 wrong usage (no token).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, type ParseArgsConfig } from 'node:util'

export type Env = Record<string, string | undefined>
export type Io = { out: (line: string) => void; err: (line: string) => void }
/** A back-office call: method, path under the API's origin, and its JSON body. */
export type BackofficeRequest = { method: string; path: string; body?: unknown }

/** A command line that does not say what it wants: explained with the usage, exit status 2. */
export class UsageError extends Error {}

export const CONNECTION_HELP = `Environment:
  BACKOFFICE_URL    the commerce API (default http://127.0.0.1:$API_PORT, API_PORT default 4100)
  BACKOFFICE_TOKEN  the operator token (default: the one npm start keeps in $DATA_DIR/backoffice-token)`

/**
 * A command line `<command> [--option …] [positionals]`: the command must be one of `allowed`, which names the
 * options each command takes; anything else is a UsageError.
 */
export function parseCommand<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  allowed: Record<string, (keyof T & string)[]>,
) {
  const [command, ...rest] = args
  let parsed: ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (!command || !Object.hasOwn(allowed, command))
    throw new UsageError(command ? `unknown command '${command}'` : 'a command is needed')
  const extra = Object.keys(parsed.values).filter((name) => !allowed[command]!.includes(name))
  if (extra.length) throw new UsageError(`${command} takes no --${extra.join(', --')}`)
  return { command, values: parsed.values, positionals: parsed.positionals }
}

/** `--name N`: a whole number of up to seven digits, or undefined when not given. */
export function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d{1,7}$/.test(value)) throw new UsageError(`--${name} takes a whole number`)
  return Number(value)
}

/** `list`'s paging options (`--limit`, `--offset`) into `query`. */
export function setPaging(query: URLSearchParams, values: { limit?: string; offset?: string }) {
  const limit = wholeNumber(values.limit, 'limit')
  const offset = wholeNumber(values.offset, 'offset')
  if (limit !== undefined) query.set('limit', String(limit))
  if (offset !== undefined) query.set('offset', String(offset))
}

/** The one number a command acts on (`noun`: "order number"; `example` shows it), URL-encoded. */
export function oneNumber(positionals: string[], command: string, noun: string, example: string): string {
  const [no, ...rest] = positionals
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a'
  if (!no) throw new UsageError(`${command} needs ${article} ${noun}, e.g. ${example.replace('%s', command)}`)
  if (rest.length) throw new UsageError(`${command} takes one ${noun}, got: ${positionals.join(' ')}`)
  if (!/^[A-Za-z0-9-]{1,64}$/.test(no)) throw new UsageError(`'${no}' is no ${noun}`)
  return encodeURIComponent(no)
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Where the API is and the token to show it, from the environment and `npm start`'s data folder. */
export function connection(env: Env) {
  const url = (env.BACKOFFICE_URL || `http://127.0.0.1:${env.API_PORT || '4100'}`).replace(/\/+$/, '')
  let token = env.BACKOFFICE_TOKEN?.trim()
  const kept = path.join(path.resolve(root, env.DATA_DIR || 'data'), 'backoffice-token')
  if (!token && existsSync(kept)) token = readFileSync(kept, 'utf8').trim()
  return { url, token }
}

/** An ICM error body as one line per error and cause. */
function errorLines(status: number, body: unknown): string[] {
  const errors = (body as { errors?: { code?: string; message?: string; causes?: { message?: string }[] }[] })
    ?.errors
  if (!errors?.length) return [`The back office answered ${status}.`]
  return errors.flatMap((error) => [
    `${error.code ?? status}: ${error.message ?? ''}`,
    ...(error.causes ?? []).map((cause) => `  ${cause.message ?? ''}`),
  ])
}

/**
 * Sends `request` with the operator token: the answer's JSON body, or the exit status after saying on `io.err`
 * (each line starting with `name: `) why there is none.
 */
export async function callBackoffice(
  name: string,
  request: BackofficeRequest,
  env: Env,
  io: Io,
  fetcher: typeof fetch,
): Promise<{ body: unknown } | { status: 1 | 2 }> {
  const { url, token } = connection(env)
  if (!token) {
    io.err(`${name}: no operator token: set BACKOFFICE_TOKEN (the API must have the same one)`)
    return { status: 2 }
  }
  let response: Response
  try {
    response = await fetcher(`${url}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    io.err(`${name}: the commerce API at ${url} cannot be reached (${(error as Error).message})`)
    return { status: 1 }
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    for (const line of errorLines(response.status, body)) io.err(`${name}: ${line}`)
    // An API without BACKOFFICE_TOKEN has no back office: its paths are unknown there.
    if ((body as { errors?: { code?: string }[] })?.errors?.[0]?.code === 'resource.not_found')
      io.err(`${name}: ${url} has no back office: start the API with BACKOFFICE_TOKEN set`)
    return { status: 1 }
  }
  return { body }
}
