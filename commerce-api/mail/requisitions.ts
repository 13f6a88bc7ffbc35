/**
 * The requisition mails (issue 18): the buyer and every approver hear of a submission, and of its approval or
 * rejection. Each is queued in the transaction that made the change (outbox.ts), so a mail goes out exactly
 * when the change is committed, in its recipient's language, with a link to the storefront's page for it.
 */
import type { Db } from '../db/client'
import type { StoredApprovalReason } from '../db/schema'
import { companyPeople, fullName, type Person } from '../domain/approvers'
import type { Locale } from '../domain/channel'
import type { RequisitionOutcome, WithdrawalReason } from '../domain/events'
import type { OrderHead, OrderRow } from '../domain/order-types'
import { issueRequisitionLinks, REQUISITION_LINK_LIFETIME_SECONDS } from '../domain/requisition-link-tokens'
import { orderLink } from './orders'
import { queueMail, type OutgoingMail } from './outbox'
import { renderMail, type MailBlock } from './render'
import { REQUISITION_TEXTS } from './requisition-texts'
import { storefrontPage } from './settings'
import { fill, formatMoney, mailLocale } from './texts'

export const REQUISITION_MAIL = {
  submitted: 'requisition.submitted',
  request: 'requisition.approval_request',
  approved: 'requisition.approved',
  rejected: 'requisition.rejected',
  systemRejected: 'requisition.system_rejected',
  decided: 'requisition.decided',
  withdrawn: 'requisition.withdrawn',
} as const

/**
 * The storefront's confirmation page of a mail's decision link (requisition-links.ts): the requisition, the
 * link's secret and the decision the button stands for.
 */
export function decisionLink(
  locale: Locale,
  id: string,
  secret: string,
  decision: 'approve' | 'reject',
): string {
  const url = storefrontPage(locale, `requisition-decision/${id}`)
  url.searchParams.set('token', secret)
  url.searchParams.set('decision', decision)
  return url.toString()
}

/** The storefront's page of a requisition (buyer or approver view) or of the order it became. */
export function requisitionLink(locale: Locale, view: 'buyer' | 'approver' | 'order', id: string): string {
  if (view === 'order') return orderLink(locale, id)
  return storefrontPage(locale, `account/requisitions/${view}/${id}`).toString()
}

/**
 * The requisition's amounts as every page of it shows them (issue 32): net, the tax and gross, each labelled,
 * from the order's own totals (what the API's `totalNet` and `totalGross` say).
 */
export function totalOf(row: OrderRow, locale: Locale): string {
  const net = row.grandTotalNet ?? row.grandTotalGross
  const money = (minor: number) => formatMoney(minor, row.currency, locale)
  return fill(REQUISITION_TEXTS[locale].amounts, {
    net: money(net),
    tax: money(row.grandTotalGross - net),
    gross: money(row.grandTotalGross),
  })
}

/** A reason's figures apart, in the total it counts; a reason stored before issue 32 has none. */
function figuresOf(reason: StoredApprovalReason, locale: Locale): string | undefined {
  const texts = REQUISITION_TEXTS[locale].figures
  if (!reason.priceType || reason.order === undefined) return undefined
  const money = (minor: number) => formatMoney(minor, reason.currency, locale)
  const priceType = texts[reason.priceType]
  if (
    reason.spent === null ||
    reason.spent === undefined ||
    reason.pending === null ||
    reason.pending === undefined
  )
    return fill(texts.order, { order: money(reason.order), priceType })
  return fill(texts.budget, {
    spent: money(reason.spent),
    pending: money(reason.pending),
    order: money(reason.order),
    priceType,
  })
}

