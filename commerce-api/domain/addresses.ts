/**
 * Addresses (ADR 0010): a customer's address book and the addresses a shopper enters for one basket. Both are
 * ICM `AddressData` with a URN the basket refers to them by.
 *
 * Who may do what with a customer's address (spec commerce-and-checkout §5, issue 14) is decided in one place,
 * `addressAccess`: every address call and the basket's address assignment go through it.
 */
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { addresses, baskets, users } from '../db/schema'
import { countryOf, requiresRegion, type Country } from './countries'
import { forbiddenError, notFoundError, refusedError, type DomainErrorCause } from './errors'
import { isUuid } from './ids'
import { hasPermission } from './permissions'
import type { Principal } from './tokens'

export type AddressRow = typeof addresses.$inferSelect
type BasketRow = typeof baskets.$inferSelect

export const addressUrn = (row: AddressRow) =>
  row.customerNo
    ? `urn:address:customer:${row.customerNo}:${row.id}`
    : `urn:address:basket:${row.basketId}:${row.id}`

/** What the caller may do with an address, for ICM's `editable`, `shared`, `owner` and `sharedFor` fields. */
export type AddressView = {
  /** The caller may change and delete it. */
  editable: boolean
  /**
   * Other users of the company see it: a company address without an owner, or an owned one its owner shared
   * with the company (`sharedFor` empty) or with some users (`sharedFor` their partner numbers).
   */
  shared: boolean
  /** The login of the user it belongs to; absent for a company address. */
  owner?: string
  /** The partner numbers of the users an owned address is shared with; empty when shared with all. */
  sharedFor: string[]
}

/** A customer address that no user owns: the company's (or, for older rows, the customer's) own. */
export const isSharedAddress = (row: AddressRow) => row.customerNo !== null && row.ownerUserId === null

/**
 * Whether a business user other than the owner sees the address (spec §5): one without an owner, one shared
 * with the whole company, or one shared with the user's partner number.
 */
export const sharedWith = (row: AddressRow, businessPartnerNo: string | null) =>
  row.ownerUserId === null ||
  row.sharedWithCompany ||
  (businessPartnerNo !== null && row.sharedFor.includes(businessPartnerNo))

/**
 * The region an address names: only where its country's addresses name one. A row stored before that rule
 * (a German address with a Bundesland) keeps a code that no longer means anything, and is shown without it.
 */
export function addressRegion(row: AddressRow): string | null {
  const country = countryOf(row.countryCode)
  return country && requiresRegion(country) ? row.mainDivision : null
}

/** What an address can serve as in a basket (ICM's usage flags). */
export type AddressUsage = { invoiceTo: boolean; shipTo: boolean }

/**
 * The usage of an address, from its data: the shop invoices and delivers only within the countries it sells
 * to, so an address stored for a country it no longer sells to (countries.ts changed since) serves as
 * neither. The shop has no other restriction: any other address may be invoice and ship-to address alike.
 */
export function addressUsage(row: AddressRow): AddressUsage {
  const sold = countryOf(row.countryCode) !== undefined
  return { invoiceTo: sold, shipTo: sold }
}

const text = (max: number) => z.string().max(max, `at most ${max} characters`).nullable().optional()

/** What a caller may send for an address; wrong types and over-long texts are a 400. */
export const AddressInput = z
  .object({
    addressName: text(100),
    companyName1: text(100),
    companyName2: text(100),
    title: text(30),
    firstName: text(100),
    lastName: text(100),
    addressLine1: text(200),
    addressLine2: text(200),
    addressLine3: text(200),
    postalCode: text(20),
    city: text(100),
    mainDivision: text(10),
    mainDivisionCode: text(10),
    countryCode: text(2),
    phoneHome: text(40),
    phoneMobile: text(40),
    phoneBusiness: text(40),
    fax: text(40),
    email: text(200),
  })
  .passthrough()
export type AddressInput = z.infer<typeof AddressInput>

type AddressFields = Omit<typeof addresses.$inferInsert, 'id' | 'customerNo' | 'basketId' | 'createdAt'>

const REQUIRED = ['firstName', 'lastName', 'addressLine1', 'postalCode', 'city', 'countryCode'] as const
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Cause = DomainErrorCause & { paths: string[] }
type Field = keyof AddressInput
/** A field's text, trimmed; blank or not a text is null. */
type Read = (field: Field) => string | null

const readerOf =
  (input: AddressInput): Read =>
  (field) => {
    const v = input[field]
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null
  }

const missing = (field: string): Cause => ({
  code: 'address.field.missing.error',
  message: `${field} is required.`,
  paths: [field],
})

