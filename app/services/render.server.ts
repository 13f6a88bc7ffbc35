import type { Readable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToNodeStream } from 'react-dom/server'

/** A rendered document: its bytes, and whether a part of it failed (the page is then a 500). */
export type Rendered = { html: Buffer; failed: boolean }

/**
 * What React 18's legacy node renderer calls on the stream it returns (a Readable): `push` with each piece
 * of markup as a string, null at the end.
 */
type MarkupStream = Readable & { push(chunk: string | null): boolean }

/** React writes it when a boundary's content failed (or was cut off) and is left to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

/**
 * Renders a document once all of it is ready, streamed loader data included, so every part is in place
 * without JavaScript (React's out-of-order chunks need a script to show). A document request cannot tell
 * whether the browser runs scripts, and the shop sets no cookie to say so (spec: three cookies only); page
 * changes with JavaScript stream their data (single fetch) and show the main facts first (ADR 0051).
 *
 * The document is sent whole, as one buffer with its length (ADR 0056). React 18's legacy node renderer
 * waits for every Suspense boundary before it writes (as `onAllReady` did) and hands over its markup as
 * strings, which are joined here and encoded once. `renderToPipeableStream` encoded each of the page's
 * thousands of small pieces into 2 KB byte arrays as it went; that took about a seventh of a rendered
 * page's CPU (ADR 0061). The markup is the same byte for byte, but the doctype, which the legacy renderer
 * leaves out. React's own inline scripts are never written (nothing is out of order), so the nonce is only
 * Remix's (RemixServer's prop).
 *
 * A render still unfinished after `timeoutMs` is aborted: what is missing by then gets its fallback. The timer
 * is cleared as soon as React has written the document: a pending timer holds the whole render (its tree,
 * its strings, its data), and at a few hundred pages a second the ones left running kept ~190 MB alive and
 * made the garbage collector the storefront's largest cost (issue 37, ADR 0054).
 */
export function renderHtml(element: ReactNode, { timeoutMs }: { timeoutMs: number }): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    /** The document so far: encoded parts, and the pieces since the last one. */
    const parts: Buffer[] = []
    let pending = ''
    let failed = false
    /** The first piece given to `push` below: with the early markup, it tells a whole document. */
    let first: string | undefined = undefined
    /** The markup written before `push` was replaced; undefined until it is taken. */
    let early: string | undefined = undefined
    let ended = false
    const finishIfDone = () => {
      if (!ended || early === undefined) return
      clearTimeout(timer)
      const document = (early || first || '').startsWith('<html')
      const head = document ? `<!DOCTYPE html>${early}` : early
      failed ||= early.includes(CLIENT_RENDERED_BOUNDARY)
      resolve({ html: Buffer.concat([Buffer.from(head), ...parts, Buffer.from(pending)]), failed })
    }
    const stream = markupStream(element)
    const timer = setTimeout(() => stream.destroy(), timeoutMs).unref()
    // A shell that failed (nothing to send) destroys the stream with its error.
    stream.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    // From now on the markup is joined here instead of going through the stream's buffer: one `push` per
    // piece through it would cost more than the render. The pieces are encoded some 8,000 characters at a
    // time: one long string of thousands of pieces costs more to flatten, and a single "–" in it makes all of
    // it two bytes a character before it is encoded.
    stream.push = (chunk) => {
      if (chunk === null) {
        ended = true
        finishIfDone()
        return true
      }
      if (chunk === CLIENT_RENDERED_BOUNDARY) failed = true
      first ??= chunk
      pending += chunk
      if (pending.length > ENCODED_AT) {
        parts.push(Buffer.from(pending))
        pending = ''
      }
      return true
    }
    // A tree that never waits was written while the stream was made, into its buffer until that was full.
    // Reading it lets React go on with the rest here; if all of it was there, its end comes as the stream's.
    stream.once('end', () => {
      ended = true
      finishIfDone()
    })
    early = (stream.read() as Buffer | null)?.toString('utf8') ?? ''
    finishIfDone()
  })
}

/** Characters of markup joined before they are encoded (see renderHtml). */
const ENCODED_AT = 8192

/**
 * React 18's development build warns on every call that `renderToNodeStream` is deprecated (React 19 has
 * `prerenderToNodeStream` for a page written once all is ready); that one warning is left out of
 * `npm run dev`'s log. The production build says nothing.
 */
function markupStream(element: ReactNode): MarkupStream {
  if (process.env.NODE_ENV === 'production') return renderToNodeStream(element) as MarkupStream
  const log = console.error
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('renderToNodeStream is deprecated')) log(...args)
  }
  try {
    return renderToNodeStream(element) as MarkupStream
  } finally {
    console.error = log
  }
}
