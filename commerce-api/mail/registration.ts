/**
 * The mails of a registration that waits for the shop's approval (domain/registration.ts): one to the shop
 * (SHOP_MAIL) asking for approval and one to the customer saying so, queued with the registration; and the
 * customer's mail when the shop approved the account.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers, users } from '../db/schema'
import { DEFAULT_LOCALE } from '../domain/channel'
import { queueMail } from './outbox'
import { REGISTRATION_TEXTS } from './registration-texts'
import { renderMail } from './render'
import { shopAddress, storefrontPage } from './settings'
import { fill, mailLocale } from './texts'

export const APPROVAL_REQUEST_MAIL = 'customer.approval.request'
export const REGISTRATION_RECEIVED_MAIL = 'customer.registration.received'
export const CUSTOMER_APPROVED_MAIL = 'customer.approved'

async function customerAndUser(tx: Db, customerNo: string, userId: string) {
  const [customer] = await tx.select().from(customers).where(eq(customers.customerNo, customerNo))
  const [user] = await tx.select().from(users).where(eq(users.id, userId))
  return { customer: customer!, user: user! }
}

const nameOf = (user: { firstName: string; lastName: string; login: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.login

/** A registration waiting for approval: the shop is asked (in its own language), the customer told. */
export async function queueApprovalRequest(tx: Db, customerNo: string, userId: string): Promise<void> {
  const { customer, user } = await customerAndUser(tx, customerNo, userId)
  const shop = REGISTRATION_TEXTS[DEFAULT_LOCALE].approvalRequest
  const values = {
    customerNo,
    company: customer.companyName ?? '–',
    person: nameOf(user),
    email: user.email,
    taxationID: customer.taxationId ?? '–',
  }
  const request = renderMail({
    locale: DEFAULT_LOCALE,
    subject: fill(shop.subject, values),
    name: 'Ironbridge Supply',
    blocks: [
      { paragraph: shop.intro },
      { paragraph: fill(shop.details, values) },
      { paragraph: fill(shop.action, values) },
    ],
  })
  await queueMail(tx, { ...request, kind: APPROVAL_REQUEST_MAIL, to: shopAddress(), locale: DEFAULT_LOCALE })
  const locale = mailLocale(user.preferredLanguage)
  const texts = REGISTRATION_TEXTS[locale].received
  const received = renderMail({
    locale,
    subject: texts.subject,
    name: nameOf(user),
    blocks: [{ paragraph: texts.intro }],
  })
  await queueMail(tx, { ...received, kind: REGISTRATION_RECEIVED_MAIL, to: user.email, locale })
}

/** The shop approved the customer: its user may log in now. */
export async function queueCustomerApproved(tx: Db, customerNo: string, userId: string): Promise<void> {
  const { user } = await customerAndUser(tx, customerNo, userId)
  const locale = mailLocale(user.preferredLanguage)
  const texts = REGISTRATION_TEXTS[locale].approved
  const mail = renderMail({
    locale,
    subject: texts.subject,
    name: nameOf(user),
    blocks: [
      { paragraph: texts.intro },
      { paragraph: fill(texts.login, { login: user.login }) },
      { action: { label: texts.button, url: storefrontPage(locale, 'login').toString() } },
    ],
  })
  await queueMail(tx, { ...mail, kind: CUSTOMER_APPROVED_MAIL, to: user.email, locale })
}
