import type { FastifyRequest } from 'fastify'
import {
  categoryByPath,
  categoryTree,
  exists,
  inventoryOf,
  isSortKey,
  SORT_KEYS,
  links,
  parts,
  productDetail,
  productPrices,
  variations,
  type CatalogScope,
} from '../domain/catalog'
import {
  listProducts,
  parseSelection,
  productFilters,
  searchRedirect,
  searchWords,
  type ListingSource,
} from '../domain/listing'
import { productPromotionLinks } from '../domain/promotions'
import { availableWarranties, warrantyPrices, warrantyProduct } from '../domain/warranties'
import { badRequest, notFound, queryInt, queryList } from '../http'
import type { ApiContext, RouteModule } from './context'

type Query = Record<string, unknown>

const scopeOf = (ctx: ApiContext, request: FastifyRequest): CatalogScope => ({
  site: ctx.site,
  locale: request.scope.locale,
  currency: request.scope.currency,
})

const productNotFound = (sku: string) => notFound('product.not_found', `The product '${sku}' does not exist.`)
const categoryNotFound = (path: string) =>
  notFound('category.not_found', `The category '${path}' does not exist.`)

const filterUri = (resource: string, parameter: string) =>
  `${resource}${resource.includes('?') ? '' : '?'}SearchParameter=${encodeURIComponent(parameter)}`

/** The variations of `MasterSKU`, or the hits of `searchTerm` (required, trimmed, at most 200 characters). */
function searchSource(query: Query): Exclude<ListingSource, { kind: 'category' }> {
  if (typeof query.MasterSKU === 'string' && query.MasterSKU !== '')
    return { kind: 'master', masterSku: query.MasterSKU }
  const term = typeof query.searchTerm === 'string' ? query.searchTerm.trim() : ''
  if (!term) throw badRequest('A searchTerm is required.')
  if (term.length > 200) throw badRequest('The searchTerm is too long (at most 200 characters).')
  return { kind: 'search', term, words: searchWords(term) }
}

/** Paging, sorting and requested attributes of a product list. */
function listOptions(query: Query) {
  const attrs = queryList(query.attrs)
  const sortKey = query.sortKey === undefined || query.sortKey === '' ? undefined : query.sortKey
  if (sortKey !== undefined && !isSortKey(sortKey)) {
    throw badRequest(`Unknown sortKey '${String(sortKey)}'; use one of ${SORT_KEYS.join(', ')}.`)
  }
  return {
    amount: queryInt(query.amount, 10, { min: 1, max: 200 }),
    offset: queryInt(query.offset, 0, { min: 0, max: 1_000_000 }),
    attrs: attrs.length ? new Set(attrs) : null,
    sortKey,
  }
}

