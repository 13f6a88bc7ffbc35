import { describe, expect, it, vi } from 'vitest'
import { coalescedRuns, soonAfter } from './runs'

describe('coalesced runs of the mail loops', () => {
  it('runs one at a time; calls during a run ask for one more run after it, not one each', async () => {
    let release!: () => void
    const steps: number[] = []
    const { run, idle } = coalescedRuns(async () => {
      steps.push(steps.length)
      if (steps.length === 1) await new Promise<void>((resolve) => (release = resolve))
      return false
    }, 'failed')
    void run()
    void run()
    void run()
    expect(steps).toEqual([0])
    release()
    await idle()
    expect(steps).toEqual([0, 1])
  })

  it('goes on while a step says there is more, and a failing step is logged, not thrown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let left = 3
    const { run } = coalescedRuns(async () => {
      left -= 1
      if (left === 1) throw new Error('smtp down')
      return left > 0
    }, 'delivery failed')
    await run()
    expect(left).toBe(1) // 3 → 2 (more), 2 → 1 throws: logged, the run ends
    expect(error).toHaveBeenCalledWith('delivery failed', expect.any(Error))
    await run()
    expect(left).toBe(0)
    error.mockRestore()
  })

  it('calls once after the first of many calls, and not at all when cancelled', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const soon = soonAfter(50, fn)
    soon.call()
    soon.call()
    vi.advanceTimersByTime(50)
    expect(fn).toHaveBeenCalledTimes(1)
    soon.call()
    soon.cancel()
    vi.advanceTimersByTime(100)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
  })
})