/** One line per reason, in the recipient's language. */
function reasonLines(reasons: readonly StoredApprovalReason[], locale: Locale): string {
  const texts = REQUISITION_TEXTS[locale].reasons
  return reasons
    .map((reason) => {
      const text = texts[reason.limit as keyof typeof texts] ?? texts.userBudget
      const line = fill(text, {
        allowed: formatMoney(reason.allowed, reason.currency, locale),
        exceededBy: formatMoney(reason.exceededBy, reason.currency, locale),
      })
      const figures = figuresOf(reason, locale)
      return `• ${figures ? `${line} — ${figures}` : line}`
    })
    .join('\n')
}

/** Where a rendered mail goes: the outbox in the caller's transaction, or a list written later (deferred.ts). */
export type MailSink = (mail: OutgoingMail) => Promise<void>

async function send(
  t: Db | MailSink,
  to: Person,
  kind: string,
  content: (locale: Locale) => { subject: string; blocks: MailBlock[] },
) {
  const locale = mailLocale(to.preferredLanguage)
  const { subject, blocks } = content(locale)
  const mail = renderMail({ locale, subject, name: fullName(to), blocks })
  const outgoing = { ...mail, kind, to: to.email, locale }
  await (typeof t === 'function' ? t(outgoing) : queueMail(t, outgoing))
}

/**
 * A requisition was submitted: the buyer gets a confirmation, each approver a request to decide with two
 * buttons that decide without logging in (a link of their own each, made here in the same transaction).
 */
export async function queueRequisitionSubmitted(t: Db, row: OrderRow, approvers: readonly Person[]) {
  const [buyer] = await companyPeople(t, row.customerNo!, [row.userId!])
  const reasons = row.approvalReasons ?? []
  const no = row.requisitionNo!
  if (buyer)
    await send(t, buyer, REQUISITION_MAIL.submitted, (locale) => {
      const texts = REQUISITION_TEXTS[locale].submitted
      return {
        subject: fill(texts.subject, { no }),
        blocks: [
          {
            paragraph: `${fill(texts.intro, { no, total: totalOf(row, locale) })}\n${reasonLines(reasons, locale)}`,
          },
          { paragraph: fill(texts.approvers, { names: approvers.map(fullName).join(', ') }) },
          { action: { label: texts.button, url: requisitionLink(locale, 'buyer', row.id) } },
        ],
      }
    })
  const buyerName = buyer ? fullName(buyer) : ''
  const secrets = await issueRequisitionLinks(
    t,
    row.id,
    approvers.map((approver) => approver.id),
  )
  const days = REQUISITION_LINK_LIFETIME_SECONDS / 86400
  for (const approver of approvers)
    await send(t, approver, REQUISITION_MAIL.request, (locale) => {
      const texts = REQUISITION_TEXTS[locale].request
      return {
        subject: fill(texts.subject, { no, buyer: buyerName }),
        blocks: [
          {
            paragraph: `${fill(texts.intro, { no, buyer: buyerName, total: totalOf(row, locale) })}\n${reasonLines(reasons, locale)}`,
          },
          {
            action: {
              label: texts.approve,
              url: decisionLink(locale, row.id, secrets.get(approver.id)!, 'approve'),
            },
          },
          {
            action: {
              label: texts.reject,
              url: decisionLink(locale, row.id, secrets.get(approver.id)!, 'reject'),
            },
          },
          { paragraph: fill(texts.linkNote, { days }) },
          { action: { label: texts.button, url: requisitionLink(locale, 'approver', row.id) } },
        ],
      }
    })
}

/**
 * A requisition was decided: the buyer hears how (with the order number, the comment or the problems), the
 * approver who decided hears of a rejection by the shop, and every other approver that nothing more is needed.
 * The people are read with `t`; the mails go to `sink` (default: the outbox in `t`).
 */
