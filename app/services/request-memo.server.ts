import type { AppLoadContext } from '@remix-run/node'

/** What a loader or action gets that identifies the HTTP request it serves. */
export type RequestArgs = { request: Request; context: AppLoadContext }

const memos = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>()

/**
 * A read done once per page request, however many loaders (root, layout, route) ask for it. Remix hands each
 * loader its own copy of the `Request`, so the request cannot be the key; the load context is the one object
 * all loaders of a request share. Only GET loaders share: a no-JavaScript form post runs its action and then
 * the loaders with the same context, and a read the action made before its change must not answer them.
 */
export function oncePerRequest<T>({ request, context }: RequestArgs, key: string, read: () => Promise<T>) {
  if (!context || (request.method !== 'GET' && request.method !== 'HEAD')) return read()
  let memo = memos.get(context)
  if (!memo) {
    memo = new Map()
    memos.set(context, memo)
  }
  let value = memo.get(key) as Promise<T> | undefined
  if (!value) {
    value = read()
    memo.set(key, value)
  }
  return value
}
