/**
 * The scheduler of recurring orders (ADR 0020): a pg-boss job on the API's own database, PostgreSQL or the
 * embedded PGlite alike (pg-boss speaks to it through `executeSql`, see boss-database.ts). Every API process
 * schedules the same cron (one job per minute for all of them: pg-boss's schedule is a singleton) and works
 * the queue; whichever process takes a job places what is due (domain/recurring-order-runs.ts). That each day
 * of a recurring order becomes one order is the database's doing (row lock and execution key), not the
 * queue's: a job run twice, or two runs at once, place nothing twice.
 *
 * Time is handed in: `runDue(at)` places what is due at `at`, and the worker runs it with `now()`, so that tests
 * move time instead of waiting for it.
 */
import PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import type { SnapshotOf } from '../domain/orders'
import { placeDueRecurringOrders, type RecurringRunOutcome } from '../domain/recurring-order-runs'
import { bossDatabase } from './boss-database'

/** The queue of the runs; its policy keeps at most one run waiting and one running across all processes. */
export const RECURRING_ORDER_QUEUE = 'recurring-orders-place-due'

export type RecurringOrderJobOptions = {
  /** The order answers' snapshot (icm/orders.ts), handed in because the domain imports no wire format. */
  snapshotOf: SnapshotOf
  /** When pg-boss runs the job (a cron of whole minutes, UTC; RECURRING_ORDERS_CRON); default every minute. */
  cron?: string
  /** The clock of the runs the worker makes; default the real one. */
  now?: () => Date
  /** How long the worker waits between looks at the queue, in seconds (at least 0.5). */
  pollingIntervalSeconds?: number
  log?: Pick<Console, 'error' | 'warn'>
}

export type RecurringOrderJob = {
  /** Places the orders due at `at` (default `now()`), as the job does; what it did. */
  runDue: (at?: Date) => Promise<RecurringRunOutcome[]>
  /** Starts pg-boss on the database: its tables, the queue, the schedule and this process's worker. */
  start: () => Promise<void>
  /** Queues a run now and wakes this process's worker (the run is the queue's: any process may take it). */
  kick: () => Promise<void>
  /** What the next run this process's worker makes places (tests wait on it instead of on the clock). */
  nextRun: () => Promise<RecurringRunOutcome[]>
  /** Stops the worker and the schedule's timers; the database stays open. */
  stop: () => Promise<void>
  readonly started: boolean
}

export function recurringOrderJob(db: Db, options: RecurringOrderJobOptions): RecurringOrderJob {
  const { snapshotOf, cron = '* * * * *', now = () => new Date(), log = console } = options
  const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 10)
  let boss: PgBoss | undefined
  let workerId: string | undefined
  let waiting: ((outcomes: RecurringRunOutcome[]) => void)[] = []

  const runDue = (at: Date = now()) => placeDueRecurringOrders(db, at, snapshotOf)

  const work = async () => {
    const outcomes = await runDue(now())
    for (const failed of outcomes.filter((outcome) => outcome.outcome === 'failed'))
      log.warn(
        `commerce-api: recurring order ${failed.recurringOrderId} (${failed.scheduledFor}) not placed: ${failed.errorCode}`,
      )
    const resolve = waiting
    waiting = []
    for (const done of resolve) done(outcomes)
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
    async kick() {
      if (!boss) throw new Error('the recurring order job is not started')
      await boss.send(RECURRING_ORDER_QUEUE, {})
      if (workerId) boss.notifyWorker(workerId)
    },
    nextRun: () => new Promise((resolve) => waiting.push(resolve)),
    async stop() {
      const instance = boss
      boss = undefined
      workerId = undefined
      await instance?.stop({ graceful: true, close: false, wait: true, timeout: 5000 })
    },
  }
}
