/**
 * The caller's baskets (`GET baskets`): how an ICM client finds a basket saved in an earlier session after
 * login. A user's baskets belong to their subject, which every token of theirs carries, so a basket filled
 * last week is listed; an anonymous (guest) token sees its own basket. Only the caller's open baskets, newest
 * change first, and at most USER_BASKETS_LIMIT of them.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baskets } from '../db/schema'
import { basketState, type BasketState } from './basket'
import type { Locale } from './channel'
import type { Principal } from './tokens'

/** A client reads the newest basket; a few more are plenty, and each costs a basket computation. */
export const USER_BASKETS_LIMIT = 10

/** The caller's open baskets, most recently changed first (what ICM's first list element means). */
export async function userBaskets(
  db: Db,
  principal: Principal,
  locale: Locale,
  limit = USER_BASKETS_LIMIT,
): Promise<BasketState[]> {
  const rows = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.owner, principal.subject), eq(baskets.status, 'open')))
    .orderBy(desc(baskets.updatedAt), desc(baskets.createdAt))
    .limit(limit)
  return Promise.all(rows.map((row) => basketState(db, row, locale)))
}
