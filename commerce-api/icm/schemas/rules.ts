import type { z } from 'zod'

/**
 * What one route answers when it succeeds: the route as Fastify registered it, and the schema of its JSON
 * body (a function of the request path where one route serves several resources, as `categories/*` does).
 * Refusals of every route answer the error body (common.ts).
 */
export type WireRule = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  route: string
  schema: z.ZodTypeAny | ((path: string) => z.ZodTypeAny)
}

/** Routes that are not ICM resources and answer no JSON (payment page, pictures, attachments). */
export type NotJson = { method: 'GET' | 'POST' | 'OPTIONS'; route: string; reason: string }
