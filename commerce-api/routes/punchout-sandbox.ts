import type { FastifyReply, FastifyRequest } from 'fastify'
import { holdsSecret } from '../authorization'
import { ApiError } from '../http'
import { sendOrderRequest, sendSetupRequest, type ShopCall } from '../sandbox/cxml'
import { entryPage, idsEntry, ociEntry } from '../sandbox/entry'
import { SandboxForm, entriesOf } from '../sandbox/form'
import { cxmlHookPage, idsHookPage, ociHookPage } from '../sandbox/hook'
import {
  SandboxError,
  errorPage,
  sandboxDirectives,
  sandboxErrorStatus,
  sandboxPolicy,
} from '../sandbox/html'
import { startPage } from '../sandbox/start-page'
import { PUNCHOUT_LIMITS } from '../punchout/format-common'
import type { RouteModule } from './context'
import { isLocalCaller } from './mailbox'

/** The procurement sandbox's settings: PUNCHOUT_SANDBOX_TOKEN, the password its pages ask for when set. */
export type PunchoutSandboxSettings = { token?: string }

/** The largest form the sandbox reads: a transfer of a whole 1 MiB document (PUNCHOUT_LIMITS). */
const MAX_BODY = PUNCHOUT_LIMITS.maxDocumentBytes

const FORM = 'application/x-www-form-urlencoded'

