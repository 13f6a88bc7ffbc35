import { z } from 'zod'

export const ContentIncludeSchema = z.object({
  id: z.string(),
  pagelets: z.array(
    z.object({
      id: z.string(),
      definitionQualifiedName: z.string(),
      configurationParameters: z
        .record(z.object({ type: z.string().optional(), value: z.unknown() }))
        .default({}),
    }),
  ),
})

export type Pagelet = {
  id: string
  component: string
  params: Record<string, unknown>
}

export type ContentInclude = { id: string; pagelets: Pagelet[] }

/** Components are named `app_sf_base_cm:component.common.freeStyle`; the UI keys on the part after the colon. */
export function mapContentInclude(data: z.infer<typeof ContentIncludeSchema>): ContentInclude {
  return {
    id: data.id,
    pagelets: data.pagelets.map((p) => ({
      id: p.id,
      component: p.definitionQualifiedName.split(':').pop() ?? p.definitionQualifiedName,
      params: Object.fromEntries(Object.entries(p.configurationParameters).map(([k, v]) => [k, v.value])),
    })),
  }
}
