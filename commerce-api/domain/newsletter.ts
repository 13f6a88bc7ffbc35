/**
 * The newsletter subscription (spec §3 "Newsletter subscription", §7 `subscriptions`): a user subscribes
 * their own e-mail address, and only their own (another address is refused without saying whether it is
 * subscribed). Not subscribed is "not found", as ICM answers it (spec §8: 404 means not subscribed).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { newsletterSubscriptions, users } from '../db/schema'
import { forbiddenError, notFoundError } from './errors'

/** The newsletter as ICM names it in a subscription (`name`, `type`). */
export const NEWSLETTER = { name: 'Newsletter', type: 'Subscription' } as const

export type Subscription = { recipient: string; active: true; subscribedAt: Date }

/** The caller as the newsletter sees them: their user id and current e-mail address. */
export type Subscriber = { userId: string; email: string }

const notSubscribed = () => notFoundError('subscription.not_found.error', 'This address is not subscribed.')

/** Refuses an address that is not the caller's own (case-insensitive); answers the caller's address. */
function ownAddress(subscriber: Subscriber, email: string): string {
  if (email.trim().toLowerCase() !== subscriber.email.toLowerCase())
    throw forbiddenError(
      'subscription.recipient.foreign.error',
      'A user subscribes and unsubscribes their own e-mail address only.',
    )
  return subscriber.email
}

/** Refuses every change while the shop offers no newsletter (NEWSLETTER=off). */
function requireNewsletter(enabled: boolean) {
  if (!enabled)
    throw forbiddenError('subscription.disabled.error', 'The shop offers no newsletter (NEWSLETTER=off).')
}

/** The caller's subscription; not subscribed (or no newsletter offered): not found. */
export async function subscriptionOf(
  db: Db,
  subscriber: Subscriber,
  email: string,
  enabled: boolean,
): Promise<Subscription> {
  const recipient = ownAddress(subscriber, email)
  if (!enabled) throw notSubscribed()
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.userId, subscriber.userId))
  if (!row) throw notSubscribed()
  return { recipient, active: true, subscribedAt: row.subscribedAt }
}

/** Subscribes the caller's own address; subscribing again changes nothing. */
export async function subscribe(
  db: Db,
  subscriber: Subscriber,
  email: string,
  enabled: boolean,
): Promise<Subscription> {
  const recipient = ownAddress(subscriber, email)
  requireNewsletter(enabled)
  await db
    .insert(newsletterSubscriptions)
    .values({ userId: subscriber.userId })
    .onConflictDoNothing({ target: newsletterSubscriptions.userId })
  return subscriptionOf(db, subscriber, recipient, enabled)
}

/** Ends the caller's subscription; one that does not exist is not found. */
export async function unsubscribe(db: Db, subscriber: Subscriber, email: string, enabled: boolean) {
  ownAddress(subscriber, email)
  requireNewsletter(enabled)
  const removed = await db
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.userId, subscriber.userId))
    .returning({ userId: newsletterSubscriptions.userId })
  if (!removed.length) throw notSubscribed()
}

/** The caller's user id and current e-mail address. */
export async function subscriberOf(db: Db, userId: string): Promise<Subscriber> {
  const [user] = await db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw notFoundError('customer.user.not_found', 'The user could not be found.')
  return user
}
