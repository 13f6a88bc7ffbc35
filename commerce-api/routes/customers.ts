import { requireUser } from '../auth'
import { channelConfiguration } from '../domain/configuration'
import { customerJson, customerWithUser, privateCustomerJson, userJson } from '../domain/customers'
import { ApiError, notFound } from '../http'
import { principalOf } from '../auth'
import type { ApiContext, RouteModule } from './context'

async function current(ctx: ApiContext, request: Parameters<typeof requireUser>[1]) {
  const principal = await requireUser(ctx.db, request)
  const row = await customerWithUser(ctx.db, principal.userId)
  if (!row) throw notFound('customer.not_found', 'The customer could not be found.')
  return row
}

/** Configuration, personalization and the logged-in customer and user. */
export const customerRoutes: RouteModule = (app, ctx) => {
  app.get('/rest/:site/configurations', async () => channelConfiguration())

  app.get('/rest/:site/personalization', async (request) => {
    const principal = await principalOf(ctx.db, request)
    // Customers of one customer share prices and content; anonymous visitors share another group.
    return { pgid: principal && !principal.anonymous ? `pg-${principal.customerNo}` : 'pg-anonymous' }
  })

  app.get('/rest/:site/customers/-', async (request) => customerJson(await current(ctx, request)))

  app.get('/rest/:site/customers/-/users/-', async (request) => {
    const row = await current(ctx, request)
    if (row.customer.type !== 'SMBCustomer') {
      throw new ApiError(
        404,
        'customer.user.not_found',
        'Private customers have no company users; use privatecustomers/-.',
      )
    }
    return userJson(row)
  })

  app.get('/rest/:site/privatecustomers/-', async (request) => {
    const row = await current(ctx, request)
    if (row.customer.type !== 'PrivateCustomer') {
      throw new ApiError(404, 'customer.not_found', 'The customer is not a private customer.')
    }
    return privateCustomerJson(row)
  })
}
