/**
 * The demo's automatic answer to submitted quote requests (QUOTE_AUTO_RESPONSE, ADR 0040) as a pg-boss job on
 * the API's own database, like the recurring orders (jobs/recurring-orders.ts). Submitting a request only
 * stores it; after its transaction committed, the route asks for an answer (`requested`), which queues a job
 * that a worker of any API process runs in a transaction of its own. A schedule every minute answers what a
 * lost wake-up (a process that stopped in between) left behind. Without a rule nothing is queued: the shop
 * answers through the back office (`npm run quotes`).
 */
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import { quoteRequests, quotes } from '../db/schema'
import {
  respondAutomatically,
  type AutoResponseOutcome,
  type AutoResponseRule,
} from '../domain/quote-auto-response'
import { isDomainError } from '../icm/errors'
import { bossDatabase } from './boss-database'

export const QUOTE_RESPONSE_QUEUE = 'quote-auto-responses'
/** How many waiting requests one catch-up run answers at most. */
const CATCH_UP_BATCH = 50

type JobData = { quoteRequestId?: string }

export type QuoteResponderOptions = {
  /** The rule (QUOTE_AUTO_RESPONSE); none: requests wait for the shop. */
  rule?: AutoResponseRule
  now?: () => Date
  pollingIntervalSeconds?: number
  log?: Pick<Console, 'error' | 'warn'>
}

export type QuoteResponder = {
  readonly rule: AutoResponseRule | undefined
  readonly started: boolean
  /** After a submission committed: queues its answer when there is a rule and the job runs (else nothing). */
  requested: (quoteRequestId: string) => Promise<void>
  /** Answers one request by the rule now, in this process (what the job does). */
  respond: (quoteRequestId: string) => Promise<AutoResponseOutcome | undefined>
  /** Answers every submitted request still waiting at `now` (the catch-up the schedule runs). */
  respondWaiting: () => Promise<AutoResponseOutcome[]>
  start: () => Promise<void>
  stop: () => Promise<void>
}

export function quoteResponder(db: Db, options: QuoteResponderOptions = {}): QuoteResponder {
  const { rule, now = () => new Date(), log = console } = options
  const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 2)
  let boss: PgBoss | undefined
  let workerId: string | undefined

  const respond = async (id: string) => {
    if (!rule) return undefined
    try {
      return await respondAutomatically(db, id, rule, now())
    } catch (error) {
      // Answered meanwhile by the shop, deleted by the buyer: nothing left to do.
      if (isDomainError(error) && (error.kind === 'conflict' || error.kind === 'not-found')) return undefined
      throw error
    }
  }

  const respondWaiting = async () => {
    if (!rule) return []
    const waiting = await db
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .leftJoin(quotes, eq(quotes.quoteRequestId, quoteRequests.id))
      .where(
        and(isNotNull(quoteRequests.submittedAt), lte(quoteRequests.submittedAt, now()), isNull(quotes.id)),
      )
      .orderBy(asc(quoteRequests.submittedAt))
      .limit(CATCH_UP_BATCH)
    const outcomes: AutoResponseOutcome[] = []
    for (const { id } of waiting) {
      const outcome = await respond(id)
      if (outcome) outcomes.push(outcome)
    }
    return outcomes
  }

  const work = async ([job]: PgBoss.Job<JobData>[]) => {
    const id = job?.data?.quoteRequestId
    if (id) {
      const outcome = await respond(id)
      if (outcome?.outcome === 'left-to-shop')
        log.warn(`commerce-api: quote request ${id} left to the shop (${outcome.reason})`)
    } else {
      // The schedule's run: requests whose wake-up was lost, but not those left to the shop on purpose.
      const outcomes = await respondWaiting()
      return { answered: outcomes.filter((o) => o.outcome === 'responded').length }
    }
    return {}
  }

  return {
    rule,
    get started() {
      return boss !== undefined
    },
    respond,
    respondWaiting,
    async requested(quoteRequestId) {
      if (!rule || !boss) return
      try {
        await boss.send(QUOTE_RESPONSE_QUEUE, { quoteRequestId } satisfies JobData, {
          singletonKey: quoteRequestId,
          retryLimit: 3,
        })
        if (workerId) boss.notifyWorker(workerId)
      } catch (error) {
        // The submission stands; the schedule's catch-up answers it.
        log.error('commerce-api: could not queue the automatic quote answer', error)
      }
    },
    async start() {
      if (boss || !rule) return
      const instance = new PgBoss({ db: bossDatabase(db), schedule: true, supervise: true, migrate: true })
      instance.on('error', (error) => log.error('commerce-api: quote auto-response job', error))
      await instance.start()
      await instance.createQueue(QUOTE_RESPONSE_QUEUE, { name: QUOTE_RESPONSE_QUEUE, policy: 'standard' })
      await instance.schedule(QUOTE_RESPONSE_QUEUE, '* * * * *', {}, { tz: 'UTC' })
      workerId = await instance.work(QUOTE_RESPONSE_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, work)
      boss = instance
    },
    async stop() {
      const instance = boss
      boss = undefined
      workerId = undefined
      await instance?.stop({ graceful: true, close: false, wait: true, timeout: 5000 })
    },
  }
}
