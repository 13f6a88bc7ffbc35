/**
 * The scheduler of recurring orders (ADR 0020): a pg-boss job on the API's own database, PostgreSQL or the
 * embedded PGlite alike (pg-boss speaks to it through `executeSql`, see boss-database.ts). Every API process
 * schedules the same cron (one job per minute for all of them: pg-boss's schedule is a singleton) and works
 * the queue; whichever process takes a job places what is due (domain/recurring-order-runs.ts). That each day
 * of a recurring order becomes one order is the database's doing (row lock and execution key), not the
 * queue's: a job run twice, or two runs at once, place nothing twice.
 *
 * Time is handed in: `runDue(at)` places what is due at `at` in this process; the worker runs a job as of the time
 * the job names (`runQueued(at)`) or else as of `now()`, so that tests move time instead of waiting for it.
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import type { SnapshotOf } from '../domain/orders'
import { placeDueRecurringOrders, type RecurringRunOutcome } from '../domain/recurring-order-runs'
import { bossDatabase } from './boss-database'

/** The queue of the runs; its policy keeps at most one cron run waiting and one running across all processes. */
export const RECURRING_ORDER_QUEUE = 'recurring-orders-place-due'

/** What a queued run names: the instant it runs as of (ISO 8601), the recurring orders it is limited to; none for the cron's. */
type RunData = { at?: string; only?: string[] }
type RunOutput = { outcomes: RecurringRunOutcome[] }

export type RecurringOrderJobOptions = {
  /** The order answers' snapshot (icm/orders.ts), handed in because the domain imports no wire format. */
  snapshotOf: SnapshotOf
  /** When pg-boss runs the job (a cron of whole minutes, UTC; RECURRING_ORDERS_CRON); default every minute. */
  cron?: string
  /** The clock of the runs the worker makes; default the real one. */
  now?: () => Date
  /** How many days late a run may still place a missed day (RECURRING_ORDERS_CATCH_UP_DAYS); default 3. */
  catchUpDays?: number
  /** How long the worker waits between looks at the queue, in seconds (at least 0.5). */
  pollingIntervalSeconds?: number
  log?: Pick<Console, 'error' | 'warn'>
}

export type RecurringOrderJob = {
  /** Places the orders due at `at` (default `now()`), as the job does; what it did. */
  runDue: (at?: Date) => Promise<RecurringRunOutcome[]>
  /** Starts pg-boss on the database: its tables, the queue, the schedule and this process's worker. */
  start: () => Promise<void>
  /**
   * Queues a run as of `at` (default: the clock of the worker that takes it), limited to the recurring orders
   * `only` names when given, wakes this process's worker and waits until a worker of any process has made it:
   * what it placed. Refused (rejects) after `timeoutMs`.
   */
  runQueued: (
    at?: Date,
    options?: { only?: readonly string[]; timeoutMs?: number },
  ) => Promise<RecurringRunOutcome[]>
  /** Stops the worker and the schedule's timers; the database stays open. */
  stop: () => Promise<void>
  readonly started: boolean
}

export function recurringOrderJob(db: Db, options: RecurringOrderJobOptions): RecurringOrderJob {
  const { snapshotOf, cron = '* * * * *', now = () => new Date(), log = console, catchUpDays } = options
  const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 10)
  let boss: PgBoss | undefined
  let workerId: string | undefined

  const runDue = (at: Date = now(), only?: readonly string[]) =>
    placeDueRecurringOrders(db, at, snapshotOf, { only, catchUpDays })

  // The cron's jobs carry nothing and run as of now; a queued run may name its time. The outcomes are the
  // job's output (pg-boss keeps it), which is how `runQueued` learns them from whichever process ran it.
  const work = async ([job]: PgBoss.Job<RunData>[]): Promise<RunOutput> => {
    const at = job?.data?.at ? new Date(job.data.at) : now()
    const outcomes = await runDue(Number.isNaN(at.getTime()) ? now() : at, job?.data?.only)
    for (const missed of outcomes.filter((o) => o.outcome === 'failed' || o.outcome === 'skipped'))
      log.warn(
        `commerce-api: recurring order ${missed.recurringOrderId} (${missed.scheduledFor}) ` +
          `${missed.outcome === 'skipped' ? 'skipped' : 'not placed'}: ${missed.errorCode}`,
      )
    return { outcomes }
  }

  return {
    runDue,
    get started() {
      return boss !== undefined
    },
    async start() {
      if (boss) return
      const instance = new PgBoss({ db: bossDatabase(db), schedule: true, supervise: true, migrate: true })
      instance.on('error', (error) => log.error('commerce-api: recurring order job', error))
      await instance.start()
      await instance.createQueue(RECURRING_ORDER_QUEUE, { name: RECURRING_ORDER_QUEUE, policy: 'stately' })
      await instance.schedule(RECURRING_ORDER_QUEUE, cron, {}, { tz: 'UTC' })
      workerId = await instance.work(RECURRING_ORDER_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, work)
      boss = instance
    },
    async runQueued(at, { only, timeoutMs = 30_000 } = {}) {
      const instance = boss
      if (!instance) throw new Error('the recurring order job is not started')
      // A key of its own: the stately queue keeps one waiting job per key, so the cron's cannot swallow it.
      const data: RunData = { ...(at ? { at: at.toISOString() } : {}), ...(only ? { only: [...only] } : {}) }
      const id = await instance.send(RECURRING_ORDER_QUEUE, data, {
        singletonKey: `run-${randomUUID()}`,
      })
      if (!id) throw new Error('the recurring order run was not queued')
      if (workerId) instance.notifyWorker(workerId)
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const job = await instance.getJobById<RunData>(RECURRING_ORDER_QUEUE, id, { includeArchive: true })
        if (job?.state === 'completed' && job.output) return (job.output as RunOutput).outcomes
        if (job?.state === 'failed')
          throw new Error(`the recurring order run failed: ${JSON.stringify(job.output)}`)
        if (Date.now() > deadline) throw new Error('the recurring order run did not finish in time')
        await delay(100)
      }
    },
    async stop() {
      const instance = boss
      boss = undefined
      workerId = undefined
      await instance?.stop({ graceful: true, close: false, wait: true, timeout: 5000 })
    },
  }
}
