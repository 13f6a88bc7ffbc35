/**
 * Collecting adds in the browser (spec §4 "Adding to basket", §9: 500 ms): adds within the window after the
 * first one are sent together in one call. While a call is under way, new adds wait for its answer and
 * then go in the next call, so no answer is lost to a newer request.
 */

/** The add-to-basket collection window (spec §9). */
export const ADD_TO_BASKET_BATCH_MS = 500

export type Scheduler = {
  set: (run: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

const timers: Scheduler = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export type AddBatcher<T> = {
  /** Collects an item; the window starts with the first item of a batch. */
  add(item: T): void
  /** The answer to the last call has arrived: waiting items go out now. */
  done(): void
  /** Items collected and not yet sent. */
  pending(): readonly T[]
  /** True while a call is under way. */
  busy(): boolean
  /** Drops the timer (the page goes away). */
  dispose(): void
}

export function createAddBatcher<T>(
  send: (items: T[]) => void,
  { delay = ADD_TO_BASKET_BATCH_MS, scheduler = timers }: { delay?: number; scheduler?: Scheduler } = {},
): AddBatcher<T> {
  let items: T[] = []
  let timer: unknown
  let inFlight = false
  let windowOver = false

  const flush = () => {
    timer = undefined
    windowOver = items.length > 0
    if (inFlight || items.length === 0) return
    const batch = items
    items = []
    windowOver = false
    inFlight = true
    send(batch)
  }

  return {
    add(item) {
      items.push(item)
      if (timer === undefined && !windowOver) timer = scheduler.set(flush, delay)
    },
    done() {
      inFlight = false
      if (items.length > 0 && windowOver) flush()
    },
    pending: () => items,
    busy: () => inFlight,
    dispose() {
      if (timer !== undefined) scheduler.clear(timer)
      timer = undefined
    },
  }
}
