import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ErrorPage } from '~/components/ErrorPage'
import { errorPageOf, errorTextKeys } from '~/models/shell'
import { pageHeaders } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { requireLocale } from '~/services/shopper.server'

export const headers = pageHeaders

/**
 * `/error` (spec shell §2.1, §8; org §2 Guards, §8): a guard's refusal (`?error=missing-permission` or
 * `feature-deactivated`, the permission or feature as `value`) answers 404 with its own text; anything
 * else is the general error page with 500. Never 200, never indexed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = requireLocale(params)
  const { kind, status } = errorPageOf(new URL(request.url).searchParams.get('error'))
  const t = fixedT(locale.id)
  return data(
    { title: t(errorTextKeys(status, kind).title), status, kind, homeUrl: `/${locale.lang}/home` },
    { status, headers: privateHeaders() },
  )
}

export default function ErrorRoute() {
  const { status, kind, homeUrl } = useLoaderData<typeof loader>()
  return <ErrorPage status={status} reason={kind} homeUrl={homeUrl} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
]
