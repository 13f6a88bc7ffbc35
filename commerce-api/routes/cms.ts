import {
  contentInclude,
  contentPage,
  contentPagelet,
  contentPageTree,
  isPreview,
  viewContextEntryPoint,
  viewContextObjects,
} from '../domain/content'
import { includeJson, pageJson, pageletResourceJson, pageTreeJson, viewContextJson } from '../icm/content'
import { queryInt } from '../http'
import type { RouteModule } from './context'

/**
 * CMS includes, pagelets, content pages, page trees and view contexts, each in the call's locale. A call with
 * `;prectx=` of a valid preview context (spec shell §2.4, §7) also sees content not yet published.
 */
export const cmsRoutes: RouteModule = (app, { db, site }) => {
  const previewOf = (matrix: Record<string, string>) => isPreview(db, matrix.prectx)

  app.get('/rest/:site/cms/includes/:id', async (request) => {
    const { id } = request.params as { id: string }
    const preview = await previewOf(request.matrix)
    return includeJson({ site, locale: request.scope.locale }, await contentInclude(db, id, preview))
  })

  app.get('/rest/:site/cms/pagelets/:id', { config: { access: 'public' } }, async (request) => {
    const { id } = request.params as { id: string }
    const preview = await previewOf(request.matrix)
    return pageletResourceJson({ site, locale: request.scope.locale }, await contentPagelet(db, id, preview))
  })

  app.get('/rest/:site/cms/pages/:id', async (request) => {
    const { id } = request.params as { id: string }
    const { locale } = request.scope
    const preview = await previewOf(request.matrix)
    return pageJson({ site, locale }, await contentPage(db, locale, id, preview))
  })

  /** `depth` levels of sub-pages below the requested page; without it, all of them. */
  app.get('/rest/:site/cms/pagetree/:id', async (request) => {
    const { id } = request.params as { id: string }
    const { depth } = request.query as { depth?: string }
    const levels = depth === undefined ? Infinity : queryInt(depth, 0, { min: 0, max: 100 })
    return pageTreeJson({ site, locale: request.scope.locale }, await contentPageTree(db, id, levels))
  })

  /**
   * The content of a view context (`viewcontext.include.category.base.top@app_sf_base_cm`) for the object its
   * free parameters name (`Category={uniqueId}`, `Product={sku}`).
   */
  app.get(
    '/rest/:site/cms/viewcontexts/:id/entrypoint',
    { config: { access: 'public' } },
    async (request) => {
      const { id } = request.params as { id: string }
      const objects = viewContextObjects(request.query as Record<string, unknown>)
      const preview = await previewOf(request.matrix)
      return viewContextJson(
        { site, locale: request.scope.locale },
        await viewContextEntryPoint(db, id, objects, preview),
      )
    },
  )
}
