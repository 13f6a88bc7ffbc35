import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { errorTextKeys } from '~/models/shell'

/** A full error page: its title and text for the status (or a more precise reason), and the way home. */
export function ErrorPage({
  status,
  homeUrl,
  reason,
}: {
  status: number
  homeUrl: string
  reason?: string | null
}) {
  const { t } = useTranslation()
  const keys = errorTextKeys(status, reason)
  return (
    <section className={`error-page error-${status}`} data-status={status}>
      <h1>{t(keys.title)}</h1>
      <p>{t(keys.text)}</p>
      <p>
        <Link to={homeUrl}>{t('error.back_home')}</Link>
      </p>
    </section>
  )
}