/** Categories, products and their sub-resources, prices and inventories. */
export const catalogRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx

  app.get('/rest/:site/categories', async (request) => {
    const query = request.query as Query
    if (query.view !== undefined && query.view !== 'tree')
      throw badRequest(`Unknown view '${String(query.view)}'.`)
    return categoryTree(db, scopeOf(ctx, request), queryInt(query.limit, 1, { min: 1, max: 10 }))
  })

  // categories/{A}/{B}/.../products or categories/{A}/{B}/...: the path has any depth.
  // The router has decoded the path once; decoding again would turn `%25` into a malformed escape.
  app.get('/rest/:site/categories/*', async (request) => {
    const segments = ((request.params as { '*': string })['*'] ?? '').split('/').filter(Boolean)
    const query = request.query as Query
    const scope = scopeOf(ctx, request)
    const last = segments.at(-1)
    if ((last === 'products' || last === 'productfilters') && segments.length > 1) {
      const path = segments.slice(0, -1)
      const category = await categoryByPath(db, scope, path)
      if (!category) throw categoryNotFound(path.join('/'))
      const source: ListingSource = { kind: 'category', categoryId: path.join('.') }
      const selection = parseSelection(query.SearchParameter)
      if (last === 'productfilters') {
        return productFilters(db, scope, source, selection, (parameter) =>
          filterUri(`categories/${path.join('/')}/productfilters`, parameter),
        )
      }
      return listProducts(db, scope, source, selection, listOptions(query))
    }
    const category = await categoryByPath(db, scope, segments)
    if (!category) throw categoryNotFound(segments.join('/'))
    return category
  })

  app.get('/rest/:site/products', async (request) => {
    const query = request.query as Query
    const source = searchSource(query)
    const [page, redirectUrl] = await Promise.all([
      listProducts(
        db,
        scopeOf(ctx, request),
        source,
        parseSelection(query.SearchParameter),
        listOptions(query),
      ),
      source.kind === 'search' ? searchRedirect(db, source.term) : undefined,
    ])
    return redirectUrl ? { ...page, redirectUrl } : page
  })

  app.get('/rest/:site/productfilters', async (request) => {
    const query = request.query as Query
    const source = searchSource(query)
    return productFilters(
      db,
      scopeOf(ctx, request),
      source,
      parseSelection(query.SearchParameter),
      (parameter) =>
        filterUri(
          source.kind === 'search'
            ? `productfilters?searchTerm=${encodeURIComponent(source.term)}&`
            : `productfilters?MasterSKU=${encodeURIComponent(source.masterSku)}&`,
          parameter,
        ),
    )
  })

  // A product with its running promotions and the warranties it is sold with; warranties are products too.
  app.get('/rest/:site/products/:sku', async (request) => {
    const { sku } = request.params as { sku: string }
    const scope = scopeOf(ctx, request)
    const [product, promotions, warranties] = await Promise.all([
      productDetail(db, scope, sku),
      productPromotionLinks(db, scope, sku),
      availableWarranties(db, scope, sku),
    ])
    if (product) {
      return {
        ...product,
        ...(promotions.length ? { promotions } : {}),
        ...(warranties.length ? { availableWarranties: warranties } : {}),
      }
    }
    const warranty = await warrantyProduct(db, scope, sku)
    if (!warranty) throw productNotFound(sku)
    return warranty
  })

  const withProduct =
    <T>(load: (scope: CatalogScope, sku: string, query: Query) => Promise<T>) =>
    async (request: FastifyRequest) => {
      const { sku } = request.params as { sku: string }
      if (!(await exists(db, sku))) throw productNotFound(sku)
      return load(scopeOf(ctx, request), sku, request.query as Query)
    }

  app.get(
    '/rest/:site/products/:sku/variations',
    withProduct((scope, sku, query) =>
      variations(
        db,
        scope,
        sku,
        queryInt(query.amount, 50, { min: 1, max: 200 }),
        queryInt(query.offset, 0, { min: 0, max: 100000 }),
      ),
    ),
  )
  app.get(
    '/rest/:site/products/:sku/bundles',
    withProduct((scope, sku) => parts(db, scope, sku, 'bundle')),
  )
  app.get(
    '/rest/:site/products/:sku/partOfRetailSet',
    withProduct((scope, sku) => parts(db, scope, sku, 'retailset')),
  )
  app.get(
    '/rest/:site/products/:sku/links',
    withProduct((scope, sku) => links(db, scope, sku)),
  )

  const skuList = (request: FastifyRequest) => {
    const skus = queryList((request.query as Query).sku)
    if (skus.length === 0) throw badRequest('At least one sku parameter is required.')
    if (skus.length > 200) throw badRequest('At most 200 skus can be requested at once.')
    return skus
  }

  // Warranties have prices like products; they are looked up only for SKUs no product answered.
  app.get('/rest/:site/productprices', async (request) => {
    const skus = skuList(request)
    const data = await productPrices(db, request.scope.currency, skus)
    const found = new Set(data.map((p) => p.sku))
    const rest = skus.filter((sku) => !found.has(sku))
    return {
      data: rest.length ? [...data, ...(await warrantyPrices(db, request.scope.currency, rest))] : data,
    }
  })

  app.get('/rest/:site/inventories', async (request) => ({ data: await inventoryOf(db, skuList(request)) }))
}
