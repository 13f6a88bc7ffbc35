import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  isCurrency,
  isLocale,
  type Currency,
  type Locale,
} from './domain/channel'
import type { MessageCode } from './domain/message-codes'

/** An ICM error: rendered as `{errors:[{status, code, message, causes}]}` with an `error-key` header. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    message: string,
    readonly causes: { code: MessageCode; message: string; paths?: string[] }[] = [],
  ) {
    super(message)
  }
}

export const notFound = (code: MessageCode, message: string) => new ApiError(404, code, message)
export const badRequest = (message: string, causes: ApiError['causes'] = []) =>
  new ApiError(400, 'request.invalid', message, causes)

export function errorBody(error: ApiError) {
  return {
    errors: [
      {
        status: String(error.status),
        code: error.code,
        message: error.message,
        ...(error.causes.length ? { causes: error.causes } : {}),
      },
    ],
  }
}

/** Turns a zod failure into a 400 whose causes name the offending fields. */
export function parseInput<T extends z.ZodTypeAny>(schema: T, input: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw badRequest(
    `The ${what} is malformed.`,
    result.error.issues.map((issue) => ({
      code: 'request.invalid.field',
      message: issue.message,
      paths: [issue.path.join('.') || '(body)'],
    })),
  )
}

/**
 * Matrix parameters by name. rewriteIcmUrl makes it without a prototype, so that names such as `__proto__`
 * or `constructor` are plain unknown keys.
 */
export type Matrix = Readonly<Record<string, string>>

/** Locale, currency and personalization ids of one call, taken from the URL's matrix parameters. */
export type IcmScope = { locale: Locale; currency: Currency; spgid?: string; pgid?: string }

declare module 'fastify' {
  interface FastifyRequest {
    scope: IcmScope
    /** All matrix parameters of the URL (a shared wishlist's `;owner=;secureCode=`). */
    matrix: Matrix
  }
}

/** decodeURIComponent that answers undefined for a malformed escape (`%`, `%E0%A4%A`) instead of throwing. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** The result of reading an ICM URL: the router's path and the matrix parameters, or why it is malformed. */
export type IcmUrl =
  | { url: string; matrix: Matrix; malformed?: undefined }
  | { url: string; matrix?: undefined; malformed: string }

/**
 * Strips ICM matrix parameters (`;loc=en_US;cur=USD`, `;spgid=…`) from every path segment so that the
 * router sees plain paths: `/INTERSHOP/rest/WFS/{site}/-;loc=..;cur=../products;spgid=x/123` becomes
 * `/rest/{site}/products/123`, with the parameters kept on the raw request. Never throws: a parameter that
 * does not decode, or decodes to control characters, makes the URL malformed (the server answers 400).
 */
export function rewriteIcmUrl(url: string): IcmUrl {
  const prefix = '/INTERSHOP/rest/WFS/'
  if (!url.startsWith(prefix)) return { url, matrix: {} }
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url.slice(prefix.length) : url.slice(prefix.length, queryStart)
  const query = queryStart === -1 ? '' : url.slice(queryStart)
  const matrix: Record<string, string> = Object.create(null)
  const segments: string[] = []
  for (const segment of path.split('/')) {
    const [name = '', ...params] = segment.split(';')
    for (const param of params) {
      const eq = param.indexOf('=')
      if (eq <= 0) continue
      const key = safeDecode(param.slice(0, eq))
      const value = safeDecode(param.slice(eq + 1))
      if (key === undefined || value === undefined)
        return { url, malformed: `The matrix parameter '${param}' is not correctly percent-encoded.` }
      if (hasControlCharacters(key) || hasControlCharacters(value))
        return { url, malformed: `The matrix parameter '${param}' contains control characters.` }
      matrix[key] = value
    }
    segments.push(name)
  }
  // segments[0] is the site, segments[1] the application ('-' for the default one).
  const [site = '', , ...rest] = segments
  return { url: `/rest/${site}/${rest.join('/')}${query}`, matrix }
}

export function scopeFromMatrix(matrix: Matrix): IcmScope {
  const locale = matrix.loc ?? DEFAULT_LOCALE
  const currency = matrix.cur ?? DEFAULT_CURRENCY
  if (!isLocale(locale)) throw badRequest(`The locale '${locale}' is not available in this channel.`)
  if (!isCurrency(currency)) throw badRequest(`The currency '${currency}' is not available in this channel.`)
  return { locale, currency, spgid: matrix.spgid, pgid: matrix.pgid }
}

/**
 * C0 control characters other than TAB, LF and CR, DEL, and UTF-16 surrogates without their partner: no
 * field of the shop holds them, PostgreSQL cannot store NUL, and a lone surrogate is not valid UTF-8.
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text)

/** A key as it can be shown in an answer: its control characters written as \uXXXX escapes. */
const visibleKey = (key: string) =>
  [...key]
    .map((c) => (hasControlCharacters(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
    .join('')

/**
 * The paths (`lineItems.0.product`, `searchTerm`) of every text in a parsed input, keys included, that holds
 * control characters. Iterative, so that deeply nested JSON cannot overflow the stack.
 */
export function controlCharacterPaths(input: unknown): string[] {
  const found: string[] = []
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }]
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
  while (stack.length) {
    const { value, path } = stack.pop()!
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) found.push(path || '(body)')
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: join(path, String(index)) }))
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (hasControlCharacters(key)) found.push(join(path, visibleKey(key)))
        else stack.push({ value: item, path: join(path, key) })
      }
    }
  }
  return found.sort()
}

/** The SQLSTATE of a database error; Drizzle wraps the driver's error, so the chain of causes is searched. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Whether an error is PostgreSQL's "data exception" (SQLSTATE class 22: invalid uuid text, NUL or bad
 * encoding, value too long, numeric out of range): bad input that got past validation, not a server fault.
 */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false

/** Query parameters that may repeat (`sku=a&sku=b`) arrive as a string or an array. */
export function queryList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return []
  const list = Array.isArray(value) ? value : [value]
  return list.flatMap((v) => String(v).split(',')).filter((v) => v.length > 0)
}

export function queryInt(value: unknown, fallback: number, { min = 0, max = 10000 } = {}): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`Expected a whole number between ${min} and ${max}, got '${String(value)}'.`)
  }
  return n
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
