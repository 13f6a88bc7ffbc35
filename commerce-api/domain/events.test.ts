import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { meta } from '../db/schema'
import { emptyDatabaseForTests } from '../db/test-database'
import { afterCommit, inTransaction } from './events'

describe('work after a commit (inTransaction, afterCommit)', () => {
  const database = emptyDatabaseForTests()

  it('runs once the transaction has committed, and sees what it wrote', async () => {
    const seen: (string | undefined)[] = []
    const answer = await inTransaction(database().db, async (t) => {
      await t.insert(meta).values({ key: 'after-commit', value: 'written' })
      const registered = afterCommit(t, () => seen.push('called'))
      expect(seen).toEqual([])
      return registered
    })
    expect(answer).toBe(true)
    expect(seen).toEqual(['called'])
    const [row] = await database().db.select().from(meta).where(eq(meta.key, 'after-commit'))
    expect(row?.value).toBe('written')
  })

  it('runs nothing when the transaction rolls back', async () => {
    const seen: string[] = []
    await expect(
      inTransaction(database().db, async (t) => {
        afterCommit(t, () => seen.push('called'))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(seen).toEqual([])
  })

  it('answers false, running nothing, for a transaction it did not begin', async () => {
    const seen: string[] = []
    const registered = await database().db.transaction(async (tx) =>
      afterCommit(tx as never, () => seen.push('x')),
    )
    expect(registered).toBe(false)
    expect(seen).toEqual([])
  })
})
