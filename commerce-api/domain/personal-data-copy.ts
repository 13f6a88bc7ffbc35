/**
 * The copy of a user's personal data (GDPR Art. 15 and 20), made when a copy request is confirmed: the
 * customer, the user, the addresses they can own, their saved payment instruments (masked, as the shop shows
 * them: never the stored parameters), their orders and recurring orders, their newsletter subscription and
 * wishlists, and their data-protection requests.
 * A plain JSON document, the same for every language; the storefront renders it for people (ADR 0031).
 */
import { and, asc, desc, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  addresses,
  customers,
  newsletterSubscriptions,
  orderLineItems,
  orders,
  paymentInstruments,
  personalDataRequests,
  recurringOrders,
  users,
  wishlistItems,
  wishlists,
  type OrderSnapshot,
} from '../db/schema'

/** The most orders a copy lists (newest first); far above any real customer's count, bounded. */
export const MAX_COPY_ORDERS = 1000

export const COPY_FORMAT = 'ironbridge.personal-data.v1'

type Json = Record<string, unknown>

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The invoice and shipping addresses an order was placed with, as its snapshot froze them. */
function orderAddresses(snapshot: OrderSnapshot) {
  const pick = (key: string) => {
    const id = snapshot.data[key]
    const map = (snapshot.included[key] ?? {}) as Record<string, Json>
    return typeof id === 'string' && map[id] ? map[id] : null
  }
  return { invoiceToAddress: pick('invoiceToAddress'), shipToAddress: pick('commonShipToAddress') }
}

const addressOf = (row: typeof addresses.$inferSelect) => ({
  addressName: row.addressName,
  companyName1: row.companyName1,
  companyName2: row.companyName2,
  title: row.title,
  firstName: row.firstName,
  lastName: row.lastName,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  addressLine3: row.addressLine3,
  postalCode: row.postalCode,
  city: row.city,
  mainDivision: row.mainDivision,
  countryCode: row.countryCode,
  phoneHome: row.phoneHome,
  phoneMobile: row.phoneMobile,
  phoneBusiness: row.phoneBusiness,
  fax: row.fax,
  email: row.email,
  createdAt: iso(row.createdAt),
})

/**
 * The user's data as the document of a copy, read in the caller's transaction. A private customer's address
 * book is theirs; a business user's own addresses are the ones they created (the company's shared ones are the
 * company's, not personal data of the user).
 */
export async function personalDataCopy(tx: Db, userId: string, now = new Date()): Promise<Json> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId))
  if (!user) throw new Error(`no user ${userId}`)
  const [customer] = await tx.select().from(customers).where(eq(customers.customerNo, user.customerNo))
  const business = customer?.type === 'SMBCustomer'
  const addressRows = await tx
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.customerNo, user.customerNo),
        isNull(addresses.basketId),
        business ? eq(addresses.ownerUserId, user.id) : undefined,
      ),
    )
    .orderBy(addresses.createdAt)
  const instruments = await tx
    .select({
      paymentMethod: paymentInstruments.paymentMethodId,
      accountIdentifier: paymentInstruments.accountIdentifier,
      createdAt: paymentInstruments.createdAt,
    })
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, user.id), isNull(paymentInstruments.basketId)))
  const orderRows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, user.id), or(eq(orders.orderCreation, 'COMPLETED'))))
    .orderBy(desc(orders.createdAt))
    .limit(MAX_COPY_ORDERS)
  const lines = orderRows.length
    ? await tx
        .select({
          orderId: orderLineItems.orderId,
          sku: orderLineItems.sku,
          names: orderLineItems.names,
          quantity: orderLineItems.quantity,
          totalGross: orderLineItems.totalGross,
        })
        .from(orderLineItems)
        .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
        .where(eq(orders.userId, user.id))
        .orderBy(orderLineItems.position)
    : []
  const recurring = await tx.select().from(recurringOrders).where(eq(recurringOrders.userId, user.id))
  const [newsletter] = await tx
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.userId, user.id))
  const wishlistRows = await tx
    .select({
      id: wishlists.id,
      title: wishlists.title,
      createdAt: wishlists.createdAt,
      sku: wishlistItems.sku,
      quantity: wishlistItems.quantity,
    })
    .from(wishlists)
    .leftJoin(wishlistItems, eq(wishlistItems.wishlistId, wishlists.id))
    .where(eq(wishlists.userId, user.id))
    .orderBy(asc(wishlists.createdAt), asc(wishlistItems.createdAt))
  const lists = new Map<string, { title: string; createdAt: string | null; items: Json[] }>()
  for (const row of wishlistRows) {
    const list = lists.get(row.id) ?? { title: row.title, createdAt: iso(row.createdAt), items: [] }
    if (row.sku) list.items.push({ sku: row.sku, quantity: row.quantity })
    lists.set(row.id, list)
  }
  const requests = await tx
    .select()
    .from(personalDataRequests)
    .where(eq(personalDataRequests.userId, user.id))
    .orderBy(personalDataRequests.createdAt)
  const nameOf = (names: Record<string, string>) => names[user.preferredLanguage] ?? Object.values(names)[0]
  return {
    format: COPY_FORMAT,
    createdAt: now.toISOString(),
    customer: {
      customerNo: user.customerNo,
      type: customer?.type ?? null,
      ...(business
        ? {
            companyName: customer.companyName,
            companyName2: customer.companyName2,
            taxationId: customer.taxationId,
            industry: customer.industry,
          }
        : {}),
    },
    user: {
      login: user.login,
      email: user.email,
      title: user.title,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      phoneBusiness: user.phoneBusiness,
      phoneMobile: user.phoneMobile,
      fax: user.fax,
      birthday: user.birthday,
      department: user.department,
      preferredLanguage: user.preferredLanguage,
      preferredPriceDisplayType: user.preferredPriceDisplayType,
      roles: user.roles,
      businessPartnerNo: user.businessPartnerNo,
      active: user.active,
      createdAt: iso(user.createdAt),
    },
    addresses: addressRows.map(addressOf),
    paymentInstruments: instruments.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    orders: orderRows.map((order) => ({
      documentNumber: order.documentNumber,
      requisitionNumber: order.requisitionNo,
      createdAt: iso(order.createdAt),
      status: order.statusCode,
      currency: order.currency,
      grandTotalGross: order.grandTotalGross,
      email: order.email,
      ...orderAddresses(order.snapshot),
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          sku: line.sku,
          name: nameOf(line.names),
          quantity: line.quantity,
          totalGross: line.totalGross,
        })),
    })),
    recurringOrders: recurring.map((row) => ({
      number: row.documentNo,
      interval: row.interval,
      startDate: row.startDate,
      endDate: row.endDate,
      active: row.active,
      currency: row.currency,
      totalGross: row.totalGross,
      createdAt: iso(row.createdAt),
    })),
    newsletter: newsletter ? { subscribedAt: iso(newsletter.subscribedAt) } : null,
    wishlists: [...lists.values()],
    personalDataRequests: requests.map((row) => ({
      type: row.type,
      status: row.status,
      createdAt: iso(row.createdAt),
      confirmedAt: iso(row.confirmedAt),
    })),
  }
}
