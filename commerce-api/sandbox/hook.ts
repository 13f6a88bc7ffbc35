/**
 * The sandbox's hook: what the storefront's transfer page posts back (cXML `cXML-urlencoded`, OCI's
 * `NEW_ITEM-…` fields, IDS `warenkorb`), read by the format readers and shown: the lines, the totals, every
 * problem the reader found and the raw document. It only shows; a cXML basket gets an "Order it" form that
 * posts to the sandbox (a same-origin post, which then sends the OrderRequest).
 */
import { DEMO_ADDRESS_IDS, demoAddressRows } from '../db/seed/checkout'
import { DEMO_PASSWORD } from '../db/seed/people'
import { CXML_FORM_FIELDS, readPunchOutOrderMessageForm } from '../punchout/cxml'
import { formatMinor } from '../punchout/decimal'
import { PUNCHOUT_LIMITS, type FormatProblem, type ReceivedBasket } from '../punchout/format-common'
import { readIdsReturnCart } from '../punchout/ids'
import { readOciFields } from '../punchout/oci'
import type { TransferMoney } from '../punchout/transfer-basket'
import { refusal } from './cxml'
import type { SandboxForm } from './form'
import { SandboxError, esc, facts, field, hidden, page, rawDocument } from './html'

/** The order form's prefilled address: the demo company's head office (db/seed/checkout.ts). */
const head = demoAddressRows.find((row) => row.id === DEMO_ADDRESS_IDS.brightlineHeadOffice)
const DEMO_ADDRESS = {
  company: head?.companyName1 ?? '',
  contact: [head?.firstName, head?.lastName].filter(Boolean).join(' '),
  street: head?.addressLine1 ?? '',
  postalCode: head?.postalCode ?? '',
  city: head?.city ?? '',
  state: head?.mainDivision ?? '',
  countryCode: head?.countryCode ?? '',
  email: head?.email ?? '',
}

const money = (value: TransferMoney | null) =>
  value ? `${formatMinor(value.amount)} ${value.currency}` : '—'

/** The lines of a received basket as a table, and its totals. */
export function basketSection(basket: ReceivedBasket): string {
  if (!basket.lines.length) return '<p>The basket is empty: the buyer cancelled the punchout.</p>'
  const rows = basket.lines
    .map(
      (line) =>
        `<tr><td class="num">${line.position}</td><td class="sku"><code>${esc(line.sku)}</code></td>` +
        `<td>${esc(line.name)}${line.description && line.description !== line.name ? `<br><span class="hint">${esc(line.description)}</span>` : ''}</td>` +
        `<td class="num">${line.quantity}</td><td>${esc(line.unit)}</td>` +
        `<td class="num">${money(line.unitPrice)}</td><td class="num">${money(line.lineTotal)}</td></tr>`,
    )
    .join('')
  const totals = (
    [
      ['Lines', basket.subtotal],
      ['Tax', basket.tax],
      ['Shipping', basket.shipping],
      ['Total', basket.total],
    ] as const
  ).filter(([, value]) => value !== null)
  return (
    `<h2>Lines (${basket.lines.length})</h2><div class="scroll"><table><thead><tr>` +
    '<th scope="col" class="num">Pos.</th><th scope="col">SKU</th><th scope="col">Description</th>' +
    '<th scope="col" class="num">Quantity</th><th scope="col">Unit</th><th scope="col" class="num">Price</th>' +
    `<th scope="col" class="num">Line total</th></tr></thead><tbody>${rows}</tbody></table></div>` +
    `<h2>Totals</h2>${facts(totals.map(([name, value]) => [name, money(value)]))}`
  )
}

/** The problems a reader found, one list item each (line, field, kind, what). */
export function problemsSection(problems: FormatProblem[]): string {
  if (!problems.length) return '<h2>Problems</h2><p class="ok">None: the transfer keeps to the format.</p>'
  const items = problems
    .map(
      (problem) =>
        `<li>${problem.position === null ? 'Header' : `Line ${problem.position}`} · <code>${esc(problem.field)}</code> · ` +
        `${esc(problem.code)}: ${esc(problem.message)}</li>`,
    )
    .join('')
  return `<h2>Problems (${problems.length})</h2><ul class="bad">${items}</ul>`
}

/** A `customer` or `login` of the hook URL's query, to prefill the order form (bounded, else none). */
const queryValue = (value: unknown) => (typeof value === 'string' && value.length <= 254 ? value : '')

