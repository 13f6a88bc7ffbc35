import { useCallback, useState, type MouseEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { Pagelet } from '~/models/cms'
import { CmsContent } from './CmsContent'
import { CookieSettingsDialog } from './consent/CookieSettingsDialog'
import { useEnhanced } from './consent/useEnhanced'
import { useShell } from './useShell'

export function Footer({ pagelets }: { pagelets: Pagelet[] }) {
  const { t } = useTranslation()
  const { locale, shell, display, prices } = useShell()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const hydrated = useEnhanced()
  // Spec shell §2.6: the privacy link opens the cookie settings in a dialog; without JavaScript it is the page.
  const openSettings = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    setSettingsOpen(true)
  }
  const closeSettings = useCallback(() => setSettingsOpen(false), [])
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      {shell?.storeLocator ? (
        <p className="footer-store-finder">
          <a href={`/${locale.lang}/store-finder`}>
            <span className="footer-store-finder-title">{t('store_locator.link.title')}</span>{' '}
            {t('store_locator.link.subtitle')}
          </a>
        </p>
      ) : null}
      <CmsContent pagelets={pagelets} />
      {shell?.contactUs ? (
        <p className="footer-contact">
          <a href={`/${locale.lang}/contact`}>{t('footer.contact')}</a>
        </p>
      ) : null}
      {/* Spec §2.6: what the prices include, the b2b variant for net prices; nothing where none are shown. */}
      {prices === 'shown' ? (
        <p className="footer-disclaimer" data-testid="footer-disclaimer">
          {t(display === 'net' ? 'footer.disclaimer.b2b' : 'footer.disclaimer.b2c')}
        </p>
      ) : null}
      <p className="footer-legal">
        <a href={`/${locale.lang}/cookies`} onClick={openSettings} data-enhanced={hydrated ? '' : undefined}>
          {t('footer.cookie_settings')}
        </a>
      </p>
      <p className="copyright">{t('footer.copyright', { year: 2026 })}</p>
      {settingsOpen ? <CookieSettingsDialog lang={locale.lang} onClose={closeSettings} /> : null}
    </footer>
  )
}
