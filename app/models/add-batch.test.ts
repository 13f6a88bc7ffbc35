import { describe, expect, it } from 'vitest'
import { ADD_TO_BASKET_BATCH_MS, createAddBatcher, type Scheduler } from './add-batch'

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0
  let next = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  const scheduler: Scheduler = {
    set: (run, ms) => {
      const id = next++
      timers.set(id, { at: now + ms, run })
      return id
    },
    clear: (id) => void timers.delete(id as number),
  }
  const advance = (ms: number) => {
    now += ms
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= now) {
        timers.delete(id)
        timer.run()
      }
    }
  }
  return { scheduler, advance }
}

describe('collected adds', () => {
  it('sends the adds of 500 ms in one call', () => {
    const clock = manualClock()
    const sent: string[][] = []
    const batcher = createAddBatcher<string>((items) => sent.push(items), { scheduler: clock.scheduler })
    expect(ADD_TO_BASKET_BATCH_MS).toBe(500)
    batcher.add('a')
    clock.advance(200)
    batcher.add('b')
    clock.advance(299)
    expect(sent).toEqual([])
    batcher.add('c')
    clock.advance(1)
    expect(sent).toEqual([['a', 'b', 'c']])
    expect(batcher.pending()).toEqual([])
    expect(batcher.busy()).toBe(true)
  })

  it('holds adds made while a call is under way until its answer, then sends them together', () => {
    const clock = manualClock()
    const sent: string[][] = []
    const batcher = createAddBatcher<string>((items) => sent.push(items), { scheduler: clock.scheduler })
    batcher.add('a')
    clock.advance(500)
    batcher.add('b')
    clock.advance(500)
    batcher.add('c')
    clock.advance(2000)
    expect(sent).toEqual([['a']])
    expect(batcher.pending()).toEqual(['b', 'c'])
    batcher.done()
    expect(sent).toEqual([['a'], ['b', 'c']])
    batcher.done()
    expect(batcher.busy()).toBe(false)
  })

  it('lets adds made shortly before an answer finish their own window', () => {
    const clock = manualClock()
    const sent: string[][] = []
    const batcher = createAddBatcher<string>((items) => sent.push(items), { scheduler: clock.scheduler })
    batcher.add('a')
    clock.advance(500)
    batcher.add('b')
    clock.advance(100)
    batcher.done()
    expect(sent).toEqual([['a']])
    clock.advance(400)
    expect(sent).toEqual([['a'], ['b']])
  })

  it('starts a new window after an idle period and sends nothing when nothing was added', () => {
    const clock = manualClock()
    const sent: string[][] = []
    const batcher = createAddBatcher<string>((items) => sent.push(items), { scheduler: clock.scheduler })
    batcher.done()
    clock.advance(5000)
    expect(sent).toEqual([])
    batcher.add('a')
    clock.advance(500)
    batcher.done()
    batcher.add('b')
    clock.advance(500)
    expect(sent).toEqual([['a'], ['b']])
    batcher.add('c')
    batcher.dispose()
    clock.advance(1000)
    expect(sent).toEqual([['a'], ['b']])
  })
})
