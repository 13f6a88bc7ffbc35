import { LRUCache } from 'lru-cache'
import { API_CODES } from '~/models/api-codes'
import type { z } from 'zod'
import type { ShopLocale } from '~/models/locale'
import { config } from './config.server'
import { clearToken, type ShopSession } from './session.server'

/**
 * The one way to reach ICM. Each call states its cache policy:
 * - `long`: channel data that changes rarely and every page's layout needs (configuration, category tree,
 *   footer content and the page paths its links need), 5 minutes, whatever `ICM_CACHE_SECONDS` says;
 * - `short`: anonymous catalog and content data, 60 seconds;
 * - `stock`: anonymous stock levels, which change quickly: STOCK_CACHE_SECONDS, and never longer than `short`.
 *   A busy product page asked ICM for its stock on every render, a third of the page's CPU with the ICM
 *   that answers (issue 37); a shareable page is kept longer than that anyway (PAGE_CACHE_SECONDS, a CDN's
 *   s-maxage), and the basket and checkout have ICM check stock itself;
 * - `none`: anything personal. Only `none` calls carry the shopper's token, so a cached answer never
 *   holds personal data.
 */
export type CachePolicy = 'long' | 'short' | 'stock' | 'none'
/** How long an anonymous stock answer is shared between requests (`stock` policy). */
export const STOCK_CACHE_SECONDS = 5
const TTL: Record<Exclude<CachePolicy, 'none'>, number> = {
  long: 300_000,
  short: config.icmCacheSeconds * 1000,
  stock: Math.min(STOCK_CACHE_SECONDS, config.icmCacheSeconds) * 1000,
}

/** An error answer of ICM: status, error key and causes of its `errors[]` body. */
/**
 * ICM names the attributes a refusal is about in headers (`error-missing-attributes`, `error-invalid-attributes`,
 * comma-separated) rather than in causes; read as one cause with those paths, as the body's causes are.
 */
function causesOfHeaders(headers: Headers, code: string | undefined, message: string) {
  const paths = ['error-missing-attributes', 'error-invalid-attributes']
    .flatMap((name) => (headers.get(name) ?? '').split(','))
    .map((attribute) => attribute.trim())
    .filter(Boolean)
  return paths.length ? [{ code: code ?? 'error.api.refused', message, paths }] : []
}

export class IcmError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly causes: { code: string; message: string; paths?: string[] }[] = [],
    /** Seconds ICM asks to wait before trying again (429 `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export type IcmScope = {
  locale: ShopLocale
  /**
   * The request's session: personal calls send its token, and a token ICM refuses as invalid or expired is
   * dropped from it right there (spec §4.4), so the response carries the cleared cookie.
   */
  session?: ShopSession
  /** A token for this scope only (a login's new token, a merged basket's source); else the session's. */
  token?: string
  pgid?: string
  /**
   * The design-preview context of a content editor's session (spec shell §2.4, §7): sent as `;prectx={id}` at
   * the end of every call's path, as the Intershop PWA's preview interceptor does; such calls bypass the cache.
   */
  previewContextId?: string
  /**
   * The shopper's network address, sent as `X-Forwarded-For` on personal calls, so ICM's per-address limits
   * (logins, token and basket creation) count each shopper, not the storefront.
   */
  clientAddress?: string
}

type Query = Record<string, string | number | boolean | undefined | (string | number)[]>

