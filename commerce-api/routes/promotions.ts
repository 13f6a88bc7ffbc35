import { notFoundError } from '../domain/errors'
import { runningPromotion } from '../domain/promotions'
import { promotionJson } from '../icm/promotions'
import type { RouteModule } from './context'

/** `promotions/{id}`: a running promotion in the call's locale and currency. */
export const promotionRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/promotions/:id', async (request) => {
    const { id } = request.params as { id: string }
    const promotion = await runningPromotion(db, id)
    if (!promotion) throw notFoundError('promotion.not_found', `The promotion '${id}' does not exist.`)
    return promotionJson({ site, locale: request.scope.locale, currency: request.scope.currency }, promotion)
  })
}