/** The postal code's format and the region, for a country the shop knows. */
function countryCauses(country: Country, postalCode: string | null, region: string | null): Cause[] {
  const causes: Cause[] = []
  const name = country.names.en_US
  if (country.postalCode && postalCode && !country.postalCode.test(postalCode)) {
    causes.push({
      code: 'address.postal_code.invalid.error',
      message: `'${postalCode}' is not a postal code of ${name}.`,
      paths: ['postalCode'],
    })
  }
  if (!requiresRegion(country)) return causes
  if (!region) {
    causes.push({
      code: 'address.main_division.missing.error',
      message: `A region is required for ${name}.`,
      paths: ['mainDivision'],
    })
  } else if (!country.regions?.some((r) => r.code === region)) {
    causes.push({
      code: 'address.main_division.invalid.error',
      message: `'${region}' is not a region of ${name}.`,
      paths: ['mainDivision'],
    })
  }
  return causes
}

function emailCauses(email: string | null, required: boolean): Cause[] {
  if (email && !EMAIL.test(email))
    return [
      {
        code: 'address.email.invalid.error',
        message: `'${email}' is not an e-mail address.`,
        paths: ['email'],
      },
    ]
  return !email && required ? [missing('email')] : []
}

/**
 * Checks an address and returns the fields to store, or throws a refusal whose causes name every field that
 * is missing or wrong: required fields, a known country, the country's postal code format, a region where
 * the country's addresses name one (none is kept where they do not), the e-mail's form (and, when
 * `emailRequired`, its presence).
 */
export function checkAddress(input: AddressInput, { emailRequired = false } = {}): AddressFields {
  const read = readerOf(input)
  const countryCode = read('countryCode')?.toUpperCase() ?? null
  const country = countryOf(countryCode)
  const postalCode = read('postalCode')
  const region = (read('mainDivisionCode') ?? read('mainDivision'))?.toUpperCase() ?? null
  const email = read('email')
  const causes: Cause[] = REQUIRED.filter((field) => !read(field)).map(missing)
  if (countryCode && !country) {
    causes.push({
      code: 'address.country.invalid.error',
      message: `The country '${countryCode}' is not one the shop delivers to.`,
      paths: ['countryCode'],
    })
  }
  if (country) causes.push(...countryCauses(country, postalCode, region))
  causes.push(...emailCauses(email, emailRequired))
  if (causes.length) throw refusedError('address.invalid.error', 'The address is not valid.', causes)
  return {
    ...optionalFields(read),
    firstName: read('firstName')!,
    lastName: read('lastName')!,
    addressLine1: read('addressLine1')!,
    postalCode: postalCode!,
    city: read('city')!,
    mainDivision: country && requiresRegion(country) ? region : null,
    countryCode: countryCode!,
    email,
  }
}

const optionalFields = (read: Read) => ({
  addressName: read('addressName'),
  companyName1: read('companyName1'),
  companyName2: read('companyName2'),
  title: read('title'),
  addressLine2: read('addressLine2'),
  addressLine3: read('addressLine3'),
  phoneHome: read('phoneHome'),
  phoneMobile: read('phoneMobile'),
  phoneBusiness: read('phoneBusiness'),
  fax: read('fax'),
})

/** An address as input again, so that a partial change (PATCH) is checked with the fields it leaves out. */
function inputOf(row: AddressRow): AddressInput {
  const {
    id: _id,
    customerNo: _c,
    ownerUserId: _o,
    basketId: _b,
    createdAt: _t,
    sharedWithCompany: _s,
    sharedFor: _f,
    ...fields
  } = row
  return fields
}

export const addressNotFound = (id: string) =>
  notFoundError('address.not_found.error', `The address '${id}' could not be found.`)

type UserPrincipal = Extract<Principal, { anonymous: false }>

/** A logged-in user looking at their customer's addresses. */
export type AddressViewer = {
  userId: string
  login: string
  customerNo: string
  business: boolean
  /** Administers the company's account, every address included. */
  accountAdmin: boolean
  /** The user's number in the company (users.businessPartnerNo), which addresses are shared with. */
  businessPartnerNo: string | null
}

// ICM has no permission for the company's address book; the one who manages the company's users, its account
// admin, manages its addresses too.
const ACCOUNT_ADMIN_PERMISSION = 'APP_B2B_MANAGE_USERS'

/** The caller as a viewer of the customer's addresses, with the partner number the token does not carry. */
export async function addressViewer(db: Db, principal: UserPrincipal): Promise<AddressViewer> {
  const business = principal.customerType === 'SMBCustomer'
  const [user] = await db
    .select({ businessPartnerNo: users.businessPartnerNo })
    .from(users)
    .where(eq(users.id, principal.userId))
  return {
    userId: principal.userId,
    login: principal.login,
    customerNo: principal.customerNo,
    business,
    accountAdmin: business && hasPermission(principal, ACCOUNT_ADMIN_PERMISSION),
    businessPartnerNo: user?.businessPartnerNo ?? null,
  }
}

