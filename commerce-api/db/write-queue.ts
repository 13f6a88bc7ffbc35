/**
 * The embedded database's admission control (issue 37, ADR 0048). PGlite has one connection: every query
 * and every transaction of the process runs one after another on it. Under a crowd the requests that change
 * data pile up behind each other without bound, and the storefront gives up on them after its timeout (a 504,
 * the work done anyway or half of it left to chance). Instead the commerce API lets a few changing requests
 * work at a time (`concurrency`) and keeps the rest waiting in order of arrival, at most `maxQueued` of them,
 * each at most `maxWaitMs`: one that finds the queue full, or waits too long, is refused at once with
 * `DatabaseBusy` (503 with `Retry-After`) before any of its work was done, so nothing of it is half-written.
 *
 * With `DATABASE_URL` the pool of a PostgreSQL server runs requests side by side and this queue is not used.
 */
export type WriteQueueOptions = {
  /** Changing requests that work at the same time. */
  concurrency: number
  /** Requests that may wait for a slot; one more is refused. */
  maxQueued: number
  /** How long a request may wait for a slot before it is refused (0: as long as it takes). */
  maxWaitMs: number
  /** What a refusal tells the caller to wait, in whole seconds (`Retry-After`). */
  retryAfterSeconds: number
}

export const DEFAULT_WRITE_QUEUE: WriteQueueOptions = {
  // PGlite runs one statement at a time anyway; a few requests at once let one's password hashing or
  // rendering overlap another's queries (with one, twenty logins at once waited for each other's hashing).
  concurrency: 4,
  maxQueued: 200,
  // Below the storefront's ICM_TIMEOUT_MS (8 s): the shopper gets the shop's "busy" page, not a timeout.
  maxWaitMs: 6000,
  retryAfterSeconds: 2,
}

/** A changing request the embedded database cannot take now: the queue is full or its wait ran out. */
export class DatabaseBusy extends Error {
  constructor(
    readonly reason: 'queue-full' | 'wait-timeout',
    readonly retryAfterSeconds: number,
  ) {
    super(
      reason === 'queue-full'
        ? 'The shop is very busy right now; the request was not carried out. Please try again shortly.'
        : 'The shop is very busy right now; the request waited too long and was not carried out. Please try again shortly.',
    )
    this.name = 'DatabaseBusy'
  }
}

type Waiter = { admit: () => void; timer?: NodeJS.Timeout }

/** A bounded FIFO queue in front of work that must not run more than `concurrency` at a time. */
export class WriteQueue {
  readonly options: WriteQueueOptions
  #running = 0
  readonly #waiting: Waiter[] = []

  constructor(options: Partial<WriteQueueOptions> = {}) {
    this.options = { ...DEFAULT_WRITE_QUEUE, ...options }
    if (!(this.options.concurrency >= 1)) throw new Error('WriteQueue: concurrency must be at least 1')
    if (!(this.options.maxQueued >= 0)) throw new Error('WriteQueue: maxQueued must not be negative')
  }

  /** Work holding a slot now. */
  get running() {
    return this.#running
  }

  /** Work waiting for a slot. */
  get waiting() {
    return this.#waiting.length
  }

  /**
   * Runs `work` when a slot is free, in order of arrival; the slot is freed when `work` ends, also when it
   * throws. Throws `DatabaseBusy` without running `work` when the queue is full or the wait runs out.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#acquire()
    try {
      return await work()
    } finally {
      this.#release()
    }
  }

  #acquire(): Promise<void> {
    if (this.#running < this.options.concurrency && this.#waiting.length === 0) {
      this.#running++
      return Promise.resolve()
    }
    const { maxQueued, maxWaitMs, retryAfterSeconds } = this.options
    if (this.#waiting.length >= maxQueued)
      return Promise.reject(new DatabaseBusy('queue-full', retryAfterSeconds))
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { admit: resolve }
      if (maxWaitMs > 0) {
        waiter.timer = setTimeout(() => {
          const at = this.#waiting.indexOf(waiter)
          if (at >= 0) this.#waiting.splice(at, 1)
          reject(new DatabaseBusy('wait-timeout', retryAfterSeconds))
        }, maxWaitMs)
        waiter.timer.unref()
      }
      this.#waiting.push(waiter)
    })
  }

  #release() {
    const next = this.#waiting.shift()
    if (!next) {
      this.#running--
      return
    }
    // The slot passes straight to the next in line: nobody arriving meanwhile can take it first.
    if (next.timer) clearTimeout(next.timer)
    next.admit()
  }
}

const positive = (value: string | undefined, name: string, fallback: number, min: number) => {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}`)
  return n
}

/**
 * The queue's bounds from the environment: DB_WRITE_CONCURRENCY, DB_WRITE_QUEUE_MAX, DB_WRITE_QUEUE_WAIT_MS
 * (0: no limit), DB_BUSY_RETRY_AFTER_SECONDS.
 */
export function writeQueueOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): WriteQueueOptions {
  const d = DEFAULT_WRITE_QUEUE
  return {
    concurrency: positive(env.DB_WRITE_CONCURRENCY, 'DB_WRITE_CONCURRENCY', d.concurrency, 1),
    maxQueued: positive(env.DB_WRITE_QUEUE_MAX, 'DB_WRITE_QUEUE_MAX', d.maxQueued, 0),
    maxWaitMs: positive(env.DB_WRITE_QUEUE_WAIT_MS, 'DB_WRITE_QUEUE_WAIT_MS', d.maxWaitMs, 0),
    retryAfterSeconds: positive(
      env.DB_BUSY_RETRY_AFTER_SECONDS,
      'DB_BUSY_RETRY_AFTER_SECONDS',
      d.retryAfterSeconds,
      1,
    ),
  }
}
