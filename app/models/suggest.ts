import { z } from 'zod'
import type { ShopLocale } from './locale'
import type { PriceItem } from './price'
import { categoryUrl, productUrl, searchUrl } from './url'

/** Spec §5 and §9: suggestions start at 2 characters after trimming, 400 ms after the last key stroke. */
export const SUGGEST_MIN_LENGTH = 2
export const SUGGEST_MAX_LENGTH = 200
export const SUGGEST_DEBOUNCE_MS = 400
/** Spec §9 (shell): 10 products, 5 categories, 5 brands, 5 keywords. */
export const SUGGEST_LIMITS = { products: 10, categories: 5, brands: 5, keywords: 5 } as const

const SuggestionSchema = z.object({
  term: z.string(),
  suggestType: z.string().optional(),
  id: z.string().optional(),
  hitCount: z.number().optional(),
  imageURL: z.string().optional(),
  uri: z.string().optional(),
})
export type SuggestionData = z.infer<typeof SuggestionSchema>

/** ICM's `suggest?SearchTerm=` answer. */
export const SuggestTermsSchema = z.object({ elements: z.array(SuggestionSchema).default([]) })

/**
 * The term a suggestion is asked for: trimmed, single-spaced and lower-case (suggestions do not depend on
 * case, and one spelling makes one cache entry); null when too short or too long to ask.
 */
export function suggestTerm(raw: string | null | undefined): string | null {
  const term = (raw ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
  if (term.length < SUGGEST_MIN_LENGTH || term.length > SUGGEST_MAX_LENGTH) return null
  return term
}

export const isNumericOnly = (text: string) => /^\d+$/.test(text.trim())

export type SuggestionLink = { label: string; url: string }
/** A product suggested: its name, SKU, picture and sale price (none: price on request or not loaded). */
export type ProductSuggestion = SuggestionLink & { sku: string; image?: string; price?: PriceItem }
export type BrandSuggestion = SuggestionLink & { count?: number }

export type SuggestionGroups = {
  term: string
  products: ProductSuggestion[]
  categories: SuggestionLink[]
  brands: BrandSuggestion[]
  keywords: SuggestionLink[]
}

export const noSuggestions = (term: string): SuggestionGroups => ({
  term,
  products: [],
  categories: [],
  brands: [],
  keywords: [],
})

export const suggestionCount = (groups: SuggestionGroups) =>
  groups.products.length + groups.categories.length + groups.brands.length + groups.keywords.length

/** The category path of a category's uniqueId (names for the URL's slugs), when the shop knows it. */
export type CategoryPathOf = (uniqueId: string) => { name: string }[] | undefined

/** `{site}/-/categories/A/B/C[/products/{sku}]` → `A.B.C` (ICM's category uniqueId). */
export function categoryIdOfUri(uri: string | undefined): string | undefined {
  const match = /(?:^|\/)categories\/(.+?)(?:\/products\/[^/]+)?$/.exec(uri ?? '')
  if (!match) return undefined
  try {
    return match[1]!.split('/').map(decodeURIComponent).join('.')
  } catch {
    return undefined
  }
}

/**
 * Groups ICM's suggestions with the storefront URLs they lead to: products to their page (in the folder of
 * their default category when the answer names it), categories to the category page, brands and keywords
 * to a search. Numeric-only keywords are dropped (spec §5), and so are keywords that repeat a brand or
 * category shown above them.
 */
export function suggestionGroups(
  locale: ShopLocale,
  term: string,
  elements: SuggestionData[],
  pathOf: CategoryPathOf,
): SuggestionGroups {
  const groups = noSuggestions(term)
  const ofType = (type: string) => elements.filter((e) => e.suggestType === type && e.term.trim())
  for (const e of ofType('product').slice(0, SUGGEST_LIMITS.products)) {
    const sku = e.id ?? e.term
    const categoryId = categoryIdOfUri(e.uri)
    const categoryPath = categoryId ? pathOf(categoryId) : undefined
    groups.products.push({
      label: e.term,
      sku,
      url: productUrl(locale, { sku, name: e.term, categoryPath }),
      ...(e.imageURL ? { image: e.imageURL } : {}),
    })
  }
  for (const e of ofType('category').slice(0, SUGGEST_LIMITS.categories)) {
    const uniqueId = e.id ?? categoryIdOfUri(e.uri)
    if (!uniqueId) continue
    groups.categories.push({
      label: e.term,
      url: categoryUrl(locale, { uniqueId, path: pathOf(uniqueId) ?? [{ name: e.term }] }),
    })
  }
  for (const e of ofType('brand').slice(0, SUGGEST_LIMITS.brands)) {
    groups.brands.push({
      label: e.term,
      url: searchUrl(locale, e.term),
      ...(e.hitCount !== undefined ? { count: e.hitCount } : {}),
    })
  }
  const shown = new Set([...groups.brands, ...groups.categories].map((s) => s.label.toLowerCase()))
  for (const e of ofType('keyword')) {
    if (groups.keywords.length === SUGGEST_LIMITS.keywords) break
    if (isNumericOnly(e.term) || shown.has(e.term.toLowerCase())) continue
    groups.keywords.push({ label: e.term, url: searchUrl(locale, e.term) })
  }
  return groups
}
