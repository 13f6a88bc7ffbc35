/**
 * The local mailbox of the embedded default (no SMTP_URL): the outbox shown as web pages, newest first, and
 * as JSON for the end-to-end tests, which read a mail and follow its link. It shows every mail of the shop
 * to whoever can reach the API, so it exists only without SMTP (routes/mailbox.ts answers 404 otherwise):
 * the embedded default is a developer's and the test suite's setup, listening on localhost.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import { escapeHtml } from './render'

/** The most mails one listing shows. */
export const MAILBOX_PAGE = 100
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type MailboxEntry = typeof mailOutbox.$inferSelect

/** The newest mails, optionally only those to one address (case-insensitive). */
export async function listMailbox(
  db: Db,
  { to, limit = MAILBOX_PAGE }: { to?: string; limit?: number } = {},
): Promise<MailboxEntry[]> {
  const where = to ? eq(sql`lower(${mailOutbox.recipient})`, to.toLowerCase()) : undefined
  return db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(Math.max(limit, 1), MAILBOX_PAGE))
}

/** One mail, or undefined (also for an id that is no uuid). */
export async function mailboxEntry(db: Db, id: string): Promise<MailboxEntry | undefined> {
  if (!UUID.test(id)) return undefined
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id)))
  return row
}

/** The links of a mail's text part, in order: what a test follows. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0])
}

/** A mail as the JSON listing shows it. */
export function mailboxJson(mail: MailboxEntry) {
  return {
    id: mail.id,
    kind: mail.kind,
    to: mail.recipient,
    locale: mail.locale,
    subject: mail.subject,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    attempts: mail.attempts,
    lastError: mail.lastError,
    text: mail.text,
    html: mail.html,
    links: linksOf(mail.text),
  }
}

const status = (mail: MailboxEntry) =>
  mail.sentAt ? 'delivered' : mail.lastError ? `failed ${mail.attempts}×: ${mail.lastError}` : 'queued'

function page(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:Arial,Helvetica,sans-serif;margin:24px;color:#1a1a1a}',
    'table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd}',
    'pre{white-space:pre-wrap;background:#f4f5f7;padding:12px}.mail{border:1px solid #ddd;padding:0}</style>',
    `</head><body>${body}</body></html>`,
  ].join('\n')
}

/** The listing page: date, recipient, subject (linking to the mail), status. */
export function mailboxListHtml(mails: MailboxEntry[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.createdAt.toISOString())}</td><td>${escapeHtml(mail.recipient)}</td>` +
        `<td><a href="/mailbox/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a></td>` +
        `<td>${escapeHtml(mail.kind)}</td><td>${escapeHtml(status(mail))}</td></tr>`,
    )
    .join('\n')
  const table = mails.length
    ? `<table><thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th>` +
      `<th scope="col">Kind</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet.</p>'
  return page(
    'Mailbox',
    `<h1>Mailbox</h1><p>Mails of the commerce API (no SMTP_URL set), newest first. ` +
      `As JSON: <a href="/mailbox.json">/mailbox.json</a>.</p>${table}`,
  )
}

/** The body of a mail's HTML document (our own, escaped template), to show it inside the mailbox page. */
function bodyOf(html: string): string {
  const match = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)
  return match ? match[1]! : html
}

/** One mail: its headers, the HTML part as a reader sees it, and the text part. */
export function mailboxMailHtml(mail: MailboxEntry): string {
  return page(
    mail.subject,
    `<p><a href="/mailbox">← Mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
      `<dl><dt>To</dt><dd>${escapeHtml(mail.recipient)}</dd><dt>Date</dt>` +
      `<dd>${escapeHtml(mail.createdAt.toISOString())}</dd><dt>Language</dt><dd>${escapeHtml(mail.locale)}</dd>` +
      `<dt>Status</dt><dd>${escapeHtml(status(mail))}</dd></dl>` +
      `<h2>HTML</h2><div class="mail">${bodyOf(mail.html)}</div>` +
      `<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  )
}
