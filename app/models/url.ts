import { safeRedirect } from 'remix-utils/safe-redirect'
import { DEFAULT_LOCALE, localeById, localeByLang, type ShopLocale } from './locale'

/** Slugs of names seen: every tile and link of a page makes its URL from the same few hundred names. */
const slugs = new Map<string, string>()
const REMEMBERED_SLUGS = 10_000

/** Lower-case ASCII words joined by dashes: "Akku-Bohrschrauber Pro 18" → "akku-bohrschrauber-pro-18". */
export function slugify(text: string): string {
  let slug = slugs.get(text)
  if (slug === undefined) {
    slug = slugOf(text)
    // Bounded: names come from ICM (and search terms from anyone); when full, it starts over.
    if (slugs.size >= REMEMBERED_SLUGS) slugs.clear()
    slugs.set(text, slug)
  }
  return slug
}

function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export type CategoryRef = { uniqueId: string; path: { name: string }[] }

/** `/{lang}/{slug}/{slug}-ctg{uniqueId}` (spec §2 link building). */
export function categoryUrl(locale: ShopLocale, category: CategoryRef): string {
  const slugs = category.path.map((p) => slugify(p.name)).filter(Boolean)
  const last = slugs.pop()
  return `/${locale.lang}/${[...slugs, `${last ? `${last}-` : ''}ctg${category.uniqueId}`].join('/')}`
}

/** `/{lang}/search?searchTerm=…`: the search result page of a term (brand and keyword suggestions). */
export function searchUrl(locale: ShopLocale, term: string): string {
  return `/${locale.lang}/search?${new URLSearchParams({ searchTerm: term })}`
}

export type ProductRef = {
  sku: string
  name: string
  variationValues?: string[]
  /** The product's default category path, used as the URL's folder part. */
  categoryPath?: { name: string }[]
}

/** `/{lang}/{category slugs}/{name slug}-prd{sku}[-ctg{categoryId}]`. */
export function productUrl(locale: ShopLocale, product: ProductRef, contextCategoryId?: string): string {
  const folders = (product.categoryPath ?? []).map((p) => slugify(p.name)).filter(Boolean)
  const name = slugify([product.name, ...(product.variationValues ?? [])].join(' '))
  const leaf = `${name ? `${name}-` : ''}prd${encodeURIComponent(product.sku)}${contextCategoryId ? `-ctg${contextCategoryId}` : ''}`
  return `/${locale.lang}/${[...folders, leaf].join('/')}`
}

export type ContentPageRef = {
  id: string
  /** The page's path in its page tree, from the top down to the page itself. */
  path: { name: string }[]
}

/** `/{lang}/{slug}/{slug}-pg{id}`: the page tree path's names, like a category's (spec §2 link building). */
export function contentPageUrl(locale: ShopLocale, page: ContentPageRef): string {
  const slugs = page.path.map((p) => slugify(p.name)).filter(Boolean)
  const last = slugs.pop()
  return `/${locale.lang}/${[...slugs, `${last ? `${last}-` : ''}pg${encodeURIComponent(page.id)}`].join('/')}`
}

export type ParsedPath =
  | { kind: 'product'; sku: string; categoryId?: string; canonical: boolean }
  /** `catalogId` is set for the `categoryref/{uniqueId}@{catalogId}` form. */
  | { kind: 'category'; uniqueId: string; canonical: boolean; catalogId?: string }
  | { kind: 'content'; id: string; canonical: boolean }
  | { kind: 'unknown' }

