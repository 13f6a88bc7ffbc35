import { z } from 'zod'
import { localization, localizations } from '../domain/localizations'
import { parseInput } from '../http'
import { localizationsJson } from '../icm/content'
import type { RouteModule } from './context'

/** One `searchKeys` prefix at most (the Intershop PWA sends `pwa-`). */
const ListQuery = z.object({ searchKeys: z.string().optional() })

/** The shop's texts in the call's locale (`…;loc=xx/localizations`), as an ICM storefront loads them. */
export const localizationRoutes: RouteModule = (app) => {
  app.get('/rest/:site/localizations', { config: { access: 'public' } }, async (request) => {
    const { searchKeys } = parseInput(ListQuery, request.query, 'query')
    return localizationsJson(localizations(request.scope.locale, searchKeys))
  })

  /** One text, answered as text (ICM's clients read it with `responseType: 'text'`). */
  app.get('/rest/:site/localizations/:key', { config: { access: 'public' } }, async (request, reply) => {
    const { key } = request.params as { key: string }
    return reply.type('text/plain; charset=utf-8').send(localization(request.scope.locale, key))
  })
}
