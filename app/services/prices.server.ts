import { mapProductPrices, ProductPricesSchema, type ProductPrice } from '~/models/price'
import { icmCall, type IcmScope } from './icm.server'

/** Prices of several products in one call (`productprices`); an empty list makes no call (spec §5). */
export async function prices(scope: IcmScope, skus: string[]) {
  if (skus.length === 0) return new Map<string, ProductPrice>()
  return icmCall(
    scope,
    {
      path: 'productprices',
      query: { sku: [...new Set(skus)].sort() },
      schema: ProductPricesSchema,
      cache: 'short',
    },
    mapProductPrices,
  )
}