/** none: not even visible; use: read it and use it in a basket; change: also edit and delete it. */
export type AddressAccess = 'none' | 'use' | 'change'

/**
 * The ownership rule of customer addresses (spec §5): a user sees the addresses without owner, their own and
 * those shared with the company or with their partner number, not other users' unshared ones, and changes
 * only their own; an account admin (APP_B2B_MANAGE_USERS) sees and changes every address of the company. A
 * private customer has one user, who owns every address of the customer: rows from before owners were
 * recorded (owner null) are that user's.
 */
export function addressAccess(viewer: AddressViewer, row: AddressRow): AddressAccess {
  if (row.customerNo === null || row.customerNo !== viewer.customerNo) return 'none'
  if (row.ownerUserId === viewer.userId) return 'change'
  if (!viewer.business) return row.ownerUserId === null ? 'change' : 'none'
  if (viewer.accountAdmin) return 'change'
  return sharedWith(row, viewer.businessPartnerNo) ? 'use' : 'none'
}

function addressView(viewer: AddressViewer, row: AddressRow, ownerLogin: string | null): AddressView {
  const company = viewer.business && row.ownerUserId === null
  return {
    editable: addressAccess(viewer, row) === 'change',
    shared: company || (viewer.business && (row.sharedWithCompany || row.sharedFor.length > 0)),
    owner: company ? undefined : row.ownerUserId ? (ownerLogin ?? undefined) : viewer.login,
    sharedFor: company || row.sharedWithCompany ? [] : row.sharedFor,
  }
}

export type ViewedAddress = { row: AddressRow; view: AddressView }

async function customerRows(db: Db, viewer: AddressViewer, where: SQL | undefined) {
  const rows = await db
    .select({ row: addresses, ownerLogin: users.login })
    .from(addresses)
    .leftJoin(users, eq(users.id, addresses.ownerUserId))
    .where(and(eq(addresses.customerNo, viewer.customerNo), where))
    .orderBy(asc(addresses.createdAt), asc(addresses.id))
  return rows
    .filter(({ row }) => addressAccess(viewer, row) !== 'none')
    .map(({ row, ownerLogin }): ViewedAddress => ({ row, view: addressView(viewer, row, ownerLogin) }))
}

/** The customer's addresses this user may see. */
export const customerAddresses = (db: Db, viewer: AddressViewer) => customerRows(db, viewer, undefined)

const addressNotEditable = (id: string) =>
  forbiddenError(
    'address.not_editable.error',
    `The address '${id}' is shared by the company: only an account administrator may change it.`,
  )

/**
 * One address of the customer for reading (`use`) or for a change: one the user may not see is not found
 * (not-found), one they may see but not change is forbidden.
 */
export async function customerAddress(
  db: Db,
  viewer: AddressViewer,
  id: string,
  intent: 'use' | 'change' = 'use',
): Promise<ViewedAddress> {
  if (!isUuid(id)) throw addressNotFound(id)
  const [found] = await customerRows(db, viewer, eq(addresses.id, id))
  if (!found) throw addressNotFound(id)
  if (intent === 'change' && !found.view.editable) throw addressNotEditable(id)
  return found
}

/** A new address of the book, owned by the user who creates it. */
export async function createCustomerAddress(db: Db, viewer: AddressViewer, input: AddressInput) {
  const fields = checkAddress(input)
  const [row] = await db
    .insert(addresses)
    .values({ ...fields, customerNo: viewer.customerNo, ownerUserId: viewer.userId })
    .returning()
  return row!
}

export async function updateCustomerAddress(
  db: Db,
  viewer: AddressViewer,
  id: string,
  input: AddressInput,
): Promise<ViewedAddress> {
  const { view } = await customerAddress(db, viewer, id, 'change')
  const fields = checkAddress(input)
  const [row] = await db
    .update(addresses)
    .set(fields)
    .where(and(eq(addresses.id, id), eq(addresses.customerNo, viewer.customerNo)))
    .returning()
  if (!row) throw addressNotFound(id)
  return { row, view }
}

/** Whether an address can serve a basket at all (ICM's "eligible"): as invoice-to or as ship-to address. */
const isEligible = (row: AddressRow) => {
  const usage = addressUsage(row)
  return usage.invoiceTo || usage.shipTo
}

