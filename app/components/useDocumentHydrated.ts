import { useEffect } from 'react'

let hydrated = false

/**
 * Whether the document's hydration is over, so a component rendering now is made in the browser rather than
 * kept from the server's HTML. remix-utils' `useHydrated` cannot tell: Preact (the browser build, ADR 0024)
 * answers its `useSyncExternalStore` with the client's value already during hydration. Effects run children
 * first, so every component hydrated with the document has seen `false` when the root's effect sets this.
 */
export const documentHydrated = () => hydrated

/** Called once by the root layout. */
export function useMarkDocumentHydrated() {
  useEffect(() => {
    hydrated = true
  }, [])
}
