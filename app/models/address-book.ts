import '~/browser/account-texts'
import { z } from 'zod'
import { mapAddress, type Address, type AddressData } from './address'
import { addressSchema, editAddressSchema } from './address-form'
import type { Translate } from './messages'

/**
 * The account's address book (`/{lang}/account/addresses`, spec §3 Address, §5): the customer's addresses as
 * the user may treat them, with the preferred ones and, for business customers, who owns and who shares them.
 */
export type BookAddress = Address & {
  /** The user may change and delete it. */
  editable: boolean
  /** Other users of the company see it (a company address, or one shared by its owner). */
  shared: boolean
  /** The login of the user it belongs to; none for a company address. */
  owner?: string
  /** Partner numbers of the users it is shared with; empty when shared with the whole company. */
  sharedFor: string[]
  preferredInvoiceTo: boolean
  preferredShipTo: boolean
}

export type PreferredUrns = { invoiceTo?: string; shipTo?: string }

export const addressBookPath = (lang: string) => `/${lang}/account/addresses`

/** An address of the book as ICM sends it (`AddressData` with `editable`, `shared`, `owner`, `sharedFor`). */
export const BookAddressSchema = z
  .object({
    editable: z.boolean().optional(),
    shared: z.boolean().optional(),
    owner: z.string().optional(),
    sharedFor: z.array(z.string()).optional(),
  })
  .passthrough()

export function mapBookAddress(
  data: AddressData & z.infer<typeof BookAddressSchema>,
  preferred: PreferredUrns,
): BookAddress {
  const address = mapAddress(data)
  return {
    ...address,
    editable: data.editable ?? true,
    shared: data.shared ?? false,
    owner: data.owner,
    sharedFor: data.sharedFor ?? [],
    preferredInvoiceTo: address.urn === preferred.invoiceTo,
    preferredShipTo: address.urn === preferred.shipTo,
  }
}

/** Preferred first (invoice-to, then ship-to), then the book's order. */
export const sortBook = (book: BookAddress[]) =>
  [...book].sort(
    (a, b) =>
      Number(b.preferredInvoiceTo) - Number(a.preferredInvoiceTo) ||
      Number(b.preferredShipTo) - Number(a.preferredShipTo),
  )

/** Who an address is shared with, as the share form offers it. */
export const SHARINGS = ['none', 'company', 'users'] as const
export type Sharing = (typeof SHARINGS)[number]

export const sharingOf = (address: BookAddress): Sharing =>
  !address.shared ? 'none' : address.sharedFor.length ? 'users' : 'company'

/** Partner numbers typed as a list: separated by commas, semicolons or spaces; each at most 20 characters. */
export const partnerNumbers = (text: string | undefined) => [
  ...new Set(
    (text ?? '')
      .split(/[\s,;]+/)
      .map((no) => no.trim())
      .filter(Boolean),
  ),
]

const shareFields = (t: Translate) => ({
  addressId: z.string().trim().min(1).max(100),
  sharing: z.enum(SHARINGS, { required_error: t('form.required') }),
  sharedFor: z
    .string()
    .trim()
    .max(400, t('form.max_length', { max: 400 }))
    .optional(),
})

/** Sharing with some users needs their partner numbers, each a short code. */
function checkSharing(t: Translate) {
  return (form: { sharing?: Sharing; sharedFor?: string }, ctx: z.RefinementCtx) => {
    if (form.sharing === undefined) return
    const numbers = partnerNumbers(form.sharedFor)
    if (form.sharing === 'users' && !numbers.length)
      ctx.addIssue({
        code: 'custom',
        path: ['sharedFor'],
        message: t('account.address_book.share.users.required'),
      })
    if (numbers.some((no) => no.length > 20))
      ctx.addIssue({
        code: 'custom',
        path: ['sharedFor'],
        message: t('account.address_book.share.users.invalid'),
      })
  }
}

/** The share form of one address: not shared, shared with the company, or with the users named. */
export const shareSchema = (t: Translate) => z.object(shareFields(t)).superRefine(checkSharing(t))

/** A new address of the book. */
export const bookAddressSchema = (t: Translate, regionsOf: (country: string) => string[] | undefined) =>
  z.object({ address: addressSchema(t, regionsOf) })

/**
 * The address book's forms, told apart by `intent`: a new address, a changed one, deleting one (after the
 * confirmation step), preferring one for invoices or deliveries (`addressId` is then its URN), and sharing one.
 */
export function addressBookSchema(t: Translate, regionsOf: (country: string) => string[] | undefined) {
  const id = z.string().trim().min(1).max(200)
  return z
    .discriminatedUnion('intent', [
      bookAddressSchema(t, regionsOf).extend({ intent: z.literal('create') }),
      editAddressSchema(t, regionsOf).extend({ intent: z.literal('edit') }),
      z.object({ intent: z.literal('delete'), addressId: id }),
      z.object({ intent: z.literal('prefer'), addressId: id, purpose: z.enum(['invoiceTo', 'shipTo']) }),
      z.object({ intent: z.literal('share'), ...shareFields(t) }),
    ])
    .superRefine((form, ctx) => {
      if (form.intent === 'share') checkSharing(t)(form, ctx)
    })
}

export type AddressBookForm = z.infer<ReturnType<typeof addressBookSchema>>
