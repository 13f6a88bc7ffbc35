/**
 * The sales desk (issue 35): HTML pages of the commerce API where a sales representative signs in with login
 * (or e-mail address) and password and opens the shop as a user of a customer they look after. `GET
 * /sales-desk` (the sign-in form, or the representative's customers and their users), `POST
 * /sales-desk/login`, `POST /sales-desk/logout`, `POST /sales-desk/cobrowse` (mints a co-browse token,
 * domain/sales-reps.ts, and sends the browser on to the storefront's `/{lang}/cobrowse?access-token=…&
 * salesRepId=…`, which signs it in as the user). Not ICM resources. Failed sign-ins are throttled like the
 * shop's logins (per account and per client address, then a challenge). The desk's sign-in is a cookie of
 * its own (sales-desk/session.ts); its forms post only from its own pages (origin check) and carry the
 * session's CSRF token. Every page works without JavaScript.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { isLocale, type Locale } from '../domain/channel'
import { DomainError } from '../domain/errors'
import {
  authenticateSalesRep,
  customersOfSalesRep,
  findSalesRep,
  findSalesRepLogin,
  mintCobrowseToken,
  type SalesRep,
} from '../domain/sales-reps'
import { icmErrorOf } from '../icm/errors'
import { clientKey } from '../rate-limits'
import { SandboxError, sandboxErrorStatus } from '../sandbox/html'
import { DESK_PATH, deskErrorPage, deskListPage, loginPage } from '../sales-desk/html'
import {
  clearDeskCookie,
  deskCookieOf,
  DeskSessions,
  setDeskCookie,
  type DeskSession,
} from '../sales-desk/session'
import { cspOrigins } from '../security'
import type { RouteModule } from './context'
import { assertSameOrigin } from './punchout-sandbox'

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i
const BODY_LIMIT = 8 * 1024

const LoginForm = z.object({
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  challenge: z.string().max(200).optional(),
  answer: z.string().max(6).optional(),
})

const CobrowseForm = z.object({
  csrf: z.string().max(100),
  user: z.string().trim().min(1).max(254),
  locale: z.string().max(10).optional(),
})

/**
 * The storefront's co-browse entry for a minted token: `{STOREFRONT_URL}/{lang}/cobrowse?access-token=…&
 * salesRepId=…` (shell spec §4.7).
 */
export function cobrowseLink(
  storefrontUrl: string,
  locale: Locale,
  grant: { accessToken: string; salesRep: { id: string } },
) {
  const url = new URL(`${storefrontUrl}/${locale.slice(0, 2)}/cobrowse`)
  url.searchParams.set('access-token', grant.accessToken)
  url.searchParams.set('salesRepId', grant.salesRep.id)
  return url.toString()
}

const html = (reply: FastifyReply, status = 200) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8')

const signInAgain = () =>
  new SandboxError(401, 'Your sign-in to the sales desk has ended. Please sign in again.')

