import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ToastView } from '~/models/shell'

/** Default toast timeout 5000 ms (spec §9); without JavaScript the message simply stays on the page. */
const TIMEOUT = 5000

export function Toasts({ toast }: { toast: ToastView | null }) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState<ToastView | null>(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), TIMEOUT)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  return (
    <div className="toasts" role="status" aria-live="polite">
      <div className={`toast toast-${visible.type}`}>
        <span>{visible.text}</span>
        {visible.details?.length ? (
          <ul className="toast-details">
            {visible.details.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : null}
        <button
          type="button"
          className="toast-close"
          onClick={() => setVisible(null)}
          aria-label={t('toast.close')}
        >
          ×
        </button>
      </div>
    </div>
  )
}
