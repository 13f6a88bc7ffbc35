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
import { ApiError } from '../http'
import type { Locale } from './channel'
import { countryName, countryOf, divisionName } from './countries'
import type { Principal } from './tokens'
import { isUuid } from './ids'

export type AddressRow = typeof addresses.$inferSelect
type BasketRow = typeof baskets.$inferSelect

export const addressUrn = (row: AddressRow) =>
  row.customerNo
    ? `urn:address:customer:${row.customerNo}:${row.id}`
    : `urn:address:basket:${row.basketId}:${row.id}`

const opt = (value: string | null) => value ?? undefined

/** What the caller may do with an address, for ICM's `editable`, `shared` and `owner` fields. */
export type AddressView = {
  /** The caller may change and delete it. */
  editable: boolean
  /** A company address without an owner, which every user of the customer may use. */
  shared: boolean
  /** The login of the user it belongs to; absent for a shared address. */
  owner?: string
}

/**
 * ICM's AddressData. Without a view (a basket's included addresses) `shared` follows the row: a customer
 * address that no user owns.
 */
export function addressJson(row: AddressRow, locale: Locale, view?: AddressView) {
  return {
    id: row.id,
    urn: addressUrn(row),
    addressName: opt(row.addressName),
    companyName1: opt(row.companyName1),
    companyName2: opt(row.companyName2),
    title: opt(row.title),
    firstName: row.firstName,
    lastName: row.lastName,
    addressLine1: row.addressLine1,
    addressLine2: opt(row.addressLine2),
    addressLine3: opt(row.addressLine3),
    postalCode: row.postalCode,
    city: row.city,
    mainDivision: opt(row.mainDivision),
    mainDivisionCode: opt(row.mainDivision),
    mainDivisionName: divisionName(row.countryCode, row.mainDivision, locale),
    country: countryName(row.countryCode, locale),
    countryCode: row.countryCode,
    phoneHome: opt(row.phoneHome),
    phoneMobile: opt(row.phoneMobile),
    phoneBusiness: opt(row.phoneBusiness),
    fax: opt(row.fax),
    email: opt(row.email),
    eligibleInvoiceToAddress: true,
    eligibleShipToAddress: true,
    invoiceToAddress: true,
    shipToAddress: true,
    shared: view?.shared ?? (row.customerNo !== null && row.ownerUserId === null),
    ...(view ? { editable: view.editable, owner: view.owner } : {}),
  }
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

/**
 * Checks an address and returns the fields to store, or throws a 422 whose causes name every field that is
 * missing or wrong: required fields, a known country, the country's postal code format, a region where the
 * country has regions, the e-mail's form (and, when `emailRequired`, its presence).
 */
export function checkAddress(input: AddressInput, { emailRequired = false } = {}): AddressFields {
  const value = (key: keyof AddressInput) => {
    const v = input[key]
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null
  }
  const causes: { code: string; message: string; paths: string[] }[] = []
  for (const field of REQUIRED) {
    if (!value(field))
      causes.push({ code: 'address.field.missing.error', message: `${field} is required.`, paths: [field] })
  }
  const countryCode = value('countryCode')?.toUpperCase() ?? null
  const country = countryOf(countryCode)
  if (countryCode && !country) {
    causes.push({
      code: 'address.country.invalid.error',
      message: `The country '${countryCode}' is not one the shop delivers to.`,
      paths: ['countryCode'],
    })
  }
  const postalCode = value('postalCode')
  if (country?.postalCode && postalCode && !country.postalCode.test(postalCode)) {
    causes.push({
      code: 'address.postal_code.invalid.error',
      message: `'${postalCode}' is not a postal code of ${country.names.en_US}.`,
      paths: ['postalCode'],
    })
  }
  let mainDivision = (value('mainDivisionCode') ?? value('mainDivision'))?.toUpperCase() ?? null
  if (country?.divisions?.length) {
    if (!mainDivision) {
      causes.push({
        code: 'address.main_division.missing.error',
        message: `A region is required for ${country.names.en_US}.`,
        paths: ['mainDivision'],
      })
    } else if (!country.divisions.some((d) => d.code === mainDivision)) {
      causes.push({
        code: 'address.main_division.invalid.error',
        message: `'${mainDivision}' is not a region of ${country.names.en_US}.`,
        paths: ['mainDivision'],
      })
    }
  } else {
    mainDivision = null
  }
  const email = value('email')
  if (email && !EMAIL.test(email)) {
    causes.push({
      code: 'address.email.invalid.error',
      message: `'${email}' is not an e-mail address.`,
      paths: ['email'],
    })
  } else if (!email && emailRequired) {
    causes.push({ code: 'address.field.missing.error', message: 'email is required.', paths: ['email'] })
  }
  if (causes.length) throw new ApiError(422, 'address.invalid.error', 'The address is not valid.', causes)
  return {
    addressName: value('addressName'),
    companyName1: value('companyName1'),
    companyName2: value('companyName2'),
    title: value('title'),
    firstName: value('firstName')!,
    lastName: value('lastName')!,
    addressLine1: value('addressLine1')!,
    addressLine2: value('addressLine2'),
    addressLine3: value('addressLine3'),
    postalCode: postalCode!,
    city: value('city')!,
    mainDivision,
    countryCode: countryCode!,
    phoneHome: value('phoneHome'),
    phoneMobile: value('phoneMobile'),
    phoneBusiness: value('phoneBusiness'),
    fax: value('fax'),
    email,
  }
}

export const addressNotFound = (id: string) =>
  new ApiError(404, 'address.not_found.error', `The address '${id}' could not be found.`)

const ACCOUNT_ADMIN_ROLE = 'APP_B2B_ACCOUNT_OWNER'

type UserPrincipal = Extract<Principal, { anonymous: false }>

/** A logged-in user looking at their customer's addresses. */
export type AddressViewer = {
  userId: string
  login: string
  customerNo: string
  business: boolean
  /** Holds APP_B2B_ACCOUNT_OWNER: administers the company's account, every address included. */
  accountAdmin: boolean
}

export async function addressViewer(db: Db, principal: UserPrincipal): Promise<AddressViewer> {
  const business = principal.customerType === 'SMBCustomer'
  const [user] = business
    ? await db.select({ roles: users.roles }).from(users).where(eq(users.id, principal.userId))
    : []
  return {
    userId: principal.userId,
    login: principal.login,
    customerNo: principal.customerNo,
    business,
    accountAdmin: !!user?.roles.includes(ACCOUNT_ADMIN_ROLE),
  }
}

/** none: not even visible; use: read it and use it in a basket; change: also edit and delete it. */
export type AddressAccess = 'none' | 'use' | 'change'

/**
 * The ownership rule of customer addresses (spec §5): a user sees the addresses without owner and their own,
 * not other users' own ones, and changes only their own; an account admin (APP_B2B_ACCOUNT_OWNER) sees and
 * changes every address of the company. A private customer has one user, who owns every address of the
 * customer: rows from before owners were recorded (owner null) are that user's.
 */
export function addressAccess(viewer: AddressViewer, row: AddressRow): AddressAccess {
  if (row.customerNo === null || row.customerNo !== viewer.customerNo) return 'none'
  if (row.ownerUserId === viewer.userId) return 'change'
  if (!viewer.business) return row.ownerUserId === null ? 'change' : 'none'
  if (viewer.accountAdmin) return 'change'
  return row.ownerUserId === null ? 'use' : 'none'
}

function addressView(viewer: AddressViewer, row: AddressRow, ownerLogin: string | null): AddressView {
  const shared = viewer.business && row.ownerUserId === null
  return {
    editable: addressAccess(viewer, row) === 'change',
    shared,
    owner: shared ? undefined : row.ownerUserId ? (ownerLogin ?? undefined) : viewer.login,
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
  new ApiError(
    403,
    'address.not_editable.error',
    `The address '${id}' is shared by the company: only an account administrator may change it.`,
  )

/**
 * One address of the customer for reading (`use`) or for a change: one the user may not see is not found
 * (404), one they may see but not change is forbidden (403).
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

/** Deletes an address of the book; baskets that used it lose it (the foreign key clears their reference). */
export async function deleteCustomerAddress(db: Db, viewer: AddressViewer, id: string) {
  await customerAddress(db, viewer, id, 'change')
  await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.customerNo, viewer.customerNo)))
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
  const merged = { ...addressJson(existing, 'en_US'), mainDivision: existing.mainDivision, ...input }
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
 * customer's that the user may see. Anything else (another user's own address included) is a 422 naming the
 * field.
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
    throw new ApiError(
      422,
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