/**
 * Deletes an address of the book (spec §5): only one the user may change, not their preferred invoice-to or
 * ship-to address, and not while it is the only eligible address they see. Baskets that used it lose it, and
 * so do other users who preferred it (the foreign keys clear their references).
 */
export async function deleteCustomerAddress(db: Db, viewer: AddressViewer, id: string) {
  await db.transaction(async (tx) => {
    await customerAddress(tx, viewer, id, 'change')
    const [own] = await tx
      .select({ invoiceTo: users.preferredInvoiceToAddressId, shipTo: users.preferredShipToAddressId })
      .from(users)
      .where(eq(users.id, viewer.userId))
    if (own && (own.invoiceTo === id || own.shipTo === id)) {
      throw refusedError(
        'address.delete.preferred.error',
        `The address '${id}' is your preferred invoice or ship-to address; choose another one first.`,
      )
    }
    const eligible = (await customerRows(tx, viewer, undefined)).filter(({ row }) => isEligible(row))
    if (!eligible.some(({ row }) => row.id !== id)) {
      throw refusedError(
        'address.delete.last.error',
        `The address '${id}' is your only address; add another one before deleting it.`,
      )
    }
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.customerNo, viewer.customerNo)))
  })
}

/** An address entered for one basket (a guest's, or a one-time address of a user). */
export async function createBasketAddress(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  input: AddressInput,
) {
  // A guest's first address (the invoice address) must carry the e-mail; a further ship-to address need not.
  const withEmail = principal.anonymous
    ? await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.basketId, basket.id), isNotNull(addresses.email)))
        .limit(1)
    : []
  const fields = checkAddress(input, {
    emailRequired: principal.anonymous && !basket.email && withEmail.length === 0,
  })
  const [row] = await db
    .insert(addresses)
    .values({ ...fields, basketId: basket.id })
    .returning()
  return row!
}

export async function updateBasketAddress(db: Db, basket: BasketRow, id: string, input: AddressInput) {
  if (!isUuid(id)) throw addressNotFound(id)
  const [existing] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.basketId, basket.id)))
  if (!existing) throw addressNotFound(id)
  // Fields left out keep their value: a PATCH changes what it names.
  const merged = { ...inputOf(existing), ...input }
  const fields = checkAddress(merged, { emailRequired: !!existing.email })
  return db.transaction(async (tx) => {
    const [row] = await tx.update(addresses).set(fields).where(eq(addresses.id, id)).returning()
    if (basket.invoiceToAddressId === id && fields.email)
      await tx
        .update(baskets)
        .set({ email: fields.email, updatedAt: new Date() })
        .where(eq(baskets.id, basket.id))
    return row!
  })
}

/**
 * The addresses a basket may use: its own, and for a user those of the customer's address book the user may
 * see (addressAccess), each with its view.
 */
export async function eligibleAddresses(
  db: Db,
  basket: BasketRow,
  principal: Principal,
): Promise<{ row: AddressRow; view?: AddressView }[]> {
  const own = await db
    .select()
    .from(addresses)
    .where(eq(addresses.basketId, basket.id))
    .orderBy(asc(addresses.createdAt), asc(addresses.id))
  const basketAddresses = own.map((row) => ({ row }))
  if (principal.anonymous) return basketAddresses
  const book = await customerAddresses(db, await addressViewer(db, principal))
  return [...book, ...basketAddresses].sort(
    (a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime() || a.row.id.localeCompare(b.row.id),
  )
}

/**
 * The address a basket field names, by URN or id: one of the basket's own or (for a user) one of the
 * customer's that the user may see. Anything else (another user's own address included) is refused, naming
 * the field.
 */
export async function eligibleAddress(
  db: Db,
  basket: BasketRow,
  principal: Principal,
  ref: string,
  field: string,
): Promise<AddressRow> {
  const id = ref.startsWith('urn:') ? (ref.split(':').pop() ?? '') : ref
  const row = isUuid(id)
    ? (await eligibleAddresses(db, basket, principal)).find(
        ({ row: a }) => a.id === id && (!ref.startsWith('urn:') || addressUrn(a) === ref),
      )?.row
    : undefined
  if (!row) {
    throw refusedError(
      'basket.address.not_eligible.error',
      `The address '${ref}' cannot be used for this basket.`,
      [
        {
          code: 'basket.address.not_eligible.error',
          message: `The address '${ref}' is not one of yours.`,
          paths: [field],
        },
      ],
    )
  }
  return row
}

export async function addressesById(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  const map = new Map<string, AddressRow>()
  for (const id of wanted) {
    const [row] = await db.select().from(addresses).where(eq(addresses.id, id))
    if (row) map.set(id, row)
  }
  return map
}