export const salesDeskRoutes: RouteModule = (app, { db, mail }) => {
  const sessions = new DeskSessions(db)

  /** The signed-in representative and their session, if the cookie holds a live one of an active representative. */
  async function signedIn(request: FastifyRequest): Promise<{ rep: SalesRep; session: DeskSession } | null> {
    const session = await sessions.read(deskCookieOf(request))
    const rep = session && (await findSalesRep(db, session.salesRepId))
    return session && rep?.active ? { rep, session } : null
  }

  async function desk(
    reply: FastifyReply,
    rep: SalesRep,
    session: DeskSession,
    message?: string,
    status = 200,
  ) {
    const [customers, csrf] = await Promise.all([customersOfSalesRep(db, rep), sessions.csrfToken(session)])
    return html(reply, status).send(deskListPage({ rep, customers, csrf, message }))
  }

  /** A desk form: posted from the desk's own pages, as a form. */
  function checkForm(request: FastifyRequest) {
    assertSameOrigin(request)
    if (!FORM.test(request.headers['content-type'] ?? ''))
      throw new SandboxError(415, 'The sales desk takes form posts only (application/x-www-form-urlencoded).')
    return (request.body ?? {}) as Record<string, unknown>
  }

  app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const failure = error as { message?: string }
      // A domain refusal (a user the representative does not look after) answers ICM's status for it.
      const status = error instanceof DomainError ? icmErrorOf(error).status : sandboxErrorStatus(error)
      if (status === 500) {
        request.log.error(error)
        console.error('commerce-api: the sales desk failed', error)
      }
      const message =
        status === 500
          ? 'An unexpected error occurred.'
          : status === 413
            ? 'The form is larger than the sales desk takes.'
            : (failure.message ?? 'Bad request.')
      return html(reply, status).send(deskErrorPage(status, message))
    })

    const config = {
      access: 'public' as const,
      helmet: {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'none'"],
            'style-src': ["'unsafe-inline'"],
            // Opening the shop answers the form with a redirect to the storefront: form-action covers it.
            'form-action': ["'self'", ...cspOrigins([mail.storefrontUrl])],
            'base-uri': ["'none'"],
            'frame-ancestors': ["'none'"],
          },
        },
        // With the API's `no-referrer`, browsers post these forms with `Origin: null`, which the origin check
        // refuses; `same-origin` names the desk to itself and nothing to the shop.
        referrerPolicy: { policy: 'same-origin' as const },
      },
    }
    const post = { config, bodyLimit: BODY_LIMIT }

    scope.get(DESK_PATH, { config }, async (request, reply) => {
      const current = await signedIn(request)
      if (current) return desk(reply, current.rep, current.session)
      if (deskCookieOf(request) !== undefined) clearDeskCookie(request, reply)
      return html(reply).send(loginPage())
    })

    scope.post(`${DESK_PATH}/login`, post, async (request, reply) => {
      const form = LoginForm.safeParse(checkForm(request))
      if (!form.success)
        return html(reply, 400).send(loginPage({ message: 'Please enter your login and your password.' }))
      const { login, password, challenge, answer } = form.data
      const account = await findSalesRepLogin(db, login)
      const outcome = await app.limiters.login.attempt(
        account.key,
        clientKey(request.ip),
        challenge && answer !== undefined
          ? () => app.limiters.challenges.redeem(challenge, answer)
          : undefined,
        async () => {
          const result = await authenticateSalesRep(password, account)
          return { passwordMatched: result.ok || result.reason !== 'invalid', result }
        },
      )
      if (outcome.kind === 'throttled')
        return html(reply, 429)
          .header('retry-after', String(outcome.retryAfterSeconds))
          .send(
            loginPage({
              login,
              message: `Too many failed sign-ins. Please wait ${outcome.retryAfterSeconds} seconds before trying again.`,
            }),
          )
      if (outcome.kind === 'challenge_required' || outcome.kind === 'challenge_incorrect')
        return html(reply, 401).send(
          loginPage({
            login,
            challenge: await app.limiters.challenges.create(),
            message:
              outcome.kind === 'challenge_required'
                ? 'After too many failed sign-ins this account asks you to answer a security question as well.'
                : 'The answer to the security question was not correct. Please try again.',
          }),
        )
      const { result } = outcome
      if (!result.ok)
        return html(reply, result.reason === 'inactive' ? 403 : 401).send(
          loginPage({
            login,
            message:
              result.reason === 'inactive'
                ? 'Your sales desk account is deactivated.'
                : 'The login or the password is not correct.',
          }),
        )
      const created = await sessions.create(result.rep.id)
      setDeskCookie(request, reply, created.value)
      return reply.code(303).header('location', DESK_PATH).send()
    })

    scope.post(`${DESK_PATH}/logout`, post, async (request, reply) => {
      const body = checkForm(request)
      const session = await sessions.read(deskCookieOf(request))
      if (session && !(await sessions.csrfMatches(session, body.csrf)))
        throw new SandboxError(403, 'The form was not sent from your sales desk.')
      clearDeskCookie(request, reply)
      return reply.code(303).header('location', DESK_PATH).send()
    })

    scope.post(`${DESK_PATH}/cobrowse`, post, async (request, reply) => {
      const body = checkForm(request)
      const current = await signedIn(request)
      if (!current) throw signInAgain()
      const form = CobrowseForm.safeParse(body)
      if (!form.success || !(await sessions.csrfMatches(current.session, form.data.csrf)))
        throw new SandboxError(403, 'The form was not sent from your sales desk.')
      let grant
      try {
        grant = await mintCobrowseToken(db, current.rep.id, form.data.user)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return desk(reply, current.rep, current.session, error.message, icmErrorOf(error).status)
      }
      const locale = isLocale(form.data.locale) ? form.data.locale : grant.user.preferredLanguage
      return reply
        .code(303)
        .header('location', cobrowseLink(mail.storefrontUrl, locale, grant))
        .send()
    })
  })
}
