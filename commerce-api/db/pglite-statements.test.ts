import { PGlite, types } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { integer, jsonb, numeric, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { usePreparedStatements, type PreparedStatements } from './pglite-statements'

const things = pgTable('things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  count: integer('count').notNull().default(0),
  price: numeric('price', { precision: 12, scale: 2 }),
  data: jsonb('data'),
  tags: text('tags').array(),
  active: boolean('active').notNull().default(true),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
})

const SCHEMA = `create table things (
  id uuid primary key default gen_random_uuid(), name text not null unique, count integer not null default 0,
  price numeric(12, 2), data jsonb, tags text[], active boolean not null default true, at timestamptz)`

/** Drizzle's options for a query that maps columns (drizzle-orm/pglite/session.js). */
const keep = (value: string) => value
const DRIZZLE = {
  rowMode: 'array' as const,
  parsers: { [types.TIMESTAMP]: keep, [types.TIMESTAMPTZ]: keep, [types.DATE]: keep, [types.INTERVAL]: keep },
}

/** Names of the statements PostgreSQL holds for this session. */
async function heldStatements(client: PGlite) {
  const [result] = await client.exec('select name from pg_prepared_statements order by name')
  return result!.rows.map((r) => (r as { name: string }).name)
}

describe('prepared statements on PGlite (ADR 0062)', () => {
  /** The prepared path, and PGlite as it comes, side by side on the same data. */
  let client: PGlite
  let plain: PGlite
  let statements: PreparedStatements

  beforeAll(async () => {
    client = new PGlite()
    plain = new PGlite()
    for (const c of [client, plain]) await c.exec(SCHEMA)
    statements = usePreparedStatements(client, { max: 5 })
  })
  afterAll(async () => {
    await client.close()
    await plain.close()
  })
  beforeEach(async () => {
    for (const c of [client, plain]) await c.exec('truncate things')
    statements.forget()
  })

  /** The same call on both clients: the answers must be equal. */
  async function both(text: string, params?: unknown[], options?: Record<string, unknown>) {
    const [a, b] = [await client.query(text, params, options), await plain.query(text, params, options)] as {
      rows: unknown[]
      fields: unknown[]
      affectedRows?: number
      rowCount?: number
    }[]
    expect(a).toEqual(b)
    return a!
  }

  it('answers what PGlite answers: rows as objects or arrays, fields, counts of the command tag', async () => {
    const at = '2026-12-01T10:00:00.000Z'
    const row = ['a', 3, '12.50', { x: [1, 'ü'] }, ['p', 'q'], false, new Date(at)]
    const insert = `insert into things (name, count, price, data, tags, active, at)
      values ($1, $2, $3, $4, $5, $6, $7) returning name, count, price, data, tags, active, at`
    const inserted = await both(insert, row)
    expect(inserted.affectedRows).toBe(1)
    expect(inserted.rows).toEqual([
      {
        name: 'a',
        count: 3,
        price: '12.50',
        data: { x: [1, 'ü'] },
        tags: ['p', 'q'],
        active: false,
        at: new Date(at),
      },
    ])
    await both(insert, ['b', 4, null, null, null, true, null])

    const read = await both('select name, count, data, at from things order by name', [], DRIZZLE)
    expect(read.rows).toEqual([
      ['a', 3, { x: [1, 'ü'] }, '2026-12-01 10:00:00+00'],
      ['b', 4, null, null],
    ])
    expect(read.rowCount).toBe(2)
    expect(read.fields).toEqual([
      { name: 'name', dataTypeID: types.TEXT },
      { name: 'count', dataTypeID: types.INT4 },
      { name: 'data', dataTypeID: types.JSONB },
      { name: 'at', dataTypeID: types.TIMESTAMPTZ },
    ])
    const updated = await both('update things set count = count + $1 where active', [10])
    expect([updated.affectedRows, updated.rowCount, updated.rows]).toEqual([1, 1, []])
    const deleted = await both('delete from things where name = $1', ['nobody'])
    expect([deleted.affectedRows, deleted.rowCount]).toEqual([0, 0])
    await both('with n as (select count(*)::int as n from things) select n from n')
  })

  it('sends a long text as its bytes and reads it back unchanged', async () => {
    const html = `<p>${'Grüße, 注文 – '.repeat(500)}</p>`
    const { rows } = await client.query<{ name: string; n: number }>(
      'insert into things (name) values ($1) returning name, octet_length(name) as n',
      [html],
    )
    expect(rows[0]).toEqual({ name: html, n: Buffer.byteLength(html) })
    // A long text that is not a text parameter (jsonb) keeps PGlite's own form.
    const data = { body: html }
    const { rows: json } = await client.query('update things set data = $1 returning data', [data])
    expect(json).toEqual([{ data }])
  })

  it('reads an answer that PGlite hands over in many pieces, and one that fails after its first rows', async () => {
    const many = await both(
      `select n, repeat('ä', n % 50) as s, n % 3 = 0 as b, null::text as nothing
         from generate_series(1, 20000) as n`,
    )
    expect(many.rows).toHaveLength(20000)
    const big = await both(`select repeat('注文', 300000) as s, 7 as n`)
    expect((big.rows[0] as { s: string }).s).toHaveLength(600000)
    const failing = 'select 10 / (5 - n) as q from generate_series(1, 10) as n'
    const [mine, theirs] = await Promise.all(
      [client, plain].map((c) => c.query(failing).catch((error: unknown) => error)),
    )
    expect(mine).toMatchObject({ code: '22012', message: (theirs as Error).message, query: failing })
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('hands notifications to listeners as PGlite does, once someone listens', async () => {
    const listened = new PGlite()
    usePreparedStatements(listened)
    try {
      const heard: string[] = []
      await listened.listen('things_changed', (payload) => heard.push(payload))
      await listened.query('select pg_notify($1, $2)', ['things_changed', 'outside'])
      await listened.transaction(async (tx) => {
        await tx.query('select pg_notify($1, $2)', ['things_changed', 'inside'])
      })
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(heard).toEqual(['outside', 'inside'])
    } finally {
      await listened.close()
    }
  })

  it('parses a text once: the next calls run the statement it made', async () => {
    const text = 'select count(*)::int as n from things where count > $1'
    for (let i = 0; i < 3; i++) await client.query(text, [i])
    expect(statements.size).toBe(1)
    expect(await heldStatements(client)).toHaveLength(1)
  })

  it('keeps at most max statements and closes those it drops', async () => {
    for (let i = 0; i < 8; i++) await client.query(`select $1::int + ${i} as n`, [1])
    expect(statements.size).toBe(5)
    // The last drops are closed with the next call.
    await client.query('select 1 as one')
    expect(await heldStatements(client)).toHaveLength(5)
  })

  it('fails as PGlite fails: PostgreSQL’s error with its code, the query and its parameters', async () => {
    await client.query('insert into things (name) values ($1)', ['twice'])
    const failure = await client
      .query('insert into things (name) values ($1)', ['twice'])
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      query: 'insert into things (name) values ($1)',
      params: ['twice'],
    })
    // A text PostgreSQL cannot parse is not kept, and the connection goes on.
    await expect(client.query('select from from things where')).rejects.toMatchObject({ code: '42601' })
    await expect(client.query('select id from things where id = $1', ['not-a-uuid'])).rejects.toMatchObject({
      code: '22P02',
    })
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 1 }])
  })

  it('runs in transactions: their statements commit or roll back together', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['kept'])
    })
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into things (name) values ($1)', ['gone'])
        await tx.query('insert into things (name) values ($1)', ['kept'])
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await client.query('select name from things order by name')).rows).toEqual([{ name: 'kept' }])
  })

  it('never runs a call outside a transaction in the middle of another caller’s transaction', async () => {
    let inside!: () => void
    const entered = new Promise<void>((resolve) => (inside = resolve))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['in-tx'])
      inside()
      await held
      await tx.rollback()
    })
    await entered
    const outside = client.query<{ n: number }>('select count(*)::int as n from things')
    release()
    await transaction
    // Had it run inside, it would have counted the row the transaction rolled back.
    expect((await outside).rows).toEqual([{ n: 0 }])
  })

  it('forgets its statements after DDL, so a changed table is read as it is now', async () => {
    await client.query('insert into things (name) values ($1)', ['x'])
    const text = 'select * from things where name = $1'
    expect(Object.keys((await client.query<object>(text, ['x'])).rows[0]!)).not.toContain('extra')
    await client.exec('alter table things add column extra text')
    try {
      expect(statements.size).toBe(0)
      expect(Object.keys((await client.query<object>(text, ['x'])).rows[0]!)).toContain('extra')
    } finally {
      await client.exec('alter table things drop column extra')
    }
  })

  it('serves Drizzle, in and outside its transactions', async () => {
    const db = drizzle(client)
    await db.insert(things).values({ name: 'd', count: 1, at: new Date('2026-01-02T03:04:05Z') })
    await db.transaction(async (tx) => {
      await tx
        .update(things)
        .set({ count: sql`${things.count} + 1` })
        .where(eq(things.name, 'd'))
    })
    const [row] = await db.select().from(things).where(eq(things.name, 'd'))
    expect(row).toMatchObject({ name: 'd', count: 2, at: new Date('2026-01-02T03:04:05Z'), tags: null })
    expect(statements.size).toBe(3)
  })
})
