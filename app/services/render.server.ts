import { PassThrough } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

export type Rendered = { body: PassThrough; failed: () => boolean }

/**
 * Renders a document to a stream once all of it is ready, streamed loader data included, so every part is
 * in place without JavaScript (React's out-of-order chunks need a script to show). A document request cannot
 * tell whether the browser runs scripts, and the shop sets no cookie to say so (spec: three cookies only);
 * page changes with JavaScript stream their data (single fetch) and show the main facts first (ADR 0051).
 * `nonce` goes on React's own inline scripts, as the content security policy asks.
 *
 * A render still unfinished after `timeoutMs` is aborted: what is missing by then gets its fallback. The timer
 * is cleared as soon as React has written the document: a pending timer holds the whole render (its tree,
 * its strings, its data), and at a few hundred pages a second the ones left running kept ~190 MB alive and
 * made the garbage collector the storefront's largest cost (issue 37).
 */
export function renderHtml(
  element: ReactNode,
  { nonce, timeoutMs }: { nonce?: string; timeoutMs: number },
): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    let failed = false
    let shellRendered = false
    const body = new PassThrough()
    const timer = setTimeout(() => abort(), timeoutMs).unref()
    const done = () => clearTimeout(timer)
    body.once('finish', done).once('close', done)
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        resolve({ body, failed: () => failed })
        pipe(body)
      },
      onShellError(error: unknown) {
        done()
        reject(error)
      },
      onError(error: unknown) {
        failed = true
        if (shellRendered) console.error(error)
      },
    })
  })
}
