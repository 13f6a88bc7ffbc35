/**
 * One run at a time, for the mail loops (delivery, deferred rendering): a call while a run is under way asks
 * for one more after it (calls coalesce), and a run whose step says there is more goes on at once. A step
 * that fails is logged with `failure`; the next call tries again.
 */
export function coalescedRuns(step: () => Promise<boolean>, failure: string) {
  let running: Promise<void> | undefined
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          if (await step()) again = true
        } catch (error) {
          console.error(failure, error)
        }
      } while (again)
    })().finally(() => {
      running = undefined
    })
    return running
  }
  /** Resolves once no run is under way. */
  const idle = async () => {
    while (running) await running
  }
  return { run, idle }
}

/** `fn` once, `ms` after the first of any number of calls; the next call after that starts a new wait. */
export function soonAfter(ms: number, fn: () => void) {
  let timer: NodeJS.Timeout | undefined
  return {
    call: () => {
      if (timer) return
      timer = setTimeout(() => {
        timer = undefined
        fn()
      }, ms)
      timer.unref()
    },
    cancel: () => {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
