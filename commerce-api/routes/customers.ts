import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { callerOf, isRegistrant, registrationRequired, requireUser } from '../auth'
import type { Db } from '../db/client'
import { updateCompanyProfile } from '../domain/company'
import { channelSettings } from '../domain/configuration'
import { companyUser, customerOfUser, personalizationGroup, privateCustomer } from '../domain/customers'
import { registrantUser } from '../domain/identities'
import { preferredInstrumentId } from '../domain/saved-instruments'
import { configurationJson } from '../icm/configuration'
import { customerJson, personalizationJson, privateCustomerJson, userJson } from '../icm/customers'
import { parseInput } from '../http'
import type { ApiContext, RouteModule } from './context'
import { ownPreferredAddresses } from './preferred-addresses'
import { signedInUserJson } from './sso'

const optionalText = (max: number) => z.string().max(max).nullish()

/** The company profile as `PUT customers/-` carries it (ICM's Customer); other Customer fields are ignored. */
const CompanyProfileBody = z.object({
  companyName: z.string().trim().min(1).max(120),
  companyName2: optionalText(120),
  taxationID: optionalText(40),
  industry: optionalText(100),
  description: optionalText(2000),
})

/**
 * The logged-in caller's user and customer. A user of single sign-on who has no customer yet is told so with
 * 404 (what sends ICM clients to complete the registration, `/register/sso`).
 */
async function current(ctx: ApiContext, request: FastifyRequest) {
  if (isRegistrant(await callerOf(ctx.db, request))) throw registrationRequired(404)
  const principal = await requireUser(ctx.db, request)
  return customerOfUser(ctx.db, principal.userId)
}

/** Configuration, personalization and the logged-in customer and user. */
export const customerRoutes: RouteModule = (app, ctx) => {
  app.get('/rest/:site/configurations', async () => configurationJson(channelSettings(), ctx.accounts))

  // A user without customer yet (single sign-on) sees what anonymous shoppers see.
  app.get('/rest/:site/personalization', async (request) => {
    const caller = await callerOf(ctx.db, request)
    return personalizationJson(personalizationGroup(isRegistrant(caller) ? null : caller))
  })

  app.get('/rest/:site/customers/-', async (request) => customerJson(await current(ctx, request)))

  // The company profile: business customers with user management only (domain/company.ts decides).
  app.put('/rest/:site/customers/-', { config: { access: 'user' } }, async (request) => {
    const caller = await requireUser(ctx.db, request)
    const input = parseInput(CompanyProfileBody, request.body, 'company profile')
    return customerJson(await updateCompanyProfile(ctx.db, caller, input))
  })

  app.get('/rest/:site/customers/-/users/-', async (request) => {
    // A user of single sign-on completing the registration reads the names the provider gave.
    const caller = await callerOf(ctx.db, request)
    if (isRegistrant(caller)) return signedInUserJson(await registrantUser(ctx.db, caller.userId))
    const row = companyUser(await current(ctx, request))
    return {
      ...userJson(row),
      ...(await preferredPaymentJson(ctx.db, row.user.id)),
      ...(await ownPreferredAddresses(ctx.db, request)),
    }
  })

  app.get('/rest/:site/privatecustomers/-', async (request) => {
    const row = privateCustomer(await current(ctx, request))
    return {
      ...privateCustomerJson(row),
      ...(await preferredPaymentJson(ctx.db, row.user.id)),
      ...(await ownPreferredAddresses(ctx.db, request)),
    }
  })
}

/** The user resource's `preferredPaymentInstrument` (ICM's User), to be spread into its answer. */
export async function preferredPaymentJson(db: Db, userId: string) {
  const id = await preferredInstrumentId(db, userId)
  return id ? { preferredPaymentInstrument: { id } } : {}
}
