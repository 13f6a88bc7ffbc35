import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writeSeededSnapshot } from '../commerce-api/harness'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database every file's commerce API starts from (see setup.ts). */
    apiSnapshot: string
  }
}

/**
 * Seeds the demo data (400 products) once per run into a PGlite snapshot; each test file then starts its own
 * commerce API from it, so files never see each other's baskets and orders, without seeding ten times.
 */
export default async function seedOnce(project: TestProject) {
  const file = path.join(os.tmpdir(), `storefront-api-${process.pid}-${Date.now()}.tar`)
  if (!process.env.DATABASE_URL) await writeSeededSnapshot(file, { products: 400 })
  project.provide('apiSnapshot', file)
  return () => rm(file, { force: true })
}
