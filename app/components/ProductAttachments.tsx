import { useTranslation } from '~/components/useTranslation'
import { isImage, type Attachment } from '~/models/attachment'

const label = (attachment: Attachment, t: (key: string) => string) =>
  attachment.kind === 'document'
    ? attachment.description || t('product.attachments.document')
    : t(`product.attachments.${attachment.kind}`)

/** Quality seals and energy labels as badges (their picture when they are one), each opening the document. */
export function ProductLabels({ labels }: { labels: Attachment[] }) {
  const { t } = useTranslation()
  if (labels.length === 0) return null
  return (
    <ul className="product-labels" aria-label={t('product.attachments.labels_title')}>
      {labels.map((attachment) => (
        <li key={attachment.name}>
          <a href={attachment.url} className={`label-badge label-${attachment.kind}`}>
            {isImage(attachment) ? (
              <img src={attachment.url} alt={label(attachment, t)} height={48} />
            ) : (
              label(attachment, t)
            )}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Data sheets and other documents to download, each with what it is. */
export function ProductDocuments({ documents }: { documents: Attachment[] }) {
  const { t } = useTranslation()
  if (documents.length === 0) return null
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">{t('product.attachments.title')}</h2>
      <ul className="product-documents">
        {documents.map((attachment) => (
          <li key={attachment.name} className={`attachment-${attachment.kind}`}>
            <a href={attachment.url}>{label(attachment, t)}</a>
            {attachment.type === 'application/pdf' ? ` (${t('product.attachments.pdf')})` : null}
            {attachment.kind !== 'document' && attachment.description ? (
              <span className="attachment-description"> – {attachment.description}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
