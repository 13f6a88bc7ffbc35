import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

/**
 * A folder for this run's seeded snapshots, one per catalog size: PGlite dumps
 * (commerce-api/db/test-database.ts `seededPglite`) and, on the PostgreSQL server of DATABASE_URL, template
 * databases (harness.ts): the first file that needs a size seeds it, the others copy it. Both go when the run
 * ends, so that a change to the migrations or the seed is never hidden by an older copy.
 */
export default async function snapshotFolder(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'api-seeds-'))
  project.provide('seedSnapshots', folder)
  return async () => {
    await rm(folder, { recursive: true, force: true })
    if (process.env.DATABASE_URL) await dropTemplates(process.env.DATABASE_URL, templatePrefix(folder))
  }
}

/** Template databases of the run whose snapshot folder is `folder`: `api_seed_{suffix}_{products}`. */
export const templatePrefix = (folder: string) =>
  `api_seed_${path
    .basename(folder)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}_`

async function dropTemplates(url: string, prefix: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    )
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`)
  } finally {
    await client.end()
  }
}
