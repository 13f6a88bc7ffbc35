import { contentInclude, contentPage, contentPageTree, viewContextEntryPoint } from '../domain/content'
import { includeJson, pageJson, pageTreeJson, viewContextJson } from '../icm/content'
import { queryInt } from '../http'
import type { RouteModule } from './context'

/** CMS includes, content pages, page trees and view contexts, each in the call's locale. */
export const cmsRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/cms/includes/:id', async (request) => {
    const { id } = request.params as { id: string }
    return includeJson({ site, locale: request.scope.locale }, await contentInclude(db, id))
  })

  app.get('/rest/:site/cms/pages/:id', async (request) => {
    const { id } = request.params as { id: string }
    const { locale } = request.scope
    return pageJson({ site, locale }, await contentPage(db, locale, id))
  })

  /** `depth` levels of sub-pages below the requested page; without it, all of them. */
  app.get('/rest/:site/cms/pagetree/:id', async (request) => {
    const { id } = request.params as { id: string }
    const { depth } = request.query as { depth?: string }
    const levels = depth === undefined ? Infinity : queryInt(depth, 0, { min: 0, max: 100 })
    return pageTreeJson({ site, locale: request.scope.locale }, await contentPageTree(db, id, levels))
  })

  /**
   * The content of a view context (`viewcontext.include.product.base.top@app_sf_base_cm`); the query names its
   * context (`Product=…`, `Category=…`), free parameters the shop's empty view contexts do not read.
   */
  app.get(
    '/rest/:site/cms/viewcontexts/:id/entrypoint',
    { config: { access: 'public' } },
    async (request) => {
      const { id } = request.params as { id: string }
      return viewContextJson({ site, locale: request.scope.locale }, viewContextEntryPoint(id))
    },
  )
}
