/**
 * cXML PunchOutOrderMessage: the basket going back to the procurement system through the buyer's browser (a
 * form field `cXML-urlencoded` posted to the BrowserFormPost URL). The shop writes it from a TransferBasket;
 * the procurement sandbox reads it back and checks it against the format.
 */
import {
  headerOut,
  lineNumberOf,
  moneyOut,
  readCxmlRoot,
  readHeader,
  readMoney,
  refuse,
  writeCxml,
  type CxmlCredential,
  type CxmlDocumentInfo,
  type CxmlHeader,
  type CxmlStamp,
} from './cxml-envelope'
import { formatMinor, parseScaled, percentOf } from './decimal'
import {
  NOT_XML_TEXT,
  PUNCHOUT_LIMITS,
  PunchoutFormatError,
  bound,
  transferProblem,
  type FormatProblem,
  type ReceivedBasket,
  type ReceivedLine,
} from './format-common'
import type { TransferBasket, TransferLine, TransferMoney, TransferProblem } from './transfer-basket'
import { childOf, childText, el, elementsOf, localName, textOf, type XmlElement } from './xml'

/** What the setup request left for the transfer back: the cookie to echo and both parties' credentials. */
export type CxmlPunchOutSession = {
  buyerCookie: string
  /** The setup request's From credentials (the buyer): written as To. */
  buyer: CxmlCredential[]
  /** The setup request's To credentials (the shop as the buyer knows it): written as From and Sender. */
  supplier: CxmlCredential[]
  deploymentMode: 'production' | 'test'
  /** The highest operation the buyer may later open the basket with (edit allows a later edit session). */
  operationAllowed: 'create' | 'edit' | 'inspect'
}

/** The UserAgent written in the Sender, and the texts of the header's Tax and Shipping descriptions. */
export type CxmlOrderMessageOptions = {
  userAgent?: string
  /** Descriptions of the header's estimates, in the basket's language. */
  labels?: { tax: string; shipping: string }
}

const DEFAULT_LABELS = { tax: 'Tax (estimate)', shipping: 'Shipping (estimate)' }

/** xml:lang of a locale: `de_DE` and `de-DE` both become `de-DE`. */
export const xmlLang = (locale: string) => locale.replace('_', '-')

/**
 * The PunchOutOrderMessage of `basket` for `session`, and the problems of lines it could not carry as they
 * are (a value with control characters: left out of the text; no UNSPSC code; a line total that is not unit
 * price × quantity). The header has no SharedSecret: this document passes through the browser. Header
 * Total is the basket total (lines + tax + shipping), Tax and Shipping the basket's estimates, and
 * SupplierOrderInfo the basket id, which the OrderRequest refers back to.
 */
