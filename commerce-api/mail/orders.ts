/**
 * The order mails (issue 30) to the buyer, each queued in the transaction of its change (outbox.ts) and written
 * in the buyer's language (a user's preferred one; a guest's, the shop language they ordered in):
 * - the confirmation when an order is placed (checkout, approval of a requisition, a recurring order): its
 *   lines, totals, addresses, shipping and payment method, and the link to its page in the storefront;
 * - a parcel shipped (all of the order or some lines), with carrier, tracking number and tracking page;
 * - the order cancelled, and the order delivered.
 *
 * Prices are shown as the buyer saw them (spec §1 price display): with tax for private customers and guests,
 * the total then says how much tax it includes (or that none is charged); without tax for business
 * customers, the net total then plus the tax makes the total to pay. Either way the rows add up. A business
 * customer whose users see no prices (`isPriceDisplayActive` off, ADR 0045) gets the lines without prices.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { orderShipments, orders, users } from '../db/schema'
import { companyPeople, fullName, PERSON_COLUMNS } from '../domain/approvers'
import { customerRow } from '../domain/customers'
import { isLocale, localize, type Locale } from '../domain/channel'
import { channelSettings } from '../domain/configuration'
import { countryName, regionName } from '../domain/countries'
import { linesOf } from '../domain/orders'
import { everyPaymentMethod } from '../domain/payment-methods'
import { allShippingMethods } from '../domain/shipping'
import type { OrderLineRow, OrderRow } from '../domain/order-types'
import { SALES_REP_NAME_ATTRIBUTE } from '../icm/basket'
import { ORDER_TEXTS } from './order-texts'
import { queueMail } from './outbox'
import { renderMail, type MailBlock } from './render'
import { storefrontPage } from './settings'
import { fill, formatMoney, mailLocale } from './texts'

export const ORDER_MAIL = {
  confirmation: 'order.confirmation',
  shipped: 'order.shipped',
  cancelled: 'order.cancelled',
  delivered: 'order.delivered',
} as const

/** The storefront's page of one of the user's orders. */
export const orderLink = (locale: Locale, id: string) =>
  storefrontPage(locale, `account/orders/${id}`).toString()

/** Who an order's mails go to, in which language, whom the greeting names, and whether they have an account. */
type Recipient = { to: string; locale: Locale; name: string; user: boolean }

type Amounts = { net: number; gross: number }
type StoredAddress = Record<string, string | undefined>
type Snapshot = {
  data: {
    invoiceToAddress?: string
    commonShipToAddress?: string
    commonShippingMethod?: string
    totals?: Record<string, { net?: { value: number }; gross?: { value: number } } | undefined>
  }
  included: {
    invoiceToAddress?: Record<string, StoredAddress>
    commonShipToAddress?: Record<string, StoredAddress>
  }
}

async function recipientOf(t: Db, order: OrderRow): Promise<Recipient | undefined> {
  const snapshot = order.snapshot as Snapshot
  if (order.userId) {
    const [user] = order.customerNo
      ? await companyPeople(t, order.customerNo, [order.userId])
      : await t.select(PERSON_COLUMNS).from(users).where(eq(users.id, order.userId))
    if (user)
      return {
        to: order.email ?? user.email,
        locale: mailLocale(user.preferredLanguage),
        name: fullName(user),
        user: true,
      }
  }
  if (!order.email) return undefined
  const invoice = addressOf(snapshot, 'invoiceToAddress')
  return {
    to: order.email,
    locale: isLocale(order.locale) ? order.locale : mailLocale(order.locale),
    name: [invoice?.firstName, invoice?.lastName].filter(Boolean).join(' ') || order.email,
    user: false,
  }
}

/** Queues one mail about the order to its buyer, its content made in the buyer's language. */
async function queueFor(
  t: Db,
  order: OrderRow,
  kind: string,
  content: (locale: Locale) => Promise<{ subject: string; blocks: MailBlock[] }>,
) {
  const recipient = await recipientOf(t, order)
  if (!recipient) return
  const { locale } = recipient
  const { subject, blocks } = await content(locale)
  // Only a user has an order page to go to; a guest's mail ends with its content.
  const button = recipient.user
    ? [{ action: { label: ORDER_TEXTS[locale].common.viewOrder, url: orderLink(locale, order.id) } }]
    : []
  const mail = renderMail({ locale, subject, name: recipient.name, blocks: [...blocks, ...button] })
  await queueMail(t, { ...mail, kind, to: recipient.to, locale })
}

const orderRow = async (t: Db, id: string) => (await t.select().from(orders).where(eq(orders.id, id)))[0]

/** A total of the snapshot (ICM decimals) in minor units. */
function totalOf(snapshot: Snapshot, name: string): Amounts {
  const total = snapshot.data.totals?.[name]
  const minor = (value: number | undefined) => Math.round((value ?? 0) * 100)
  return { net: minor(total?.net?.value), gross: minor(total?.gross?.value) }
}

