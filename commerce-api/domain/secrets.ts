import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { meta } from '../db/schema'

/**
 * A signing secret kept in the database under `key`: made at random by whichever process asks first, so
 * that every API process on the database and every restart agree, and no default can be guessed.
 */
export async function storedSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(meta)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(meta).where(eq(meta.key, key))
  return row!.value as string
}
