/**
 * A user's own account data (`PUT customers/-/users/-` for a business user, `PUT privatecustomers/-` for a
 * private customer, `PUT …/credentials/password`): the rules of commerce-and-checkout §3 (User), §5 and §9.
 *
 * - A PUT carries the whole user, as ICM's does: an optional field left out is removed; the preferred language
 *   left out becomes the shop's default, de_DE (§9 "default preferred language on update").
 * - The price display the user chose with the display-type switch (§1) is a custom attribute of the user,
 *   `preferredPriceDisplayType` (`gross` or `net`): left out, it stays as it is; null removes it.
 * - A new e-mail address needs the current password, and must name nobody else (one name is one person,
 *   ADR 0029); a login that was the old address becomes the new one. The old address is told of the change;
 *   a new password is told to the user.
 * - A new password needs the current one and keeps ICM's password rule.
 * Each change is one transaction with its mail (outbox, ADR 0025).
 */
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/client'
import { apiTokens, users } from '../db/schema'
import { setPreferredAddresses, type PreferredChange } from './address-book'
import type { AddressViewer } from './addresses'
import { DEFAULT_LOCALE, type Locale } from './channel'
import { DomainError, forbiddenError, invalidError, refusedError } from './errors'
import { publish } from './events'
import { revokePasswordTokens, passwordRuleViolation, PASSWORD_VIOLATION } from './password-tokens'
import { hashPassword, verifyPassword } from './passwords'
import { setPreferredInstrument } from './saved-instruments'
import { NAME_TAKEN, takenNames, type UserRow } from './users'

export type PriceDisplayType = 'gross' | 'net'

/** The fields of ICM's User a user changes on themselves (bounded by the route's schema). */
export type OwnProfileInput = {
  title?: string | null
  firstName: string
  lastName: string
  email: string
  phoneHome?: string | null
  phoneBusiness?: string | null
  phoneMobile?: string | null
  fax?: string | null
  /** yyyy-mm-dd */
  birthday?: string | null
  department?: string | null
  preferredLanguage?: Locale | null
  preferredPriceDisplayType?: PriceDisplayType | null
  /** The id of the preferred saved payment instrument; null clears it, undefined leaves it as it is. */
  preferredPaymentInstrument?: string | null
  /** The preferred invoice-to and ship-to addresses, as the caller sees addresses; undefined: unchanged. */
  preferredAddresses?: { viewer: AddressViewer; change: PreferredChange }
}

/** The spec's key for a wrong current password (§8), also the refusal of an e-mail change with a wrong one. */
export const CURRENT_PASSWORD_INCORRECT = 'account.update_password.old_password.error.incorrect'
export const CURRENT_PASSWORD_REQUIRED = 'customer.credentials.current_password.required'

export const wrongPasswordError = () =>
  refusedError(CURRENT_PASSWORD_INCORRECT, 'The current password is not correct.', [
    {
      code: CURRENT_PASSWORD_INCORRECT,
      message: 'The current password is not correct.',
      paths: ['currentPassword'],
    },
  ])

const passwordRequired = () =>
  invalidError(CURRENT_PASSWORD_REQUIRED, 'Changing the e-mail address needs the current password.', [
    {
      code: CURRENT_PASSWORD_REQUIRED,
      message: 'Changing the e-mail address needs the current password.',
      paths: ['currentPassword'],
    },
  ])

/** Whether a refusal of this module is about the current password (the login throttle counts these). */
export const isWrongPassword = (error: unknown) =>
  error instanceof DomainError && error.code === CURRENT_PASSWORD_INCORRECT

/** An optional text as stored: trimmed, empty removed. */
const optional = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

async function lockedUser(tx: Db, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  // The token's user exists (the token check read it); a user deleted since is not found by the caller.
  if (!user) throw refusedError('customer.user.not_found', 'The user could not be found.')
  return user
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Changes the caller's own user. `currentPassword` is needed only when the e-mail address changes (a wrong
 * one: CURRENT_PASSWORD_INCORRECT, none: CURRENT_PASSWORD_REQUIRED).
 */
