import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

/** A rendered document: its bytes, and whether a part of it failed (the page is then a 500). */
export type Rendered = { html: Buffer; failed: boolean }

/**
 * Renders a document once all of it is ready, streamed loader data included, so every part is in place
 * without JavaScript (React's out-of-order chunks need a script to show). A document request cannot tell
 * whether the browser runs scripts, and the shop sets no cookie to say so (spec: three cookies only); page
 * changes with JavaScript stream their data (single fetch) and show the main facts first (ADR 0051).
 * `nonce` goes on React's own inline scripts, as the content security policy asks.
 *
 * The document is sent whole: React writes it in one go once all is ready, so it is kept as one buffer and
 * answered with its length, not passed chunk by chunk through a Node stream, a web stream and the
 * response (some forty 2 KB writes for a category page; ADR 0056).
 *
 * A render still unfinished after `timeoutMs` is aborted: what is missing by then gets its fallback. The timer
 * is cleared as soon as React has written the document: a pending timer holds the whole render (its tree,
 * its strings, its data), and at a few hundred pages a second the ones left running kept ~190 MB alive and
 * made the garbage collector the storefront's largest cost (issue 37, ADR 0054).
 */
export function renderHtml(
  element: ReactNode,
  { nonce, timeoutMs }: { nonce?: string; timeoutMs: number },
): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    let failed = false
    let shellRendered = false
    const chunks: Buffer[] = []
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
    })
    const timer = setTimeout(() => abort(), timeoutMs).unref()
    document.once('finish', () => {
      clearTimeout(timer)
      resolve({ html: Buffer.concat(chunks), failed })
    })
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        pipe(document)
      },
      onShellError(error: unknown) {
        clearTimeout(timer)
        reject(error)
      },
      onError(error: unknown) {
        failed = true
        if (shellRendered) console.error(error)
      },
    })
  })
}
