/**
 * Streamed loader data the document already carries, handed to `<Await>` as settled before hydration
 * (ADR 0051).
 *
 * A document is sent once all of it is ready (entry.server's `onAllReady`), so the server rendered every
 * `<Await>` with its data, between React's `<!--$-->` and `<!--/$-->` markers. Single fetch decodes the
 * promises of that data anew in the browser, and React Router's `<Await>` suspends on the first render of
 * a promise it has not seen settle (it tracks promises with `_tracked`, `_data` and `_error`), even one that
 * settled long ago. React would keep the server's boundary until it renders; Preact (the browser build,
 * ADR 0024) does not know React's markers: a component that suspends while hydrating keeps the first node
 * at its place that is not a comment. For an empty boundary (`<!--$--><!--/$-->`, a product without
 * promotions) that is the next sibling, and every later sibling hydrates onto the element after its own:
 * the product page's Compare button took the wishlist form (kept its `aria-label`, got the text "Compare").
 *
 * Marking the settled promises the way React Router's own deferred data does lets `<Await>` render their
 * data at once: the browser's first render is the server's, nothing suspends while hydrating.
 */

type Tracked = Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown }

/** How long hydration waits at most for the decoding of the document's data to settle its promises. */
export const SETTLE_WAIT_MS = 1000

function mark(promise: Tracked, key: '_data' | '_error', value: unknown) {
  if (promise._tracked) return
  Object.defineProperty(promise, key, { get: () => value })
  Object.defineProperty(promise, '_tracked', { get: () => true })
}

/** The promises in loader data (route data objects, their fields, arrays), each once. */
function promisesIn(value: unknown, found: Set<Tracked>, seen: Set<object>) {
  if (value instanceof Promise) {
    found.add(value)
    return
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) return
  seen.add(value)
  const proto = Object.getPrototypeOf(value) as unknown
  if (Array.isArray(value)) for (const item of value) promisesIn(item, found, seen)
  else if (proto === Object.prototype || proto === null)
    for (const item of Object.values(value)) promisesIn(item, found, seen)
}

/**
 * Marks the promises of `loaderData` (Remix's decoded state: route id → data) as settled once they settle,
 * and resolves when all have, or after `waitMs`: a promise still pending then (data the document does not
 * carry) is left to `<Await>` to suspend on.
 */
export async function settleStreamedData(loaderData: unknown, waitMs = SETTLE_WAIT_MS) {
  const promises = new Set<Tracked>()
  promisesIn(loaderData, promises, new Set())
  if (promises.size === 0) return
  const settled = Promise.all(
    [...promises].map((promise) =>
      promise.then(
        (data) => mark(promise, '_data', data),
        (error) => mark(promise, '_error', error),
      ),
    ),
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))])
  clearTimeout(timer)
}