/** The API's own public origin as the caller sees it (a trusted proxy's X-Forwarded-Proto/Host count). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/** An origin of a URL, or null for none (`null`, not a URL). */
function urlOrigin(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * The sandbox's own forms post only from its own pages: a browser says where a post comes from in
 * `Sec-Fetch-Site`, `Origin` or at least `Referer`; one without any is no browser acting for someone else.
 */
export function assertSameOrigin(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site']
  const refused = () => new SandboxError(403, 'The sandbox takes this form only from its own pages.')
  if (site !== undefined && site !== 'same-origin') throw refused()
  const from = request.headers.origin ?? request.headers.referer
  if (typeof from === 'string' && urlOrigin(from) !== originOf(request)) throw refused()
}

const html = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')

/**
 * The procurement sandbox (issue 34): HTML pages of the commerce API that play the procurement system's side
 * of a punchout (sandbox/*.ts). `GET /punchout-sandbox` (the start page), `POST /punchout-sandbox/cxml`
 * (sends a PunchOutSetupRequest, shows the answer and start link), `POST /punchout-sandbox/oci|ids` (the
 * storefront entry form with the sandbox's hook), `POST /punchout-sandbox/hook/{cxml|oci|ids}` (the transfer
 * the storefront posts, shown parsed and checked), `POST /punchout-sandbox/order` (a cXML OrderRequest for a
 * received basket). The server registers it only where it is enabled (config.ts: by default outside
 * production, in production only with PUNCHOUT_SANDBOX=on and a token). With a token every page asks for it
 * (a browser's password prompt, or `Authorization: Bearer`); without one (a developer's API) it answers only
 * callers on this machine, as the local mailbox does, and 404 to anyone else.
 */
export const punchoutSandboxRoutes =
  (settings: PunchoutSandboxSettings): RouteModule =>
  (app, ctx) => {
    /** The shop's cXML endpoints, called in-process as the caller (its address counts for the login throttle). */
    const shopCall =
      (request: FastifyRequest): ShopCall =>
      async (customerNo, path, xml) => {
        const response = await app.inject({
          method: 'POST',
          url: `/INTERSHOP/rest/WFS/${ctx.site}/-/customers/${encodeURIComponent(customerNo)}/punchouts/cxml1.2/${path}`,
          headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml' },
          payload: xml,
          remoteAddress: request.ip,
        })
        return {
          status: response.statusCode,
          contentType: String(response.headers['content-type'] ?? ''),
          body: response.body,
        }
      }

    app.register(async (scope) => {
      // Forms only, read as name/value pairs in posted order (OCI repeats and orders its fields).
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) =>
        done(null, [...new URLSearchParams(body as string)]),
      )

      scope.addHook('onRequest', async (request, reply) => {
        if (settings.token) {
          if (holdsSecret(request, settings.token, { basic: true })) return
          reply.header('www-authenticate', 'Basic realm="punchout-sandbox", charset="UTF-8"')
          throw new SandboxError(
            401,
            'The procurement sandbox needs its token (PUNCHOUT_SANDBOX_TOKEN): any user name, the token as password.',
          )
        }
        // Without a token only this machine's callers see it; anyone else finds nothing here.
        if (!isLocalCaller(request)) throw new ApiError(404, 'resource.not_found', 'No resource here.')
      })

      scope.setErrorHandler((error, request, reply) => {
        const failure = error as { message?: string }
        if (error instanceof ApiError && error.status === 404) return reply.callNotFound()
        const status = sandboxErrorStatus(error)
        if (status === 500) {
          request.log.error(error)
          console.error('commerce-api: the procurement sandbox failed', error)
        }
        const message =
          status === 500
            ? 'An unexpected error occurred.'
            : status === 415
              ? 'The sandbox takes form posts only (application/x-www-form-urlencoded).'
              : status === 413 && !(error instanceof SandboxError)
                ? 'The form is larger than the sandbox takes (1 MiB).'
                : (failure.message ?? 'Bad request.')
        return html(reply).code(status).send(errorPage(status, message))
      })

      const config = {
        access: 'public' as const,
        helmet: {
          contentSecurityPolicy: {
            useDefaults: false,
            directives: sandboxDirectives([ctx.mail.storefrontUrl]),
          },
          // The API's `no-referrer` has browsers post these pages' forms with `Origin: null`, which
          // assertSameOrigin refuses; `same-origin` names the sandbox to itself and nothing to the shop.
          referrerPolicy: { policy: 'same-origin' as const },
        },
      }
      const post = { config, bodyLimit: MAX_BODY }
      const formOf = (request: FastifyRequest) => new SandboxForm(entriesOf(request.body))

      scope.get('/punchout-sandbox', { config }, async (_request, reply) =>
        html(reply).send(startPage(ctx.mail.storefrontUrl)),
      )

      scope.post('/punchout-sandbox/cxml', post, async (request, reply) => {
        assertSameOrigin(request)
        const origin = originOf(request)
        return html(reply).send(await sendSetupRequest(formOf(request), origin, ctx.site, shopCall(request)))
      })

      for (const protocol of ['oci', 'ids'] as const)
        scope.post(`/punchout-sandbox/${protocol}`, post, async (request, reply) => {
          assertSameOrigin(request)
          const form = formOf(request)
          const entry =
            protocol === 'oci' ? ociEntry(form, originOf(request)) : idsEntry(form, originOf(request))
          // The entry form goes to the storefront named in the form, which may not be STOREFRONT_URL.
          reply.header('content-security-policy', sandboxPolicy([entry.action]))
          return html(reply).send(entryPage(entry))
        })

      // The storefront's transfer page posts here from the shop's origin: a cross-site post, taken without an
      // origin check since the hook only reads and shows what it gets. A token still applies: the browser
      // sends it from its password cache once the sandbox was opened (or asks for it).
      scope.post('/punchout-sandbox/hook/:protocol', post, async (request, reply) => {
        const { protocol } = request.params as { protocol: string }
        const entries = entriesOf(request.body)
        const page =
          protocol === 'cxml'
            ? cxmlHookPage(
                new SandboxForm(entries, PUNCHOUT_LIMITS.maxFormFields),
                request.query as Record<string, unknown>,
              )
            : protocol === 'oci'
              ? ociHookPage(new SandboxForm(entries, PUNCHOUT_LIMITS.maxFormFields))
              : protocol === 'ids'
                ? idsHookPage(new SandboxForm(entries, PUNCHOUT_LIMITS.maxFormFields))
                : null
        if (page === null) throw new ApiError(404, 'resource.not_found', 'No such hook.')
        return html(reply).send(page)
      })

      scope.post('/punchout-sandbox/order', post, async (request, reply) => {
        assertSameOrigin(request)
        const page = await sendOrderRequest(formOf(request), originOf(request), ctx.site, shopCall(request))
        return html(reply).send(page)
      })
    })
  }