export async function queueRequisitionDecided(
  t: Db,
  row: OrderHead,
  decider: Person,
  approverIds: readonly string[],
  decision: RequisitionOutcome,
  sink: Db | MailSink = t,
) {
  const no = row.requisitionNo!
  const approver = fullName(decider)
  const [buyer] = await companyPeople(t, row.customerNo!, [row.userId!])
  if (buyer) {
    if (decision.outcome === 'approved')
      await send(sink, buyer, REQUISITION_MAIL.approved, (locale) => {
        const texts = REQUISITION_TEXTS[locale].approved
        const values = { no, orderNo: row.documentNumber ?? '', approver }
        return {
          subject: fill(texts.subject, values),
          blocks: [
            { paragraph: fill(texts.intro, values) },
            { action: { label: texts.button, url: requisitionLink(locale, 'order', row.id) } },
          ],
        }
      })
    if (decision.outcome === 'rejected')
      await send(sink, buyer, REQUISITION_MAIL.rejected, (locale) => {
        const texts = REQUISITION_TEXTS[locale].rejected
        return {
          subject: fill(texts.subject, { no }),
          blocks: [
            {
              paragraph: `${fill(texts.intro, { no, approver })}\n${fill(texts.comment, { comment: decision.comment })}`,
            },
            { action: { label: texts.button, url: requisitionLink(locale, 'buyer', row.id) } },
          ],
        }
      })
  }
  if (decision.outcome === 'system-rejected') {
    const told: { person: Person; view: 'buyer' | 'approver' }[] = buyer
      ? [{ person: buyer, view: 'buyer' }]
      : []
    told.push({ person: decider, view: 'approver' })
    for (const { person, view } of told)
      await send(sink, person, REQUISITION_MAIL.systemRejected, (locale) => {
        const texts = REQUISITION_TEXTS[locale].systemRejected
        return {
          subject: fill(texts.subject, { no }),
          blocks: [
            {
              paragraph: `${fill(texts.intro, { no })}\n${decision.problems.map((p) => `• ${p.message}`).join('\n')}`,
            },
            { action: { label: texts.button, url: requisitionLink(locale, view, row.id) } },
          ],
        }
      })
  }
  const others = await companyPeople(
    t,
    row.customerNo!,
    approverIds.filter((id) => id !== decider.id),
  )
  for (const other of others)
    await send(sink, other, REQUISITION_MAIL.decided, (locale) => {
      const texts = REQUISITION_TEXTS[locale].decided
      const approved = decision.outcome === 'approved'
      const values = { no, approver, buyer: buyer ? fullName(buyer) : '' }
      return {
        subject: fill(approved ? texts.approvedSubject : texts.rejectedSubject, values),
        blocks: [
          { paragraph: fill(approved ? texts.approved : texts.rejected, values) },
          { action: { label: texts.button, url: requisitionLink(locale, 'approver', row.id) } },
        ],
      }
    })
}

/**
 * A pending requisition was withdrawn (by its buyer, or because the buyer was deactivated): the buyer hears why,
 * and each approver who waited to decide that nothing more is needed.
 */
export async function queueRequisitionWithdrawn(
  t: Db,
  row: OrderRow,
  approverIds: readonly string[],
  reason: WithdrawalReason,
) {
  const no = row.requisitionNo!
  const [buyer] = await companyPeople(t, row.customerNo!, [row.userId!])
  const values = { no, buyer: buyer ? fullName(buyer) : '' }
  // A deleted buyer has no account to read it in: only the approvers are told.
  const told: { person: Person; view: 'buyer' | 'approver' }[] =
    buyer && reason !== 'buyer-deleted' ? [{ person: buyer, view: 'buyer' }] : []
  for (const approver of await companyPeople(t, row.customerNo!, approverIds))
    told.push({ person: approver, view: 'approver' })
  for (const { person, view } of told)
    await send(t, person, REQUISITION_MAIL.withdrawn, (locale) => {
      const texts = REQUISITION_TEXTS[locale].withdrawn
      const why = reason === 'buyer-withdrew' ? texts.byBuyer : texts.buyerDeactivated
      return {
        subject: fill(texts.subject, values),
        blocks: [
          { paragraph: fill(view === 'buyer' ? why : texts.approvers, values) },
          { action: { label: texts.button, url: requisitionLink(locale, view, row.id) } },
        ],
      }
    })
}
