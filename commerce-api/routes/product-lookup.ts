import { lookupProducts, PRODUCT_LOOKUP_LIMIT, PRODUCT_LOOKUP_MAX_TERM } from '../domain/product-lookup'
import { badRequest } from '../http'
import { productLookupJson } from '../icm/catalog'
import type { RouteModule } from './context'

/**
 * `productlookup?searchTerm=…` → `{ type: 'ResourceCollection', elements: [product stubs] }`: products whose
 * SKU or manufacturer SKU starts with the term, masters excluded, the exact manufacturer SKU match first
 * (spec §5). A missing or blank term is a 400: product lookup needs a search term.
 */
export const productLookupRoutes: RouteModule = (app, ctx) => {
  app.get('/rest/:site/productlookup', async (request) => {
    const { searchTerm } = request.query as Record<string, unknown>
    if (searchTerm === undefined || (typeof searchTerm === 'string' && !searchTerm.trim()))
      throw badRequest('A searchTerm is required.')
    if (typeof searchTerm !== 'string') throw badRequest('Only one searchTerm is allowed.')
    if (searchTerm.trim().length > PRODUCT_LOOKUP_MAX_TERM)
      throw badRequest(`The searchTerm is too long (at most ${PRODUCT_LOOKUP_MAX_TERM} characters).`)
    const scope = { site: ctx.site, locale: request.scope.locale, currency: request.scope.currency }
    const products = await lookupProducts(ctx.db, scope, searchTerm, PRODUCT_LOOKUP_LIMIT)
    return productLookupJson(scope, products, PRODUCT_LOOKUP_LIMIT)
  })
}
