import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/root'
import { DEFAULT_LOCALE } from '~/models/locale'

/** Locale and price display of the page, from the root loader. */
export function useShell() {
  const root = useRouteLoaderData<RootData>('root')
  return {
    locale: root?.locale ?? DEFAULT_LOCALE,
    display: root?.shell?.display ?? ('gross' as const),
    shell: root?.shell,
  }
}
