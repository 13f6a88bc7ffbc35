import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { ToastView } from '~/models/shell'

/** Default toast timeout 5000 ms (spec §9). */
const TIMEOUT = 5000
const DISMISS_ID = 'toast-dismiss'

/**
 * The page's message (spec §9 toasts). One that comes with a page (the first page, or the page a navigation or
 * a form post led to, e.g. the welcome after login) is part of that page: in the flow above the header,
 * covering nothing, closed by a checkbox styled as the close button (app.css; the same markup before and after
 * hydration), and gone with the next page. A message of a change made without leaving the page (a fetcher's
 * post, e.g. adding from a tile) floats at the bottom of the screen, above the phone's sticky basket bar, or
 * at the top when that band holds a control or a total (`floatingEdge`); a success goes after 5 s, an error
 * stays until closed (its button, or Escape).
 */
export function Toasts({ toast }: { toast: ToastView | null }) {
  const { t } = useTranslation()
  const { key } = useLocation()
  // The page each message arrived with: a new message with a new page belongs to it, one without floats.
  const arrival = useRef({ toast, key, inline: true })
  const lastKey = useRef(key)
  if (arrival.current.toast !== toast) arrival.current = { toast, key, inline: key !== lastKey.current }
  lastKey.current = key
  const { inline } = arrival.current
  const [closed, setClosed] = useState<ToastView | null>(null)
  const visible = toast && closed !== toast && arrival.current.key === key ? toast : null
  const floating = visible && !inline ? visible : null
  const box = useRef<HTMLDivElement>(null)
  const [edge, setEdge] = useState<Edge | null>(null)
  useEffect(() => {
    setEdge(null)
    if (!floating) return
    if (box.current) setEdge(floatingEdge(box.current))
    const close = () => setClosed(floating)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    const timer = floating.type === 'error' ? undefined : setTimeout(close, TIMEOUT)
    return () => {
      document.removeEventListener('keydown', onKey)
      clearTimeout(timer)
    }
  }, [floating])
  if (!visible) return null
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
          onClick={() => setClosed(visible)}
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
  if (inline)
    return (
      <div className="toasts toasts-inline" role="status" aria-live="polite">
        <input type="checkbox" id={DISMISS_ID} className="toast-dismiss" aria-label={t('toast.close')} />
        {body}
      </div>
    )
  return (
    <div
      ref={box}
      className="toasts"
      role={visible.type === 'error' ? 'alert' : 'status'}
      aria-live={visible.type === 'error' ? 'assertive' : 'polite'}
      data-edge={edge?.side}
      style={edge ? ({ '--sticky-bar-height': `${edge.bar}px` } as CSSProperties) : undefined}
    >
      {body}
    </div>
  )
}

type Edge = { side: 'top' | 'bottom'; bar: number }

/** What a floating message must not cover: controls, totals and the sticky basket bar. */
const COVERS_NOT =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [data-testid$="total"], .basket-bar'

/**
 * Where a floating message sits: at the bottom, above the sticky basket bar of a phone (its height, measured,
 * is the CSS's `--sticky-bar-height`), unless that band holds a control or a total; then at the top when that
 * band is clear; else at the edge farther from the control in use.
 */
function floatingEdge(box: HTMLElement): Edge {
  const { height, left, right } = box.getBoundingClientRect()
  const view = window.innerHeight
  const sticky = [...document.querySelectorAll('.basket-bar')]
    .map((bar) => bar.getBoundingClientRect())
    .find((rect) => rect.height > 0 && rect.bottom >= view - 1)
  const bar = sticky ? Math.ceil(view - sticky.top) : 0
  const gap = 12
  const bands = {
    bottom: { top: view - bar - gap - height, bottom: view - bar - gap },
    top: { top: gap, bottom: gap + height },
  }
  const obstacles = [...document.querySelectorAll(COVERS_NOT)]
    .filter((element) => !box.contains(element))
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0)
  const clear = (band: { top: number; bottom: number }) =>
    !obstacles.some(
      (rect) => rect.bottom > band.top && rect.top < band.bottom && rect.right > left && rect.left < right,
    )
  if (clear(bands.bottom)) return { side: 'bottom', bar }
  if (clear(bands.top)) return { side: 'top', bar }
  const active = document.activeElement?.getBoundingClientRect()
  const middle = active ? (active.top + active.bottom) / 2 : view
  return { side: middle > view / 2 ? 'top' : 'bottom', bar }
}
