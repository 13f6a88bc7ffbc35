/**
 * The address book's settings besides the addresses themselves (spec commerce-and-checkout §3, §5, issue 33):
 * a business address shared with the company or with some of its users (`PUT …/addresses/{id}/shared`), and
 * the user's preferred invoice-to and ship-to addresses (ICM's user update). Who may see and change an
 * address stays the one rule of addresses.ts (`addressAccess`).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { addresses, users } from '../db/schema'
import {
  addressUrn,
  addressUsage,
  customerAddress,
  customerAddresses,
  type AddressViewer,
  type ViewedAddress,
} from './addresses'
import { refusedError } from './errors'

/**
 * `PUT …/addresses/{id}/shared`: `shared` true with no `sharedFor` (or an empty one) shares the address with
 * every user of the company; with partner numbers, with those users only; `shared` false makes it the
 * owner's alone again.
 */
export const ShareInput = z
  .object({
    shared: z.boolean(),
    sharedFor: z.array(z.string().trim().min(1).max(20)).max(200).optional(),
  })
  .refine((input) => input.shared || !input.sharedFor?.length, {
    message: 'sharedFor names users only when shared is true',
    path: ['sharedFor'],
  })
export type ShareInput = z.infer<typeof ShareInput>

/**
 * Shares an owned business address, or stops sharing it: only who may change it (its owner, the account
 * admin); a company address (no owner) is every user's already, and a private customer has nobody to share
 * with. Every partner number must be one of another user of the company.
 */
export async function shareCustomerAddress(
  db: Db,
  viewer: AddressViewer,
  id: string,
  input: ShareInput,
): Promise<ViewedAddress> {
  if (!viewer.business)
    throw refusedError(
      'address.share.private_customer.error',
      'Only a business customer’s addresses can be shared.',
    )
  return db.transaction(async (tx) => {
    const { row } = await customerAddress(tx, viewer, id, 'change')
    if (row.ownerUserId === null)
      throw refusedError(
        'address.share.company_address.error',
        `The address '${id}' belongs to the company: every user sees it already.`,
      )
    const wanted = [...new Set(input.sharedFor ?? [])].sort()
    const known = wanted.length
      ? await tx
          .select({ no: users.businessPartnerNo })
          .from(users)
          .where(
            and(
              eq(users.customerNo, viewer.customerNo),
              isNotNull(users.businessPartnerNo),
              inArray(users.businessPartnerNo, wanted),
            ),
          )
      : []
    const [owner] = await tx
      .select({ no: users.businessPartnerNo })
      .from(users)
      .where(eq(users.id, row.ownerUserId))
    const unknown = wanted.filter((no) => no === owner?.no || !known.some((k) => k.no === no))
    if (unknown.length)
      throw refusedError('address.shared_for.unknown.error', 'The address cannot be shared so.', [
        {
          code: 'address.shared_for.unknown.error',
          message: `${unknown.join(', ')}: no other user of the company has this partner number.`,
          paths: ['sharedFor'],
        },
      ])
    await tx
      .update(addresses)
      .set({
        sharedWithCompany: input.shared && wanted.length === 0,
        sharedFor: input.shared ? wanted : [],
      })
      .where(eq(addresses.id, id))
    return customerAddress(tx, viewer, id, 'change')
  })
}

/** A user's preferred addresses, each only while the user may still see it (sharing can end). */
export type PreferredAddresses = { invoiceTo?: ViewedAddress; shipTo?: ViewedAddress }

export async function preferredAddresses(db: Db, viewer: AddressViewer): Promise<PreferredAddresses> {
  const [own] = await db
    .select({ invoiceTo: users.preferredInvoiceToAddressId, shipTo: users.preferredShipToAddressId })
    .from(users)
    .where(eq(users.id, viewer.userId))
  if (!own?.invoiceTo && !own?.shipTo) return {}
  const visible = await customerAddresses(db, viewer)
  const find = (id: string | null) => (id ? visible.find(({ row }) => row.id === id) : undefined)
  return { invoiceTo: find(own.invoiceTo), shipTo: find(own.shipTo) }
}

/**
 * A change of the preferred addresses: an address's URN (or id) to prefer it, null to prefer none; a field
 * left out stays as it is.
 */
export type PreferredChange = { invoiceTo?: string | null; shipTo?: string | null }

const FIELDS = {
  invoiceTo: { column: 'preferredInvoiceToAddressId', path: 'preferredInvoiceToAddress' },
  shipTo: { column: 'preferredShipToAddressId', path: 'preferredShipToAddress' },
} as const

/**
 * Sets the user's preferred invoice-to and ship-to addresses, in one transaction: each one of the book the user
 * sees that can serve that purpose (spec §3 User), else the whole change is refused naming the field.
 */
export async function setPreferredAddresses(db: Db, viewer: AddressViewer, change: PreferredChange) {
  const set: Partial<Record<(typeof FIELDS)[keyof typeof FIELDS]['column'], string | null>> = {}
  await db.transaction(async (tx) => {
    const visible = await customerAddresses(tx, viewer)
    for (const purpose of ['invoiceTo', 'shipTo'] as const) {
      const ref = change[purpose]
      if (ref === undefined) continue
      const { column, path } = FIELDS[purpose]
      if (ref === null) {
        set[column] = null
        continue
      }
      const id = ref.startsWith('urn:') ? (ref.split(':').pop() ?? '') : ref
      const found = visible.find(
        ({ row }) => row.id === id && (!ref.startsWith('urn:') || addressUrn(row) === ref),
      )
      if (!found || !addressUsage(found.row)[purpose])
        throw refusedError('address.preferred.not_eligible.error', 'The preferred address cannot be set.', [
          {
            code: 'address.preferred.not_eligible.error',
            message: `The address '${ref}' is not one of your addresses that can serve so.`,
            paths: [path],
          },
        ])
      set[column] = found.row.id
    }
    if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, viewer.userId))
  })
}
