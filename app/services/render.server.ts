import { PassThrough } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

export type Rendered = { body: PassThrough; failed: () => boolean; abort: () => void }

/**
 * Renders a document to a stream once all of it is ready, streamed loader data included, so every part is
 * in place without JavaScript (React's out-of-order chunks need a script to show). A document request cannot
 * tell whether the browser runs scripts, and the shop sets no cookie to say so (spec: three cookies only);
 * page changes with JavaScript stream their data (single fetch) and show the main facts first (ADR 0051).
 * `nonce` goes on React's own inline scripts, as the content security policy asks.
 */
export function renderHtml(element: ReactNode, { nonce }: { nonce?: string }): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    let failed = false
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        const body = new PassThrough()
        resolve({ body, failed: () => failed, abort })
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        failed = true
        if (shellRendered) console.error(error)
      },
    })
  })
}
