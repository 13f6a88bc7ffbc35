import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  categoryByPath,
  categoryTree,
  inventoryOf,
  links,
  parts,
  productDetail,
  productNotFound,
  productPrices,
  requireProduct,
  variations,
  type CatalogScope,
} from '../domain/catalog'
import {
  isSortKey,
  listProducts,
  parseSelection,
  productFilters,
  searchRedirect,
  SORT_KEYS,
  type ListingSource,
} from '../domain/listing'
import { searchQuery } from '../domain/search-terms'
import { runningPromotionsOf } from '../domain/promotions'
import { promotionLinksJson } from '../icm/promotions'
import { availableWarranties, warrantyOffer, warrantyPrices } from '../domain/warranties'
import { z } from 'zod'
import { ApiError, badRequest, parseInput, queryInt, queryList } from '../http'
import {
  categoriesJson,
  categoryJson,
  inventoriesJson,
  inventoryInformationJson,
  priceInformationJson,
  linksJson,
  localizedNamesJson,
  partsJson,
  productCollectionJson,
  productDetailJson,
  productFiltersJson,
  productPricesJson,
  variationsJson,
} from '../icm/catalog'
import { availableWarrantiesJson, warrantyProductJson } from '../icm/warranties'
import type { ApiContext, RouteModule } from './context'

type Query = Record<string, unknown>

const scopeOf = (ctx: ApiContext, request: FastifyRequest): CatalogScope => ({
  site: ctx.site,
  locale: request.scope.locale,
  currency: request.scope.currency,
})

const filterUri = (resource: string, parameter: string) =>
  `${resource}${resource.includes('?') ? '' : '?'}SearchParameter=${encodeURIComponent(parameter)}`

/**
 * The variations of `MasterSKU`, or the hits of `searchTerm` (required, trimmed, at most 200 characters),
 * its spelling corrected unless `correctSpelling=false` (the shopper asked for the term as typed).
 */