export type IcmCall<S extends z.ZodTypeAny> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Path below the locale/currency segment, e.g. `products/123` or `baskets/current`. */
  path: string
  schema: S
  cache: CachePolicy
  query?: Query
  json?: unknown
  form?: Record<string, string>
  /** `spgid` for catalog calls, `pgid` for content; `none` for neither. */
  group?: 'spgid' | 'pgid' | 'none'
  /** Omit `;loc=;cur=` (e.g. `configurations`). */
  unscoped?: boolean
  /** Send the token even though the call is cached (never: cached calls are anonymous). */
  token?: string | null
  /** The answer is text (e.g. `text/csv` of `orders-csv`), not JSON; the schema checks the string. */
  text?: boolean
  /** Further request headers (e.g. a solved login challenge's `Authorization: CAPTCHA …`). */
  headers?: Record<string, string>
  /**
   * The media type the answer is asked in, where ICM versions a resource beyond its default (`…v2+json`, e.g.
   * recurring orders and the cost center list, icm-contract.md); default `application/json`.
   */
  accept?: string
  /**
   * The caller shows ICM's "too many requests" (429) itself (login). Otherwise a 429 becomes the shop's own
   * 429 page with ICM's `Retry-After`.
   */
  handlesTooManyRequests?: boolean
  /**
   * The caller shows ICM's server errors (5xx) itself, as an `IcmError` with ICM's status (the password
   * reminder's 500: the mail server failed, spec §8). Otherwise a 5xx becomes the shop's 502/503 page.
   */
  handlesServerErrors?: boolean
  /** Reads headers of a successful answer (the `authentication-token` of `users/processtoken`). */
  onHeaders?: (headers: Headers) => void
}

/**
 * What a caller makes of an answer (`mapProduct`, a listing's tiles): a function of the answer alone, declared
 * once in its module. For a cached answer it runs once and its result is shared, as the answer is, by every
 * request until the answer leaves the cache: a rendered page mapped the same dozen answers on every request,
 * a twentieth of its CPU (issue 37, ADR 0064). What it returns is read, never changed; outside production
 * it is frozen, so a caller that changes it fails in the tests.
 */
export type IcmMap<A, R> = (answer: A) => R

// The clock is read through the global `performance` on each use (lru-cache keeps the object it finds at
// load), so that tests with fake timers can let an answer expire.
const cache = new LRUCache<string, Promise<unknown>>({ max: 5000, perf: { now: () => performance.now() } })

/** A cached answer's mapped results, by map: they go with the answer (its promise, kept by `cache`). */
const mappedAnswers = new WeakMap<Promise<unknown>, Map<IcmMap<never, unknown>, Promise<unknown>>>()
/** More maps than any call has: a map made per request (a closure) would keep one result per request. */
const MAPS_PER_ANSWER = 4

function mapped<R>(answer: Promise<unknown>, map: IcmMap<never, R>): Promise<R> {
  let results = mappedAnswers.get(answer)
  if (!results) mappedAnswers.set(answer, (results = new Map()))
  let result = results.get(map) as Promise<R> | undefined
  if (!result) {
    if (results.size >= MAPS_PER_ANSWER)
      throw new Error('An ICM call maps its answer with a function made per call; declare it once.')
    result = answer.then((data) => frozenOutsideProduction(map(data as never)))
    // A map that fails fails the call that asked, and every later one with the same answer (as it would).
    result.catch(() => undefined)
    results.set(map, result)
  }
  return result
}

/** Shared results are frozen outside production, deeply, so that changing one fails where it happens. */
function frozenOutsideProduction<T>(value: T): T {
  if (process.env.NODE_ENV === 'production') return value
  const freeze = (item: unknown) => {
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) return
    Object.freeze(item)
    if (item instanceof Map) item.forEach((v, k) => (freeze(k), freeze(v)))
    else if (item instanceof Set) item.forEach((v) => freeze(v))
    else for (const key of Object.keys(item)) freeze((item as Record<string, unknown>)[key])
  }
  freeze(value)
  return value
}

export function clearIcmCache() {
  cache.clear()
}

export function icmUrl(
  scope: IcmScope,
  call: Pick<IcmCall<z.ZodTypeAny>, 'path' | 'query' | 'group' | 'unscoped'>,
) {
  // Every call of every page comes here (a cached call's key is its URL): built as one string, piece by piece.
  let url = `${config.icmBaseUrl}/INTERSHOP/rest/WFS/${config.icmSite}/${config.icmApplication}`
  if (!call.unscoped) url += `;loc=${scope.locale.id};cur=${scope.locale.currency}`
  // The group's matrix parameter follows the path's first segment.
  const slash = call.path.indexOf('/')
  url += `/${slash === -1 ? call.path : call.path.slice(0, slash)}`
  if (call.group && call.group !== 'none' && scope.pgid)
    url += `;${call.group}=${encodeURIComponent(scope.pgid)}`
  if (slash !== -1) url += call.path.slice(slash)
  if (scope.previewContextId) url += `;prectx=${encodeURIComponent(scope.previewContextId)}`
  let params: URLSearchParams | undefined
  for (const key in call.query) {
    const value = call.query[key]
    if (value === undefined) continue
    params ??= new URLSearchParams()
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v))
    else params.append(key, String(value))
  }
  return params?.size ? `${url}?${params}` : url
}

