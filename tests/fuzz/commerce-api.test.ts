/**
 * The commerce API against generated requests: every route Fastify has, with generated path parameters,
 * matrix parameters and queries, bodies under every method and media type, and bodies over its limit.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { apiBodyRequest, apiOversizedRequest, apiUrlRequest } from './api-requests'
import { assertNothingUnreported, fuzzSetup, fuzzTest, type FuzzOptions } from './property'
import { apiFieldNames, apiRoutes } from './routes'

const { fixtures } = fuzzSetup()
const routes = await apiRoutes()
const ctx = { routes, fields: apiFieldNames(), fixtures }

const property = (name: string, runCount: number, seconds: number, arbitrary: FuzzOptions['arbitrary']) =>
  fuzzTest(name, runCount, seconds, { arbitrary, target: 'api' })

afterAll(assertNothingUnreported)

describe('commerce API fuzzing', () => {
  it('reads the routes from Fastify and the field names from the handlers', () => {
    const paths = routes.map((r) => `${r.methods.join(',')} ${r.path}`)
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /rest/:site/token',
        'GET /rest/:site/categories/*',
        'POST /rest/:site/baskets/:id/items',
        'PATCH,DELETE /rest/:site/baskets/:id/items/:itemId',
        'POST /rest/:site/orders-csv',
        'GET,POST /psp/pay/:session',
        'GET,PATCH /rest/:site/customers/:customerNo/users/:login/requisitions/:id',
        'GET,PATCH,DELETE /rest/:site/customers/:customerNo/recurringorders/:id',
        'GET /health',
      ]),
    )
    expect(ctx.fields.query).toEqual(
      expect.arrayContaining(['searchTerm', 'SearchTerm', 'amount', 'include', 'depth']),
    )
    expect(ctx.fields.body).toEqual(
      expect.arrayContaining(['grant_type', 'product', 'quantity', 'firstName']),
    )
  })

  property(
    'routes: generated path parameters, matrix parameters, queries and tokens',
    3000,
    8,
    apiUrlRequest(ctx),
  )
  property('routes: generated bodies under every method and media type', 2500, 12, apiBodyRequest(ctx))
  property('bodies over the 1 MiB limit, chunked or not', 20, 4, apiOversizedRequest(ctx))
})
