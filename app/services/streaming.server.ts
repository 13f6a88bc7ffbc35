/**
 * Loader data that is streamed after the page: the promise the loader returns for `<Await>`.
 *
 * It is marked the way React Router's `<Await>` tracks promises (`_tracked`, then `_data` or `_error` once
 * settled), so that `<Await>` renders a promise that has settled by render time at once, inline in the first
 * HTML. Only slower data then suspends and arrives as a streamed chunk, which browsers without JavaScript
 * never reveal (a script swaps it in). Without the mark `<Await>` suspends on every promise, even a settled one.
 */
export function streamed<T>(promise: Promise<T>): Promise<T> {
  Object.defineProperty(promise, '_tracked', { get: () => true })
  promise.then(
    (data) => Object.defineProperty(promise, '_data', { get: () => data }),
    (error: unknown) => Object.defineProperty(promise, '_error', { get: () => error }),
  )
  return promise
}
