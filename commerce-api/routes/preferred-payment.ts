import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import type { Db } from '../db/client'
import { customerOfUser, companyUser, privateCustomer } from '../domain/customers'
import { preferredInstrumentId, setPreferredInstrument } from '../domain/saved-instruments'
import { parseInput } from '../http'
import { privateCustomerJson, userJson } from '../icm/customers'
import type { RouteModule } from './context'

/**
 * ICM's User carries the preferred payment instrument as `preferredPaymentInstrument: {id}`; `{}` clears it
 * and a body without it leaves it as it is (a profile form that does not show it).
 */
const PreferredPaymentBody = z.object({
  preferredPaymentInstrument: z.object({ id: z.string().max(100).optional() }).optional(),
})

/** Applies the `preferredPaymentInstrument` of a user PUT body to the caller (domain/saved-instruments.ts). */
export async function applyPreferredPayment(db: Db, userId: string, body: unknown) {
  const { preferredPaymentInstrument } = parseInput(PreferredPaymentBody, body ?? {}, 'user')
  if (preferredPaymentInstrument)
    await setPreferredInstrument(db, userId, preferredPaymentInstrument.id ?? null)
}

/** The user resource's `preferredPaymentInstrument`, to be spread into ICM's User. */
export async function preferredPaymentJson(db: Db, userId: string) {
  const id = await preferredInstrumentId(db, userId)
  return id ? { preferredPaymentInstrument: { id } } : {}
}

/**
 * The user's preferred payment instrument through ICM's user resource (`PUT customers/-/users/-`,
 * `PUT privatecustomers/-`), as the Intershop PWA sets it.
 *
 * These two routes take only `preferredPaymentInstrument` from the user body; the profile (names, phones,
 * language) is another part of issue 33. When both parts are merged, the profile's PUT handlers call
 * `applyPreferredPayment` in their transaction and spread `preferredPaymentJson` into their answer, and this
 * module's routes go (the server refuses to start with a route registered twice).
 */
export const preferredPaymentRoutes: RouteModule = (app, { db }) => {
  const answer = async (request: FastifyRequest, business: boolean) => {
    const principal = await requireUser(db, request)
    // The other kind of customer's resource is not found (domain/customers.ts), before anything changes.
    const row = await customerOfUser(db, principal.userId)
    const json = business ? userJson(companyUser(row)) : privateCustomerJson(privateCustomer(row))
    await applyPreferredPayment(db, principal.userId, request.body)
    return { ...json, ...(await preferredPaymentJson(db, principal.userId)) }
  }
  app.put('/rest/:site/customers/-/users/-', { config: { access: 'user' } }, (request) =>
    answer(request, true),
  )
  app.put('/rest/:site/privatecustomers/-', { config: { access: 'user' } }, (request) =>
    answer(request, false),
  )
}
