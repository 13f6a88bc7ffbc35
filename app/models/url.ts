import type { ShopLocale } from './locale'

/** Lower-case ASCII words joined by dashes: "Akku-Bohrschrauber Pro 18" → "akku-bohrschrauber-pro-18". */
export function slugify(text: string): string {
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

export type ParsedPath =
  | { kind: 'product'; sku: string; categoryId?: string; canonical: boolean }
  | { kind: 'category'; uniqueId: string; canonical: boolean }
  | { kind: 'unknown' }

/** Recognises the shop's path shapes (without the locale prefix); see spec §2 "Recognised path shapes". */
export function parseShopPath(path: string): ParsedPath {
  const clean = path.replace(/^\/+|\/+$/g, '')
  const short = /^(product|category)\/([^/]+)$/.exec(clean)
  if (short) {
    const id = safeDecode(short[2]!)
    if (!id) return { kind: 'unknown' }
    return short[1] === 'product'
      ? { kind: 'product', sku: id, canonical: false }
      : { kind: 'category', uniqueId: id, canonical: false }
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
  return { kind: 'unknown' }
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** Only same-origin paths are allowed as redirect targets (open-redirect protection). */
export function safeReturnUrl(
  value: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return fallback
  }
  return value
}
