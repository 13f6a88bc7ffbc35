import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** Refusals of a request that say what to do differently (issue 14): wrong method, size, type, origin, pace. */
const SPECIFIC_ERRORS: Partial<Record<number, string>> = {
  403: 'error.forbidden',
  405: 'error.method_not_allowed',
  413: 'error.payload_too_large',
  415: 'error.unsupported_media_type',
  429: 'error.too_many_requests',
}

/** The text keys of the page shown for an HTTP status (spec §8: 503 maintenance, 404, other errors). */
export function errorTextKeys(status: number, reason?: string) {
  // An order submit the commerce API did not answer: the order may exist, and the page says how to check.
  if (reason === 'order-outcome-unknown')
    return { title: 'checkout.order.outcome_unknown.title', text: 'checkout.order.outcome_unknown.text' }
  if (status === 404) return { title: 'error.not_found.title', text: 'error.not_found.text' }
  if (status === 503) return { title: 'maintenance.title', text: 'maintenance.text' }
  if (status === 504) return { title: 'error.timeout.title', text: 'error.timeout.text' }
  const specific = SPECIFIC_ERRORS[status]
  if (specific) return { title: `${specific}.title`, text: `${specific}.text` }
  if (status >= 400 && status < 500)
    return { title: 'error.bad_request.title', text: 'error.bad_request.text' }
  return { title: 'error.server.title', text: 'error.server.text' }
}

export function ErrorPage({ status, homeUrl, reason }: { status: number; homeUrl: string; reason?: string }) {
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
