/**
 * Registration (spec §4 "Registration and login", §7 `POST privatecustomers` / `POST customers`): a private
 * customer with their one user, or a business customer with its first user, who administers the company.
 * Each with an address (a business customer's is the company's, shared), a password of the shop's rule, and
 * optionally the newsletter. One transaction writes it all, with the mail the registration causes.
 *
 * Where the kind of customer needs the shop's approval (AccountSettings.approval), the customer waits
 * (`approvalPending`): its users cannot log in until the operator approves it (`approveCustomer`).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  addresses,
  apiTokens,
  customerNumbers,
  customers,
  newsletterSubscriptions,
  users,
} from '../db/schema'
import { checkAddress, type AddressInput } from './addresses'
import { isLocale, type Locale } from './channel'
import type { AccountSettings, CustomerKind } from './configuration'
import {
  conflictError,
  DomainError,
  forbiddenError,
  notFoundError,
  refusedError,
  type DomainErrorCause,
} from './errors'
import { publish } from './events'
import { PASSWORD_VIOLATION, passwordRuleViolation } from './password-tokens'
import { hashPassword } from './passwords'
import { REGISTRANT_CUSTOMER_NO } from './tokens'
import { NAME_TAKEN, takenNames, uniquely } from './users'

/** The roles of a business customer's first user: they administer the company and buy. */
export const FIRST_BUSINESS_USER_ROLES = ['APP_B2B_ACCOUNT_OWNER', 'APP_B2B_BUYER']

export type RegistrationInput = {
  kind: CustomerKind
  user: {
    title?: string | null
    firstName?: string | null
    lastName?: string | null
    email?: string | null
    phoneHome?: string | null
    preferredLanguage?: string | null
  }
  credentials: { login?: string | null; password?: string | null }
  address: AddressInput
  /** A business customer's company. */
  company?: {
    companyName?: string | null
    companyName2?: string | null
    taxationID?: string | null
    industry?: string | null
  }
  /** Subscribe the user's e-mail address to the newsletter (where the shop offers it). */
  newsletter?: boolean
}

