/**
 * The sandbox as a cXML procurement system: it writes a PunchOutSetupRequest from the start page's form and
 * an OrderRequest from a PunchOutOrderMessage its hook received, sends each to the shop's endpoint
 * (`customers/{no}/punchouts/cxml1.2/setuprequest|orderrequest`, in-process through `ShopCall`) and shows the
 * documents and the answer. The Sender credential is the punchout user's login and password.
 */
import { randomUUID } from 'node:crypto'
import { LOCALES } from '../domain/channel'
import {
  cxmlStamp,
  cxmlTimestamp,
  readCxmlResponse,
  readPunchOutOrderMessage,
  writeOrderRequest,
  writePunchOutSetupRequest,
  xmlLang,
  type CxmlAddress,
  type CxmlHeader,
  type CxmlOrderRequest,
  type CxmlSetupRequest,
} from '../punchout/cxml'
import { PunchoutFormatError, isHttpUrl } from '../punchout/format-common'
import { hookUrl } from './entry'
import type { SandboxForm } from './form'
import { quantityOf } from './form'
import { SandboxError, esc, facts, page, rawDocument } from './html'
import { CXML_OPERATIONS } from './start-page'

/** Sends a cXML document to the shop's endpoint `path` (below `customers/{no}/punchouts/cxml1.2/`). */
export type ShopCall = (
  customerNo: string,
  path: 'setuprequest' | 'orderrequest',
  xml: string,
) => Promise<{ status: number; contentType: string; body: string }>

/** The UserAgent of the sandbox's documents. */
const USER_AGENT = 'Ironbridge procurement sandbox'
/** Most of an answer shown on a page. */
const MAX_SHOWN_ANSWER = 64 * 1024
const CUSTOMER_NO = /^[A-Za-z0-9._-]{1,64}$/

/** A reader's refusal as the sandbox's page: 413 for what is too large, else 400. */
export function refusal(error: unknown): never {
  if (error instanceof PunchoutFormatError)
    throw new SandboxError(error.code === 'punchout.format.too_large' ? 413 : 400, error.message)
  throw error
}

/** The header of the sandbox's requests: the sandbox as buyer, the shop as supplier, the user as Sender. */
function headerOf(site: string, login: string, password: string): CxmlHeader {
  return {
    from: [{ domain: 'NetworkID', identity: 'procurement-sandbox', sharedSecret: null }],
    to: [{ domain: 'NetworkID', identity: site, sharedSecret: null }],
    sender: [{ domain: 'NetworkID', identity: login, sharedSecret: password }],
    userAgent: USER_AGENT,
  }
}

/** The header with its shared secret hidden, for showing a document on a page. */
const masked = (header: CxmlHeader): CxmlHeader => ({
  ...header,
  sender: header.sender.map((credential) => ({ ...credential, sharedSecret: '********' })),
})

/** The credentials of a form: customer number, login and password (the Sender credential). */
function credentialsOf(form: SandboxForm) {
  const customerNo = form.text('customer', 'Customer number', 64, { required: true })
  if (!CUSTOMER_NO.test(customerNo))
    throw new SandboxError(400, 'The customer number has characters no customer number has.')
  return {
    customerNo,
    login: form.text('login', 'Login', 254, { required: true }),
    password: form.text('password', 'Password', 256, { required: true }),
  }
}

/** The setup request of the start page's cXML form; its BrowserFormPost URL is the sandbox's cXML hook. */
export function setupRequestOf(form: SandboxForm, origin: string, site: string, now = new Date()) {
  const { customerNo, login, password } = credentialsOf(form)
  const operation = form.choice('operation', 'Operation', CXML_OPERATIONS)
  const selected = form.text('selected', 'Selected item', 256)
  const rows = form.rows(['sku', 'quantity'], 'Item', 256)
  if (operation !== 'create' && !rows.length)
    throw new SandboxError(
      400,
      `Operation ${operation} reloads items: enter at least one line (SKU and quantity).`,
    )
  const items =
    operation === 'create'
      ? []
      : rows.map(([sku, quantity], index) => {
          if (!sku) throw new SandboxError(400, `Item ${index + 1} has no SKU.`)
          return {
            lineNumber: index + 1,
            quantity: quantityOf(quantity || '1', `Item ${index + 1}`),
            supplierPartId: sku,
            supplierPartAuxiliaryId: null,
          }
        })
  const back = new URL(hookUrl(origin, 'cxml'))
  back.search = new URLSearchParams({ customer: customerNo, login }).toString()
  const request: CxmlSetupRequest = {
    ...cxmlStamp(new URL(origin).hostname, now),
    lang: xmlLang(form.choice('locale', 'Language', LOCALES)),
    header: headerOf(site, login, password),
    deploymentMode: 'test',
    operation,
    buyerCookie: `sandbox-${randomUUID()}`,
    extrinsics: [{ name: 'UniqueName', value: login }],
    browserFormPostUrl: back.toString(),
    supplierSetupUrl: null,
    contacts: [],
    shipTo: null,
    selectedItem: selected ? { supplierPartId: selected, supplierPartAuxiliaryId: null } : null,
    items,
  }
  return { customerNo, request }
}

type Answer = Awaited<ReturnType<ShopCall>>

