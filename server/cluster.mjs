/**
 * The storefront in several processes (WEB_CONCURRENCY, default: the cores this process may use). The
 * primary, started as `node server.mjs`, renders nothing: it forks the workers (server.mjs again, which serve
 * the shop), hands them the connections of the one port (Node's cluster, round-robin), starts a worker that
 * dies again, and stops them all on SIGTERM or SIGINT. It loads neither Express nor the Remix build, so it
 * stays a small process beside them (see docs/decisions/0050).
 *
 * - Start: one worker first; the others once it listens. A setting the build refuses is thus reported once,
 *   and the port answers as soon as the first worker is ready.
 * - A worker that ends with CANNOT_START (78, EX_CONFIG) cannot start with these settings: the primary stops
 *   the others and exits with 78 as well, so `npm start`'s supervisor does not start it again either.
 * - The first worker ending before it ever listened (the port taken, a broken build) ends the primary with its
 *   exit code: nothing is served, and the supervisor above decides about starting again, as before.
 * - Later, a worker that ends unexpectedly is started again after a back-off (1 s, doubling up to 30 s, back
 *   to 1 s once it ran for a minute), per worker, so a crash loop does not spin; the others keep serving.
 * - SIGTERM/SIGINT: every worker is asked to stop (it finishes the answers under way, scripts in server.mjs),
 *   then the primary exits 0; a worker still running after the grace period is killed.
 */
import cluster from 'node:cluster'

/** EX_CONFIG of sysexits.h: the settings are wrong; starting again with them fails again. */
export const CANNOT_START = 78
const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 30_000
/** A worker that ran this long counts as healthy: its next crash is restarted after the first delay again. */
const HEALTHY_AFTER_MS = 60_000
/** A worker stopping gives up on open connections after 10 s (server.mjs); this is the primary's margin. */
const STOP_GRACE_MS = 12_000

/**
 * V8's heap limits of a worker, unless NODE_OPTIONS or the primary's own flags set them: the young generation
 * at 2 × 32 MiB, so the garbage of the renders in flight (a page lives some tens of milliseconds under load)
 * dies young instead of being promoted and marked again (15–20 % less CPU per rendered page than 2 × 8 MiB,
 * ADR 0054; it grows only under load, so resident memory after start is the same), and the old generation at
 * 256 MiB, which bounds what V8 lets grow between collections (about 340 MiB per process after 800 rendered
 * pages without it). The live heap of a worker is about 50 MiB plus its caches (ADR 0050, 0054).
 */
const HEAP_FLAGS = ['--max-semi-space-size=32', '--max-old-space-size=256']

/** Those of HEAP_FLAGS that neither `execArgv` nor NODE_OPTIONS set (`npm start` gives them to server.mjs). */
export function heapFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) =>
    flag.split('=')[0].replaceAll('_', '-'),
  )
  return HEAP_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]))
}

/**
 * Runs the primary with `count` workers; `address` is what the log line names.
 * @param {{ count: number, address: string }} options
 */
export function runPrimary({ count, address }) {
  let stopping = false
  let listenedOnce = false
  let announced = false
  /** One slot per worker: its current process, back-off and restarts. */
  const slots = Array.from({ length: count }, (_, index) => ({
    index: index + 1,
    worker: null,
    timer: null,
    delay: FIRST_DELAY_MS,
    restarts: 0,
    listened: false,
  }))

  const running = () => slots.filter((slot) => slot.worker !== null).length

  /** Stops every worker (SIGTERM, SIGKILL after the grace period), then exits with `code`. */
  const stop = (code) => {
    if (stopping) return
    stopping = true
    for (const slot of slots) {
      clearTimeout(slot.timer)
      slot.worker?.process.kill('SIGTERM')
    }
    const finish = () => process.exit(code)
    if (running() === 0) return finish()
    cluster.on('exit', () => {
      if (running() === 0) finish()
    })
    setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill('SIGKILL')
      setTimeout(finish, 1000).unref()
    }, STOP_GRACE_MS).unref()
  }

  const launch = (slot) => {
    slot.timer = null
    const startedAt = Date.now()
    let listening = false
    const worker = cluster.fork()
    slot.worker = worker
    // A worker that could not be started or reached is logged; its 'exit' decides what happens next.
    worker.on('error', (error) => console.error(`storefront: process ${slot.index}: ${error.message}`))
    worker.once('listening', () => {
      listening = true
      slot.listened = true
      if (!announced && slots.every((other) => other.listened)) {
        announced = true
        console.log(`storefront: listening on ${address} (${count} processes)`)
      }
      if (listenedOnce) return
      listenedOnce = true
      for (const other of slots) if (other.worker === null && !stopping) launch(other)
    })
    worker.once('exit', (code, signal) => {
      slot.worker = null
      if (stopping) return
      if (code === CANNOT_START) {
        console.error('storefront: cannot start with these settings (see above); stopping.')
        return stop(CANNOT_START)
      }
      const how = signal ? `signal ${signal}` : `exit code ${code}`
      if (!listening && !listenedOnce) {
        console.error(`storefront: the first process ended before it listened (${how}); stopping.`)
        return stop(code || 1)
      }
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) slot.delay = FIRST_DELAY_MS
      const delay = slot.delay
      slot.delay = Math.min(delay * 2, MAX_DELAY_MS)
      slot.restarts += 1
      console.error(
        `storefront: process ${slot.index} of ${count} stopped (${how}); starting it again in ` +
          `${delay / 1000} s (restart ${slot.restarts}).`,
      )
      slot.timer = setTimeout(() => launch(slot), delay)
    })
  }

  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
  cluster.setupPrimary({ execArgv: [...heapFlags(), ...process.execArgv] })
  launch(slots[0])
}
