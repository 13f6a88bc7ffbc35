import type { BasketState } from '../domain/basket'
import { basketData } from './basket'

/**
 * ICM's answer to `GET baskets`: `{data:[BasketBaseData]}`, each element a basket's `data` as `baskets/{id}`
 * answers it (ids of its lines and addresses, totals), without `included`; the first is the newest.
 */
export const userBasketsJson = (states: BasketState[]) => ({ data: states.map(basketData) })
