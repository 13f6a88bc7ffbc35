import type { AppLoadContext } from '@remix-run/node'
import {
  sessionCookieOf,
  sessionStorage,
  withSessionCookie,
  type SessionData,
} from '~/services/session.server'

/**
 * How storefront tests call a route's loader or action the way the server does: a plain `Request`, the
 * route's params, and a load context of its own, which holds the request's session. `answer` then makes
 * the response as server/remix-handler.mjs does, with the session written back when it changed.
 */
export type Args = { request: Request; params: Record<string, string>; context: AppLoadContext }

export function args(
  path: string,
  {
    params = { lang: path.split('/')[1] ?? 'en' },
    cookie,
    form,
    headers,
    method,
  }: {
    params?: Record<string, string>
    cookie?: string
    /** Posts these fields as a urlencoded form. */
    form?: Record<string, string> | URLSearchParams
    headers?: Record<string, string>
    method?: string
  } = {},
): Args {
  const request = new Request(`http://shop.test${path}`, {
    method: method ?? (form ? 'POST' : 'GET'),
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form) : undefined,
  })
  return { request, params, context: {} }
}

/** The `Cookie` header of a session holding `data`. */
export async function sessionCookie(data: Partial<SessionData> & Record<string, unknown>): Promise<string> {
  const session = await sessionStorage.getSession()
  for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value as never)
  return (await sessionStorage.commitSession(session)).split(';')[0]!
}

/**
 * The `Cookie` header of a live session (a token valid for an hour) of `user`, or of an anonymous shopper
 * with a token when `user` is null; `extra` adds to the session (a visited parent page, a basket id).
 */
export const signedInCookie = (user: SessionData['user'] | null, extra: Record<string, unknown> = {}) =>
  sessionCookie({
    apiToken: 'user-token',
    isAnonymous: user === null,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
    ...(user ? { user } : {}),
    ...extra,
  })

/** The `Cookie` to send on after a response's `Set-Cookie` (a session the response changed). */
export const nextCookie = (setCookie: string | null) => setCookie!.split(';')[0]!

/** The session a `Set-Cookie` value (or a response carrying one) leaves behind. */
export async function sessionFrom(setCookie: string | Response | null | undefined) {
  const header = setCookie instanceof Response ? setCookie.headers.get('Set-Cookie') : setCookie
  return sessionStorage.getSession(header ?? '')
}

/** The `Set-Cookie` the server would add for this request's session, if it changed. */
export const setCookieOf = (context: AppLoadContext) => sessionCookieOf(context)

/**
 * Calls a loader or action with `call(args)` and answers what the server would send: the Response it
 * returned or threw (redirects, 404s), or its data wrapped in one, with the session cookie added.
 * `data` is the returned value (for `data()` results, its `data`), when it was not a Response.
 */
export async function answer<T>(
  fn: (args: Args) => Promise<T>,
  a: Args,
): Promise<{ response: Response; data: any; setCookie: string | null }> {
  let response: Response
  let value: any
  try {
    value = await fn(a)
    if (value instanceof Response) response = value
    else {
      const init = (value as { init?: ResponseInit } | null)?.init
      response = new Response(null, { status: init?.status ?? 200, headers: init?.headers })
      if (value && typeof value === 'object' && 'type' in value && value.type === 'DataWithResponseInit')
        value = value.data
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    response = thrown
  }
  const sent = await withSessionCookie(response, a.context)
  return {
    response: sent,
    data: value instanceof Response ? undefined : value,
    setCookie: sent.headers.get('Set-Cookie'),
  }
}

/** The Response a loader or action threw (a redirect, a 404); fails when it returned instead. */
export async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response')
}
