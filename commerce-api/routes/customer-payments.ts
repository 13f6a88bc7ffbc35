import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import { userPaymentBasis } from '../domain/payments'
import {
  deleteSavedInstrument,
  savableMethods,
  saveInstrument,
  savedInstrument,
  savedInstruments,
  updateSavedInstrument,
} from '../domain/saved-instruments'
import { parseInput } from '../http'
import { userInstrumentJson, userPaymentMethodsJson } from '../icm/payments'
import { callerCustomer } from './addresses'
import type { RouteModule } from './context'

/** ICM's user payment body: `{name, parameters:[{key, property}]}`. */
const UserPaymentRequest = z.object({
  name: z.string().min(1, 'name (the payment method) is required').max(100),
  parameters: z
    .array(z.object({ key: z.string().min(1).max(100), property: z.string().max(200) }))
    .max(20)
    .default([]),
})

const instrumentInput = (body: z.infer<typeof UserPaymentRequest>) => ({
  paymentMethod: body.name,
  parameters: body.parameters.map((p) => ({ name: p.key, value: p.property })),
})

const instrumentIdOf = (request: FastifyRequest) => (request.params as { instrumentId: string }).instrumentId

/**
 * The user's saved payment instruments (`{privatecustomers|customers}/{no|-}/payments`) and the methods they
 * may save (`…/eligible-payment-methods`). Each user sees only their own instruments, a business user too:
 * anyone else's is not found.
 */
export const customerPaymentRoutes: RouteModule = (app, { db, site }) => {
  const payments = '/rest/:site/:resource/:customer/payments'
  const link = (request: FastifyRequest, id: string, title: string) => {
    const { resource, customer } = request.params as { resource: string; customer: string }
    return { type: 'Link', uri: `${site}/-/${resource}/${customer}/payments/${id}`, title, itemId: id }
  }

  app.get(payments, async (request) => {
    const principal = await callerCustomer(db, request)
    const rows = await savedInstruments(db, principal.userId)
    return {
      type: 'ResourceCollection',
      name: 'payments',
      elements: rows.map((row) => link(request, row.id, row.accountIdentifier)),
      amount: rows.length,
      offset: 0,
      total: rows.length,
    }
  })

  app.get(`${payments}/:instrumentId`, async (request) => {
    const principal = await callerCustomer(db, request)
    return userInstrumentJson(await savedInstrument(db, principal.userId, instrumentIdOf(request)))
  })

  app.post(payments, async (request, reply) => {
    const body = parseInput(UserPaymentRequest, request.body, 'payment instrument')
    const principal = await callerCustomer(db, request)
    const row = await saveInstrument(db, principal, request.scope.locale, instrumentInput(body))
    const created = link(request, row.id, row.accountIdentifier)
    reply.code(201).header('location', created.uri)
    return created
  })

  const update = async (request: FastifyRequest, userId: string) => {
    const body = parseInput(UserPaymentRequest, request.body, 'payment instrument')
    const id = instrumentIdOf(request)
    return userInstrumentJson(
      await updateSavedInstrument(db, userId, id, request.scope.locale, instrumentInput(body)),
    )
  }
  // The contract's path (`PUT customers/-/payments/{id}`), which ICM clients send for private customers too.
  app.put('/rest/:site/customers/-/payments/:instrumentId', { config: { access: 'user' } }, async (request) =>
    update(request, (await requireUser(db, request)).userId),
  )
  app.put(`${payments}/:instrumentId`, { config: { access: { customer: true } } }, async (request) =>
    update(request, (await callerCustomer(db, request)).userId),
  )

  app.delete(`${payments}/:instrumentId`, async (request, reply) => {
    const principal = await callerCustomer(db, request)
    await deleteSavedInstrument(db, principal.userId, instrumentIdOf(request))
    reply.code(204)
  })

  // Costs are those of the user's current basket (or of an empty one), not of nothing.
  app.get('/rest/:site/:resource/:customer/eligible-payment-methods', async (request) => {
    const principal = await callerCustomer(db, request)
    const { currency, locale } = request.scope
    const [methods, basis] = await Promise.all([
      savableMethods(db),
      userPaymentBasis(db, principal, currency, locale),
    ])
    return userPaymentMethodsJson(methods, basis, locale)
  })
}
