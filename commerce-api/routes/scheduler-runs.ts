import { z } from 'zod'
import { ApiError, parseInput } from '../http'
import { isLoopback } from './mailbox'
import type { RouteModule } from './context'

const RunBody = z
  .object({
    at: z.string().datetime({ offset: true }),
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
