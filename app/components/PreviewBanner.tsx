import { useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'

/**
 * Says that the page shows a design preview (spec §2.4: content not yet published, with the preview context
 * of a content editor's link), and ends it: the same page with an empty `PreviewContextID`.
 */
export function PreviewBanner({ preview }: { preview: { id: string; designView: boolean } }) {
  const { t } = useTranslation()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.set('PreviewContextID', '')
  return (
    <div className="preview-banner" role="status">
      <span>
        {t(preview.designView ? 'shell.preview.design_view' : 'shell.preview.active', { id: preview.id })}
      </span>{' '}
      <a href={`${location.pathname}?${params}`}>{t('shell.preview.end')}</a>
    </div>
  )
}
