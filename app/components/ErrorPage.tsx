import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { errorTextKeys, type RootView } from '~/models/shell'
import { ERROR_EVENT_STATUSES, errorDataLayerPush } from '~/models/tracking'
import { DataLayer } from './DataLayer'

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

/** The status of a thrown error, and the reason a thrown `data({ reason })` gave for it. */
export function errorShape(error: unknown): { status: number; reason?: string } {
  if (!isRouteErrorResponse(error)) return { status: 500 }
  const body: unknown = error.data
  const reason =
    body && typeof body === 'object' && 'reason' in body && typeof body.reason === 'string'
      ? body.reason
      : undefined
  return { status: error.status, reason }
}

/** The error page of the error a route boundary caught (an unexpected one is logged). */
export function RouteErrorPage({ lang }: { lang: string }) {
  const error = useRouteError()
  const { status, reason } = errorShape(error)
  if (!isRouteErrorResponse(error)) console.error(error)
  const tracked = useRouteLoaderData<RootView>('root')?.tracked === true
  const { pathname } = useLocation()
  return (
    <>
      <ErrorPage status={status} homeUrl={`/${lang}/home`} reason={reason} />
      {tracked && (ERROR_EVENT_STATUSES as readonly number[]).includes(status) ? (
        <DataLayer pushes={[errorDataLayerPush(status, pathname)]} />
      ) : null}
    </>
  )
}
