import { PassThrough } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

/**
 * How long a page waits, after its shell is ready, for streamed data before it starts sending. Data that
 * arrives within it is part of the first HTML, in place; only slower data streams afterwards, and
 * browsers without JavaScript never see streamed chunks (a script swaps them in). Costs nothing when
 * all data is there: sending starts as soon as everything is ready.
 */
export const STREAM_GRACE_MS = Number(process.env.STREAM_GRACE_MS ?? 250)

export type Rendered = { body: PassThrough; failed: () => boolean; abort: () => void }

/**
 * Renders a document to a stream: crawlers (`waitForAll`) get it complete; people get it when all is
 * ready or `graceMs` after the shell, whichever comes first. `nonce` goes on React's own inline scripts
 * (the ones that put streamed parts in place), as the content security policy asks.
 */
export function renderHtml(
  element: ReactNode,
  { waitForAll, graceMs = STREAM_GRACE_MS, nonce }: { waitForAll: boolean; graceMs?: number; nonce?: string },
): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    let started = false
    let failed = false
    let shellRendered = false
    let grace: ReturnType<typeof setTimeout> | undefined
    const start = () => {
      if (started) return
      started = true
      clearTimeout(grace)
      const body = new PassThrough()
      resolve({ body, failed: () => failed, abort })
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true
        if (!waitForAll) grace = setTimeout(start, graceMs)
      },
      onAllReady: start,
      onShellError(error: unknown) {
        clearTimeout(grace)
        reject(error)
      },
      onError(error: unknown) {
        failed = true
        if (shellRendered) console.error(error)
      },
    })
  })
}
