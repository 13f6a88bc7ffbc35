import { describe, expect, it } from 'vitest'

/** The statements that write `table` in every form the watcher must see: each verb, quoted or not, with schema. */
const writing = (table: string) => [
  `insert into "${table}" ("id") values ($1)`,
  `update "${table}" set "id" = $1 where "${table}"."id" = $2`,
  `delete from "${table}" where "${table}"."id" = $1`,
  `truncate table ${table}`,
  `UPDATE public."${table}" SET id = 1`,
  `with moved as (select 1) delete from ${table}`,
]

/** Statements that touch `table` without writing it, or write another table whose name begins like it. */
const notWriting = (table: string) => [
  `select "id" from "${table}" where "${table}"."id" = $1`,
  `update "${table}_history" set x = 1`,
  `insert into "other_table" ("${table}_id") select id from ${table}`,
]

/**
 * Which statements a write watcher of db/read-cache.ts counts as writing its group (`writes`): every form of
 * writing each of `tables` must, reading them or writing a look-alike table must not; then each of the
 * group's own cases in `yes` and `no`. One table per group, in the test of that group's cache.
 */
export function describeWatchedStatements(
  title: string,
  writes: (text: string) => boolean,
  { tables, yes = [], no = [] }: { tables: readonly string[]; yes?: string[]; no?: string[] },
) {
  describe(title, () => {
    it.each([...tables.flatMap(writing), ...yes])('%s: yes', (text) => expect(writes(text)).toBe(true))
    it.each([...tables.flatMap(notWriting), ...no])('%s: no', (text) => expect(writes(text)).toBe(false))
  })
}
