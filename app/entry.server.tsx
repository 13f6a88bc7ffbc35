import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { I18nextProvider } from 'react-i18next'
import { MainNavigationHtml } from '~/components/MainNavigation'
import { NonceProvider } from '~/components/NonceProvider'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'
import { i18nFor } from '~/services/i18n.server'
import { shownMainNavigationHtml } from '~/services/main-navigation.server'
import { renderHtml } from '~/services/render.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's content security policy nonce (server.mjs, server/security.mjs); unset in `npm run dev`. */
    cspNonce?: string
    /** The server takes a document's bytes from `renderedDocument` (server/remix-handler.mjs, ADR 0061). */
    sendsDocuments?: boolean
  }
}

/** The server writes the request's session back through this, once per answer (server/remix-handler.mjs). */
export { withSessionCookie } from '~/services/session.server'
export { trackResponseStatus } from '~/services/tracking.server'

export const streamTimeout = 5000

/**
 * Sends the page once all of it is ready, streamed loader data included, so it shows without JavaScript
 * (render.server, ADR 0051), as one buffer with its length (ADR 0056). Every inline script (Remix's and
 * the streamed data's; React writes none, ADR 0061) carries the response's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const url = new URL(request.url)
  const locale = localeByLang(url.pathname.split('/')[1]) ?? DEFAULT_LOCALE
  const nonce = loadContext?.cspNonce || undefined
  const rendered = await renderHtml(
    <NonceProvider value={nonce ?? ''}>
      <I18nextProvider i18n={i18nFor(locale.id)}>
        <MainNavigationHtml.Provider value={shownMainNavigationHtml(loadContext)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </MainNavigationHtml.Provider>
      </I18nextProvider>
    </NonceProvider>,
    { timeoutMs: streamTimeout + 1000 },
  )
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  responseHeaders.set('Content-Length', String(rendered.html.length))
  const status = rendered.failed ? 500 : responseStatusCode
  // Our server writes the bytes itself: a body would be a web stream made, read and written chunk by chunk.
  if (loadContext?.sendsDocuments) {
    documents.set(loadContext, rendered.html)
    return new Response(null, { headers: responseHeaders, status })
  }
  // A Buffer is a Uint8Array over an ArrayBuffer of its own (Buffer.concat), which is what a body takes.
  return new Response(rendered.html as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status })
}

/** Rendered documents waiting for their server, by the request's load context. */
const documents = new WeakMap<AppLoadContext, Buffer>()

/** The document rendered for this request's answer, once (server/remix-handler.mjs). */
export function renderedDocument(context: AppLoadContext): Buffer | undefined {
  const document = documents.get(context)
  documents.delete(context)
  return document
}
