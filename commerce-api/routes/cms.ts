import { contentInclude, contentPage, contentPageTree } from '../domain/content'
import { notFound, queryInt } from '../http'
import type { RouteModule } from './context'

/** CMS includes, content pages and page trees, each in the call's locale. */
export const cmsRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/cms/includes/:id', async (request) => {
    const { id } = request.params as { id: string }
    const include = await contentInclude(db, { site, locale: request.scope.locale }, id)
    if (!include) throw notFound('cms.include.not_found', `The content include '${id}' does not exist.`)
    return include
  })

  app.get('/rest/:site/cms/pages/:id', async (request) => {
    const { id } = request.params as { id: string }
    const page = await contentPage(db, { site, locale: request.scope.locale }, id)
    if (!page) throw notFound('cms.page.not_found', `The content page '${id}' does not exist.`)
    return page
  })

  /** `depth` levels of sub-pages below the requested page; without it, all of them. */
  app.get('/rest/:site/cms/pagetree/:id', async (request) => {
    const { id } = request.params as { id: string }
    const { depth } = request.query as { depth?: string }
    const levels = depth === undefined ? Infinity : queryInt(depth, 0, { min: 0, max: 100 })
    const tree = await contentPageTree(db, { site, locale: request.scope.locale }, id, levels)
    if (!tree) throw notFound('cms.pagetree.not_found', `The content page '${id}' does not exist.`)
    return tree
  })
}
