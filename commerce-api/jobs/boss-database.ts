/**
 * pg-boss on the API's own database connection (its `db` option, `executeSql(text, values)`): the pg Pool of a
 * PostgreSQL server, or the embedded PGlite. pg-boss sends its schema changes as one text of several
 * statements without parameters, which PGlite runs with `exec` (its `query` takes one statement); every other
 * call is one statement, with its parameters.
 */
import type PgBoss from 'pg-boss'
import { driverOf, type Db } from '../db/client'

export function bossDatabase(db: Db): PgBoss.Db {
  const driver = driverOf(db)
  if (driver.kind === 'postgres')
    return { executeSql: (text, values) => driver.pool.query(text, values as unknown[]) }
  const { client } = driver
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values)
      const results = await client.exec(text)
      return results[results.length - 1] ?? { rows: [] }
    },
  }
}
