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
