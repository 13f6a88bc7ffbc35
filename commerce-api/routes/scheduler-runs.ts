import { z } from 'zod'
import { ApiError, parseInput } from '../http'
import { isLoopback } from './mailbox'
import type { RouteModule } from './context'

const YEAR_MS = 366 * 24 * 60 * 60 * 1000

const RunBody = z
  .object({
    /** A time the scheduler could run at: from a year ago to ten years ahead (else a 400, not a crash). */
    at: z
      .string()
      .datetime({ offset: true })
      .refine((at) => {
        const offset = Date.parse(at) - Date.now()
        return offset >= -YEAR_MS && offset <= 10 * YEAR_MS
      }, 'a time from a year ago to ten years ahead'),
    /** Only these recurring orders (so that parallel tests do not place each other's). */
    recurringOrderIds: z.array(z.string().uuid()).min(1).max(25).optional(),
  })
  .strict()

/**
 * The tests' hand on the recurring order scheduler (ADR 0020), not an ICM resource: `POST
 * /scheduler/recurring-orders/runs {at, recurringOrderIds?}` queues a run of the scheduler's pg-boss job as of
 * `at`, limited to the recurring orders named (when named), and answers what it placed once a worker made it, so that an end-to-end test sees the scheduler place an order on its
 * day without waiting for that day. It exists only when SCHEDULER_TEST_RUNS=on (config.ts), and answers only
 * callers on this machine; otherwise there is no such route (404).
 */
export const schedulerRunRoutes: RouteModule = (app) => {
  app.post('/scheduler/recurring-orders/runs', { config: { access: 'public' } }, async (request, reply) => {
    if (!isLoopback(request.ip)) throw new ApiError(404, 'resource.not_found', 'No such resource.')
    const { at, recurringOrderIds } = parseInput(RunBody, request.body ?? {}, 'scheduler run')
    if (!app.recurringOrders.started)
      throw new ApiError(409, 'scheduler.not_started', 'The recurring order scheduler does not run here.')
    const outcomes = await app.recurringOrders.runQueued(new Date(at), { only: recurringOrderIds })
    reply.header('cache-control', 'no-store')
    return { at, outcomes }
  })
}
