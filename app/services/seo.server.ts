import { SHOP_LOCALES, type ShopLocale } from '~/models/locale'
import type { Alternate } from '~/models/seo'
import { config } from './config.server'

/**
 * The shop's public origin for absolute URLs: always PUBLIC_URL (config.publicUrl), never the request's
 * Host or X-Forwarded-Host, which the client chooses and which would reach every visitor of a cached page.
 */
export function publicOrigin(_request?: Request): string {
  return config.publicUrl
}

/** `hreflang` alternates: the same page in every locale that has it, plus x-default for the default locale. */
export async function alternatesOf(
  origin: string,
  pathIn: (locale: ShopLocale) => Promise<string | null>,
): Promise<Alternate[]> {
  const paths = await Promise.all(SHOP_LOCALES.map((locale) => pathIn(locale).catch(() => null)))
  const alternates: Alternate[] = []
  SHOP_LOCALES.forEach((locale, i) => {
    const path = paths[i]
    if (path) alternates.push({ hrefLang: locale.tag, href: `${origin}${path}` })
  })
  const fallback = alternates.find((a) => a.hrefLang === 'de-DE')
  if (fallback) alternates.push({ hrefLang: 'x-default', href: fallback.href })
  return alternates
}
