import { z } from 'zod'

/** ICM's `seoAttributes` of categories, products and content pages. */
export const SeoAttributesSchema = z.object({
  metaTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  robots: z.string().optional(),
})

export type Seo = { title?: string; description?: string; robots?: string }

export function mapSeo(data: z.infer<typeof SeoAttributesSchema> | undefined): Seo {
  return { title: data?.metaTitle, description: data?.metaDescription, robots: data?.robots }
}

export type Alternate = { hrefLang: string; href: string }

/** Everything a page puts in its head for search engines. URLs are absolute. */
export type PageSeo = {
  title: string
  description: string
  robots: string
  canonical: string
  alternates: Alternate[]
  jsonLd: Record<string, unknown>[]
}

/** The meta descriptors Remix renders for a page's SEO data. */
export function seoMeta(seo: PageSeo | undefined) {
  if (!seo) return []
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'robots', content: seo.robots },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.hrefLang, href: a.href })),
    ...seo.jsonLd.map((json) => ({ 'script:ld+json': json })),
  ]
}

export function breadcrumbJsonLd(items: { name: string; url?: string }[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      ...(item.url ? { item: `${origin}${item.url}` } : {}),
    })),
  }
}

export type ProductJsonLdInput = {
  sku: string
  name: string
  description: string
  url: string
  image?: string
  brand?: string
  rating?: number
  price?: { value: number; currency: string }
  /** 1 in stock, 2 low, 3 out of stock. */
  stockStatus: 1 | 2 | 3
}

const AVAILABILITY = {
  1: 'https://schema.org/InStock',
  2: 'https://schema.org/LimitedAvailability',
  3: 'https://schema.org/OutOfStock',
} as const

export function productJsonLd(product: ProductJsonLdInput, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    sku: product.sku,
    name: product.name,
    description: product.description,
    ...(product.image ? { image: `${origin}${product.image}` } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.rating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, bestRating: 5 } }
      : {}),
    ...(product.price
      ? {
          offers: {
            '@type': 'Offer',
            url: `${origin}${product.url}`,
            price: product.price.value.toFixed(2),
            priceCurrency: product.price.currency,
            availability: AVAILABILITY[product.stockStatus],
          },
        }
      : {}),
  }
}

/** Head of a personal or transactional page (basket, login, search, compare): its title, kept out of indexes. */
export function noindexMeta({ data }: { data?: { title?: string } | null }) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}
