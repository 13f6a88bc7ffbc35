import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** The text keys of the page shown for an HTTP status (spec §8: 503 maintenance, 404, other errors). */
export function errorTextKeys(status: number) {
  if (status === 404) return { title: 'error.not_found.title', text: 'error.not_found.text' }
  if (status === 503) return { title: 'maintenance.title', text: 'maintenance.text' }
  if (status === 504) return { title: 'error.timeout.title', text: 'error.timeout.text' }
  if (status >= 400 && status < 500)
    return { title: 'error.bad_request.title', text: 'error.bad_request.text' }
  return { title: 'error.server.title', text: 'error.server.text' }
}

export function ErrorPage({ status, homeUrl }: { status: number; homeUrl: string }) {
  const { t } = useTranslation()
  const keys = errorTextKeys(status)
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
