/**
 * The secrets of the requisition mails' decision links (requisition-links.ts says what they allow): made in
 * the transaction that queues the mail, one per approver; only their SHA-256 is stored.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import { requisitionLinks } from '../db/schema'
import { secretHash } from './password-tokens'

/** A week: long enough for an approver back from a few days away, short enough for an old mail to be harmless. */
export const REQUISITION_LINK_LIFETIME_SECONDS = 7 * 24 * 3600

/** The longest secret the API reads (the real ones have 43 characters). */
export const MAX_LINK_TOKEN_LENGTH = 128

/** Makes one link per approver in the caller's transaction; the secrets go into their mails. */
export async function issueRequisitionLinks(
  t: Db,
  orderId: string,
  approverIds: readonly string[],
  now = new Date(),
): Promise<Map<string, string>> {
  const secrets = new Map<string, string>()
  const expiresAt = new Date(now.getTime() + REQUISITION_LINK_LIFETIME_SECONDS * 1000)
  for (const approverId of new Set(approverIds)) {
    const secret = randomBytes(32).toString('base64url')
    secrets.set(approverId, secret)
    await t.insert(requisitionLinks).values({ hash: secretHash(secret), orderId, approverId, expiresAt })
  }
  return secrets
}
