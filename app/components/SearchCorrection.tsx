import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'

/**
 * "Showing results for «drill». Search instead for «dril»?": the search ran with a corrected spelling
 * (`term` is the corrected one, `typed` what the shopper typed); the link searches for the words as typed.
 */
export function SearchCorrection({
  term,
  typed,
  insteadUrl,
}: {
  term: string
  typed: string
  insteadUrl: string
}) {
  const { t } = useTranslation()
  return (
    <p className="search-correction">
      {t('search.corrected', { term })}{' '}
      <Link to={insteadUrl}>{t('search.corrected.instead', { term: typed })}</Link>
    </p>
  )
}