function addressOf(snapshot: Snapshot, kind: 'invoiceToAddress' | 'commonShipToAddress') {
  const urn = snapshot.data[kind]
  return urn ? snapshot.included[kind]?.[urn] : undefined
}

/** An address as a letter has it, with country and region names in the mail's language. */
function addressLines(address: StoredAddress, locale: Locale): string {
  const country = address.countryCode ?? ''
  const region = regionName(country, address.mainDivisionCode ?? address.mainDivision, locale)
  return [
    address.companyName1,
    address.companyName2,
    [address.title, address.firstName, address.lastName].filter(Boolean).join(' '),
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    [region, country ? countryName(country, locale) : undefined].filter(Boolean).join(', '),
  ]
    .filter((line) => line?.trim())
    .join('\n')
}

/**
 * How the buyer sees prices: without tax for a business customer of a channel showing them net, with tax
 * otherwise; not at all for a business customer whose price display is off (`isPriceDisplayActive`, ADR 0045).
 */
async function priceDisplayOf(t: Db, order: OrderRow): Promise<'net' | 'gross' | 'hidden'> {
  const pricing = channelSettings().pricing
  const customer = order.customerNo ? await customerRow(t, order.customerNo) : undefined
  if (customer?.type === 'SMBCustomer') {
    if (!customer.priceDisplayActive) return 'hidden'
    return pricing.smbCustomerPriceDisplayType
  }
  return pricing.privateCustomerPriceDisplayType
}

/** The name of a shipping or payment method in the mail's language, else its id. */
async function methodNames(t: Db, order: OrderRow, locale: Locale) {
  const shippingId = (order.snapshot as Snapshot).data.commonShippingMethod
  // The methods as the catalog cache keeps them (db/read-cache.ts), not read again for each order.
  const shipping = shippingId
    ? (await allShippingMethods(t)).find((method) => method.id === shippingId)
    : undefined
  const payment = (await everyPaymentMethod(t)).find((method) => method.id === order.paymentMethodId)
  return {
    shipping: shipping ? localize(shipping.names, locale) : shippingId,
    payment: payment ? localize(payment.names, locale) : order.paymentMethodId,
  }
}

/**
 * The lines as ordered: name in the mail's language, SKU, quantity, unit price and line total; without the
 * prices for a buyer who sees none.
 */
function linesTable(
  lines: readonly OrderLineRow[],
  order: OrderRow,
  locale: Locale,
  display: 'net' | 'gross' | 'hidden',
): MailBlock {
  const { common, confirmation } = ORDER_TEXTS[locale]
  const money = (minor: number) => formatMoney(minor, order.currency, locale)
  const net = display === 'net'
  if (display === 'hidden')
    return {
      table: {
        head: [common.product, common.sku, common.quantity],
        rows: lines.map((line) => [localize(line.names, locale), line.sku, String(line.quantity)]),
        numeric: [2],
      },
    }
  return {
    table: {
      head: [common.product, common.sku, common.quantity, confirmation.unitPrice, confirmation.lineTotal],
      rows: lines.map((line) => [
        localize(line.names, locale),
        line.sku,
        String(line.quantity),
        money(net ? line.singleNet : line.singleGross),
        money(net ? line.totalNet : line.totalGross),
      ]),
      numeric: [2, 3, 4],
    },
  }
}

/**
 * The totals, as the rows of the order's price display: items, order discount, shipping, payment costs and the
 * total (which grandTotal = items − discount + shipping + payment costs makes exact in either display).
 */
function totalsTable(order: OrderRow, locale: Locale, net: boolean): MailBlock {
  const texts = ORDER_TEXTS[locale].confirmation
  const snapshot = order.snapshot as Snapshot
  const money = (minor: number) => formatMoney(minor, order.currency, locale)
  const pick = (amounts: Amounts) => (net ? amounts.net : amounts.gross)
  const discount = pick(totalOf(snapshot, 'valueRebatesTotal'))
  const paymentCosts = pick(totalOf(snapshot, 'paymentCostsTotal'))
  const gross = order.grandTotalGross
  const totalNet = order.grandTotalNet ?? pick(totalOf(snapshot, 'grandTotal'))
  const tax = gross - totalNet
  const rows = [
    [texts.subtotal, money(pick(totalOf(snapshot, 'itemTotal')))],
    ...(discount ? [[texts.discount, money(-discount)]] : []),
    [texts.shipping, money(pick(totalOf(snapshot, 'shippingTotal')))],
    ...(paymentCosts ? [[texts.paymentCosts, money(paymentCosts)]] : []),
  ]
  const foot = net
    ? [
        [texts.totalNet, money(totalNet)],
        [texts.tax, money(tax)],
        [texts.totalPayable, money(gross)],
      ]
    : [
        [texts.total, money(gross)],
        [tax ? fill(texts.includesTax, { tax: money(tax) }) : texts.noTax, ''],
      ]
  return { table: { rows, foot, numeric: [1] } }
}

