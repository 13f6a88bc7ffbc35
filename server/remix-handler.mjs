/**
 * Remix behind Express, with the one place where the shopper's session is written back: after the app has
 * made its answer (a page, a data request, a redirect, an error), the build's `withSessionCookie` adds the
 * `apiToken` cookie when the request's session changed (app/services/session.server.ts). Loaders, actions
 * and services only change the session; none of them commits it. The build's `trackResponseStatus` learns
 * each answer's status (the tracked error events, app/services/tracking.server.ts).
 */
import { createRequestHandler as createRemixHandler } from '@remix-run/node'
// The Express adapter's request and response conversion (the package exports only its handler factory).
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js'
import { allowFormTarget, FORM_TARGET_HEADER } from './security.mjs'

/**
 * A HEAD asks what a GET would answer. Remix's data requests (`*.data`) take every method but GET for an
 * action, and refuse a cross-site one with an error (a 500): Remix is asked the GET, and Node sends only
 * the head of its answer to a HEAD.
 * @param {Request} request
 */
function asRead(request) {
  if (request.method !== 'HEAD') return request
  return new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal })
}

/**
 * @param {{ build: any | (() => Promise<any>), mode?: string, getLoadContext: (req: any, res: any) => object }} options
 * @returns {import('express').RequestHandler}
 */
export function remixHandler({ build, mode, getLoadContext }) {
  const handle = createRemixHandler(build, mode)
  return async (req, res, next) => {
    try {
      const request = asRead(createRemixRequest(req, res))
      const context = getLoadContext(req, res)
      const response = await handle(request, context)
      const current = typeof build === 'function' ? await build() : build
      // Spec §4.8's error events (with the shopper's tracking consent; the app decides): the answer's
      // status, or 499 for a shopper who went away before it was sent.
      const track = current.entry.module.trackResponseStatus
      if (track) {
        track(request, response.status)
        res.once('close', () => {
          if (!res.writableFinished) track(request, 499)
        })
      }
      // A page's document comes as bytes beside its answer (entry.server): written at once, not read
      // through the answer's body stream.
      const document = current.entry.module.renderedDocument?.(context)
      const answer = withFormTarget(res, await current.entry.module.withSessionCookie(response, context))
      if (document) sendDocument(res, answer, document)
      else await sendRemixResponse(res, answer)
    } catch (error) {
      next(error)
    }
  }
}

/**
 * A page whose form posts to another site names it in FORM_TARGET_HEADER: the CSP's `form-action` gets the
 * origin, and the header is not sent on.
 * @param {import('express').Response} res
 * @param {Response} response
 */
export function withFormTarget(res, response) {
  const target = response.headers.get(FORM_TARGET_HEADER)
  if (target === null) return response
  allowFormTarget(res, target)
  const headers = new Headers(response.headers)
  headers.delete(FORM_TARGET_HEADER)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * A rendered document: the answer's status and headers as `sendRemixResponse` writes them, and its bytes.
 * @param {import('express').Response} res
 * @param {Response} response
 * @param {Uint8Array} document
 */
function sendDocument(res, response, document) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  res.end(document)
}
