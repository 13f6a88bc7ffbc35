/**
 * The storefront's sending of tracked events (app/services/tracking.server.ts): a bounded queue that never
 * throws or waits, a timeout per send, GA4's batches of 25; and the session flash bounded in size.
 */
import { describe, expect, it, vi } from 'vitest'
import { boundedFlash, createCollector, MAX_FLASH_BYTES } from '~/services/tracking.server'

const event = (name: string, items = 1) => ({
  name,
  params: {
    items: Array.from({ length: items }, (_, i) => ({ item_id: `${i}`, item_name: 'x'.repeat(40) })),
  },
})

describe('the collector sender', () => {
  it('posts GA4 Measurement Protocol batches of at most 25 events', async () => {
    const bodies: unknown[] = []
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)))
      return new Response(null, { status: 204 })
    })
    const collector = createCollector({
      url: 'http://collector.test/mp/collect?api_secret=s',
      timeoutMs: 1000,
      fetchImpl,
    })
    collector.send(
      'client-1',
      Array.from({ length: 30 }, (_, i) => event(`e_${i}`)),
    )
    await collector.settled()
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    expect(fetchImpl.mock.calls[0]![0]).toBe('http://collector.test/mp/collect?api_secret=s')
    expect(bodies.map((b) => (b as { events: unknown[] }).events.length)).toEqual([25, 5])
    expect(bodies[0]).toMatchObject({ client_id: 'client-1' })
  })

  it('never throws or waits for a failing or hanging collector, and drops the oldest beyond its queue', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const hanging = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('timeout'))),
      )
    const collector = createCollector({
      url: 'http://collector.test/',
      timeoutMs: 50,
      maxQueue: 3,
      concurrency: 1,
      fetchImpl: hanging,
    })
    for (let i = 0; i < 10; i++) expect(() => collector.send('c', [event('view_item')])).not.toThrow()
    // One is on its way, three wait, six were dropped.
    expect(collector.dropped()).toBe(6)
    await collector.settled()
    const failing = createCollector({
      url: 'http://collector.test/',
      timeoutMs: 50,
      fetchImpl: async () => {
        throw new Error('refused')
      },
    })
    failing.send('c', [event('view_item')])
    await failing.settled()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})

describe('the flash of an action’s events', () => {
  it('stays within its bytes: items go first, then whole events', () => {
    const flash = [
      { key: 'a', event: event('add_to_cart', 1) },
      { key: 'b', event: event('begin_checkout', 40) },
    ]
    const bounded = boundedFlash(flash)
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(MAX_FLASH_BYTES)
    expect(bounded.map((e) => e.key)).toEqual(['a', 'b'])
    expect((bounded[1]!.event.params.items as unknown[]).length).toBeLessThan(40)
    expect((bounded[0]!.event.params.items as unknown[]).length).toBe(1)
    // The input is left as it was.
    expect((flash[1]!.event.params.items as unknown[]).length).toBe(40)
    const tiny = boundedFlash(flash, 10)
    expect(tiny).toEqual([])
  })
})