export function writePunchOutOrderMessage(
  basket: TransferBasket,
  session: CxmlPunchOutSession,
  stamp: CxmlStamp,
  options: CxmlOrderMessageOptions = {},
): { xml: string; problems: TransferProblem[] } {
  const problems: TransferProblem[] = []
  const lang = xmlLang(basket.locale)
  const labels = options.labels ?? DEFAULT_LABELS
  const clean = (line: TransferLine, field: string, value: string) => {
    NOT_XML_TEXT.lastIndex = 0
    if (!NOT_XML_TEXT.test(value)) return value
    problems.push(transferProblem(line, field, 'not-xml-text'))
    return value.replace(NOT_XML_TEXT, '')
  }
  const header: CxmlHeader = {
    from: session.supplier,
    to: session.buyer,
    sender: session.supplier,
    userAgent: options.userAgent ?? 'Ironbridge Supply',
  }
  const items = [...basket.lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => {
      if (!line.unspsc) problems.push(transferProblem(line, 'Classification', 'missing'))
      if (line.lineTotal.amount !== line.unitPrice.amount * line.quantity)
        problems.push(transferProblem(line, 'lineTotal', 'line-total'))
      const lineTax = {
        amount: percentOf(line.lineTotal.amount, line.taxRate),
        currency: line.lineTotal.currency,
      }
      return el(
        'ItemIn',
        { quantity: String(line.quantity), lineNumber: String(line.position) },
        el(
          'ItemID',
          {},
          el('SupplierPartID', {}, clean(line, 'SupplierPartID', line.sku)),
          el('SupplierPartAuxiliaryID', {}, clean(line, 'SupplierPartAuxiliaryID', line.lineId)),
          line.ean !== null &&
            el('IdReference', { identifier: clean(line, 'EAN', line.ean), domain: 'EAN-13' }),
        ),
        el(
          'ItemDetail',
          {},
          el('UnitPrice', {}, moneyOut(line.unitPrice)),
          el(
            'Description',
            { 'xml:lang': lang },
            el('ShortName', {}, clean(line, 'ShortName', line.name)),
            clean(line, 'Description', line.description),
          ),
          el('UnitOfMeasure', {}, line.unit),
          el('Classification', { domain: 'UNSPSC' }, clean(line, 'Classification', line.unspsc)),
          line.manufacturerPartId !== null &&
            el('ManufacturerPartID', {}, clean(line, 'ManufacturerPartID', line.manufacturerPartId)),
          line.manufacturer !== '' &&
            el('ManufacturerName', { 'xml:lang': lang }, clean(line, 'ManufacturerName', line.manufacturer)),
          line.leadTimeDays !== null && el('LeadTime', {}, String(line.leadTimeDays)),
        ),
        el(
          'Tax',
          {},
          moneyOut(lineTax),
          el('Description', { 'xml:lang': lang }, `${line.taxRate}%`),
          el(
            'TaxDetail',
            { category: 'vat', percentageRate: String(line.taxRate) },
            el('TaxAmount', {}, moneyOut(lineTax)),
          ),
        ),
      )
    })
  const xml = writeCxml(
    stamp,
    lang,
    headerOut(header, false),
    el(
      'Message',
      { deploymentMode: session.deploymentMode },
      el(
        'PunchOutOrderMessage',
        {},
        el('BuyerCookie', {}, session.buyerCookie),
        el(
          'PunchOutOrderMessageHeader',
          { operationAllowed: session.operationAllowed },
          el('Total', {}, moneyOut(basket.total)),
          el(
            'Shipping',
            {},
            moneyOut(basket.shipping),
            el('Description', { 'xml:lang': lang }, labels.shipping),
          ),
          el('Tax', {}, moneyOut(basket.tax), el('Description', { 'xml:lang': lang }, labels.tax)),
          el('SupplierOrderInfo', { orderID: basket.basketId }),
        ),
        ...items,
      ),
    ),
  )
  return { xml, problems }
}

/** A PunchOutOrderMessage as the sandbox reads it: the basket, the cookie echoed, and the format problems. */
export type ReceivedPunchOutOrderMessage = CxmlDocumentInfo & {
  header: CxmlHeader | null
  deploymentMode: string | null
  buyerCookie: string
  operationAllowed: string
  basket: ReceivedBasket
  problems: FormatProblem[]
}

const problem = (
  position: number | null,
  field: string,
  code: FormatProblem['code'],
  message: string,
): FormatProblem => ({
  position,
  field,
  code,
  message,
})

