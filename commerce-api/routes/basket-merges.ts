import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requirePrincipal } from '../auth'
import { basketJson, basketNotFound, findBasket } from '../domain/basket'
import { mergeBaskets } from '../domain/basket-merge'
import { parseInput, queryList } from '../http'
import type { RouteModule } from './context'

const MergeRequest = z.object({
  sourceBasket: z
    .string({ required_error: 'sourceBasket (the id of the basket to merge) is required' })
    .min(1),
  sourceAuthenticationToken: z
    .string({ required_error: 'sourceAuthenticationToken (the token owning the source basket) is required' })
    .min(1),
})

const includes = (request: FastifyRequest) =>
  new Set(queryList((request.query as Record<string, unknown>).include))

/**
 * `POST baskets/{target}/merges {sourceBasket, sourceAuthenticationToken}`: the source basket's lines and
 * promotion code move into the caller's target basket; the answer is the target basket (spec §7 Baskets).
 */
export const basketMergeRoutes: RouteModule = (app, { db }) => {
  app.post('/rest/:site/baskets/:id/merges', async (request) => {
    const principal = await requirePrincipal(db, request)
    const body = parseInput(MergeRequest, request.body, 'basket merge')
    const target = await findBasket(db, principal, (request.params as { id: string }).id)
    if (!target) throw basketNotFound()
    const { basket, infos } = await mergeBaskets(db, principal, target, body)
    return basketJson(db, basket, request.scope.locale, includes(request), infos)
  })
}