/** `Retry-After` in whole seconds (delta form; an HTTP date is turned into the seconds until then). */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined
}

const AUTH_ERROR = /AuthenticationToken|Unable to decode token/
/** Spec §9: a request whose token ICM refused is retried once, without it, after this pause. */
const TOKEN_RETRY_DELAY_MS = 500

/** The token a scope's personal calls send. */
export const tokenOf = (scope: IcmScope): string | undefined => scope.token ?? scope.session?.get('apiToken')

async function send(
  url: string,
  call: IcmCall<z.ZodTypeAny>,
  token: string | undefined,
  clientAddress?: string,
): Promise<unknown> {
  const headers: Record<string, string> = {
    ...call.headers,
    Accept: call.text ? 'text/csv, text/plain' : (call.accept ?? 'application/json'),
  }
  if (clientAddress) headers['x-forwarded-for'] = clientAddress
  let body: string | undefined
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(call.form).toString()
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(call.json)
  }
  if (token) headers['authentication-token'] = token
  let response: Response
  try {
    response = await fetch(url, {
      method: call.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(config.icmTimeoutMs),
    })
  } catch (error) {
    // Timeouts are a communication timeout (504); anything else means ICM is unreachable (503, maintenance).
    const timeout = error instanceof DOMException && error.name === 'TimeoutError'
    throw new Response(null, {
      status: timeout ? 504 : 503,
      statusText: timeout ? 'Gateway Timeout' : 'Service Unavailable',
    })
  }
  const text = await response.text()
  if (!response.ok) {
    if (response.status >= 500 && !call.handlesServerErrors) {
      // Too busy to carry out a change now (the bundled API's full write queue): the shop says so, with
      // ICM's Retry-After, instead of its maintenance page.
      if (response.status === 503 && response.headers.get('error-key') === API_CODES.serverBusy)
        throw Response.json(
          { reason: API_CODES.serverBusy },
          {
            status: 503,
            statusText: 'Service Unavailable',
            headers: { 'Retry-After': String(retryAfterSeconds(response.headers.get('retry-after')) ?? 5) },
          },
        )
      throw new Response(null, { status: response.status === 503 ? 503 : 502, statusText: 'Bad Gateway' })
    }
    if (response.status === 429 && !call.handlesTooManyRequests) {
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after')) ?? 60
      throw new Response(null, {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'Retry-After': String(retryAfter) },
      })
    }
    let parsed: {
      errors?: {
        code?: string
        message?: string
        causes?: { code: string; message: string; paths?: string[] }[]
      }[]
    } = {}
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not every ICM error has a JSON body.
    }
    const first = parsed.errors?.[0]
    const code = response.headers.get('error-key') ?? first?.code
    const message = first?.message ?? text
    throw new IcmError(
      response.status,
      code,
      message,
      first?.causes?.length ? first.causes : causesOfHeaders(response.headers, code, message),
      retryAfterSeconds(response.headers.get('retry-after')),
    )
  }
  call.onHeaders?.(response.headers)
  if (call.text) return text
  if (!text) return null
  return JSON.parse(text)
}

