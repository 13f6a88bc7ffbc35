import type { FastifyRequest } from 'fastify'
import { principalOf, requireUser } from '../auth'
import { channelSettings } from '../domain/configuration'
import { companyUser, customerOfUser, personalizationGroup, privateCustomer } from '../domain/customers'
import { configurationJson } from '../icm/configuration'
import { customerJson, personalizationJson, privateCustomerJson, userJson } from '../icm/customers'
import type { ApiContext, RouteModule } from './context'

/** The logged-in caller's user and customer. */
async function current(ctx: ApiContext, request: FastifyRequest) {
  const principal = await requireUser(ctx.db, request)
  return customerOfUser(ctx.db, principal.userId)
}

/** Configuration, personalization and the logged-in customer and user. */
export const customerRoutes: RouteModule = (app, ctx) => {
  app.get('/rest/:site/configurations', async () => configurationJson(channelSettings()))

  app.get('/rest/:site/personalization', async (request) =>
    personalizationJson(personalizationGroup(await principalOf(ctx.db, request))),
  )

  app.get('/rest/:site/customers/-', async (request) => customerJson(await current(ctx, request)))

  app.get('/rest/:site/customers/-/users/-', async (request) =>
    userJson(companyUser(await current(ctx, request))),
  )

  app.get('/rest/:site/privatecustomers/-', async (request) =>
    privateCustomerJson(privateCustomer(await current(ctx, request))),
  )
}