/** Recognises the shop's path shapes (without the locale prefix); see spec §2 "Recognised path shapes". */
export function parseShopPath(path: string): ParsedPath {
  const clean = path.replace(/^\/+|\/+$/g, '')
  const short = /^(product|category|categoryref|page)\/([^/]+)$/.exec(clean)
  if (short) {
    const id = safeDecode(short[2]!)
    if (!id) return { kind: 'unknown' }
    switch (short[1]) {
      case 'product':
        return { kind: 'product', sku: id, canonical: false }
      case 'category':
        return { kind: 'category', uniqueId: id, canonical: false }
      case 'categoryref': {
        // ICM's categoryRef is `{uniqueId}@{catalogId}`.
        const at = id.lastIndexOf('@')
        if (at <= 0) return { kind: 'category', uniqueId: id, canonical: false }
        return { kind: 'category', uniqueId: id.slice(0, at), catalogId: id.slice(at + 1), canonical: false }
      }
      default:
        return { kind: 'content', id, canonical: false }
    }
  }
  const product = /(?:^|[/-])prd([^/]+?)(?:-ctg([^/]+))?$/.exec(clean)
  if (product) {
    const sku = safeDecode(product[1]!)
    if (!sku) return { kind: 'unknown' }
    return {
      kind: 'product',
      sku,
      categoryId: product[2] ? safeDecode(product[2]) : undefined,
      canonical: true,
    }
  }
  const category = /(?:^|[/-])ctg([^/]+)$/.exec(clean)
  if (category) {
    const uniqueId = safeDecode(category[1]!)
    return uniqueId ? { kind: 'category', uniqueId, canonical: true } : { kind: 'unknown' }
  }
  // The id follows the last `-pg` (or a leading `pg`), so page names may contain words starting with "pg".
  const content = /^(?:.*\/)?(?:[^/]*-)?pg([^/]+)$/.exec(clean)
  if (content) {
    const id = safeDecode(content[1]!)
    return id ? { kind: 'content', id, canonical: true } : { kind: 'unknown' }
  }
  return { kind: 'unknown' }
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/**
 * Where a URL of the legacy ICM storefront (`/INTERSHOP/web/WFS/{site}/{locale}/{app}/{currency}/{pipeline}`)
 * lives in this shop (spec §2: basket, content pages and quick order); null for any other.
 */
export function legacyServerPath(url: URL): string | null {
  const match = /^\/INTERSHOP\/web\/WFS\/[^/]+\/([^/]+)\/[^/]+\/[^/]+\/([^/]+)$/.exec(url.pathname)
  if (!match) return null
  const prefix = `/${(localeById(match[1]) ?? DEFAULT_LOCALE).lang}`
  switch (match[2]) {
    case 'ViewContent-Start': {
      const id = url.searchParams.get('PageletEntryPointID')
      return id ? `${prefix}/page/${encodeURIComponent(id)}` : null
    }
    case 'ViewCart-View':
      return `${prefix}/basket`
    case 'ViewQuickorder-Start':
      return `${prefix}/quick-order`
    default:
      return null
  }
}

/** Stands for the shop's own origin while a return URL is resolved: only what stays on it is kept. */
const OWN_ORIGIN = 'http://shop.invalid'

/**
 * A redirect target from the request (`returnUrl`), or `fallback` unless it is a path on the shop's own
 * origin. The value is resolved the way a browser resolves a Location (which drops tabs and line breaks and
 * reads `\` as `/`, so `/\t/evil.example` means `//evil.example`), and the answer is the re-serialised
 * path, query and fragment: percent-encoded, so no header can be split or refused by what it carries.
 */
export function safeReturnUrl(
  value: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  const path = safeRedirect(value, '')
  if (!path) return fallback
  let url: URL
  try {
    url = new URL(path, OWN_ORIGIN)
  } catch {
    return fallback
  }
  const target = `${url.pathname}${url.search}${url.hash}`
  // Dot segments can leave an empty first segment (`/./\\evil` is `//evil`): a network path, not ours.
  if (url.origin !== OWN_ORIGIN || target.startsWith('//')) return fallback
  return target
}

/**
 * Where a search with a redirect URL goes (spec §4): an absolute http(s) URL as it is, a path that already
 * names a shop language as it is, any other path inside the shop in the current language.
 */
export function searchRedirectTarget(locale: ShopLocale, redirectUrl: string): string {
  const url = redirectUrl.trim()
  if (/^https?:\/\//i.test(url)) return url
  const path = `/${url.replace(/^[/\\]+/, '')}`
  return localeByLang(path.split(/[/?#]/)[1]) ? path : `/${locale.lang}${path === '/' ? '' : path}`
}
