import { eq } from 'drizzle-orm'
import { cmsIncludes } from '../db/schema'
import { localize } from '../domain/channel'
import { notFound } from '../http'
import type { RouteModule } from './context'

const isLocalized = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'en_US' in value

/** `cms/includes/{id}`: a PageletEntryPointRO with the parameters in the call's locale. */
export const cmsRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/cms/includes/:id', async (request) => {
    const { id } = request.params as { id: string }
    const [include] = await db.select().from(cmsIncludes).where(eq(cmsIncludes.id, id))
    if (!include) throw notFound('cms.include.not_found', `The content include '${id}' does not exist.`)
    const locale = request.scope.locale
    return {
      id: include.id,
      definitionQualifiedName: include.definitionQualifiedName,
      displayName: localize(include.displayNames, locale),
      domain: site,
      resourceSetId: 'ironbridge',
      pageletIDs: include.pagelets.map((p) => p.id),
      pagelets: include.pagelets.map((pagelet) => ({
        id: pagelet.id,
        definitionQualifiedName: pagelet.definitionQualifiedName,
        displayName: pagelet.id,
        domain: site,
        configurationParameters: Object.fromEntries(
          Object.entries(pagelet.configurationParameters).map(([key, parameter]) => [
            key,
            {
              type: parameter.type,
              value: isLocalized(parameter.value) ? localize(parameter.value, locale) : parameter.value,
            },
          ]),
        ),
        slots: [],
      })),
    }
  })
}
