import { useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import type { DataLayerPush } from '~/models/tracking'
import { useNonce } from './NonceProvider'

type TrackingWindow = Window & { dataLayer?: unknown[]; __shopDataLayerKeys?: string[] }

/** The entries pushed in this browser tab, by page (location key) and event key. */
const pushed = new Set<string>()
/** True until the first page has hydrated: only the server's document carries the inline script. */
let hydrating = true

const isEcommerce = (entry: Record<string, unknown>) => 'ecommerce' in entry

/**
 * The inline script that pushes a page's entries as the document is parsed (before any tag manager runs), with
 * the CSP nonce: GA4 clears the previous e-commerce object before each e-commerce entry. `<` is escaped so no
 * product name can end the script.
 */
function inlineScript(pushes: DataLayerPush[]) {
  const data = JSON.stringify(pushes).replace(/</g, '\\u003c')
  return `(function(w,p){var l=w.dataLayer=w.dataLayer||[],k=w.__shopDataLayerKeys=w.__shopDataLayerKeys||[];p.forEach(function(e){if("ecommerce"in e.entry)l.push({ecommerce:null});l.push(e.entry);k.push(e.key)})})(window,${data})`
}

/**
 * A page's tracking entries in `window.dataLayer` (ADR 0035). The server writes them into the document as an
 * inline script; after hydration, entries that arrive with client-side navigations or with a revalidation
 * (an action's events, taken from the session) are pushed once per page. Without tracking consent the
 * server answers no entries, and nothing (not even `dataLayer`) is made.
 */
export function DataLayer({ pushes }: { pushes: DataLayerPush[] }) {
  const nonce = useNonce()
  const { key } = useLocation()
  useEffect(() => {
    const tracking = window as TrackingWindow
    if (hydrating) {
      hydrating = false
      for (const done of tracking.__shopDataLayerKeys ?? []) pushed.add(`${key}|${done}`)
    }
    const fresh = pushes.filter((push) => !pushed.has(`${key}|${push.key}`))
    if (fresh.length === 0) return
    const layer = (tracking.dataLayer ??= [])
    for (const push of fresh) {
      pushed.add(`${key}|${push.key}`)
      if (isEcommerce(push.entry)) layer.push({ ecommerce: null })
      layer.push(push.entry)
    }
  }, [pushes, key])
  if (pushes.length === 0 || !hydrating) return null
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: inlineScript(pushes) }}
    />
  )
}
