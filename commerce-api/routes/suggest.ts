import { suggest, SUGGEST_MAX_LENGTH } from '../domain/suggest'
import { badRequest } from '../http'
import { suggestTermsJson } from '../icm/catalog'
import type { RouteModule } from './context'

/**
 * `suggest?SearchTerm=…` → `{ type: 'SuggestTerms', elements: [{ term, suggestType, id?, hitCount?,
 * imageURL?, uri? }] }`: up to 10 products, 5 categories, 5 brands and 5 keywords, in that order.
 * A missing SearchTerm is a 400 (the caller forgot the parameter); a term shorter than 2 characters after
 * trimming is a valid question with no answer (an empty list); more than 200 characters is a 400.
 */
export const suggestRoutes: RouteModule = (app, ctx) => {
  app.get('/rest/:site/suggest', async (request) => {
    const { SearchTerm: term } = request.query as Record<string, unknown>
    if (term === undefined) throw badRequest('A SearchTerm is required.')
    if (typeof term !== 'string') throw badRequest('Only one SearchTerm is allowed.')
    if (term.trim().length > SUGGEST_MAX_LENGTH) {
      throw badRequest(`The SearchTerm is too long (at most ${SUGGEST_MAX_LENGTH} characters).`)
    }
    const scope = { site: ctx.site, locale: request.scope.locale, currency: request.scope.currency }
    return suggestTermsJson(await suggest(ctx.db, scope, term))
  })
}