export type Registration = {
  customer: typeof customers.$inferSelect
  user: typeof users.$inferSelect
  /** The customer waits for the shop's approval before its users can log in. */
  approvalPending: boolean
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INVALID = 'customer.registration.invalid.error'
const MISSING = 'customer.registration.field.missing.error'

const missing = (path: string): DomainErrorCause => ({
  code: MISSING,
  message: `${path} is required.`,
  paths: [path],
})
const filled = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() ? value.trim() : null

/**
 * Every field at fault, named by its path in ICM's body (`user.email`, `credentials.password`, `address.city`);
 * `credentials: false` for a user of single sign-on, who has no password in the shop.
 */
function causesOf(input: RegistrationInput, { credentials = true } = {}): DomainErrorCause[] {
  const causes: DomainErrorCause[] = []
  for (const field of ['firstName', 'lastName', 'email'] as const)
    if (!filled(input.user[field])) causes.push(missing(`user.${field}`))
  const email = filled(input.user.email)
  if (email && !EMAIL.test(email))
    causes.push({
      code: 'customer.email.invalid.error',
      message: `'${email}' is not an e-mail address.`,
      paths: ['user.email'],
    })
  const password = input.credentials.password ?? ''
  if (!credentials) {
    // Single sign-on: the provider holds the credentials.
  } else if (!password) causes.push(missing('credentials.password'))
  else {
    const violation = passwordRuleViolation(password)
    if (violation)
      causes.push({ code: PASSWORD_VIOLATION, message: violation, paths: ['credentials.password'] })
  }
  if (input.kind === 'business' && !filled(input.company?.companyName)) causes.push(missing('companyName'))
  try {
    checkAddress(input.address)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    causes.push(
      ...error.causes.map((cause) => ({ ...cause, paths: (cause.paths ?? []).map((p) => `address.${p}`) })),
    )
  }
  return causes
}

/** Refused (403) where the shop does not register customers of the kind (AccountSettings.registration). */
function assertRegisters(settings: AccountSettings, kind: CustomerKind) {
  if (!settings.registration[kind])
    throw forbiddenError(
      'customer.registration.disabled.error',
      `The shop does not register ${kind} customers.`,
    )
}

/** The registering user's own fields: names, phone, language; a business's first user administers it. */
function registeredUserFields(input: RegistrationInput, preferredLanguage: string) {
  const business = input.kind === 'business'
  return {
    title: filled(input.user.title),
    firstName: filled(input.user.firstName)!,
    lastName: filled(input.user.lastName)!,
    phone: filled(input.user.phoneHome),
    preferredLanguage,
    roles: business ? FIRST_BUSINESS_USER_ROLES : [],
    businessPartnerNo: business ? 'U00001' : null,
  }
}

/**
 * Registers a customer: refused when the kind may not register (403), with every field at fault (422), when
 * the login or e-mail address names someone already (409, never saying whose); else written in one
 * transaction and published (`customer.registered`), so that the shop's mail commits with it.
 */
export async function registerCustomer(
  db: Db,
  input: RegistrationInput,
  settings: AccountSettings,
  locale: Locale,
): Promise<Registration> {
  assertRegisters(settings, input.kind)
  const causes = causesOf(input)
  if (causes.length) throw refusedError(INVALID, 'The registration is not complete or not valid.', causes)
  const email = filled(input.user.email)!
  const login = filled(input.credentials.login) ?? email
  const taken = await takenNames(db, [login, email])
  if (taken.size) {
    const paths = [
      ...(taken.has(login.toLowerCase()) ? ['credentials.login'] : []),
      ...(taken.has(email.toLowerCase()) ? ['user.email'] : []),
    ]
    throw conflictError(NAME_TAKEN, 'This login or e-mail address cannot be used.', [
      { code: NAME_TAKEN, message: 'This login or e-mail address cannot be used.', paths },
    ])
  }
  // Hashed before the transaction (scrypt runs off the event loop): the transaction only writes.
  const passwordHash = await hashPassword(input.credentials.password!)
  const approvalPending = settings.approval[input.kind]
  const preferredLanguage = isLocale(input.user.preferredLanguage ?? undefined)
    ? input.user.preferredLanguage!
    : locale
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        const customer = await insertCustomer(tx, input, approvalPending)
        const [user] = await tx
          .insert(users)
          .values({
            customerNo: customer.customerNo,
            login,
            email,
            passwordHash,
            ...registeredUserFields(input, preferredLanguage),
          })
          .returning()
        await finishRegistration(tx, customer, user!, input, settings, approvalPending)
        return { customer, user: user!, approvalPending }
      }),
    ['credentials.login', 'user.email'],
  )
}

/** The new customer of a registration, its number from the sequence (`BC-…` or `PC-…`). */
async function insertCustomer(
  tx: Db,
  input: RegistrationInput,
  approvalPending: boolean,
): Promise<typeof customers.$inferSelect> {
  const business = input.kind === 'business'
  const next = await tx.execute(sql`select nextval(${customerNumbers.seqName}) as next`)
  const number = String((next as unknown as { rows: { next: string | number }[] }).rows[0]!.next)
  const [customer] = await tx
    .insert(customers)
    .values({
      customerNo: `${business ? 'BC' : 'PC'}-${number}`,
      type: business ? 'SMBCustomer' : 'PrivateCustomer',
      companyName: business ? filled(input.company?.companyName) : null,
      companyName2: business ? filled(input.company?.companyName2) : null,
      taxationId: business ? filled(input.company?.taxationID) : null,
      industry: business ? filled(input.company?.industry) : null,
      approvalPending,
      // A company that registers itself has no cost centers yet: its orders may go without one.
      costCenterOptional: true,
    })
    .returning()
  return customer!
}

/** The registration's address, newsletter subscription and event (its mail), in its transaction. */
async function finishRegistration(
  tx: Db,
  customer: typeof customers.$inferSelect,
  user: typeof users.$inferSelect,
  input: RegistrationInput,
  settings: AccountSettings,
  approvalPending: boolean,
) {
  const business = input.kind === 'business'
  // A company's address is shared by its users; a private customer's is their own.
  await tx.insert(addresses).values({
    ...checkAddress(input.address),
    customerNo: customer.customerNo,
    ownerUserId: business ? null : user.id,
  })
  if (input.newsletter && settings.newsletter)
    await tx.insert(newsletterSubscriptions).values({ userId: user.id }).onConflictDoNothing()
  await publish(tx, {
    type: 'customer.registered',
    customerNo: customer.customerNo,
    userId: user.id,
    approvalPending,
  })
}

