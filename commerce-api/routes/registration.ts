/**
 * Registration (spec §7 Accounts: `POST privatecustomers`, `POST customers`; ICM's CustomerData with `type`,
 * `address`, `credentials` and `user`, the captcha in the Authorization header) and the newsletter
 * subscription of the caller's own address (`GET/POST/DELETE subscriptions[/{email}]`).
 *
 * Registration is public but guarded by the shop's captcha (captcha.ts): a wrong or missing answer is 401
 * `captcha.incorrect` before the body is looked at. The answer is the new customer as `customers/-` or
 * `privatecustomers/-` shows it, with `approvalPending` when it waits for the shop's approval.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import { requireCaptcha } from '../captcha'
import { AddressInput } from '../domain/addresses'
import { NEWSLETTER, subscribe, subscriberOf, subscriptionOf, unsubscribe } from '../domain/newsletter'
import { registerCustomer, type RegistrationInput } from '../domain/registration'
import { parseInput } from '../http'
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
  credentials: z.object({ login: text(200), password: text(256) }),
  address: AddressInput,
  /** Our addition: subscribe the new user to the newsletter in the same transaction. */
  subscribedToNewsletter: z.boolean().optional(),
})

const SubscriptionBody = z.object({
  name: z.string().max(100).optional(),
  type: z.string().max(100).optional(),
  active: z.boolean().optional(),
  recipient: z.string().min(1).max(200),
})

function registrationOf(request: FastifyRequest, kind: RegistrationInput['kind']): RegistrationInput {
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
    credentials: body.credentials,
    address: body.address,
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

export const registrationRoutes: RouteModule = (app, { db, accounts }) => {
  const anyone = { config: { access: 'public' as const }, bodyLimit: 16 * 1024 }

  app.post('/rest/:site/privatecustomers', anyone, async (request, reply) => {
    await requireCaptcha(app, request)
    const registered = await registerCustomer(
      db,
      registrationOf(request, 'private'),
      accounts,
      request.scope.locale,
    )
    reply.code(201).header('cache-control', 'no-store')
    return { ...privateCustomerJson(registered), approvalPending: registered.approvalPending }
  })

  app.post('/rest/:site/customers', anyone, async (request, reply) => {
    await requireCaptcha(app, request)
    const registered = await registerCustomer(
      db,
      registrationOf(request, 'business'),
      accounts,
      request.scope.locale,
    )
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
