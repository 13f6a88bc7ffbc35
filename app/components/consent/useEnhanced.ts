import { useEffect, useState } from 'react'

/**
 * False in the server's HTML and during hydration, true once the component runs in the browser: what its
 * `data-enhanced` attribute says, so that a test (or a script) knows the JavaScript way is in place.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  return enhanced
}