/**
 * A user of single sign-on completes their registration (issue 35; domain/identities.ts made them without a
 * customer): the customer (private, or a business with them as its first user, who administers it) with its
 * address, as `registerCustomer` makes it, but no credentials (the provider holds them) and their e-mail
 * address as the provider named it. Names given replace the provider's. The same rules as any registration:
 * refused when the kind may not register (403), with every field at fault (422); where the kind waits for
 * approval, the user's tokens stop working until the shop approves it (as a password login would be refused).
 * A user who has a customer already: 409 `account.sso.registration.completed.error`.
 */
export async function completeRegistration(
  db: Db,
  userId: string,
  input: Omit<RegistrationInput, 'credentials'>,
  settings: AccountSettings,
  locale: Locale,
): Promise<Registration> {
  assertRegisters(settings, input.kind)
  const completed = () =>
    conflictError('account.sso.registration.completed.error', 'This user has completed the registration.')
  const [stored] = await db.select().from(users).where(eq(users.id, userId))
  if (!stored || stored.customerNo !== REGISTRANT_CUSTOMER_NO) throw completed()
  const full: RegistrationInput = {
    ...input,
    credentials: {},
    user: {
      ...input.user,
      firstName: filled(input.user.firstName) ?? stored.firstName,
      lastName: filled(input.user.lastName) ?? stored.lastName,
      email: stored.email,
    },
  }
  const causes = causesOf(full, { credentials: false })
  if (causes.length) throw refusedError(INVALID, 'The registration is not complete or not valid.', causes)
  const approvalPending = settings.approval[input.kind]
  const preferredLanguage = isLocale(input.user.preferredLanguage ?? undefined)
    ? input.user.preferredLanguage!
    : stored.preferredLanguage || locale
  return db.transaction(async (tx) => {
    // Holding the user: of two completions at the same time, only the first makes a customer.
    const [held] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.customerNo, REGISTRANT_CUSTOMER_NO)))
      .for('update')
    if (!held) throw completed()
    const customer = await insertCustomer(tx, full, approvalPending)
    const [user] = await tx
      .update(users)
      .set({
        customerNo: customer.customerNo,
        ...registeredUserFields(full, preferredLanguage),
      })
      .where(eq(users.id, userId))
      .returning()
    await finishRegistration(tx, customer, user!, full, settings, approvalPending)
    // Waiting for approval: signed out until then, as a password login would be refused.
    if (approvalPending)
      await tx
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    return { customer, user: user!, approvalPending }
  })
}

/** A customer waiting for approval, as the back office lists it: the customer and its first user. */
export type PendingCustomer = { customer: typeof customers.$inferSelect; user: typeof users.$inferSelect }

/** The customers waiting for the shop's approval, oldest registration first. */
export async function pendingCustomers(db: Db): Promise<PendingCustomer[]> {
  const rows = await db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, eq(users.customerNo, customers.customerNo))
    .where(eq(customers.approvalPending, true))
    .orderBy(asc(users.createdAt))
  const seen = new Set<string>()
  return rows.filter((row) => !seen.has(row.customer.customerNo) && seen.add(row.customer.customerNo))
}

/**
 * The operator approves a waiting customer: its users can log in from now on, and are told by mail
 * (`customer.approved`, in the same transaction). Unknown: 404; not waiting: 409.
 */
export async function approveCustomer(db: Db, customerNo: string): Promise<PendingCustomer> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .update(customers)
      .set({ approvalPending: false })
      .where(and(eq(customers.customerNo, customerNo), eq(customers.approvalPending, true)))
      .returning()
    if (!customer) {
      const [known] = await tx
        .select({ no: customers.customerNo })
        .from(customers)
        .where(eq(customers.customerNo, customerNo))
      if (!known)
        throw notFoundError('customer.not_found', `The customer '${customerNo}' could not be found.`)
      throw conflictError(
        'customer.approval.not_pending.error',
        `The customer '${customerNo}' does not wait for approval.`,
      )
    }
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.customerNo, customerNo))
      .orderBy(asc(users.createdAt))
      .limit(1)
    await publish(tx, { type: 'customer.approved', customerNo, userId: user!.id })
    return { customer, user: user! }
  })
}
