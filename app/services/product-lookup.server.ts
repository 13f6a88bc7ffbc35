import { z } from 'zod'
import {
  mapProduct,
  mapProductStub,
  ProductSchema,
  ProductStubSchema,
  type ProductTile,
} from '~/models/product'
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

/** A variation master as quick order meets it: its name, and its default variation when it names one. */
export type MasterLookup = { sku: string; name: string; defaultVariationSku?: string }

/**
 * The variation master a typed SKU names (the item number its tiles show), which `productlookup` leaves out;
 * null for any other SKU, an unknown one included.
 */
export async function lookupMaster(scope: IcmScope, term: string): Promise<MasterLookup | null> {
  const sku = term.trim()
  if (!sku) return null
  let data
  try {
    data = await icmCall(
      { locale: scope.locale, pgid: scope.pgid },
      {
        path: `products/${encodeURIComponent(sku)}`,
        schema: ProductSchema,
        cache: 'short',
        group: 'spgid',
      },
    )
  } catch (error) {
    if (error instanceof IcmError && (error.status === 400 || error.status === 404)) return null
    throw error
  }
  const product = mapProduct(data)
  if (product.kind !== 'VariationProductMaster') return null
  return { sku: product.sku, name: product.name, defaultVariationSku: product.defaultVariationSku }
}