/** The shop's answer: its HTTP status, the cXML Status it carries (or why it is none), the raw text. */
function answerSection(answer: Answer, startLink: boolean): string {
  let read
  try {
    read = readCxmlResponse(answer.body)
  } catch (error) {
    if (!(error instanceof PunchoutFormatError)) throw error
    read = null
  }
  const ok = read !== null && read.status.code >= 200 && read.status.code < 300
  const summary = read
    ? facts([
        ['HTTP status', answer.status],
        ['cXML Status', `${read.status.code} ${read.status.text}`],
        ['Message', read.status.message],
        ['payloadID', read.payloadId],
      ])
    : facts([
        ['HTTP status', answer.status],
        ['Content type', answer.contentType],
      ]) + '<p class="bad">The answer is no cXML Response.</p>'
  const start = startLink && read?.startPageUrl && isHttpUrl(read.startPageUrl) ? read.startPageUrl : null
  return (
    `<h2>The shop’s answer <span class="${ok ? 'ok' : 'bad'}">(${ok ? 'accepted' : 'refused'})</span></h2>` +
    summary +
    (start
      ? `<p>Start page: <code>${esc(start)}</code></p><p><a class="button" href="${esc(start)}">Open the shop</a></p>`
      : '') +
    rawDocument('The answer as sent', answer.body.slice(0, MAX_SHOWN_ANSWER), !read)
  )
}

/** Sends the setup request and shows it (secret hidden) with the answer and the start link. */
export async function sendSetupRequest(form: SandboxForm, origin: string, site: string, call: ShopCall) {
  const { customerNo, request } = setupRequestOf(form, origin, site)
  let xml
  try {
    xml = writePunchOutSetupRequest(request)
  } catch (error) {
    refusal(error)
  }
  const answer = await call(customerNo, 'setuprequest', xml)
  const shown = writePunchOutSetupRequest({ ...request, header: masked(request.header) })
  return page(
    'cXML setup request sent',
    facts([
      ['Customer', customerNo],
      ['Operation', request.operation],
      ['BuyerCookie', request.buyerCookie],
      ['BrowserFormPost URL', request.browserFormPostUrl],
    ]) +
      answerSection(answer, true) +
      rawDocument('The PunchOutSetupRequest (shared secret hidden)', shown, true),
  )
}

/** The bill-to and ship-to address of the order form. */
function addressOf(form: SandboxForm): CxmlAddress {
  const countryCode = form.text('countryCode', 'Country', 2, { required: true }).toUpperCase()
  if (!/^[A-Z]{2}$/.test(countryCode)) throw new SandboxError(400, 'Country is a two-letter ISO code (DE).')
  const contact = form.text('contact', 'Contact', 100)
  return {
    addressId: null,
    name: form.text('company', 'Company', 100, { required: true }),
    postal: {
      deliverTo: contact ? [contact] : [],
      street: [form.text('street', 'Street', 100, { required: true })],
      city: form.text('city', 'City', 100, { required: true }),
      state: form.text('state', 'State or region', 10) || null,
      postalCode: form.text('postalCode', 'Postal code', 20, { required: true }),
      countryCode,
      country: countryCode,
    },
    email: form.text('email', 'E-mail', 254) || null,
  }
}

/** The OrderRequest for the PunchOutOrderMessage the order form carries back. */
export function orderRequestOf(form: SandboxForm, site: string, host: string, now = new Date()) {
  const { customerNo, login, password } = credentialsOf(form)
  let message
  try {
    message = readPunchOutOrderMessage(form.value('message'))
  } catch (error) {
    refusal(error)
  }
  const { basket } = message
  if (!basket.lines.length)
    throw new SandboxError(400, 'The basket is empty: the buyer cancelled, there is nothing to order.')
  const total = basket.total ?? basket.subtotal
  if (!total) throw new SandboxError(400, 'The message has no total to order.')
  const items = basket.lines.map((line) => {
    if (!line.sku || !line.unitPrice || line.quantity < 1)
      throw new SandboxError(
        400,
        `Line ${line.position} has no SKU, unit price or quantity: it cannot be ordered.`,
      )
    return {
      lineNumber: line.position,
      quantity: line.quantity,
      supplierPartId: line.sku,
      supplierPartAuxiliaryId: line.lineId,
      unitPrice: line.unitPrice,
      description: line.description || line.name,
      unit: line.unit,
      unspsc: line.unspsc,
      requestedDeliveryDate: null,
    }
  })
  const address = addressOf(form)
  const order: CxmlOrderRequest = {
    ...cxmlStamp(host, now),
    lang: message.lang,
    header: headerOf(site, login, password),
    deploymentMode: 'test',
    orderId: form.text('orderId', 'Purchase order number', 100, { required: true }),
    orderDate: cxmlTimestamp(now),
    type: 'new',
    total,
    shipTo: address,
    billTo: address,
    shipping: basket.shipping,
    tax: basket.tax,
    supplierOrderId: basket.basketId,
    comments: form.text('comments', 'Comments', 1000) || null,
    extrinsics: [],
    items,
  }
  return { customerNo, order }
}

/** Sends the OrderRequest and shows it (secret hidden) with the shop's Status. */
export async function sendOrderRequest(form: SandboxForm, origin: string, site: string, call: ShopCall) {
  const { customerNo, order } = orderRequestOf(form, site, new URL(origin).hostname)
  let xml
  try {
    xml = writeOrderRequest(order)
  } catch (error) {
    refusal(error)
  }
  const answer = await call(customerNo, 'orderrequest', xml)
  const shown = writeOrderRequest({ ...order, header: masked(order.header) })
  return page(
    'cXML order request sent',
    facts([
      ['Customer', customerNo],
      ['Purchase order number', order.orderId],
      ['Basket', order.supplierOrderId],
      ['Lines', order.items.length],
    ]) +
      answerSection(answer, false) +
      rawDocument('The OrderRequest (shared secret hidden)', shown, true),
  )
}
