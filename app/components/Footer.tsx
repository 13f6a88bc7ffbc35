import { useTranslation } from 'react-i18next'
import type { Pagelet } from '~/models/cms'
import { CmsContent } from './CmsContent'

export function Footer({ pagelets }: { pagelets: Pagelet[] }) {
  const { t } = useTranslation()
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <CmsContent pagelets={pagelets} />
      <p className="copyright">{t('footer.copyright', { year: 2026 })}</p>
    </footer>
  )
}
