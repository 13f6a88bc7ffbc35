/**
 * Registration (spec §7 Accounts: `POST privatecustomers`, `POST customers`; ICM's CustomerData with `type`,
 * `address`, `credentials` and `user`, the captcha in the Authorization header) and the newsletter
 * subscription of the caller's own address (`GET/POST/DELETE subscriptions[/{email}]`).
 *
 * Registration is public but guarded by the shop's captcha (captcha.ts): a wrong or missing answer is 401
 * `captcha.incorrect` before the body is looked at. The answer is the new customer as `customers/-` or
 * `privatecustomers/-` shows it, with `approvalPending` when it waits for the shop's approval.
 *
 * A user of single sign-on who has no customer yet (routes/sso.ts) completes their registration here, as the
 * Intershop PWA does from `/register/sso`: with their token, their `userId` (what `users/processtoken`
 * answered as `businessPartnerNo`) and the customer's data and address, without credentials and without the
 * captcha (the provider has authenticated them). Only their own: another user id is 403, a token of a user who
 * has a customer 409 `account.sso.registration.completed.error`, a `userId` without such a token 401.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { callerOf, isRegistrant, requireUser } from '../auth'
import { requireCaptcha } from '../captcha'
import { AddressInput } from '../domain/addresses'
import { NEWSLETTER, subscribe, subscriberOf, subscriptionOf, unsubscribe } from '../domain/newsletter'
import { completeRegistration, registerCustomer, type RegistrationInput } from '../domain/registration'
import type { Registrant } from '../domain/tokens'
import { ApiError, parseInput } from '../http'
import { customerJson, privateCustomerJson } from '../icm/customers'
import type { RouteModule } from './context'

const text = (max: number) => z.string().max(max, `at most ${max} characters`).nullish()

const UserFields = z.object({
  title: text(30),
  firstName: text(100),
  lastName: text(100),
  email: text(200),
  phoneHome: text(40),
  preferredLanguage: text(10),
})

/** ICM's CustomerData of a registration; a private customer's user fields may come flat (as the PWA sends them). */
const RegistrationBody = UserFields.extend({
  type: z.enum(['PrivateCustomer', 'SMBCustomer']).optional(),
  companyName: text(120),
  companyName2: text(120),
  taxationID: text(40),
  industry: text(100),
  user: UserFields.optional(),
  credentials: z.object({ login: text(200), password: text(256) }).nullish(),
  address: AddressInput,
  /** Single sign-on: the user completing their registration (their id, as `users/processtoken` named it). */
  userId: z.string().max(256).nullish(),
  /** Our addition: subscribe the new user to the newsletter in the same transaction. */
  subscribedToNewsletter: z.boolean().optional(),
})

const SubscriptionBody = z.object({
  name: z.string().max(100).optional(),
  type: z.string().max(100).optional(),
  active: z.boolean().optional(),
  recipient: z.string().min(1).max(200),
})

function registrationOf(
  request: FastifyRequest,
  kind: RegistrationInput['kind'],
): RegistrationInput & { userId?: string | null } {
  const body = parseInput(RegistrationBody, request.body ?? {}, 'registration')
  const flat = {
    title: body.title,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneHome: body.phoneHome,
    preferredLanguage: body.preferredLanguage,
  }
  return {
    kind,
    user: { ...flat, ...body.user },
    credentials: body.credentials ?? {},
    address: body.address,
    userId: body.userId,
    company: {
      companyName: body.companyName,
      companyName2: body.companyName2,
      taxationID: body.taxationID,
      industry: body.industry,
    },
    newsletter: body.subscribedToNewsletter,
  }
}

const emailOf = (request: FastifyRequest) => (request.params as { email: string }).email

/** Whether the body names a user completing their registration (read before the captcha, nothing else). */
const namesUser = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { userId?: unknown }).userId === 'string'

export const registrationRoutes: RouteModule = (app, { db, accounts }) => {
  const anyone = { config: { access: 'public' as const }, bodyLimit: 16 * 1024 }

  /**
   * The user of single sign-on completing their registration with this request, or null for a registration
   * of the shop's own (a caller's anonymous or stale token plays no part in that one).
   */
  async function registrantOf(request: FastifyRequest): Promise<Registrant | null> {
    const caller = await callerOf(db, request).catch(() => null)
    if (isRegistrant(caller)) return caller
    if (!namesUser(request.body)) return null
    if (caller && !caller.anonymous)
      throw new ApiError(409, 'account.sso.registration.completed.error', 'This user has a customer already.')
    throw new ApiError(
      401,
      'authentication.user.required',
      "Completing a registration needs the token of the user's single sign-on.",
    )
  }

  async function register(request: FastifyRequest, kind: RegistrationInput['kind']) {
    const registrant = await registrantOf(request)
    if (!registrant) {
      await requireCaptcha(app, request)
      return registerCustomer(db, registrationOf(request, kind), accounts, request.scope.locale)
    }
    const { userId, credentials: _none, ...input } = registrationOf(request, kind)
    if (userId && userId !== registrant.userId)
      throw new ApiError(403, 'authorization.forbidden', 'A user completes only their own registration.')
    return completeRegistration(db, registrant.userId, input, accounts, request.scope.locale)
  }

  app.post('/rest/:site/privatecustomers', anyone, async (request, reply) => {
    const registered = await register(request, 'private')
    reply.code(201).header('cache-control', 'no-store')
    return { ...privateCustomerJson(registered), approvalPending: registered.approvalPending }
  })

  app.post('/rest/:site/customers', anyone, async (request, reply) => {
    const registered = await register(request, 'business')
    reply.code(201).header('cache-control', 'no-store')
    return { ...customerJson(registered), approvalPending: registered.approvalPending }
  })

  const user = { config: { access: 'user' as const } }
  const subscriber = async (request: FastifyRequest) =>
    subscriberOf(db, (await requireUser(db, request)).userId)
  const subscriptionJson = (recipient: string) => ({ ...NEWSLETTER, active: true, recipient })

  app.get('/rest/:site/subscriptions/:email', user, async (request) => {
    const found = await subscriptionOf(db, await subscriber(request), emailOf(request), accounts.newsletter)
    return subscriptionJson(found.recipient)
  })

  app.post('/rest/:site/subscriptions', user, async (request, reply) => {
    const body = parseInput(SubscriptionBody, request.body ?? {}, 'subscription')
    const made = await subscribe(db, await subscriber(request), body.recipient, accounts.newsletter)
    reply.code(201)
    return subscriptionJson(made.recipient)
  })

  app.delete('/rest/:site/subscriptions/:email', user, async (request, reply) => {
    await unsubscribe(db, await subscriber(request), emailOf(request), accounts.newsletter)
    reply.code(204)
    return null
  })
}
