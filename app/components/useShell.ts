import { useRouteLoaderData } from '@remix-run/react'
import { DEFAULT_LOCALE } from '~/models/locale'
import type { RootView } from '~/models/shell'

/** Locale and price display of the page, from the root loader. */
export function useShell() {
  const root = useRouteLoaderData<RootView>('root')
  return {
    locale: root?.locale ?? DEFAULT_LOCALE,
    display: root?.shell?.display ?? ('gross' as const),
    shell: root?.shell,
  }
}