export async function updateOwnProfile(
  db: Db,
  userId: string,
  input: OwnProfileInput,
  currentPassword?: string,
  { profileLocked = false }: { profileLocked?: boolean } = {},
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId)
    // A sales representative acting for the user (co-browse) keeps the user's own data as they are (spec shell
    // §4.7): the same whole user with other preferred addresses or payment passes, a changed profile does not.
    if (profileLocked && profileChanges(user, input)) throw salesRepProfileError()
    const emailChanged = !sameEmail(input.email, user.email)
    if (emailChanged) {
      if (!currentPassword) throw passwordRequired()
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw wrongPasswordError()
      if ((await takenNames(tx, [input.email], user.id)).size)
        throw refusedError(NAME_TAKEN, 'This login or e-mail address cannot be used.', [
          { code: NAME_TAKEN, message: 'This login or e-mail address cannot be used.', paths: ['email'] },
        ])
    }
    const [updated] = await tx
      .update(users)
      .set({
        title: optional(input.title),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
        // A login that was the e-mail address (private customers sign in with it) follows the new address.
        ...(emailChanged && sameEmail(user.login, user.email) ? { login: input.email.trim() } : {}),
        phone: optional(input.phoneHome),
        phoneBusiness: optional(input.phoneBusiness),
        phoneMobile: optional(input.phoneMobile),
        fax: optional(input.fax),
        birthday: input.birthday || null,
        department: optional(input.department),
        preferredLanguage: input.preferredLanguage ?? DEFAULT_LOCALE,
        ...(input.preferredPriceDisplayType === undefined
          ? {}
          : { preferredPriceDisplayType: input.preferredPriceDisplayType }),
      })
      .where(eq(users.id, user.id))
      .returning()
    if (input.preferredAddresses)
      await setPreferredAddresses(
        tx as unknown as Db,
        input.preferredAddresses.viewer,
        input.preferredAddresses.change,
      )
    if (input.preferredPaymentInstrument !== undefined)
      await setPreferredInstrument(tx as unknown as Db, user.id, input.preferredPaymentInstrument)
    if (emailChanged) {
      // Password links sent to the old address stop working; the old address hears of the change.
      await revokePasswordTokens(tx, user.id)
      await publish(tx, { type: 'user.email.changed', user: personOf(updated!), oldEmail: user.email })
    }
    return updated!
  })
}

/**
 * Sets a new password (`PUT …/credentials/password {password, currentPassword}`): the current one must be
 * right and the new one keep the password rule. The user's other API tokens are revoked (whoever knew the old
 * password is out); the one making the change stays. The user gets a mail that the password was changed.
 */
export async function changeOwnPassword(
  db: Db,
  caller: { userId: string; token: string; salesRep?: unknown },
  input: { password: string; currentPassword: string },
  now = new Date(),
): Promise<void> {
  if (caller.salesRep) throw salesRepProfileError()
  const violation = passwordRuleViolation(input.password)
  if (violation)
    throw refusedError(PASSWORD_VIOLATION, violation, [
      { code: PASSWORD_VIOLATION, message: violation, paths: ['password'] },
    ])
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const user = await lockedUser(tx, caller.userId)
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw wrongPasswordError()
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    await revokePasswordTokens(tx, user.id, now)
    await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(
        and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt), ne(apiTokens.token, caller.token)),
      )
    await publish(tx, { type: 'user.password.changed', user: personOf(user) })
  })
}

const personOf = (user: UserRow) => ({
  id: user.id,
  login: user.login,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  preferredLanguage: user.preferredLanguage,
})

/** A sales representative acting for a user changes none of the user's own data (spec shell §4.7). */
const salesRepProfileError = () =>
  forbiddenError(
    'account.profile.sales_rep.error',
    'A sales representative acting for the user cannot change their profile, e-mail address or password.',
  )

/** Whether the update would change the user's own data (names, e-mail address, phones, language and so on). */
function profileChanges(user: UserRow, input: OwnProfileInput): boolean {
  const same = (stored: string | null, given: string | null | undefined) =>
    (stored ?? '') === (optional(given) ?? '')
  return !(
    same(user.title, input.title) &&
    user.firstName === input.firstName.trim() &&
    user.lastName === input.lastName.trim() &&
    sameEmail(input.email, user.email) &&
    same(user.phone, input.phoneHome) &&
    same(user.phoneBusiness, input.phoneBusiness) &&
    same(user.phoneMobile, input.phoneMobile) &&
    same(user.fax, input.fax) &&
    (user.birthday ?? '') === (input.birthday || '') &&
    same(user.department, input.department) &&
    user.preferredLanguage === (input.preferredLanguage ?? DEFAULT_LOCALE)
  )
}
