/**
 * The mail's subscription to the domain's events (ADR 0025): each event becomes the mails it causes, queued
 * in the outbox inside the transaction that published it, so a mail commits with its change or not at all.
 * `buildServer` subscribes it; the domain itself never imports anything of mail/.
 */
import type { Db } from '../db/client'
import { subscribe, type DomainEvent } from '../domain/events'
import { queueEmailChanged, queuePasswordChanged } from './account'
import { queueOrderCancelled, queueOrderConfirmation, queueOrderDelivered, queueOrderShipped } from './orders'
import { queuePasswordReminder } from './reminder'
import { deferRequisitionDecided } from './deferred'
import { queueRequisitionSubmitted, queueRequisitionWithdrawn } from './requisitions'
import { queueApprovalRequest, queueCustomerApproved } from './registration'
import { queuePersonalDataRequestMail } from './privacy'
import { queueInvitationMail } from './invitation'
import { queueWelcomeMail } from './welcome'
import { queueWishlistShared } from './wishlists'
import { queueContactMails } from './contact'
import {
  queueQuoteContact,
  queueQuoteDecided,
  queueQuoteRequestSubmitted,
  queueQuoteResponded,
} from './quotes'

/** Queues the mails of one event in the transaction `t`. */
export async function mailOfEvent(t: Db, event: DomainEvent): Promise<void> {
  switch (event.type) {
    case 'user.created':
    case 'user.email.corrected':
      return event.invitation ? queueInvitationMail(t, event.user) : queueWelcomeMail(t, event.user)
    case 'user.email.changed':
      return queueEmailChanged(t, event.user, event.oldEmail)
    case 'user.password.changed':
      return queuePasswordChanged(t, event.user)
    case 'requisition.submitted':
      return queueRequisitionSubmitted(t, event.requisition, event.approvers)
    case 'requisition.decided':
      // Up to one mail per approver: rendered after the commit, outside the decision's transaction (ADR 0048).
      return deferRequisitionDecided(t, event)
    case 'requisition.withdrawn':
      return queueRequisitionWithdrawn(t, event.requisition, event.approverIds, event.reason)
    case 'order.placed':
      return queueOrderConfirmation(t, event.order, event.lines)
    case 'order.shipped':
      return queueOrderShipped(t, event.orderId, event.shipmentId)
    case 'order.cancelled':
      return queueOrderCancelled(t, event.orderId)
    case 'order.delivered':
      return queueOrderDelivered(t, event.orderId)
    case 'customer.registered':
      return event.approvalPending ? queueApprovalRequest(t, event.customerNo, event.userId) : undefined
    case 'customer.approved':
      return queueCustomerApproved(t, event.customerNo, event.userId)
    case 'user.password.reminded':
      return queuePasswordReminder(t, event.user, event.locale, event.secret)
    case 'personal_data_request.created':
      return queuePersonalDataRequestMail(t, event.request, event.user)
    case 'wishlist.shared':
      return queueWishlistShared(t, event.wishlist, event.sender, event.recipients, event.message)
    case 'contact.requested':
      return queueContactMails(t, event.request)
    case 'quote_request.submitted':
      return queueQuoteRequestSubmitted(t, event.quoteRequestId)
    case 'quote.responded':
      return queueQuoteResponded(t, event.quoteId)
    case 'quote.accepted':
      return queueQuoteDecided(t, event.quoteId, 'accepted')
    case 'quote.rejected':
      return queueQuoteDecided(t, event.quoteId, 'rejected')
    case 'quote_contact.received':
      return queueQuoteContact(t, event.contactId)
  }
}

/** From now on, the events of this process queue their mails. */
export const sendMailOnEvents = () => subscribe(mailOfEvent)
