import { useRouteLoaderData } from '@remix-run/react'
import { DEFAULT_LOCALE } from '~/models/locale'
import type { RootView, ShopChrome } from '~/models/shell'

/** Locale and price display of the page, and what else every page has, from the root loader. */
export function useShell() {
  const root = useRouteLoaderData<RootView>('root')
  return {
    locale: root?.locale ?? DEFAULT_LOCALE,
    display: root?.shell?.display ?? ('gross' as const),
    /** Whether the shopper sees prices (ADR 0045); the price views of components/Price.tsx follow it. */
    prices: root?.shell?.prices ?? ('shown' as const),
    shell: root?.shell,
  }
}

/** The shop layout's chrome (app/routes/$lang._shop.tsx); undefined in the checkout or when it failed. */
export function useShopChrome() {
  return useRouteLoaderData<ShopChrome>('routes/$lang._shop')
}