/** The sales representative who placed the order through co-browse, as the order names them (issue 35). */
function salesRepOf(order: OrderRow): { id: string; name: string } | undefined {
  if (!order.salesRepId) return undefined
  const attributes = (order.snapshot.data as { attributes?: { name: string; value: unknown }[] }).attributes
  const name = attributes?.find((attribute) => attribute.name === SALES_REP_NAME_ATTRIBUTE)?.value
  return { id: order.salesRepId, name: typeof name === 'string' && name ? name : order.salesRepId }
}

/**
 * The order was placed: the confirmation with everything the buyer ordered and where it goes, made of the
 * order and lines the placing transaction has (not read again).
 */
export async function queueOrderConfirmation(t: Db, order: OrderRow, lines: readonly OrderLineRow[]) {
  if (!order.documentNumber) return
  const display = await priceDisplayOf(t, order)
  const snapshot = order.snapshot as Snapshot
  const salesRep = salesRepOf(order)
  await queueFor(t, order, ORDER_MAIL.confirmation, async (locale) => {
    const texts = ORDER_TEXTS[locale].confirmation
    const no = order.documentNumber!
    const invoice = addressOf(snapshot, 'invoiceToAddress')
    const shipTo = addressOf(snapshot, 'commonShipToAddress')
    const methods = await methodNames(t, order, locale)
    return {
      subject: fill(texts.subject, { no }),
      blocks: [
        { paragraph: fill(texts.intro, { no }) },
        ...(salesRep ? [{ paragraph: fill(texts.salesRep, salesRep) }] : []),
        linesTable(lines, order, locale, display),
        display === 'hidden'
          ? { paragraph: texts.pricesHidden }
          : totalsTable(order, locale, display === 'net'),
        ...(invoice ? [{ paragraph: `${texts.invoiceAddress}:\n${addressLines(invoice, locale)}` }] : []),
        ...(shipTo ? [{ paragraph: `${texts.shipToAddress}:\n${addressLines(shipTo, locale)}` }] : []),
        {
          paragraph: [
            ...(methods.shipping ? [fill(texts.shippingMethod, { name: methods.shipping })] : []),
            fill(texts.paymentMethod, { name: methods.payment }),
          ].join('\n'),
        },
      ],
    }
  })
}

/** A parcel left: what is in it, the carrier and the tracking number, and the carrier's tracking page. */
export async function queueOrderShipped(t: Db, orderId: string, shipmentId: string) {
  const order = await orderRow(t, orderId)
  const [shipment] = await t
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.orderId, orderId)))
  if (!order?.documentNumber || !shipment) return
  const lines = await linesOf(t, order.id)
  const inParcel = lines.filter((line) => shipment.lineIds.includes(line.id))
  const partly = lines.some((line) => line.fulfillmentStatus === 'NEW')
  await queueFor(t, order, ORDER_MAIL.shipped, async (locale) => {
    const { common, shipped: texts } = ORDER_TEXTS[locale]
    const no = order.documentNumber!
    return {
      subject: fill(partly ? texts.subjectPartly : texts.subject, { no }),
      blocks: [
        { paragraph: fill(partly ? texts.introPartly : texts.intro, { no }) },
        {
          table: {
            head: [common.product, common.sku, common.quantity],
            rows: inParcel.map((line) => [localize(line.names, locale), line.sku, String(line.quantity)]),
            numeric: [2],
          },
        },
        {
          paragraph: `${fill(texts.carrier, { carrier: shipment.carrier })}\n${fill(texts.trackingNumber, { number: shipment.trackingNumber })}`,
        },
        ...(shipment.trackingUrl ? [{ action: { label: texts.track, url: shipment.trackingUrl } }] : []),
      ],
    }
  })
}

/** The shop cancelled the order. */
export async function queueOrderCancelled(t: Db, orderId: string) {
  const order = await orderRow(t, orderId)
  if (!order?.documentNumber) return
  await queueFor(t, order, ORDER_MAIL.cancelled, async (locale) => {
    const texts = ORDER_TEXTS[locale].cancelled
    const no = order.documentNumber!
    return {
      subject: fill(texts.subject, { no }),
      blocks: [{ paragraph: `${fill(texts.intro, { no })}\n${texts.payment}` }],
    }
  })
}

/** The order arrived. */
export async function queueOrderDelivered(t: Db, orderId: string) {
  const order = await orderRow(t, orderId)
  if (!order?.documentNumber) return
  await queueFor(t, order, ORDER_MAIL.delivered, async (locale) => {
    const texts = ORDER_TEXTS[locale].delivered
    const no = order.documentNumber!
    return { subject: fill(texts.subject, { no }), blocks: [{ paragraph: fill(texts.intro, { no }) }] }
  })
}
