import { useFetcher, useLocation } from '@remix-run/react'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useEnhanced } from './useEnhanced'

/** How long the slide-out may take before the choice is stored anyway (the CSS animation is 250 ms). */
const SLIDE_OUT_MS = 400

/**
 * The cookie banner (spec shell §4.1; ADR 0035), first in the page while no valid consent is stored: a region
 * in the flow of the page (it covers nothing), with "accept all", "only required" and a link to the settings.
 * Without JavaScript the two buttons are a plain form post that comes back to this page; with it the banner
 * slides out (not for shoppers who asked for reduced motion), the choice is stored with a fetcher when that
 * ends, and focus goes to the page's main content instead of getting lost with the banner.
 */
export function CookieBanner({ lang }: { lang: string }) {
  const { t } = useTranslation()
  const location = useLocation()
  const fetcher = useFetcher()
  const [leaving, setLeaving] = useState(false)
  const hydrated = useEnhanced()
  /** Stores the choice once: at the end of the slide-out, or after SLIDE_OUT_MS should it not end. */
  const store = useRef<(() => void) | null>(null)
  const returnUrl = `${location.pathname}${location.search}`

  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const form = new FormData(event.currentTarget)
    form.set('intent', submitter?.value ?? 'required')
    form.set('response', 'json')
    if (store.current) return
    store.current = () => {
      store.current = () => undefined
      fetcher.submit(form, { method: 'post', action: `/${lang}/cookies` })
      document.getElementById('main')?.focus()
    }
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    if (reduced) return store.current()
    setLeaving(true)
    setTimeout(() => store.current?.(), SLIDE_OUT_MS)
  }

  // Gone once the choice is on its way: the page's data (loaded again after the post) no longer asks.
  if (fetcher.state !== 'idle' || fetcher.data) return null
  return (
    <section
      className={leaving ? 'cookie-banner is-leaving' : 'cookie-banner'}
      aria-label={t('cookies.banner.label')}
      onAnimationEnd={leaving ? () => store.current?.() : undefined}
    >
      <div className="cookie-banner-inner">
        <h2 className="cookie-banner-title">{t('cookies.banner.title')}</h2>
        <p>{t('cookies.banner.text')}</p>
        <form
          method="post"
          action={`/${lang}/cookies`}
          onSubmit={choose}
          className="cookie-banner-actions"
          data-enhanced={hydrated ? '' : undefined}
        >
          <input type="hidden" name="returnUrl" value={returnUrl} />
          <button type="submit" name="intent" value="all">
            {t('cookies.banner.accept_all')}
          </button>
          <button type="submit" name="intent" value="required">
            {t('cookies.banner.only_required')}
          </button>
          <a href={`/${lang}/cookies`}>{t('cookies.banner.settings')}</a>
        </form>
      </div>
    </section>
  )
}
