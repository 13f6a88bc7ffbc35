/**
 * What a business transaction tells the rest of the API (ADR 0025): the domain publishes an event inside the
 * transaction of the change, and whoever subscribed reacts in that same transaction, so that its writes
 * commit with the change or not at all. Today the subscriber is the mail (mail/subscriber.ts queues each
 * event's mails in the outbox); the domain never imports the mailer, and names no mail.
 *
 * Subscribers are process-wide, as the mail settings are: the server subscribes the mail when it is built
 * (`buildServer`). Without a subscriber an event changes nothing else: the demo history written at seeding,
 * before the server exists, sends no mail for the past.
 */
import type { Db } from '../db/client'
import type { orderLineItems, orders } from '../db/schema'

// This module imports no other domain module, so every one of them may publish without forming a cycle.

/** An order row (order-types.ts `OrderRow`), or a requisition, as it is after the change. */
type OrderRow = typeof orders.$inferSelect
/** A line of an order as ordered (order-types.ts `OrderLineRow`). */
type OrderLineRow = typeof orderLineItems.$inferSelect

/** A user an event concerns (approvers.ts names its `Person` after this). */
export type EventPerson = {
  id: string
  login: string
  firstName: string
  lastName: string
  email: string
  preferredLanguage: string
}

/** A user that an administrator made: the welcome mail's recipient. */
export type NewUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  preferredLanguage: string
  login: string
}

/** How a requisition's decision ended, for whoever must be told. */
export type RequisitionOutcome =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; comment: string }
  | { outcome: 'system-rejected'; problems: { message: string }[] }

/** Why a pending requisition was withdrawn without a decision (requisition-authority.ts). */
export type WithdrawalReason = 'buyer-withdrew' | 'buyer-deactivated' | 'buyer-deleted'

