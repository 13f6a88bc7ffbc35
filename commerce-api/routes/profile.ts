import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import { addressViewer } from '../domain/addresses'
import { LOCALES } from '../domain/channel'
import { companyUser, customerOfUser, privateCustomer, type CustomerUser } from '../domain/customers'
import { MAX_PASSWORD_LENGTH } from '../domain/password-tokens'
import {
  changeOwnPassword,
  isWrongPassword,
  updateOwnProfile,
  wrongPasswordError,
  type OwnProfileInput,
} from '../domain/profile'
import { PRICE_DISPLAY_ATTRIBUTE, privateCustomerJson, userJson } from '../icm/customers'
import { parseInput } from '../http'
import { clientKey, TOO_MANY_ATTEMPTS, tooManyRequests } from '../rate-limits'
import type { RouteModule } from './context'
import { preferredPaymentJson } from './customers'
import { ownPreferredAddresses, preferredAddressChange } from './preferred-addresses'

const optionalText = (max: number) => z.string().trim().max(max).nullish()

/** ICM's custom attribute as clients send it; only the display type is one this API keeps. */
const Attribute = z.object({
  name: z.string().max(100),
  type: z.string().max(40).optional(),
  value: z.unknown(),
})

/** The fields of ICM's User a user puts on themselves (commerce-and-checkout §3 User), bounded. */
const OwnUserBody = z.object({
  title: optionalText(30),
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  email: z.string().trim().email().max(254),
  phoneHome: optionalText(40),
  phoneBusiness: optionalText(40),
  phoneMobile: optionalText(40),
  fax: optionalText(40),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A birthday is a date yyyy-mm-dd.')
    .refine((day) => !Number.isNaN(Date.parse(day)) && day >= '1900-01-01' && Date.parse(day) <= Date.now(), {
      message: 'A birthday is a real day in the past.',
    })
    .nullish()
    .or(z.literal('').transform(() => null)),
  department: optionalText(100),
  preferredLanguage: z.enum(LOCALES).nullish(),
  attributes: z.array(Attribute).max(20).optional(),
  // ICM's preferred payment instrument: `{id}` sets it, `{}` clears it, absent leaves it as it is.
  preferredPaymentInstrument: z.object({ id: z.string().max(100).optional() }).optional(),
})

const PasswordBody = z.object({
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  currentPassword: z.string().min(1).max(MAX_PASSWORD_LENGTH),
})

/** The display type the attributes name: undefined when they leave it out (it stays), null removes it. */
function displayTypeOf(attributes: z.infer<typeof Attribute>[] | undefined) {
  const attribute = attributes?.find((a) => a.name === PRICE_DISPLAY_ATTRIBUTE)
  if (!attribute) return undefined
  if (attribute.value === null || attribute.value === '') return null
  return parseInput(z.enum(['gross', 'net']), attribute.value, 'preferred price display type')
}

function profileInput(body: unknown): OwnProfileInput {
  const { attributes, preferredPaymentInstrument, ...fields } = parseInput(OwnUserBody, body, 'user')
  return {
    ...fields,
    preferredPriceDisplayType: displayTypeOf(attributes),
    preferredPaymentInstrument: preferredPaymentInstrument && (preferredPaymentInstrument.id ?? null),
  }
}

/**
 * The current password of an e-mail change, as ICM clients send it: `Authorization: BASIC base64(login:password)`
 * naming the caller by login or e-mail address (the PWA's `updateUser` with credentials). Undefined without one.
 */
function currentPasswordOf(
  request: FastifyRequest,
  caller: CustomerUser,
): { password: string; ofCaller: boolean } | undefined {
  const header = request.headers.authorization
  const match = /^basic\s+([A-Za-z0-9+/=]{1,1400})$/i.exec(header ?? '')
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  const login = decoded.slice(0, colon).toLowerCase()
  const names = [caller.user.login.toLowerCase(), caller.user.email.toLowerCase()]
  return { password: decoded.slice(colon + 1), ofCaller: names.includes(login) }
}

