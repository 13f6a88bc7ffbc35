import { z } from 'zod'
import { VariationAttributeSchema, variationValuesOf } from './product'

/** One variation of a master with the values of its variation attributes, in the master's attribute order. */
export type Variation = {
  sku: string
  name: string
  available: boolean
  attributes: { id: string; name: string; value: string; displayValue: string }[]
}

export type VariationOption = {
  value: string
  displayValue: string
  /** The variation this value leads to: the one sharing most of the other values of the reference. */
  sku: string
  selected: boolean
  /** False when no variation combines this value with the reference's other values (a different one is shown). */
  exact: boolean
  available: boolean
}

export type VariationGroup = { id: string; name: string; options: VariationOption[] }

const valueOf = (variation: Variation, id: string) => variation.attributes.find((a) => a.id === id)?.value

/**
 * The variation selection: for each variation attribute its values, each leading to a variation page. The
 * reference is the variation shown (or a master's default variation); a value leads to the variation that
 * keeps as many of the reference's other values as possible, the first such one in the master's order
 * (available ones first). Links rather than a form, so a crawler reaches every variation's canonical URL.
 */
export function variationGroups(variations: Variation[], reference: string | undefined): VariationGroup[] {
  const current = variations.find((v) => v.sku === reference)
  const attributeOrder = new Map<string, string>()
  for (const v of variations)
    for (const a of v.attributes) if (!attributeOrder.has(a.id)) attributeOrder.set(a.id, a.name)
  return [...attributeOrder].map(([id, name]) => {
    const values = new Map<string, string>()
    for (const v of variations) {
      const attribute = v.attributes.find((a) => a.id === id)
      if (attribute && !values.has(attribute.value)) values.set(attribute.value, attribute.displayValue)
    }
    const others = [...attributeOrder.keys()].filter((other) => other !== id)
    const options = [...values].flatMap(([value, displayValue]) => {
      const candidates = variations.filter((v) => valueOf(v, id) === value)
      const shared = (v: Variation) =>
        current ? others.filter((other) => valueOf(v, other) === valueOf(current, other)).length : 0
      let best = candidates[0]!
      for (const candidate of candidates) {
        const better =
          shared(candidate) > shared(best) ||
          (shared(candidate) === shared(best) && candidate.available && !best.available)
        if (better) best = candidate
      }
      return [
        {
          value,
          displayValue,
          sku: best.sku,
          selected: !!current && valueOf(current, id) === value,
          exact: !current || shared(best) === others.length,
          available: best.available,
        },
      ]
    })
    return { id, name, options }
  })
}

/** ICM `products/{sku}/variations`: Links to a master's variations with their variation attribute values. */
export const VariationsSchema = z.object({
  elements: z
    .array(
      z.object({
        uri: z.string().optional(),
        title: z.string().optional(),
        attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).default([]),
        variableVariationAttributeValuesExtended: z.array(VariationAttributeSchema).optional(),
      }),
    )
    .default([]),
  total: z.number().optional(),
})

/** A variation Link: the SKU from its `sku` attribute or its URI, its values from ICM's extended list. */
export function mapVariation(element: z.infer<typeof VariationsSchema>['elements'][number]): Variation {
  const sku = element.attributes.find((a) => a.name === 'sku')?.value
  return {
    sku: typeof sku === 'string' ? sku : skuOfUri(element.uri),
    name: element.title ?? '',
    available: element.attributes.find((a) => a.name === 'inStock')?.value !== false,
    attributes: variationValuesOf(element.variableVariationAttributeValuesExtended),
  }
}

/** The SKU a product URI ends with (`…/products/{sku}`), decoded. */
function skuOfUri(uri: string | undefined): string {
  const segment = uri?.split('?')[0]?.split('/').pop() ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
