import { mapPromotion, PromotionSchema, type Promotion } from '~/models/promotion'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/**
 * The promotions a product names, each from `promotions/{id}`, in parallel. One that ICM no longer knows
 * (ended since the product was cached) is left out; other failures are thrown.
 */
export async function promotions(scope: IcmScope, ids: string[]): Promise<Promotion[]> {
  const list = await Promise.all(
    [...new Set(ids)].map((id) =>
      icmCall(scope, {
        path: `promotions/${encodeURIComponent(id)}`,
        schema: PromotionSchema,
        cache: 'short',
      }).then(mapPromotion, (error) => {
        if (error instanceof IcmError && error.status === 404) return undefined
        throw error
      }),
    ),
  )
  return list.filter((p) => p !== undefined)
}