/**
 * A change that checks the current password, counted by the login throttle under a key of its own (a stolen
 * session cannot try passwords faster than a login could, and never locks the user's login).
 */
async function throttled<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  change: () => Promise<T>,
): Promise<{ value: T } | { answered: FastifyReply }> {
  type Result = { value: T } | { error: unknown }
  const outcome = await request.server.limiters.login.attempt<Result>(
    `profile:${userId}`,
    clientKey(request.ip),
    undefined,
    async () => {
      try {
        return { passwordMatched: true, result: { value: await change() } }
      } catch (error) {
        return { passwordMatched: !isWrongPassword(error), result: { error } }
      }
    },
  )
  if (outcome.kind === 'passed' || outcome.kind === 'failed') {
    if ('error' in outcome.result) throw outcome.result.error
    return outcome.result
  }
  const wait = outcome.kind === 'throttled' ? outcome.retryAfterSeconds : 60
  return {
    answered: tooManyRequests(
      reply,
      wait,
      TOO_MANY_ATTEMPTS,
      'Too many attempts. Please wait before trying again.',
    ),
  }
}

/**
 * A user's own account (commerce-and-checkout §7 Accounts): the business user's `PUT customers/-/users/-`, the
 * private customer's `PUT privatecustomers/-` (ICM's merged customer and user), and the new password of either
 * (`PUT …/credentials/password {password, currentPassword}`, 204). The company's data is `PUT customers/-`
 * (routes/customers.ts).
 */
export const profileRoutes: RouteModule = (app, { db }) => {
  const updateOwn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kindOf: (row: CustomerUser) => CustomerUser,
    json: (row: CustomerUser) => unknown,
  ) => {
    const principal = await requireUser(db, request)
    const caller = kindOf(await customerOfUser(db, principal.userId))
    const addressChange = preferredAddressChange(request.body)
    const input = {
      ...profileInput(request.body),
      ...(addressChange
        ? { preferredAddresses: { viewer: await addressViewer(db, principal), change: addressChange } }
        : {}),
    }
    const credentials = currentPasswordOf(request, caller)
    // A password sent for someone else is no password of the caller's: refused as a wrong one.
    const change = async () => {
      if (credentials && !credentials.ofCaller) throw wrongPasswordError()
      return updateOwnProfile(db, principal.userId, input, credentials?.password, {
        profileLocked: principal.salesRep !== undefined,
      })
    }
    const done = credentials
      ? await throttled(request, reply, principal.userId, change)
      : { value: await change() }
    if ('answered' in done) return done.answered
    return {
      ...(json({ customer: caller.customer, user: done.value }) as object),
      ...(await preferredPaymentJson(db, principal.userId)),
      ...(await ownPreferredAddresses(db, request)),
    }
  }

  app.put('/rest/:site/customers/-/users/-', { config: { access: 'user' } }, (request, reply) =>
    updateOwn(request, reply, companyUser, userJson),
  )
  app.put('/rest/:site/privatecustomers/-', { config: { access: 'user' } }, (request, reply) =>
    updateOwn(request, reply, privateCustomer, privateCustomerJson),
  )

  const changePassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kindOf: (row: CustomerUser) => CustomerUser,
  ) => {
    const principal = await requireUser(db, request)
    kindOf(await customerOfUser(db, principal.userId))
    const input = parseInput(PasswordBody, request.body, 'password change')
    const done = await throttled(request, reply, principal.userId, () =>
      changeOwnPassword(db, principal, input),
    )
    if ('answered' in done) return done.answered
    return reply.code(204).header('cache-control', 'no-store').send()
  }

  app.put(
    '/rest/:site/customers/-/users/-/credentials/password',
    { config: { access: 'user' } },
    (request, reply) => changePassword(request, reply, companyUser),
  )
  app.put(
    '/rest/:site/privatecustomers/-/credentials/password',
    { config: { access: 'user' } },
    (request, reply) => changePassword(request, reply, privateCustomer),
  )
}
