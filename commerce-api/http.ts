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

/** An ICM error: rendered as `{errors:[{status, code, message, causes}]}` with an `error-key` header. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly causes: { code: string; message: string; paths?: string[] }[] = [],
  ) {
    super(message)
  }
}

export const notFound = (code: string, message: string) => new ApiError(404, code, message)
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

export type Matrix = Record<string, string>

/** Locale, currency and personalization ids of one call, taken from the URL's matrix parameters. */
export type IcmScope = { locale: Locale; currency: Currency; spgid?: string; pgid?: string }

declare module 'fastify' {
  interface FastifyRequest {
    scope: IcmScope
  }
}

/**
 * Strips ICM matrix parameters (`;loc=en_US;cur=USD`, `;spgid=…`) from every path segment so that the
 * router sees plain paths: `/INTERSHOP/rest/WFS/{site}/-;loc=..;cur=../products;spgid=x/123` becomes
 * `/rest/{site}/products/123`, with the parameters kept on the raw request.
 */
export function rewriteIcmUrl(url: string): { url: string; matrix: Matrix } {
  const prefix = '/INTERSHOP/rest/WFS/'
  if (!url.startsWith(prefix)) return { url, matrix: {} }
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url.slice(prefix.length) : url.slice(prefix.length, queryStart)
  const query = queryStart === -1 ? '' : url.slice(queryStart)
  const matrix: Matrix = {}
  const segments = path.split('/').map((segment) => {
    const [name = '', ...params] = segment.split(';')
    for (const param of params) {
      const eq = param.indexOf('=')
      if (eq > 0) matrix[decodeURIComponent(param.slice(0, eq))] = decodeURIComponent(param.slice(eq + 1))
    }
    return name
  })
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