function readItemIn(item: XmlElement, index: number, problems: FormatProblem[]): ReceivedLine {
  const lineNumber = (() => {
    try {
      return lineNumberOf(item.attrs.lineNumber, `ItemIn ${index + 1}`)
    } catch (error) {
      problems.push(problem(index + 1, 'lineNumber', 'invalid', (error as Error).message))
      return null
    }
  })()
  const position = lineNumber ?? index + 1
  const add = (field: string, code: FormatProblem['code'], message: string) =>
    problems.push(problem(position, field, code, message))
  const quantityText = item.attrs.quantity?.trim() ?? ''
  const quantity = parseScaled(quantityText, 0)
  if (!quantityText) add('quantity', 'missing', 'ItemIn has no quantity')
  else if (quantity === null || quantity <= 0)
    add('quantity', 'not-a-number', `quantity "${quantityText}" is no positive whole number`)
  const itemId = childOf(item, 'ItemID')
  const sku = childText(itemId, 'SupplierPartID')
  if (!sku) add('SupplierPartID', 'missing', 'ItemID/SupplierPartID is missing')
  const auxiliary = childOf(itemId, 'SupplierPartAuxiliaryID')
  const ean = elementsOf(itemId ?? item, 'IdReference').find((reference) =>
    /^EAN/i.test(reference.attrs.domain ?? ''),
  )
  const detail = childOf(item, 'ItemDetail')
  if (!detail) add('ItemDetail', 'missing', 'ItemIn has no ItemDetail')
  const price = readMoney(childOf(detail, 'UnitPrice'))
  if (detail && !price.money)
    add('UnitPrice', price.error === 'no Money' ? 'missing' : 'not-a-number', `UnitPrice: ${price.error}`)
  const description = childOf(detail, 'Description')
  if (detail && !description) add('Description', 'missing', 'ItemDetail has no Description')
  const unit = childText(detail, 'UnitOfMeasure')
  if (detail && !unit) add('UnitOfMeasure', 'missing', 'ItemDetail has no UnitOfMeasure')
  else if (unit && !/^[A-Z0-9]{1,3}$/.test(unit))
    add('UnitOfMeasure', 'unknown-code', `"${unit}" is no UN/CEFACT unit code`)
  const classification = elementsOf(detail ?? item, 'Classification')
  if (detail && !classification.length) add('Classification', 'missing', 'ItemDetail has no Classification')
  const unspsc = classification.find((entry) => /^UNSPSC$/i.test(entry.attrs.domain ?? ''))
  const leadTimeText = childText(detail, 'LeadTime')
  const leadTime = leadTimeText ? parseScaled(leadTimeText, 0) : null
  if (leadTimeText && (leadTime === null || leadTime < 0))
    add('LeadTime', 'not-a-number', `LeadTime "${leadTimeText}" is no number of days`)
  const taxRateText = childOf(childOf(item, 'Tax'), 'TaxDetail')?.attrs.percentageRate?.trim() ?? ''
  const taxRate = taxRateText && /^\d+(\.\d+)?$/.test(taxRateText) ? Number(taxRateText) : null
  if (taxRateText && taxRate === null)
    add('TaxDetail', 'not-a-number', `percentageRate "${taxRateText}" is no number`)
  const unitPrice = price.money
  const whole = quantity !== null && quantity > 0 ? quantity : null
  const shortName = childText(description, 'ShortName')
  return {
    position,
    sku,
    lineId: textOf(auxiliary) || null,
    name: shortName || textOf(description),
    description: textOf(description),
    quantity: whole ?? 0,
    unit,
    unitPrice,
    lineTotal:
      unitPrice && whole !== null ? { amount: unitPrice.amount * whole, currency: unitPrice.currency } : null,
    taxRate,
    manufacturer: childText(detail, 'ManufacturerName') || null,
    manufacturerPartId: childText(detail, 'ManufacturerPartID') || null,
    ean: ean?.attrs.identifier?.trim() || null,
    unspsc: textOf(unspsc) || null,
    leadTimeDays: leadTime !== null && leadTime >= 0 ? leadTime : null,
  }
}

function headerMoney(
  parent: XmlElement | undefined,
  field: string,
  problems: FormatProblem[],
): TransferMoney | null {
  if (!parent) return null
  const { money, error } = readMoney(parent)
  if (!money)
    problems.push(
      problem(null, field, error === 'no Money' ? 'missing' : 'not-a-number', `${field}: ${error}`),
    )
  return money
}

/**
 * A PunchOutOrderMessage as the procurement system gets it, with every way it breaks the format (required
 * elements missing, amounts that are no money, currencies that differ, line numbers out of order, a Total that
 * is not lines + tax + shipping, a SharedSecret exposed to the browser). Throws `PunchoutFormatError` only for
 * what cannot be read at all: bounds, XML, another document, no BuyerCookie. An empty basket (no ItemIn)
 * means the user cancelled.
 */
