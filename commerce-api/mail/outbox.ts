/**
 * The outbox: a mail is a row written in the same transaction as the business change that causes it, so
 * both commit or neither does, and it is delivered after the commit by the delivery loop (delivery.ts).
 * Sending never runs inside the caller's request: a slow or broken mail server cannot fail or delay it.
 */
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Locale } from '../domain/channel'
import type { RenderedMail } from './render'
import { mailboxEnabled } from './settings'

/** A mail to queue: who gets it, in which language, why, and its rendered parts. */
export type OutgoingMail = RenderedMail & { kind: string; to: string; locale: Locale }

/** Most mails one delivery run claims, so a backlog is worked off in bounded steps. */
export const DELIVERY_BATCH = 20
/** After this many failed attempts a mail stays unsent, with its last error, for someone to look at. */
export const MAX_ATTEMPTS = 8
/** How long a claimed mail is reserved for the process sending it; after a crash, it is due again. */
export const CLAIM_SECONDS = 120
const MAX_ERROR_LENGTH = 500
const MAX_RECIPIENT_LENGTH = 320

/** Seconds until the next attempt after `attempts` failures: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(attempts - 1, 0), 6 * 3600)
}

let wake: (() => void) | undefined

/** The delivery loop of this process registers here, so a queued mail can ask it to run soon. */
export function onMailQueued(listener: (() => void) | undefined) {
  wake = listener
}

/**
 * Queues a mail in the caller's transaction. With SMTP the delivery loop sends it after the commit; in the
 * embedded default (no SMTP_URL) the local mailbox is its destination, so it counts as delivered at once.
 */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await queueMails(tx, [mail])
}

/** Queues several mails in the caller's transaction with one statement (see queueMail). */
export async function queueMails(tx: Db, mails: readonly OutgoingMail[]): Promise<void> {
  if (!mails.length) return
  for (const mail of mails)
    if (!mail.to || mail.to.length > MAX_RECIPIENT_LENGTH || /[\r\n]/.test(mail.to))
      throw new Error('A mail needs one recipient address of at most 320 characters.')
  const now = new Date()
  const sentAt = mailboxEnabled() ? now : null
  await tx.insert(mailOutbox).values(
    mails.map((mail) => ({
      kind: mail.kind,
      recipient: mail.to,
      locale: mail.locale,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      createdAt: now,
      nextAttemptAt: now,
      sentAt,
    })),
  )
  // The loop runs a moment later, after the caller's commit; a mail it misses waits for its next round.
  wake?.()
}

/** What sends one mail (nodemailer's SMTP transport in production, a stand-in in tests). */
export type MailSender = (mail: { to: string; subject: string; html: string; text: string }) => Promise<void>

export type DeliveryResult = { sent: number; failed: number }

/** Claims up to `limit` due mails for this process: attempts counted and reserved before any is sent. */
async function claimDue(db: Db, now: Date, limit: number, maxAttempts: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, now),
        lt(mailOutbox.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_SECONDS * 1000),
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
}

/**
 * One delivery run: sends the due mails (at most `limit`), marks each sent one, and schedules a failed one
 * again with growing delays until `maxAttempts`. Without a sender (the embedded default) the due mails are
 * delivered to the local mailbox, which is the table itself. Never throws for a mail that fails.
 */
export async function deliverDueMails(
  db: Db,
  send: MailSender | undefined,
  { now = new Date(), limit = DELIVERY_BATCH, maxAttempts = MAX_ATTEMPTS } = {},
): Promise<DeliveryResult> {
  const claimed = await claimDue(db, now, Math.min(Math.max(limit, 1), 100), maxAttempts)
  let sent = 0
  let failed = 0
  for (const mail of claimed) {
    try {
      if (send) await send({ to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.text })
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, mail.id))
      sent++
    } catch (error) {
      failed++
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH)
      await db
        .update(mailOutbox)
        .set({
          lastError: message,
          nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(mail.attempts) * 1000),
        })
        .where(eq(mailOutbox.id, mail.id))
      const final = mail.attempts >= maxAttempts ? ' (giving up)' : ''
      console.warn(`commerce-api: mail ${mail.id} (${mail.kind}) failed, attempt ${mail.attempts}${final}`)
    }
  }
  return { sent, failed }
}
