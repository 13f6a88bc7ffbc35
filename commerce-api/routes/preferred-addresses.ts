import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireUser } from '../auth'
import { preferredAddresses, type PreferredChange } from '../domain/address-book'
import { addressViewer } from '../domain/addresses'
import type { Db } from '../db/client'
import { preferredAddressesJson } from '../icm/addresses'
import { parseInput } from '../http'

/**
 * The preferred addresses in ICM's user update (`PUT customers/-/users/-`, `PUT privatecustomers/-`), as the
 * Intershop PWA sends them: `{urn}` prefers that address, `{urn: null}` (or null) prefers none, and a field
 * left out, or `{}` (the PWA's way of sending "none set"), leaves it as it is. Other user fields pass.
 */
const AddressRef = z
  .object({ urn: z.string().max(300).nullish() })
  .passthrough()
  .nullish()
const PreferredAddressesBody = z
  .object({ preferredInvoiceToAddress: AddressRef, preferredShipToAddress: AddressRef })
  .passthrough()

type Ref = z.infer<typeof AddressRef>

const changeOf = (body: Record<string, unknown>, key: string, ref: Ref): string | null | undefined => {
  if (!Object.hasOwn(body, key) || ref === undefined) return undefined
  if (ref === null || ref.urn === null || ref.urn === '') return null
  return ref.urn
}

/** The caller's preferred addresses as ICM's user (UserData) carries them: whole addresses. */
export async function ownPreferredAddresses(db: Db, request: FastifyRequest) {
  const viewer = await addressViewer(db, await requireUser(db, request))
  return preferredAddressesJson(await preferredAddresses(db, viewer), request.scope.locale)
}

/**
 * A user update's change of the preferred addresses (a 400 for a malformed one); undefined when it changes
 * neither. The profile's update applies it in its transaction (domain/profile.ts).
 */
export function preferredAddressChange(body: unknown): PreferredChange | undefined {
  const parsed = parseInput(PreferredAddressesBody, body ?? {}, 'user')
  const change: PreferredChange = {
    invoiceTo: changeOf(parsed, 'preferredInvoiceToAddress', parsed.preferredInvoiceToAddress),
    shipTo: changeOf(parsed, 'preferredShipToAddress', parsed.preferredShipToAddress),
  }
  return change.invoiceTo === undefined && change.shipTo === undefined ? undefined : change
}
