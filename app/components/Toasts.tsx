import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ToastView } from '~/models/shell'

/** Default toast timeout 5000 ms (spec §9). */
const TIMEOUT = 5000
const DISMISS_ID = 'toast-dismiss'

/**
 * The page's message (spec §9 toasts). One the server rendered with the page (after a form post without
 * JavaScript, or a redirect) sits in the flow above the header, so it covers neither the search box nor a
 * quantity field, and a checkbox styled as the close button hides it, JavaScript or not (app.css; the same
 * markup before and after hydration). Messages of client-side changes float at the screen's edge. Each goes after 5 s with
 * JavaScript, and with the next page in any case (the session flashes it once).
 */
export function Toasts({ toast }: { toast: ToastView | null }) {
  const { t } = useTranslation()
  const [first] = useState(toast)
  const [visible, setVisible] = useState<ToastView | null>(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), TIMEOUT)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  const inline = visible === first
  const body = (
    <div className={`toast toast-${visible.type}`}>
      <span>{visible.text}</span>
      {visible.details?.length ? (
        <ul className="toast-details">
          {visible.details.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      {!inline ? (
        <button
          type="button"
          className="toast-close"
          onClick={() => setVisible(null)}
          aria-label={t('toast.close')}
        >
          ×
        </button>
      ) : (
        <label htmlFor={DISMISS_ID} className="toast-close" title={t('toast.close')}>
          <span aria-hidden="true">×</span>
        </label>
      )}
    </div>
  )
  return (
    <div className={inline ? 'toasts toasts-inline' : 'toasts'} role="status" aria-live="polite">
      {!inline ? null : (
        <input type="checkbox" id={DISMISS_ID} className="toast-dismiss" aria-label={t('toast.close')} />
      )}
      {body}
    </div>
  )
}
