/**
 * The password reminder (ICM's `POST security/reminder`): someone who forgot their password names their
 * account by e-mail address or login (optionally with first and last name, as ICM's reminder takes them),
 * and the account's user gets a mail with a single-use link that expires (password-tokens.ts, purpose
 * `reminder`). Asking again revokes every older link of the user. Whether the name belongs to an account is
 * never told: the answer, and the time it takes, are the same for a known and an unknown name.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { publish } from './events'
import { issuePasswordToken, revokePasswordTokens } from './password-tokens'
import { REGISTRANT_CUSTOMER_NO, type LoginAccount } from './tokens'

/** The longest name (login or e-mail address) and first or last name a reminder request may carry. */
export const MAX_REMINDER_NAME_LENGTH = 254
export const MAX_REMINDER_PERSON_NAME_LENGTH = 128

/**
 * The least time a reminder request takes, whatever it finds: a known account's request writes a token and
 * a mail, an unknown one's nothing, and without the floor the difference would tell them apart.
 */
export const REMINDER_ANSWER_FLOOR_MS = 250

export type ReminderRequest = {
  /** The language of the page the shopper asked on: the mail's language. */
  locale: string
  firstName?: string
  lastName?: string
}

const sameName = (given: string | undefined, stored: string) =>
  given === undefined || given.trim().toLowerCase() === stored.trim().toLowerCase()

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Sends a reminder to the account's user when there is one, active, whose names match any names given:
 * in one transaction, their open links revoked, a `reminder` token issued, and the event whose subscriber
 * queues the mail (ADR 0025). An unknown name runs the same transaction, finding nobody. Answers whether a
 * mail was queued (for tests; callers answer the same either way), never before `floorMs`.
 */
export async function sendPasswordReminder(
  db: Db,
  account: LoginAccount,
  request: ReminderRequest,
  { now = new Date(), floorMs = REMINDER_ANSWER_FLOOR_MS }: { now?: Date; floorMs?: number } = {},
): Promise<boolean> {
  const work = db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        login: users.login,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        preferredLanguage: users.preferredLanguage,
        active: users.active,
        customerNo: users.customerNo,
      })
      .from(users)
      // An unknown name looks for a user nobody has (the nil UUID), so both do the same query.
      .where(eq(users.id, account.user?.id ?? '00000000-0000-0000-0000-000000000000'))
      .for('update')
    if (
      !user?.active ||
      // A user of single sign-on who has not completed the registration has no password to remind of.
      user.customerNo === REGISTRANT_CUSTOMER_NO ||
      !sameName(request.firstName, user.firstName) ||
      !sameName(request.lastName, user.lastName)
    )
      return false
    await revokePasswordTokens(tx, user.id, now)
    const { secret, expiresAt } = await issuePasswordToken(tx, user.id, 'reminder', now)
    const { active: _active, customerNo: _customerNo, ...person } = user
    await publish(tx, {
      type: 'user.password.reminded',
      user: person,
      locale: request.locale,
      secret,
      expiresAt,
    })
    return true
  })
  const [sent] = await Promise.allSettled([work, wait(floorMs)])
  if (sent.status === 'rejected') throw sent.reason
  return sent.value
}