async function searchSource(
  ctx: ApiContext,
  scope: CatalogScope,
  query: Query,
): Promise<Exclude<ListingSource, { kind: 'category' }>> {
  if (typeof query.MasterSKU === 'string' && query.MasterSKU !== '')
    return { kind: 'master', masterSku: query.MasterSKU }
  const term = typeof query.searchTerm === 'string' ? query.searchTerm.trim() : ''
  if (!term) throw badRequest('A searchTerm is required.')
  if (term.length > 200) throw badRequest('The searchTerm is too long (at most 200 characters).')
  const correct = query.correctSpelling !== 'false'
  return { kind: 'search', query: await searchQuery(ctx.db, scope.locale, term, { correct }) }
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

/** One page of a listing (a category, a search, a master's variations) as a collection of stubs. */
async function listingJson(ctx: ApiContext, scope: CatalogScope, source: ListingSource, query: Query) {
  const selection = parseSelection(query.SearchParameter)
  const options = listOptions(query)
  const page = await listProducts(ctx.db, scope, source, selection, options)
  return productCollectionJson(scope, page.products, options, page.total, SORT_KEYS)
}

/** `categories`, `categories/{path}` and a category's `products` and `productfilters`. */
function categoryRoutes(app: FastifyInstance, ctx: ApiContext) {
  app.get('/rest/:site/categories', async (request) => {
    const query = request.query as Query
    if (query.view !== undefined && query.view !== 'tree')
      throw badRequest(`Unknown view '${String(query.view)}'.`)
    const scope = scopeOf(ctx, request)
    const tree = await categoryTree(ctx.db, queryInt(query.limit, 1, { min: 1, max: 10 }))
    return categoriesJson(scope, tree)
  })

  // categories/{A}/{B}/.../products or categories/{A}/{B}/...: the path has any depth.
  // The router has decoded the path once; decoding again would turn `%25` into a malformed escape.
  app.get('/rest/:site/categories/*', async (request) => {
    const segments = ((request.params as { '*': string })['*'] ?? '').split('/').filter(Boolean)
    const query = request.query as Query
    const scope = scopeOf(ctx, request)
    const last = segments.at(-1)
    if ((last !== 'products' && last !== 'productfilters') || segments.length < 2)
      return categoryJson(scope, await categoryByPath(ctx.db, segments))
    const path = segments.slice(0, -1)
    await categoryByPath(ctx.db, path)
    const source: ListingSource = { kind: 'category', categoryId: path.join('.') }
    if (last === 'products') return listingJson(ctx, scope, source, query)
    const filters = await productFilters(ctx.db, scope, source, parseSelection(query.SearchParameter))
    return productFiltersJson(filters, (parameter) =>
      filterUri(`categories/${path.join('/')}/productfilters`, parameter),
    )
  })
}

/**
 * `products?searchTerm=|MasterSKU=` and its `productfilters`. Beyond ICM, a search whose spelling was
 * corrected names the term it searched for in `correctedSearchTerm` (README: what the bundled API answers
 * beyond ICM).
 */
function searchRoutes(app: FastifyInstance, ctx: ApiContext) {
  app.get('/rest/:site/products', async (request) => {
    const query = request.query as Query
    const scope = scopeOf(ctx, request)
    const source = await searchSource(ctx, scope, query)
    const [page, redirectUrl] = await Promise.all([
      listingJson(ctx, scope, source, query),
      source.kind === 'search' ? searchRedirect(ctx.db, source.query.term) : undefined,
    ])
    // A correction that finds nothing either is not worth naming.
    const correctedSearchTerm =
      source.kind === 'search' && page.total > 0 ? source.query.correctedTerm : undefined
    return {
      ...page,
      ...(redirectUrl ? { redirectUrl } : {}),
      ...(correctedSearchTerm ? { correctedSearchTerm } : {}),
    }
  })

  app.get('/rest/:site/productfilters', async (request) => {
    const query = request.query as Query
    const scope = scopeOf(ctx, request)
    const source = await searchSource(ctx, scope, query)
    const filters = await productFilters(ctx.db, scope, source, parseSelection(query.SearchParameter))
    const resource =
      source.kind === 'search'
        ? `productfilters?searchTerm=${encodeURIComponent(source.query.term)}&${
            query.correctSpelling === 'false' ? 'correctSpelling=false&' : ''
          }`
        : `productfilters?MasterSKU=${encodeURIComponent(source.masterSku)}&`
    return productFiltersJson(filters, (parameter) => filterUri(resource, parameter))
  })
}

/** `products/{sku}` (a product, else a warranty) and the product's sub-resources. */
function productRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx

  // A product with its running promotions and the warranties it is sold with; warranties are products too.
  // `localizedNames=true` (this API's extension, ADR 0051) adds its names in every locale.
  app.get('/rest/:site/products/:sku', async (request) => {
    const { sku } = request.params as { sku: string }
    const withLocalizedNames = (request.query as Query).localizedNames === 'true'
    const scope = scopeOf(ctx, request)
    const [detail, promotions, warranties] = await Promise.all([
      productDetail(db, scope.currency, sku),
      runningPromotionsOf(db, sku).then((rows) => promotionLinksJson(scope, rows)),
      availableWarranties(db, scope.currency, sku),
    ])
    if (detail) {
      return {
        ...productDetailJson(scope, detail),
        ...(promotions.length ? { promotions } : {}),
        ...(warranties.length ? { availableWarranties: availableWarrantiesJson(scope, warranties) } : {}),
        ...(withLocalizedNames ? { localizedNames: localizedNamesJson(detail) } : {}),
      }
    }
    const warranty = await warrantyOffer(db, scope.currency, sku)
    if (!warranty) throw productNotFound(sku)
    return warrantyProductJson(scope, warranty)
  })

  const withProduct =
    <T>(load: (scope: CatalogScope, sku: string, query: Query) => Promise<T>) =>
    async (request: FastifyRequest) => {
      const { sku } = request.params as { sku: string }
      await requireProduct(db, sku)
      return load(scopeOf(ctx, request), sku, request.query as Query)
    }

  app.get(
    '/rest/:site/products/:sku/variations',
    withProduct(async (scope, sku, query) => {
      const amount = queryInt(query.amount, 50, { min: 1, max: 200 })
      const offset = queryInt(query.offset, 0, { min: 0, max: 100000 })
      const page = await variations(db, scope.currency, sku, amount, offset)
      return variationsJson(scope, page.products, { amount, offset, total: page.total })
    }),
  )
  app.get(
    '/rest/:site/products/:sku/bundles',
    withProduct(async (scope, sku) =>
      partsJson(scope, await parts(db, scope.currency, sku, 'bundle'), 'bundle'),
    ),
  )
  app.get(
    '/rest/:site/products/:sku/partOfRetailSet',
    withProduct(async (scope, sku) =>
      partsJson(scope, await parts(db, scope.currency, sku, 'retailset'), 'retailset'),
    ),
  )
  app.get(
    '/rest/:site/products/:sku/links',
    withProduct(async (scope, sku) => linksJson(scope, await links(db, scope.currency, sku))),
  )
}

