import type { MetaFunction } from '@remix-run/node'
import { ErrorPage } from '~/components/ErrorPage'
import { useShell } from '~/components/useShell'
import { requireLocale } from '~/services/shopper.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ params }: LoaderFunctionArgs) {
  requireLocale(params)
  return null
}

/** The general error page (spec §2.1: noindex). */
export default function ErrorRoute() {
  const { locale } = useShell()
  return <ErrorPage status={500} homeUrl={`/${locale.lang}/home`} />
}

export const meta: MetaFunction = () => [{ name: 'robots', content: 'noindex' }]
