import { setTimeout as pause } from 'node:timers/promises'
import { z } from 'zod'
import {
  mapUserPayments,
  UserInstrumentSchema,
  UserPaymentMethodsSchema,
  type PaymentMethod,
  type SavedInstrument,
} from '~/models/payment'
import { customerResource } from './addresses.server'
import { icmCall, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

/**
 * The logged-in user's saved payment instruments (spec §7 Accounts "Customer payments"): the list with the
 * methods they can save for, deleting one, and the preferred one on the user resource. Personal, never cached.
 */

const LinksSchema = z.object({
  elements: z.array(z.object({ itemId: z.string().optional(), uri: z.string().optional() })).default([]),
})
/** The user resource as far as the preferred payment instrument goes; the rest is passed back as read. */
const UserResourceSchema = z
  .object({ preferredPaymentInstrument: z.object({ id: z.string().optional() }).optional() })
  .passthrough()

const personal = { cache: 'none' as const }
const userPath = (user: SessionUser) =>
  user.customerType === 'SMBCustomer' ? 'customers/-/users/-' : 'privatecustomers/-'
const paymentsPath = (user: SessionUser, id?: string) =>
  `${customerResource(user)}/-/payments${id ? `/${encodeURIComponent(id)}` : ''}`

/** The id of the user's preferred payment instrument (ICM's User `preferredPaymentInstrument`). */
export async function preferredInstrumentId(scope: IcmScope, user: SessionUser) {
  const resource = await icmCall(scope, { path: userPath(user), schema: UserResourceSchema, ...personal })
  return resource.preferredPaymentInstrument?.id
}

/** The saved instruments (the list's Links resolved) and the methods new payment data can be saved for. */
export async function userPayments(
  scope: IcmScope,
  user: SessionUser,
): Promise<{ instruments: SavedInstrument[]; savable: PaymentMethod[] }> {
  const [links, methods, preferredId] = await Promise.all([
    icmCall(scope, { path: paymentsPath(user), schema: LinksSchema, ...personal }),
    icmCall(scope, {
      path: `${customerResource(user)}/-/eligible-payment-methods`,
      schema: UserPaymentMethodsSchema,
      ...personal,
    }),
    preferredInstrumentId(scope, user),
  ])
  const ids = links.elements.flatMap((link) => {
    const id = link.itemId ?? link.uri?.split('/').pop()
    return id ? [id] : []
  })
  const saved = await Promise.all(
    ids.map((id) =>
      icmCall(scope, { path: paymentsPath(user, id), schema: UserInstrumentSchema, ...personal }),
    ),
  )
  return mapUserPayments(methods, saved, preferredId)
}

/**
 * Spec §7 Accounts: "Deleting an instrument is followed by a 600 ms pause" before the list is read again. ICM
 * updates the user's preferred instrument after the deletion has answered; a list read at once can still
 * name the deleted one as preferred. The bundled API commits both together, a real ICM does not.
 */
export const DELETE_INSTRUMENT_PAUSE_MS = 600

/** `DELETE {customers}/-/payments/{id}`, then the spec's pause before the caller reloads the list. */
export function deleteUserInstrument(scope: IcmScope, user: SessionUser, id: string): Promise<IcmResult> {
  return tryIcm(
    icmCall(scope, { method: 'DELETE', path: paymentsPath(user, id), schema: z.unknown(), ...personal }).then(
      () => pause(DELETE_INSTRUMENT_PAUSE_MS).then(() => undefined),
    ),
  )
}

/**
 * Makes a saved instrument the user's preferred one (null: none) as ICM clients do: the user resource is
 * read and put back with `preferredPaymentInstrument` (`{}` clears it).
 */
export async function setPreferredInstrument(
  scope: IcmScope,
  user: SessionUser,
  id: string | null,
): Promise<IcmResult> {
  const resource = await icmCall(scope, { path: userPath(user), schema: UserResourceSchema, ...personal })
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: userPath(user),
      json: { ...resource, preferredPaymentInstrument: id ? { id } : {} },
      schema: z.unknown(),
      ...personal,
    }).then(() => undefined),
  )
}