export type DomainEvent =
  /**
   * A business user was created by their company's administrator; `invitation`: they are invited (to sign in
   * with the shop's OpenID provider, or set a password) instead of sent the welcome's password link.
   */
  | { type: 'user.created'; user: NewUser; invitation?: boolean }
  /**
   * An administrator corrected the e-mail address of a user who had not set a password yet: the links to the
   * old address were revoked, and the welcome (or the invitation) goes again, to the new one.
   */
  | { type: 'user.email.corrected'; user: NewUser; invitation?: boolean }
  /** A user changed their own e-mail address: the old address is told (it may not have been them). */
  | { type: 'user.email.changed'; user: EventPerson; oldEmail: string }
  /** A user changed their own password: they are told (it may not have been them). */
  | { type: 'user.password.changed'; user: EventPerson }
  /** A basket became a requisition that waits for its stages' approvers (each listed once). */
  | { type: 'requisition.submitted'; requisition: OrderRow; approvers: readonly EventPerson[] }
  /** A requisition was decided by `decider`, one of `approverIds`. */
  | {
      type: 'requisition.decided'
      requisition: OrderRow
      decider: EventPerson
      approverIds: readonly string[]
      decision: RequisitionOutcome
    }
  /** A pending requisition was withdrawn (REJECTED without a decision); `approverIds`: who waited to decide. */
  | {
      type: 'requisition.withdrawn'
      requisition: OrderRow
      approverIds: readonly string[]
      reason: WithdrawalReason
    }
  /**
   * An order was placed for good (by checkout, after the payment page, by approval, by a recurring order):
   * the order as completed and its lines, in the order of their positions.
   */
  | { type: 'order.placed'; orderId: string; order: OrderRow; lines: readonly OrderLineRow[] }
  /** The shop shipped lines of an order (`shipmentId`: which, with carrier and tracking number). */
  | { type: 'order.shipped'; orderId: string; shipmentId: string }
  /** The shop cancelled an order. */
  | { type: 'order.cancelled'; orderId: string }
  /** The order reached the customer. */
  | { type: 'order.delivered'; orderId: string }
  /** A customer registered with their first user; `approvalPending`: they wait for the shop's approval. */
  | { type: 'customer.registered'; customerNo: string; userId: string; approvalPending: boolean }
  /** The shop approved a customer who waited: `userId`, its first user, may log in now. */
  | { type: 'customer.approved'; customerNo: string; userId: string }
  /**
   * Someone asked for a password reminder for `user` (in `locale`, the language of the page they asked on):
   * the single-use link's secret and when it expires; the user's older links were revoked.
   */
  | {
      type: 'user.password.reminded'
      user: EventPerson
      locale: string
      secret: string
      expiresAt: Date
    }
  /**
   * A user asked for a copy or the deletion of their data (issue 33): the confirmation link carries the request
   * id and `secret` (only its hash is stored), valid until `expiresAt`.
   */
  | {
      type: 'personal_data_request.created'
      request: { id: string; type: 'copy' | 'deletion'; secret: string; expiresAt: Date }
      user: EventPerson
    }
  /**
   * A user shared a wishlist with people by e-mail (issue 33): each recipient gets the list's link, made of
   * its id, its owner and `secureCode`, with the sender's optional message.
   */
  | {
      type: 'wishlist.shared'
      wishlist: { id: string; title: string; secureCode: string }
      sender: EventPerson
      recipients: readonly string[]
      message: string
    }
  /**
   * Someone sent the contact form (issue 36): the shop is to get the message, the sender a confirmation in
   * `locale`, the language of the page they wrote on. `customerNo` and `companyName`: a logged-in sender's.
   */
  | {
      type: 'contact.requested'
      request: {
        id: string
        locale: string
        subject: string
        name: string
        email: string
        phone: string
        order: string | null
        comment: string
        customerNo: string | null
        companyName: string | null
        createdAt: Date
      }
    }
  /** A business user submitted a quote request (issue 36): the buyer and the shop are told. */
  | { type: 'quote_request.submitted'; quoteRequestId: string }
  /** The shop answered a quote request with a quote, or declined it (a quote rejected by the seller). */
  | { type: 'quote.responded'; quoteId: string }
  /** The buyer put a quote's lines into a basket, or rejected the quote: the shop is told. */
  | { type: 'quote.accepted'; quoteId: string }
  | { type: 'quote.rejected'; quoteId: string }
  /** Someone sent a free-text quote request (`POST quotecontact`): the shop and the sender are told. */
  | { type: 'quote_contact.received'; contactId: string }

/** Reacts to an event inside the transaction `t` that published it. */
export type EventSubscriber = (t: Db, event: DomainEvent) => Promise<void>

const subscribers = new Set<EventSubscriber>()

/** Adds a subscriber (once, however often it is added); returns how to remove it. */
export function subscribe(subscriber: EventSubscriber): () => void {
  subscribers.add(subscriber)
  return () => {
    subscribers.delete(subscriber)
  }
}

/** Tells every subscriber of `event`, in the caller's transaction; a subscriber's failure fails the change. */
export async function publish(t: Db, event: DomainEvent): Promise<void> {
  for (const subscriber of subscribers) await subscriber(t, event)
}

/** What transactions begun by `inTransaction` run once they have committed. */
const afterCommits = new WeakMap<object, (() => void)[]>()

/**
 * `work` in a transaction of `db`; once the transaction has committed, what was asked of `afterCommit` in it
 * runs (nothing when it rolled back). Whoever publishes an event whose subscribers act after the commit (a
 * requisition's decision, whose mails are rendered then) begins its transaction here.
 */
export async function inTransaction<T>(db: Db, work: (t: Db) => Promise<T>): Promise<T> {
  const after: (() => void)[] = []
  const result = await db.transaction(async (tx) => {
    afterCommits.set(tx, after)
    return work(tx as unknown as Db)
  })
  for (const run of after) run()
  return result
}

/**
 * Runs `fn` once the transaction `t` has committed, when `inTransaction` began it; answers false (and runs
 * nothing) for any other transaction, whose end this module does not see.
 */
export function afterCommit(t: Db, fn: () => void): boolean {
  const after = afterCommits.get(t)
  if (!after) return false
  after.push(fn)
  return true
}
