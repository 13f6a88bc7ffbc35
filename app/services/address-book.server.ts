/**
 * The account's address book against ICM (spec §7 Accounts): the customer's addresses
 * (`{res}/-/addresses[/{id}]`, read through their Links), the user's preferred addresses (read with the user
 * and set by ICM's user update, as the Intershop PWA sends it: the user as read, with the new preference), the
 * deletion and the sharing of business addresses (`PUT …/addresses/{id}/shared`). Personal, never cached.
 */
import { z } from 'zod'
import { AddressSchema } from '~/models/address'
import {
  BookAddressSchema,
  mapBookAddress,
  type BookAddress,
  type PreferredUrns,
} from '~/models/address-book'
import { customerResource } from './addresses.server'
import { icmCall, tryIcm, type IcmResult, type IcmScope } from './icm.server'
import type { SessionUser } from './session.server'

const BookSchema = z.object({ elements: z.array(z.object({ itemId: z.string().optional() })).default([]) })
const PreferredRef = z.object({ urn: z.string().optional() }).passthrough().optional()
/** The user as read (`customers/-/users/-` or `privatecustomers/-`): sent back whole when it changes. */
const OwnUserSchema = z
  .object({ preferredInvoiceToAddress: PreferredRef, preferredShipToAddress: PreferredRef })
  .passthrough()

const ownUserPath = (user: SessionUser) =>
  user.customerType === 'SMBCustomer' ? 'customers/-/users/-' : 'privatecustomers/-'
const bookPath = (user: SessionUser, id?: string) =>
  `${customerResource(user)}/-/addresses${id ? `/${encodeURIComponent(id)}` : ''}`

async function ownUser(scope: IcmScope, user: SessionUser) {
  return icmCall(scope, { path: ownUserPath(user), schema: OwnUserSchema, cache: 'none' })
}

/** The URNs of the user's preferred invoice-to and ship-to addresses. */
export async function preferredUrns(scope: IcmScope, user: SessionUser): Promise<PreferredUrns> {
  const own = await ownUser(scope, user)
  return { invoiceTo: own.preferredInvoiceToAddress?.urn, shipTo: own.preferredShipToAddress?.urn }
}

/** The addresses of the book the user sees, each as they may treat it, with the preferred ones marked. */
export async function addressBook(scope: IcmScope, user: SessionUser): Promise<BookAddress[]> {
  const [list, preferred] = await Promise.all([
    icmCall(scope, { path: bookPath(user), schema: BookSchema, cache: 'none' }),
    preferredUrns(scope, user),
  ])
  const ids = list.elements.map((link) => link.itemId).filter((id): id is string => !!id)
  const schema = AddressSchema.merge(BookAddressSchema)
  const rows = await Promise.all(
    ids.map((id) => icmCall(scope, { path: bookPath(user, id), schema, cache: 'none' })),
  )
  return rows.map((row) => mapBookAddress(row, preferred))
}

/** Prefers an address for invoices or deliveries (ICM's user update with the user as read). */
export async function preferAddress(
  scope: IcmScope,
  user: SessionUser,
  purpose: 'invoiceTo' | 'shipTo',
  urn: string,
): Promise<IcmResult> {
  const own = await ownUser(scope, user)
  const field = purpose === 'invoiceTo' ? 'preferredInvoiceToAddress' : 'preferredShipToAddress'
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: ownUserPath(user),
      json: { ...own, [field]: { urn } },
      schema: z.unknown(),
      cache: 'none',
    }).then(() => undefined),
  )
}

export function deleteBookAddress(scope: IcmScope, user: SessionUser, id: string): Promise<IcmResult> {
  return tryIcm(
    icmCall(scope, { method: 'DELETE', path: bookPath(user, id), schema: z.unknown(), cache: 'none' }).then(
      () => undefined,
    ),
  )
}

/** Shares a business address with the company (`sharedFor` empty) or some users, or stops sharing it. */
export function shareBookAddress(
  scope: IcmScope,
  user: SessionUser,
  id: string,
  sharing: { shared: boolean; sharedFor: string[] },
): Promise<IcmResult> {
  return tryIcm(
    icmCall(scope, {
      method: 'PUT',
      path: `${bookPath(user, id)}/shared`,
      json: sharing.shared ? sharing : { shared: false },
      schema: z.unknown(),
      cache: 'none',
    }).then(() => undefined),
  )
}
