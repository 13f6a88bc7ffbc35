/**
 * Mails rendered after the commit (issue 37, ADR 0048). A requisition's decision tells the buyer and every
 * other approver: with twenty approvers that is twenty mails rendered, and on the embedded database, whose one
 * connection a transaction holds, nobody else could read or write meanwhile. So the decision's transaction
 * writes only the event (`mail_events`, a few ids) with the change; right after the commit the mails are
 * rendered outside any transaction and written to the outbox in a short one that also deletes the event. An
 * event and its mails therefore commit together with the change or not at all, as every outbox mail does; a
 * process stopped in between renders the event at its next start (the delivery loop renders what is left).
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailEvents, orderHead, orders } from '../db/schema'
import { companyPeople } from '../domain/approvers'
import { afterCommit, type DomainEvent, type RequisitionOutcome } from '../domain/events'
import { queueMails, type OutgoingMail } from './outbox'
import { coalescedRuns, soonAfter } from './runs'
import { queueRequisitionDecided } from './requisitions'

type Decided = Extract<DomainEvent, { type: 'requisition.decided' }>

/** What `requisition.decided` keeps for its mails: ids, and the decision (plain JSON). */
type DecidedPayload = {
  requisitionId: string
  deciderId: string
  approverIds: string[]
  decision: RequisitionOutcome
}

/** How soon after a deferral its mails are rendered: time for the caller's transaction to commit. */
const AFTER_COMMIT_MS = 50

/** The renderers of this process, one per database served (tests build several servers). */
const renderers = new Set<() => void>()

/** In the caller's transaction: the event whose mails are rendered after the commit. */
export async function deferRequisitionDecided(t: Db, event: Decided): Promise<void> {
  const payload: DecidedPayload = {
    requisitionId: event.requisition.id,
    deciderId: event.decider.id,
    approverIds: [...event.approverIds],
    decision: event.decision,
  }
  await t.insert(mailEvents).values({ type: event.type, payload })
  const wakeAll = () => {
    for (const wake of renderers) wake()
  }
  // Right after the commit. A transaction whose end is not seen here wakes them a moment from now: by then
  // it has usually committed, else its event waits for the next deferral or the delivery loop's round.
  if (!afterCommit(t, wakeAll)) wakeAll()
}

/** The mails of one event, rendered from the committed rows; none when they are gone. */
async function mailsOf(db: Db, event: typeof mailEvents.$inferSelect): Promise<OutgoingMail[]> {
  const mails: OutgoingMail[] = []
  if (event.type !== 'requisition.decided') return mails
  const payload = event.payload as DecidedPayload
  const [row] = await db.select(orderHead).from(orders).where(eq(orders.id, payload.requisitionId))
  const [decider] = row?.customerNo ? await companyPeople(db, row.customerNo, [payload.deciderId]) : []
  if (!row || !decider) return mails
  await queueRequisitionDecided(db, row, decider, payload.approverIds, payload.decision, async (mail) => {
    mails.push(mail)
  })
  return mails
}

/**
 * Renders the waiting events into the outbox, oldest first, at most `limit`: each rendered outside a
 * transaction and written in a short one that deletes its event, so that of two processes rendering the same
 * event only one writes its mails. Returns how many events were written.
 */
export async function renderDeferredMails(db: Db, { limit = 100 } = {}): Promise<number> {
  const events = await db.select().from(mailEvents).orderBy(asc(mailEvents.createdAt)).limit(limit)
  let written = 0
  for (const event of events) {
    const mails = await mailsOf(db, event)
    const done = await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const deleted = await t
        .delete(mailEvents)
        .where(inArray(mailEvents.id, [event.id]))
        .returning({ id: mailEvents.id })
      if (!deleted.length) return false
      await queueMails(t, mails)
      return true
    })
    if (done) written++
  }
  return written
}

/**
 * Renders this database's deferred mails soon after each deferral (one run at a time, runs coalesced), until
 * the returned function stops it. A failure is logged; the event stays and is rendered by the next run.
 */
export function startDeferredMails(db: Db): { stop: () => void; idle: () => Promise<void> } {
  const runs = coalescedRuns(
    async () => (await renderDeferredMails(db)) >= 100,
    'commerce-api: rendering deferred mails failed',
  )
  // A moment later: time for the deferring transaction to commit (an event missed runs at the next ask).
  const wake = soonAfter(AFTER_COMMIT_MS, () => void runs.run())
  renderers.add(wake.call)
  return {
    stop: () => {
      renderers.delete(wake.call)
      wake.cancel()
    },
    idle: runs.idle,
  }
}
