import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { DEFAULT_LOCALE, localeById } from '~/models/locale'

/** `/` goes to the home page of the preferred locale (cookie `preferredLocale`), else of the default one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const preferred = /(?:^|;\s*)preferredLocale=([\w-]+)/.exec(request.headers.get('Cookie') ?? '')?.[1]
  const locale = localeById(preferred?.replace('-', '_')) ?? DEFAULT_LOCALE
  return redirect(`/${locale.lang}/home`, { status: 302, headers: { Vary: 'Cookie' } })
}
