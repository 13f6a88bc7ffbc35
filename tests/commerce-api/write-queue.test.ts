/**
 * The embedded database's write queue over HTTP (issue 37, ADR 0048): with every slot taken and the queue
 * full, a changing request is refused at once with 503, `Retry-After` and ICM's error body, having done
 * nothing; the one that waited in line is carried out once the slot is free, and so is the next one.
 * Reads do not wait in the queue.
 */
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baskets } from '../../commerce-api/db/schema'
import { WriteQueue } from '../../commerce-api/db/write-queue'
import { anonymousToken } from './checkout-fixtures'
import { call, startApi, type Api } from './harness'

/** Lets queued continuations and loopback I/O run until `done` holds (no fixed waits). */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('a full write queue', () => {
  let api: Api
  const queue = new WriteQueue({ concurrency: 1, maxQueued: 1, maxWaitMs: 0, retryAfterSeconds: 4 })
  beforeAll(async () => {
    api = await startApi({ products: 100, writeQueue: queue })
  })
  afterAll(() => api.close())

  const basketsOf = async (owner: string) =>
    (await api.database.db.select({ n: count() }).from(baskets).where(eq(baskets.owner, owner)))[0]!.n

  it('answers 503 with Retry-After and an ICM error body, then serves the queue in order', async () => {
    const [first, second] = [await anonymousToken(api), await anonymousToken(api)]
    // The one slot is taken (as by a long write) until the test lets go.
    let release!: () => void
    const holding = queue.run(() => new Promise<void>((resolve) => (release = resolve)))
    const createBasket = (token: string) =>
      call(api.url('baskets', ';loc=en_US;cur=EUR'), { method: 'POST', token })

    const waiting = createBasket(first)
    await until(() => queue.waiting === 1)
    const refused = await createBasket(second)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('4')
    expect(refused.headers.get('error-key')).toBe('server.busy.error')
    expect(refused.json).toEqual({
      errors: [{ status: '503', code: 'server.busy.error', message: expect.any(String) }],
    })
    // Reads go past the queue.
    expect((await call(api.url('categories'))).status).toBe(200)

    release()
    await holding
    const carriedOut = await waiting
    expect(carriedOut.status).toBe(201)
    const retried = await createBasket(second)
    expect(retried.status).toBe(201)
    expect(queue.running + queue.waiting).toBe(0)

    // The refused request wrote nothing: the second guest has exactly the basket of the retry.
    const ownerOf = async (id: string) =>
      (await api.database.db.select({ owner: baskets.owner }).from(baskets).where(eq(baskets.id, id)))[0]!
        .owner
    const owner = await ownerOf(retried.json.data.id)
    expect(await basketsOf(owner)).toBe(1)
  })
})