async function execute<S extends z.ZodTypeAny>(
  url: string,
  call: IcmCall<S>,
  token: string | undefined,
  scope?: IcmScope,
) {
  let raw: unknown
  try {
    raw = await send(url, call, token, call.cache === 'none' ? scope?.clientAddress : undefined)
  } catch (error) {
    // An expired or unknown token: drop it and retry once without it after 500 ms (spec §4.4, §8).
    if (token && error instanceof IcmError && error.status === 401 && AUTH_ERROR.test(error.message)) {
      const session = scope?.session
      if (session?.get('apiToken') === token) {
        // A user's session ended without a logout: the next page says so (spec §4.7, redirectIfTimedOut).
        if (session.get('user')) session.set('timedOut', true)
        clearToken(session)
      }
      await new Promise((resolve) => setTimeout(resolve, TOKEN_RETRY_DELAY_MS))
      raw = await send(url, call, undefined, call.cache === 'none' ? scope?.clientAddress : undefined)
    } else {
      throw error
    }
  }
  const parsed = call.schema.safeParse(raw)
  if (!parsed.success) {
    console.error(`ICM answered ${url} with an unexpected shape`, parsed.error.issues.slice(0, 3))
    throw new Response(null, { status: 502, statusText: 'Bad Gateway' })
  }
  return parsed.data as z.infer<S>
}

/**
 * Calls ICM; cached calls are shared between all requests (and concurrent identical calls coalesce). With
 * `map`, the answer as the map makes it (see IcmMap).
 */
export function icmCall<S extends z.ZodTypeAny, R>(
  scope: IcmScope,
  call: IcmCall<S>,
  map: IcmMap<z.infer<S>, R>,
): Promise<R>
export function icmCall<S extends z.ZodTypeAny>(scope: IcmScope, call: IcmCall<S>): Promise<z.infer<S>>
export function icmCall<S extends z.ZodTypeAny>(
  scope: IcmScope,
  call: IcmCall<S>,
  map?: IcmMap<z.infer<S>, unknown>,
): Promise<unknown> {
  const url = icmUrl(scope, call)
  if (call.cache === 'none' || (call.method && call.method !== 'GET')) {
    const token = call.token === null ? undefined : (call.token ?? tokenOf(scope))
    return mappedOnce(execute(url, call, token, scope), map)
  }
  const ttl = TTL[call.cache]
  // Cached calls never carry a token; with the cache switched off (ICM_CACHE_SECONDS=0) they still don't.
  // A preview shows content not yet published: never taken from, nor put into, the shared cache.
  if (ttl <= 0 || scope.previewContextId) return mappedOnce(execute(url, call, undefined), map)
  let answer = cache.get(url)
  if (!answer) {
    const pending = execute(url, call, undefined)
    cache.set(url, pending, { ttl })
    pending.catch(() => cache.delete(url))
    answer = pending
  }
  return map ? mapped(answer, map) : answer
}

/** An answer of this call alone, mapped for it. */
const mappedOnce = (answer: Promise<unknown>, map: IcmMap<never, unknown> | undefined) =>
  map ? answer.then(map as IcmMap<unknown, unknown>) : answer

/** A refusal ICM explains: its error key and sentence, and the fields it names. */
export type IcmProblem = { code: string; message: string; paths?: string[] }

/** The answer of a change ICM may refuse: the value, or ICM's reasons (never thrown: the form shows them). */
export type IcmResult<T = undefined> =
  | ({ ok: true } & (T extends undefined ? unknown : { value: T }))
  | {
      ok: false
      errors: IcmProblem[]
    }

/** ICM's causes of a refusal (400, 404, 409, 422), or the error itself as one; anything else is thrown on. */
export function refusalOf(error: unknown): IcmProblem[] {
  if (error instanceof IcmError && [400, 404, 409, 422].includes(error.status)) {
    return error.causes.length
      ? error.causes
      : [{ code: error.code ?? 'error.api.refused', message: error.message }]
  }
  throw error
}

/**
 * Runs a change ICM may refuse: its value as `{ ok: true, value }`, or ICM's reasons as `{ ok: false, errors }`.
 * Maintenance, timeouts and server errors are thrown on, as everywhere (they become the error pages).
 */
export async function tryIcm<T>(call: Promise<T>): Promise<IcmResult<T>> {
  try {
    const value = await call
    return { ok: true, value } as IcmResult<T>
  } catch (error) {
    return { ok: false, errors: refusalOf(error) }
  }
}