export function readPunchOutOrderMessage(input: unknown): ReceivedPunchOutOrderMessage {
  const { root, info } = readCxmlRoot(input)
  const problems: FormatProblem[] = []
  const message = childOf(root, 'Message')
  const order = childOf(message, 'PunchOutOrderMessage')
  if (!message || !order) {
    const got = message
      ? elementsOf(message)
          .map((node) => node.name)
          .join(', ')
      : elementsOf(root)
          .map((node) => localName(node.name))
          .join(', ')
    return refuse(
      'punchout.format.unexpected_document',
      `expected a Message/PunchOutOrderMessage, got ${got || 'nothing'}`,
    )
  }
  let header: CxmlHeader | null = null
  try {
    header = readHeader(root)
    if (
      [...header.from, ...header.to, ...header.sender].some((credential) => credential.sharedSecret !== null)
    )
      problems.push(
        problem(
          null,
          'SharedSecret',
          'invalid',
          'the Header holds a SharedSecret, which the browser would see',
        ),
      )
  } catch (error) {
    if (!(error instanceof PunchoutFormatError)) throw error
    problems.push(problem(null, 'Header', 'missing', error.message))
  }
  const buyerCookie =
    childText(order, 'BuyerCookie') ||
    refuse('punchout.format.missing', 'PunchOutOrderMessage/BuyerCookie is missing')
  const orderHeader = childOf(order, 'PunchOutOrderMessageHeader')
  if (!orderHeader)
    problems.push(
      problem(null, 'PunchOutOrderMessageHeader', 'missing', 'the message has no PunchOutOrderMessageHeader'),
    )
  const operationAllowed = orderHeader?.attrs.operationAllowed?.trim() ?? ''
  if (orderHeader && !['create', 'edit', 'inspect'].includes(operationAllowed))
    problems.push(
      problem(
        null,
        'operationAllowed',
        operationAllowed ? 'invalid' : 'missing',
        `operationAllowed "${operationAllowed}" is none of create, edit, inspect`,
      ),
    )
  const total = headerMoney(childOf(orderHeader, 'Total'), 'Total', problems)
  if (orderHeader && !childOf(orderHeader, 'Total'))
    problems.push(problem(null, 'Total', 'missing', 'the header has no Total'))
  const tax = headerMoney(childOf(orderHeader, 'Tax'), 'Tax', problems)
  const shipping = headerMoney(childOf(orderHeader, 'Shipping'), 'Shipping', problems)

  const items = elementsOf(order, 'ItemIn')
  bound(items.length, PUNCHOUT_LIMITS.maxLines, 'PunchOutOrderMessage/ItemIn lines')
  const lines = items.map((item, index) => readItemIn(item, index, problems))
  lines.forEach((line, index) => {
    if (line.position !== index + 1)
      problems.push(
        problem(
          line.position,
          'lineNumber',
          'not-sequential',
          `line ${index + 1} has lineNumber ${line.position}`,
        ),
      )
  })
  const currency = total?.currency ?? lines.find((line) => line.unitPrice)?.unitPrice?.currency ?? null
  for (const [field, money, position] of [
    ['Tax', tax, null],
    ['Shipping', shipping, null],
    ...lines.map((line) => ['UnitPrice', line.unitPrice, line.position] as const),
  ] as const)
    if (money && currency && money.currency !== currency)
      problems.push(
        problem(
          position,
          field,
          'currency-mismatch',
          `${field} is in ${money.currency}, the Total in ${currency}`,
        ),
      )

  const lineTotals = lines.map((line) => line.lineTotal)
  const subtotal =
    currency && lineTotals.every((money) => money !== null)
      ? { amount: lineTotals.reduce((sum, money) => sum + (money?.amount ?? 0), 0), currency }
      : null
  if (subtotal && total) {
    const expected = subtotal.amount + (tax?.amount ?? 0) + (shipping?.amount ?? 0)
    if (expected !== total.amount)
      problems.push(
        problem(
          null,
          'Total',
          'total-mismatch',
          `Total ${formatMinor(total.amount)} is not lines + tax + shipping = ${formatMinor(expected)}`,
        ),
      )
  }
  const firstDescription = childOf(childOf(items[0], 'ItemDetail'), 'Description')
  return {
    ...info,
    header,
    deploymentMode: message.attrs.deploymentMode?.trim() || null,
    buyerCookie,
    operationAllowed,
    basket: {
      basketId: childOf(orderHeader, 'SupplierOrderInfo')?.attrs.orderID?.trim() || null,
      currency,
      locale: firstDescription?.attrs['xml:lang']?.trim() || info.lang,
      lines,
      subtotal,
      tax,
      shipping,
      total,
    },
    problems,
  }
}

/** The form fields a PunchOutOrderMessage arrives in (names compared without case). */
export const CXML_FORM_FIELDS = { urlencoded: 'cxml-urlencoded', base64: 'cxml-base64' } as const

/**
 * The PunchOutOrderMessage of a posted form (the sandbox's hook): field `cXML-urlencoded` holds the XML as it
 * is (the form encoding is undone by the HTTP layer), `cxml-base64` holds it base64-encoded. Refuses a form
 * with neither, or base64 that is none, before reading the XML.
 */
export function readPunchOutOrderMessageForm(
  fields: Record<string, string | undefined>,
): ReceivedPunchOutOrderMessage {
  const byName = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]))
  const plain = byName.get(CXML_FORM_FIELDS.urlencoded)
  if (plain !== undefined) return readPunchOutOrderMessage(plain)
  const encoded = byName.get(CXML_FORM_FIELDS.base64)
  if (encoded === undefined)
    return refuse('punchout.format.missing', 'the form has neither a cXML-urlencoded nor a cxml-base64 field')
  bound(encoded.length, Math.ceil((PUNCHOUT_LIMITS.maxDocumentBytes * 4) / 3) + 4, 'cxml-base64 characters')
  const compact = encoded.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0)
    return refuse('punchout.format.malformed', 'cxml-base64 is no base64 text')
  return readPunchOutOrderMessage(Buffer.from(compact, 'base64').toString('utf8'))
}
