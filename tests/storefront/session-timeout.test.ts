/**
 * "Session timed out" (spec shell §2.2 `/login?messageKey=session_timeout`, §4.7 the default identity
 * provider): a logged-in user's session that ends without a logout (idle for more than an hour, or a token
 * ICM will not refresh) sends the next page to the login page with the message and the way back; the login
 * page shows the message for that key only, and links to the password reminder.
 */
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import { loader as loginLoader } from '~/routes/$lang._shop.login'
import { redirectIfTimedOut, requireLogin } from '~/services/guards.server'
import { SESSION_MAX_AGE } from '~/services/session.server'
import { localeByLang } from '~/models/locale'
import { icm, icmError, icmPath } from './icm-mock'
import { answer, args, sessionCookie, sessionFrom, thrown } from './loader-args'
import './setup'

const user = {
  login: 'bbuyer',
  customerNo: 'BC-1',
  customerType: 'SMBCustomer' as const,
  firstName: 'Bernd',
  roles: [],
  permissions: [],
}
const TIMED_OUT = (returnUrl: string, lang = 'en') =>
  `/${lang}/login?${new URLSearchParams({ returnUrl, messageKey: 'session_timeout' })}`

/** A session whose token is past half its life, so the next page refreshes it. */
const dueSession = (extra: Record<string, unknown> = {}) => {
  const now = Date.now()
  return sessionCookie({
    apiToken: 'old',
    refreshToken: 'r',
    isAnonymous: false,
    issuedAt: now - 2000_000,
    expiresAt: now + 1600_000,
    ...extra,
  })
}

/** A session last used two hours ago: the shop session has ended. */
const idleSession = (extra: Record<string, unknown> = {}) =>
  sessionCookie({
    apiToken: 'user-token',
    isAnonymous: false,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 3600_000,
    activeAt: Date.now() - 2 * SESSION_MAX_AGE * 1000,
    ...extra,
  })

describe('the login page', () => {
  it('shows the session-timed-out message for messageKey=session_timeout only, and links the reminder', async () => {
    const timedOut = await answer(loginLoader, args('/de/login?messageKey=session_timeout'))
    expect(timedOut.data.notice).toBe('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')
    expect(timedOut.data.forgotPasswordUrl).toBe('/de/forgotPassword')
    for (const key of ['', 'other', 'account.login.title', '__proto__']) {
      const { data } = await answer(loginLoader, args(`/en/login?messageKey=${key}`))
      expect(data.notice, key).toBeNull()
    }
  })
})

describe('a user’s session that ended without a logout', () => {
  it('goes from the next page to the login page with the message when ICM will not refresh the token', async () => {
    icm.use(http.post(icmPath('token'), () => icmError(401, 'invalid_grant')))
    const { response, setCookie } = await answer(
      rootLoader,
      args('/en/search?searchTerm=drill', { cookie: await dueSession({ user }) }),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(TIMED_OUT('/en/search?searchTerm=drill'))
    const session = await sessionFrom(setCookie)
    expect(session.get('user')).toBeUndefined()
    expect(session.get('apiToken')).toBeUndefined()
    // Said once: the mark is used up.
    expect(session.get('timedOut')).toBeUndefined()
  })

  it('goes to the login page with the message when it was idle for more than an hour', async () => {
    const { response } = await answer(rootLoader, args('/fr/basket', { cookie: await idleSession({ user }) }))
    expect(response.headers.get('Location')).toBe(TIMED_OUT('/fr/basket', 'fr'))
  })

  it('on a page that needs a login, which it then asks for with the message', async () => {
    const response = await thrown(requireLogin(args('/en/account', { cookie: await idleSession({ user }) })))
    expect(response.headers.get('Location')).toBe(TIMED_OUT('/en/account'))
    // An anonymous shopper's idle session is no timed-out login.
    const anonymous = await thrown(
      requireLogin(args('/en/account', { cookie: await idleSession({ isAnonymous: true }) })),
    )
    expect(anonymous.headers.get('Location')).toBe(`/en/login?returnUrl=${encodeURIComponent('/en/account')}`)
  })

  it('on the login page adds the message and keeps the way back; a post is not moved', async () => {
    const en = localeByLang('en')!
    const onLogin = args('/en/login?returnUrl=%2Fen%2Faccount', { cookie: await idleSession({ user }) })
    const { sessionOf } = await import('~/services/session.server')
    const session = await sessionOf(onLogin)
    const moved = await thrown(
      Promise.resolve().then(() => redirectIfTimedOut(onLogin.request, { locale: en, session })),
    )
    expect(moved.headers.get('Location')).toBe(TIMED_OUT('/en/account'))

    const post = args('/en/basket', { cookie: await idleSession({ user }), form: { intent: 'x' } })
    const postSession = await sessionOf(post)
    expect(() => redirectIfTimedOut(post.request, { locale: en, session: postSession })).not.toThrow()
    expect(postSession.get('timedOut')).toBe(true)
  })
})
