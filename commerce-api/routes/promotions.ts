import { promotionData } from '../domain/promotions'
import { notFound } from '../http'
import type { RouteModule } from './context'

/** `promotions/{id}`: a running promotion in the call's locale and currency. */
export const promotionRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/promotions/:id', async (request) => {
    const { id } = request.params as { id: string }
    const { locale, currency } = request.scope
    const promotion = await promotionData(db, { site, locale, currency }, id)
    if (!promotion) throw notFound('promotion.not_found', `The promotion '${id}' does not exist.`)
    return promotion
  })
}
