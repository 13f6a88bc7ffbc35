import { z } from 'zod'
import { mapSeo, SeoAttributesSchema } from './seo'

const LinkSchema = z.object({ id: z.string(), name: z.string().optional() })

type CategoryData = {
  id?: string
  name: string
  categoryRef?: string
  description?: string
  hasOnlineProducts?: boolean
  categoryPath: z.infer<typeof LinkSchema>[]
  seoAttributes?: { metaTitle?: string; metaDescription?: string; robots?: string }
  subCategories?: CategoryData[]
}

export const CategorySchema: z.ZodType<CategoryData> = z.lazy(() =>
  z.object({
    id: z.string().optional(),
    name: z.string(),
    categoryRef: z.string().optional(),
    description: z.string().optional(),
    hasOnlineProducts: z.boolean().optional(),
    categoryPath: z.array(LinkSchema),
    seoAttributes: SeoAttributesSchema.optional(),
    subCategories: z.array(CategorySchema).optional(),
  }),
)
/** `categories[?view=tree]`: ICM's collection envelope of the top categories (none when it leaves them out). */
export const CategoryTreeSchema = z.object({ elements: z.array(CategorySchema).default([]) })

/** The uniqueId a category object names through its path (a product's `defaultCategory`). */
export const DefaultCategorySchema = z.object({ categoryPath: z.array(z.object({ id: z.string() })).min(1) })

export const uniqueIdOf = (category: z.infer<typeof DefaultCategorySchema>) =>
  category.categoryPath.map((p) => p.id).join('.')

export type Category = {
  /** ICM's uniqueId: the path ids joined by dots. */
  uniqueId: string
  /** ICM's categoryRef, `{uniqueId}@{catalogId}`, when ICM names it. */
  ref?: string
  name: string
  description: string
  path: { id: string; uniqueId: string; name: string }[]
  hasProducts: boolean
  seo: { title?: string; description?: string; robots?: string }
  subCategories: Category[]
}

export function mapCategory(data: CategoryData): Category {
  const ids = data.categoryPath.map((p) => p.id)
  return {
    uniqueId: ids.join('.'),
    ...(data.categoryRef ? { ref: data.categoryRef } : {}),
    name: data.name,
    description: data.description ?? '',
    path: data.categoryPath.map((p, i) => ({
      id: p.id,
      uniqueId: ids.slice(0, i + 1).join('.'),
      name: p.name ?? p.id,
    })),
    hasProducts: !!data.hasOnlineProducts,
    seo: mapSeo(data.seoAttributes),
    subCategories: (data.subCategories ?? []).map(mapCategory),
  }
}

/** ICM addresses a category by its path: uniqueId "A.B.C" is `categories/A/B/C`. */
export function categoryApiPath(uniqueId: string): string {
  return uniqueId
    .split('.')
    .map((segment) => encodeURIComponent(segment))
    .join('/')
}
