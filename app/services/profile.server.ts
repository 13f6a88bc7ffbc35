/**
 * The logged-in user's own data in ICM (commerce-and-checkout §7 Accounts): read from `customers/-/users/-` or
 * `privatecustomers/-` by the kind of customer, changed with a PUT of the whole user there (an e-mail change
 * with the current password as ICM clients send it, `Authorization: BASIC login:password`), and a new password
 * (`PUT …/credentials/password {password, currentPassword}`). Personal: never cached.
 */
import { z } from 'zod'
import { displayPreferenceOf, ownUserBody, OwnUserWireSchema, type OwnUserWire } from '~/models/profile'
import type { PriceDisplay } from '~/models/price'
import { icmCall, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

type Who = Pick<SessionUser, 'customerType' | 'login'>

/** The resource of the caller's own user: the business user, or the private customer that is its user. */
const ownUserPath = (user: Who) =>
  user.customerType === 'SMBCustomer' ? 'customers/-/users/-' : 'privatecustomers/-'

export async function ownUser(scope: IcmScope, user: Who): Promise<OwnUserWire> {
  return icmCall(scope, { path: ownUserPath(user), schema: OwnUserWireSchema, cache: 'none' })
}

const basic = (login: string, password: string) =>
  `BASIC ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`

/** PUTs the whole user: the stored one with `changes` (and a new display choice) laid over it. */
export async function updateOwnUser(
  scope: IcmScope,
  user: Who,
  stored: OwnUserWire,
  changes: Parameters<typeof ownUserBody>[1],
  { currentPassword, display }: { currentPassword?: string; display?: PriceDisplay } = {},
): Promise<IcmResult<OwnUserWire>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: ownUserPath(user),
      json: ownUserBody(stored, changes, display),
      schema: OwnUserWireSchema,
      cache: 'none',
      headers: currentPassword
        ? { Authorization: basic(stored.login ?? user.login, currentPassword) }
        : undefined,
    }),
  )
}

export async function changeOwnPassword(
  scope: IcmScope,
  user: Who,
  form: { password: string; currentPassword: string },
): Promise<IcmResult<unknown>> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: `${ownUserPath(user)}/credentials/password`,
      json: { password: form.password, currentPassword: form.currentPassword },
      schema: z.unknown(),
      cache: 'none',
    }),
  )
}

/** The user's display choice as ICM keeps it (read at login). */
export const storedDisplayOf = (wire: OwnUserWire) => displayPreferenceOf(wire.attributes)
