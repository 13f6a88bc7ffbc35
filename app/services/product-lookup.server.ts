import { z } from 'zod'
import { mapProductStub, ProductStubSchema, type ProductTile } from '~/models/product'
import { icmCall, IcmError, type IcmScope } from './icm.server'

const LookupSchema = z.object({ elements: z.array(ProductStubSchema).default([]) })

/**
 * The product a typed SKU means (spec §5 quick-order lookup): ICM's `productlookup` excludes masters and
 * lists the exact manufacturer SKU match first; the first hit counts only when its SKU or manufacturer SKU
 * is the term itself (case aside). Null for an unknown SKU. Anonymous catalog data, cached briefly.
 */
export async function lookupProduct(scope: IcmScope, term: string): Promise<ProductTile | null> {
  const needle = term.trim().toLowerCase()
  if (!needle) return null
  let data
  try {
    data = await icmCall(
      { locale: scope.locale, pgid: scope.pgid },
      {
        path: 'productlookup',
        query: { searchTerm: term.trim() },
        schema: LookupSchema,
        cache: 'short',
        group: 'spgid',
      },
    )
  } catch (error) {
    if (error instanceof IcmError && (error.status === 400 || error.status === 404)) return null
    throw error
  }
  const first = data.elements[0]
  if (!first) return null
  const attribute = (name: string) => first.attributes.find((a) => a.name === name)?.value
  const codes = [attribute('sku'), attribute('manufacturerSKU')].map((v) => String(v ?? '').toLowerCase())
  return codes.includes(needle) ? mapProductStub(first) : null
}
