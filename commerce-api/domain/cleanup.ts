/**
 * Clean-up of what strangers leave behind: tokens that can no longer be used or refreshed, guest baskets
 * nobody can reach any more, expired rate-limit counters, passkey challenges nobody answered in time,
 * punchout sessions that ended (their baskets stay: they are the punchout user's, and an order request
 * may still refer to one), nonces of expired id tokens, and users of single sign-on who never completed
 * their registration. Safe with several API processes: a run takes a transaction-level advisory lock and
 * a process that does not get it skips its run.
 */
import { and, eq, like, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { baskets, punchoutSessions, rateLimits } from '../db/schema'
import { purgeExpiredChallenges } from './passkeys'
import { purgeExpiredNonces } from './id-tokens'
import { purgeAbandonedRegistrants } from './identities'
import { expireCopies } from './personal-data-requests'
import { purgeDeadTokens } from './tokens'

/** The advisory lock of the clean-up (any fixed number; the API takes no other advisory lock). */
export const CLEANUP_LOCK = 0x1b0c1ea5

export type CleanupOptions = {
  now?: Date
  /** Age (since its last change) at which an empty guest basket goes although its token still lives. */
  emptyBasketSeconds?: number
}

export type CleanupReport =
  | { ran: false }
  | {
      ran: true
      tokens: number
      baskets: number
      rateLimits: number
      personalDataCopies: number
      punchoutSessions: number
      webauthnChallenges: number
      idTokenNonces: number
      registrants: number
    }

export async function cleanUp(
  db: Db,
  { now = new Date(), emptyBasketSeconds = 24 * 3600 }: CleanupOptions = {},
): Promise<CleanupReport> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db
    // node-postgres and PGlite both answer `execute` with `{ rows }`.
    const lock = (await t.execute(
      sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[]
    }
    if (!lock.rows[0]?.locked) return { ran: false }

    const tokens = await purgeDeadTokens(t, now)
    const emptySince = new Date(now.getTime() - emptyBasketSeconds * 1000)
    // A guest basket is unreachable once its subject has no token that can still be used or refreshed;
    // an empty one is dropped after a while even so (the shopper loses nothing). A basket that became an
    // order (orders.basket_id) is never deleted, whatever its state.
    const deleted = await t
      .delete(baskets)
      .where(
        and(
          like(baskets.owner, 'anonymous:%'),
          sql`not exists (select 1 from orders o where o.basket_id = ${baskets.id})`,
          sql`(
            not exists (
              select 1 from api_tokens k
              where k.subject = ${baskets.owner} and k.revoked_at is null and k.refresh_expires_at > ${now.toISOString()}::timestamptz
            )
            or (
              ${eq(baskets.status, 'open')} and ${lt(baskets.updatedAt, emptySince)}
              and not exists (select 1 from line_items li where li.basket_id = ${baskets.id})
            )
          )`,
        ),
      )
      .returning({ id: baskets.id })
    const counters = await t
      .delete(rateLimits)
      .where(lt(rateLimits.expire, now.getTime()))
      .returning({ key: rateLimits.key })
    // A data-protection copy past its download period is emptied (ADR 0031).
    const personalDataCopies = await expireCopies(t, now)
    const sessions = await t
      .delete(punchoutSessions)
      .where(lt(punchoutSessions.expiresAt, now))
      .returning({ id: punchoutSessions.id })
    // Passkey ceremonies nobody finished in time.
    const webauthnChallenges = await purgeExpiredChallenges(t, now)
    const idTokenNonces = await purgeExpiredNonces(t, now)
    const registrants = await purgeAbandonedRegistrants(t, now)
    return {
      ran: true,
      tokens,
      baskets: deleted.length,
      rateLimits: counters.length,
      personalDataCopies,
      punchoutSessions: sessions.length,
      webauthnChallenges,
      idTokenNonces,
      registrants,
    }
  })
}