/** The `sku` parameters of a price or stock call: one to 200 of them. */
function skuList(request: FastifyRequest) {
  const skus = queryList((request.query as Query).sku)
  if (skus.length === 0) throw badRequest('At least one sku parameter is required.')
  if (skus.length > 200) throw badRequest('At most 200 skus can be requested at once.')
  return skus
}

/** `POST prices` and `POST inventory`: 1 to 200 products, each a SKU and optionally a quantity. */
const ProductsAskedSchema = z.object({
  products: z
    .array(
      z.object({
        sku: z.string().min(1).max(256),
        quantity: z
          .object({ value: z.number().int().min(1).max(1_000_000), unit: z.string().max(32).optional() })
          .optional(),
      }),
    )
    .min(1)
    .max(200),
})

/** The products of a `POST prices` / `POST inventory` body; a body other than JSON is a 415. */
function productsAsked(request: FastifyRequest) {
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? ''))
    throw new ApiError(415, 'request.unsupported_media_type', 'The request body must be JSON.')
  const { products } = parseInput(ProductsAskedSchema, request.body, 'list of products')
  return products.map((p) => ({ sku: p.sku, quantity: p.quantity ?? { value: 1 } }))
}

/** Prices of SKUs that are products, else warranties (looked up only for SKUs no product answered). */
async function pricesOf(db: ApiContext['db'], currency: CatalogScope['currency'], skus: string[]) {
  const lists = await productPrices(db, currency, skus)
  const found = new Set(lists.map((p) => p.sku))
  const rest = skus.filter((sku) => !found.has(sku))
  return rest.length ? [...lists, ...(await warrantyPrices(db, currency, rest))] : lists
}

/** `productprices`, `inventories` and the spec's `POST prices` and `POST inventory`. */
function priceRoutes(app: FastifyInstance, { db }: ApiContext) {
  // Warranties have prices like products; they are looked up only for SKUs no product answered.
  app.get('/rest/:site/productprices', async (request) => {
    const { currency } = request.scope
    return productPricesJson(currency, await pricesOf(db, currency, skuList(request)))
  })

  app.get('/rest/:site/inventories', async (request) =>
    inventoriesJson(await inventoryOf(db, skuList(request))),
  )

  app.post('/rest/:site/prices', { config: { access: 'public' } }, async (request) => {
    const asked = productsAsked(request)
    const { currency } = request.scope
    const skus = [...new Set(asked.map((a) => a.sku))]
    return priceInformationJson(currency, asked, await pricesOf(db, currency, skus))
  })

  app.post('/rest/:site/inventory', { config: { access: 'public' } }, async (request) => {
    const asked = productsAsked(request)
    return inventoryInformationJson(asked, await inventoryOf(db, [...new Set(asked.map((a) => a.sku))]))
  })
}

/** Categories, products and their sub-resources, prices and inventories. */
export const catalogRoutes: RouteModule = (app, ctx) => {
  categoryRoutes(app, ctx)
  searchRoutes(app, ctx)
  productRoutes(app, ctx)
  priceRoutes(app, ctx)
}
