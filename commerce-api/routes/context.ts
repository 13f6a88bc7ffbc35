import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'

/** What every route module gets: the database and the one site it serves. */
export type ApiContext = { db: Db; site: string }
export type RouteModule = (app: FastifyInstance, ctx: ApiContext) => void
