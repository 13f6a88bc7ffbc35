/**
 * The embedded database's write queue without HTTP (ADR 0048): its bound, its order, its refusal, and that a
 * transaction that throws frees its slot and leaves nothing written. No timings: speed lives in the benches.
 */
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Db } from './client'
import { emptyDatabaseForTests } from './test-database'
import { mailEvents } from './schema'
import { DatabaseBusy, WriteQueue, writeQueueOptionsFromEnv } from './write-queue'

/** A promise and the function that resolves it: work that ends when the test says so. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Lets every queued continuation run (the queue hands slots on in promise callbacks). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the write queue', () => {
  it('runs at most `concurrency` at a time and the rest in order of arrival', async () => {
    const queue = new WriteQueue({ concurrency: 1, maxQueued: 10, maxWaitMs: 0 })
    const first = gate()
    const order: string[] = []
    const running = queue.run(async () => {
      order.push('first')
      await first.opened
    })
    const later = ['a', 'b', 'c'].map((name) => queue.run(async () => void order.push(name)))
    await settle()
    expect(order).toEqual(['first'])
    expect(queue.running).toBe(1)
    expect(queue.waiting).toBe(3)
    first.open()
    await Promise.all([running, ...later])
    expect(order).toEqual(['first', 'a', 'b', 'c'])
    expect(queue.running).toBe(0)
    expect(queue.waiting).toBe(0)
  })

  it('refuses with DatabaseBusy when `maxQueued` wait already, without running the work', async () => {
    const queue = new WriteQueue({ concurrency: 2, maxQueued: 1, maxWaitMs: 0, retryAfterSeconds: 3 })
    const hold = gate()
    const held = [queue.run(() => hold.opened), queue.run(() => hold.opened)]
    const waiting = queue.run(async () => 'waited')
    let ran = false
    const refused = await queue
      .run(async () => {
        ran = true
      })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DatabaseBusy)
    expect(refused).toMatchObject({ reason: 'queue-full', retryAfterSeconds: 3 })
    expect(ran).toBe(false)
    hold.open()
    await Promise.all(held)
    expect(await waiting).toBe('waited')
    // Room again: the next one runs.
    expect(await queue.run(async () => 'after')).toBe('after')
  })

  it('refuses one that waited longer than `maxWaitMs`, and it leaves the line', async () => {
    const queue = new WriteQueue({ concurrency: 1, maxQueued: 5, maxWaitMs: 1 })
    const hold = gate()
    const held = queue.run(() => hold.opened)
    const late = await queue.run(async () => 'ran').catch((error: unknown) => error)
    expect(late).toMatchObject({ name: 'DatabaseBusy', reason: 'wait-timeout' })
    expect(queue.waiting).toBe(0)
    hold.open()
    await held
    expect(queue.running).toBe(0)
  })

  it('frees the slot of work that throws, and passes its error on', async () => {
    const queue = new WriteQueue({ concurrency: 1, maxQueued: 0, maxWaitMs: 0 })
    await expect(queue.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(queue.running).toBe(0)
    expect(await queue.run(async () => 'next')).toBe('next')
  })

  it('reads its bounds from the environment, and refuses nonsense', () => {
    expect(
      writeQueueOptionsFromEnv({
        DB_WRITE_CONCURRENCY: '2',
        DB_WRITE_QUEUE_MAX: '50',
        DB_WRITE_QUEUE_WAIT_MS: '0',
        DB_BUSY_RETRY_AFTER_SECONDS: '5',
      }),
    ).toEqual({ concurrency: 2, maxQueued: 50, maxWaitMs: 0, retryAfterSeconds: 5 })
    expect(writeQueueOptionsFromEnv({})).toMatchObject({ concurrency: 4, maxQueued: 200 })
    expect(() => writeQueueOptionsFromEnv({ DB_WRITE_CONCURRENCY: '0' })).toThrow(/DB_WRITE_CONCURRENCY/)
    expect(() => writeQueueOptionsFromEnv({ DB_WRITE_QUEUE_MAX: 'many' })).toThrow(/DB_WRITE_QUEUE_MAX/)
  })
})

describe('the write queue over the embedded database', () => {
  const database = emptyDatabaseForTests()
  let db: Db
  beforeAll(() => {
    db = database().db
  })

  const rows = async () => (await db.select({ n: count() }).from(mailEvents))[0]!.n

  it('a transaction that throws halfway writes nothing and frees the slot for the next', async () => {
    const queue = new WriteQueue({ concurrency: 1, maxQueued: 5, maxWaitMs: 0 })
    const failing = queue.run(() =>
      db.transaction(async (t) => {
        await t.insert(mailEvents).values({ type: 'test.half', payload: {} })
        throw new Error('failed after the first write')
      }),
    )
    const next = queue.run(() =>
      db.transaction(async (t) => {
        await t.insert(mailEvents).values({ type: 'test.whole', payload: {} })
      }),
    )
    await expect(failing).rejects.toThrow('failed after the first write')
    await next
    expect(await db.select().from(mailEvents).where(eq(mailEvents.type, 'test.half'))).toEqual([])
    expect(await rows()).toBe(1)
    expect(queue.running).toBe(0)
  })
})
