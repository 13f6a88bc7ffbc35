/**
 * Data-protection requests (issue 33): what the commerce API answers (`gdpr-requests`), the account page's
 * forms, and the outcome of a mailed link's confirmation as the `/gdpr-requests` page shows it (spec §8).
 */
import { z } from 'zod'
import { API_CODES } from './api-codes'

export const PersonalDataRequestSchema = z.object({
  id: z.string().max(100),
  type: z.enum(['copy', 'deletion']),
  status: z.enum(['PENDING', 'CONFIRMED']),
  creationDate: z.string(),
  confirmationExpiryDate: z.string(),
  confirmationDate: z.string().optional(),
  copyAvailable: z.boolean(),
  copyExpiryDate: z.string().optional(),
})
export type PersonalDataRequest = z.infer<typeof PersonalDataRequestSchema>

export const PersonalDataRequestListSchema = z.object({ data: z.array(PersonalDataRequestSchema) })
export const PersonalDataRequestCreatedSchema = z.object({ data: PersonalDataRequestSchema })

export const ConfirmationSchema = z.object({
  data: z
    .object({ type: z.enum(['copy', 'deletion']), loggedOut: z.boolean() })
    .partial()
    .optional(),
  infos: z.array(z.object({ causes: z.array(z.object({ code: z.string() })).optional() })).optional(),
})

/** A request as the account page lists it: its state now (an unconfirmed link may have run out). */
export type ListedRequest = PersonalDataRequest & { state: 'pending' | 'expired' | 'confirmed' }

export function listedRequest(request: PersonalDataRequest, now = Date.now()): ListedRequest {
  const state =
    request.status === 'CONFIRMED'
      ? 'confirmed'
      : Date.parse(request.confirmationExpiryDate) <= now
        ? 'expired'
        : 'pending'
  return { ...request, state }
}

/** The longest request id and link secret the page passes on (real ones: 36 and 43 characters). */
export const MAX_REQUEST_ID_LENGTH = 100
export const MAX_LINK_HASH_LENGTH = 128

/**
 * What the confirmation page says (spec §8): the first confirmation, a repeated one, the link's refusals (404,
 * 422), and anything else (the API unreachable or failing): `server_connection_failed`.
 */
export type ConfirmationOutcome =
  | {
      kind: 'confirmed' | 'already-confirmed'
      key: string
      type?: 'copy' | 'deletion'
      loggedOut: boolean
      requestId: string
    }
  | { kind: 'failed'; key: string; status: number }

export const LINK_EXPIRED_OUTCOME: ConfirmationOutcome = {
  kind: 'failed',
  key: API_CODES.personalDataLinkExpired,
  status: 404,
}
export const UNPROCESSABLE_OUTCOME: ConfirmationOutcome = {
  kind: 'failed',
  key: API_CODES.personalDataUnprocessable,
  status: 422,
}
export const CONNECTION_FAILED_OUTCOME: ConfirmationOutcome = {
  kind: 'failed',
  key: 'personal.data.request.server_connection_failed.error',
  status: 502,
}

/** The copy's document (format `ironbridge.personal-data.v1`), loosely: the page shows what is there. */
const Text = z.string().nullish()
const CopyAddress = z
  .object({
    addressName: Text,
    companyName1: Text,
    firstName: Text,
    lastName: Text,
    addressLine1: Text,
    addressLine2: Text,
    postalCode: Text,
    city: Text,
    countryCode: Text,
    phoneHome: Text,
    phoneMobile: Text,
    phoneBusiness: Text,
    email: Text,
  })
  .passthrough()

export const PersonalDataCopySchema = z.object({
  format: z.string(),
  createdAt: z.string(),
  customer: z.object({ customerNo: z.string(), type: Text, companyName: Text }).passthrough(),
  user: z
    .object({
      login: z.string(),
      email: z.string(),
      title: Text,
      firstName: Text,
      lastName: Text,
      phone: Text,
      phoneBusiness: Text,
      phoneMobile: Text,
      fax: Text,
      birthday: Text,
      department: Text,
      preferredLanguage: Text,
      createdAt: Text,
    })
    .passthrough(),
  addresses: z.array(CopyAddress),
  paymentInstruments: z.array(
    z.object({ paymentMethod: z.string(), accountIdentifier: z.string(), createdAt: Text }),
  ),
  orders: z.array(
    z
      .object({
        documentNumber: Text,
        requisitionNumber: Text,
        createdAt: Text,
        status: z.string(),
        currency: z.string(),
        grandTotalGross: z.number(),
        invoiceToAddress: CopyAddress.nullish(),
        lines: z.array(z.object({ sku: z.string(), name: Text, quantity: z.number() }).passthrough()),
      })
      .passthrough(),
  ),
  recurringOrders: z.array(
    z
      .object({
        number: z.string(),
        interval: z.string(),
        active: z.boolean(),
        currency: z.string(),
        totalGross: z.number(),
        createdAt: Text,
      })
      .passthrough(),
  ),
  newsletter: z.object({ subscribedAt: Text }).nullish(),
  wishlists: z
    .array(
      z.object({ title: z.string(), items: z.array(z.object({ sku: z.string(), quantity: z.number() })) }),
    )
    .default([]),
  personalDataRequests: z.array(
    z.object({ type: z.string(), status: z.string(), createdAt: Text, confirmedAt: Text }).passthrough(),
  ),
})
export type PersonalDataCopy = z.infer<typeof PersonalDataCopySchema>

/** One line of an address as the copy page shows it. */
export const addressLine = (a: z.infer<typeof CopyAddress>) =>
  [
    a.companyName1,
    [a.firstName, a.lastName].filter(Boolean).join(' '),
    a.addressLine1,
    a.addressLine2,
    [a.postalCode, a.city].filter(Boolean).join(' '),
    a.countryCode,
  ]
    .filter((part) => part && part.trim())
    .join(', ')

/** The file name of a copy's download. */
export const copyFilename = (createdAt: string) => `personal-data-${createdAt.slice(0, 10)}.json`
