import { useEffect, useState, type MouseEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { INITIAL_BACK_TO_TOP, nextBackToTop } from '~/models/scroll-widgets'
import { useEnhanced } from './consent/useEnhanced'

/**
 * Back to the top of the page (spec §2.7). Without JavaScript a plain link to `#top` (the body) at the end of
 * the page. With JavaScript it floats at the window's corner, shown by the rules of `nextBackToTop` (and
 * whenever it has the keyboard focus); it scrolls up and gives the focus to the skip link, the page's first
 * stop, so the next Tab starts at the top.
 */
export function BackToTop() {
  const { t } = useTranslation()
  const enhanced = useEnhanced()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    let state = { ...INITIAL_BACK_TO_TOP, lastY: window.scrollY, upFrom: window.scrollY }
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        state = nextBackToTop(state, window.scrollY)
        setVisible(state.visible)
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [])
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
    document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true })
    setVisible(false)
  }
  return (
    <p className="back-to-top-wrap">
      <a
        href="#top"
        className={`back-to-top${enhanced ? ' is-floating' : ''}${visible ? ' is-shown' : ''}`}
        data-enhanced={enhanced ? '' : undefined}
        onClick={enhanced ? onClick : undefined}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
        <span>{t('shell.back_to_top')}</span>
      </a>
    </p>
  )
}