/** The "Order it" form: the message goes back to the sandbox with the buyer's purchase order data. */
function orderForm(xml: string, query: Record<string, unknown>, now: Date): string {
  const address = DEMO_ADDRESS
  const orderId = `PO-SANDBOX-${now.toISOString().replace(/\D/g, '').slice(0, 14)}`
  const customer = queryValue(query.customer) || 'BC-200001'
  const login = queryValue(query.login) || 'brightline-cxml'
  return (
    '<form method="post" action="/punchout-sandbox/order"><fieldset><legend>Order it (cXML OrderRequest)</legend>' +
    '<p class="hint">Sends the purchase order for this basket to the shop, as the procurement system would after ' +
    'approval: the lines and prices above, the address below as bill-to and ship-to.</p>' +
    hidden('message', xml) +
    '<div class="row">' +
    field({
      name: 'customer',
      id: 'order-customer',
      label: 'Customer number',
      value: customer,
      maxLength: 64,
      required: true,
    }) +
    field({
      name: 'login',
      id: 'order-login',
      label: 'Login',
      value: login,
      maxLength: 254,
      required: true,
      autocomplete: 'off',
    }) +
    field({
      name: 'password',
      id: 'order-password',
      label: 'Password',
      type: 'password',
      value: DEMO_PASSWORD,
      maxLength: 256,
      required: true,
      autocomplete: 'off',
    }) +
    field({
      name: 'orderId',
      id: 'order-id',
      label: 'Purchase order number',
      value: orderId,
      maxLength: 100,
      required: true,
    }) +
    '</div><div class="row">' +
    field({
      name: 'company',
      id: 'order-company',
      label: 'Company',
      value: address.company,
      maxLength: 100,
      required: true,
    }) +
    field({
      name: 'contact',
      id: 'order-contact',
      label: 'Contact',
      value: address.contact,
      maxLength: 100,
    }) +
    field({
      name: 'street',
      id: 'order-street',
      label: 'Street',
      value: address.street,
      maxLength: 100,
      required: true,
    }) +
    field({
      name: 'postalCode',
      id: 'order-postalCode',
      label: 'Postal code',
      value: address.postalCode,
      maxLength: 20,
      required: true,
    }) +
    field({
      name: 'city',
      id: 'order-city',
      label: 'City',
      value: address.city,
      maxLength: 100,
      required: true,
    }) +
    field({
      name: 'state',
      id: 'order-state',
      label: 'State or region',
      value: address.state,
      maxLength: 10,
    }) +
    field({
      name: 'countryCode',
      id: 'order-country',
      label: 'Country (ISO code)',
      value: address.countryCode,
      maxLength: 2,
      required: true,
    }) +
    field({ name: 'email', id: 'order-email', label: 'E-mail', value: address.email, maxLength: 254 }) +
    field({ name: 'comments', id: 'order-comments', label: 'Comments', maxLength: 1000 }) +
    '</div><button type="submit">Order it</button></fieldset></form>'
  )
}

/** The cXML PunchOutOrderMessage of a hook post (`cXML-urlencoded` or `cxml-base64`). */
export function cxmlHookPage(form: SandboxForm, query: Record<string, unknown>, now = new Date()): string {
  const fields = Object.fromEntries(form.entries.map(([name, value]) => [name.toLowerCase(), value]))
  let message
  try {
    message = readPunchOutOrderMessageForm(fields)
  } catch (error) {
    refusal(error)
  }
  const plain = fields[CXML_FORM_FIELDS.urlencoded]
  const xml =
    plain ??
    Buffer.from((fields[CXML_FORM_FIELDS.base64] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8')
  return page(
    'cXML basket received',
    facts([
      ['Document', 'PunchOutOrderMessage'],
      ['payloadID', message.payloadId],
      ['BuyerCookie', message.buyerCookie],
      ['operationAllowed', message.operationAllowed],
      ['deploymentMode', message.deploymentMode],
      ['Basket (SupplierOrderInfo)', message.basket.basketId],
      ['Language', message.basket.locale],
    ]) +
      basketSection(message.basket) +
      problemsSection(message.problems) +
      rawDocument('The PunchOutOrderMessage as received', xml) +
      (message.basket.lines.length ? orderForm(xml, query, now) : ''),
  )
}

/** OCI's fields of a hook post. */
export function ociHookPage(form: SandboxForm): string {
  let read
  try {
    read = readOciFields(form.entries)
  } catch (error) {
    refusal(error)
  }
  const tildes = Object.entries(read.passThrough)
  const outlines = read.outlines.map((outline) => `${outline.position}: ${outline.description}`).join('; ')
  return page(
    'OCI basket received',
    facts([
      ['OCI version (by its fields)', read.version],
      ['Pass-through fields', tildes.map(([name, value]) => `${name}=${value}`).join(', ') || 'none'],
      ['Outlines (OCI 5.0)', outlines],
      ['Other fields', Object.keys(read.others).join(', ')],
    ]) +
      basketSection(read.basket) +
      problemsSection(read.problems) +
      rawDocument(
        'The fields as received',
        form.entries.map(([name, value]) => `${name} = ${value}`).join('\n'),
      ),
  )
}

/** The IDS WKE `warenkorb` of a hook post. */
export function idsHookPage(form: SandboxForm): string {
  const xml = form.entries.find(([name]) => name === 'warenkorb')?.[1]
  if (xml === undefined) throw new SandboxError(400, 'The post has no warenkorb field.')
  if (Buffer.byteLength(xml) > PUNCHOUT_LIMITS.maxDocumentBytes)
    throw new SandboxError(413, 'The warenkorb is larger than 1 MiB.')
  let cart
  try {
    cart = readIdsReturnCart(xml)
  } catch (error) {
    refusal(error)
  }
  return page(
    'IDS basket received',
    facts([
      ['Date', cart.date],
      ['Time', cart.time],
      ['RueckgabeKZ', cart.returnKind],
      ['Version', cart.version],
      ['ModeOfShipment', cart.modeOfShipment],
    ]) +
      basketSection(cart.basket) +
      problemsSection(cart.problems) +
      rawDocument('The warenkorb as received', xml),
  )
}
