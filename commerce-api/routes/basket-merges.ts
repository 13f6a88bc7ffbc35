import { z } from 'zod'
import { basketState, withApproval } from '../domain/basket'
import { mergeBaskets } from '../domain/basket-merge'
import { basketMergeJson } from '../icm/basket'
import { parseInput } from '../http'
import { basketOf, includesOf } from './baskets'
import type { RouteModule } from './context'

const MergeRequest = z.object({
  sourceBasket: z
    .string({ required_error: 'sourceBasket (the id of the basket to merge) is required' })
    .min(1),
  sourceAuthenticationToken: z
    .string({ required_error: 'sourceAuthenticationToken (the token owning the source basket) is required' })
    .min(1),
})

/**
 * `POST baskets/{target}/merges {sourceBasket, sourceAuthenticationToken}`: the source basket's lines and
 * promotion code move into the caller's target basket (spec §7 Baskets); the answer names both baskets and
 * includes the merged one as ICM does (icm/basket.ts `basketMergeJson`).
 */
export const basketMergeRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/baskets/:id/merges', async (request) => {
    const body = parseInput(MergeRequest, request.body, 'basket merge')
    const { principal, basket: target } = await basketOf(db, request)
    const { basket, infos } = await mergeBaskets(db, principal, target, body)
    return basketMergeJson(
      body.sourceBasket,
      await withApproval(db, await basketState(db, basket, request.scope.locale)),
      includesOf(request),
      infos,
    )
  })
}
