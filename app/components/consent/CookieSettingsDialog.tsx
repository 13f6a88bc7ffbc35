import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from '~/components/useTranslation'
import type { CookieSettingsView } from '~/models/consent'
import { CookieSettings } from './CookieSettings'

/**
 * The cookie settings in a large modal dialog (spec shell §2.6, §9 "cookie modal size lg"), opened by the
 * footer's privacy link when JavaScript runs: the settings page's data, loaded with a fetcher. A click on the
 * backdrop does not close it (a native modal `<dialog>` has no such close); Escape and the close button do,
 * and so does a stored choice. Focus returns to the link.
 */
export function CookieSettingsDialog({ lang, onClose }: { lang: string; onClose: () => void }) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const settings = useFetcher<CookieSettingsView>()
  const load = settings.load
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    element.addEventListener('close', onClose)
    if (!element.open) element.showModal()
    return () => element.removeEventListener('close', onClose)
  }, [onClose])
  useEffect(() => {
    load(`/${lang}/cookies`)
  }, [load, lang])
  const close = useCallback(() => dialog.current?.close(), [])
  return (
    <dialog
      ref={dialog}
      className="cookie-dialog"
      aria-labelledby={settings.data ? 'cookie-dialog-title' : undefined}
      aria-label={settings.data ? undefined : t('cookies.title')}
    >
      <button
        type="button"
        className="cookie-dialog-close"
        onClick={close}
        aria-label={t('cookies.modal.close')}
      >
        <span aria-hidden="true">×</span>
      </button>
      {settings.data ? (
        <CookieSettings view={settings.data} headingLevel={2} idPrefix="cookie-dialog" onSaved={close} />
      ) : (
        <p role="status">{t('cookies.modal.loading')}</p>
      )}
    </dialog>
  )
}
