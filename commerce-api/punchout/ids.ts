/**
 * IDS Connect 2.5 carts (`warenkorb`, namespace http://www.itek.de/Shop-Anbindung/Warenkorb/) for punchout
 * (issue 34), both directions:
 * - WKS, trade software → shop: `readIdsCart` (API/storefront: the items to put into the basket, by ArtNo with
 *   Qty and QU; an empty cart is refused with the spec's §5 key), `writeIdsCart` (the sandbox sends one).
 * - WKE, shop → trade software: `writeIdsReturnCart` (from a TransferBasket, posted as form field `warenkorb`
 *   to the hookurl; OrderItems in line order, NetPrice the line total with 4 decimals), `readIdsReturnCart`
 *   (the sandbox reads it back with a problem list).
 */
import { formatMinor, formatScaled, parseScaled } from './decimal'
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
import { ISO_UNIT_OF, characters } from './oci-fields'
import type { TransferBasket, TransferLine, TransferProblem } from './transfer-basket'
import {
  childOf,
  childText,
  el,
  elementsOf,
  localName,
  namespaceOf,
  readXml,
  writeXml,
  type XmlElement,
} from './xml'

/** The namespace of every warenkorb; the version the shop writes. */
export const IDS_NAMESPACE = 'http://www.itek.de/Shop-Anbindung/Warenkorb/'
export const IDS_VERSION = '2.5'
/** The lengths IDS 2.5 gives the item texts the shop writes. */
export const IDS_LENGTHS = { ArtNo: 15, Kurztext: 100 } as const
/** ModeOfShipment: delivery or pick-up. */
export const IDS_MODES_OF_SHIPMENT = ['Lieferung', 'Abholung'] as const
export type IdsModeOfShipment = (typeof IDS_MODES_OF_SHIPMENT)[number]
/** RueckgabeKZ: the cart goes back for review, or as an order. */
export const IDS_RETURN_KINDS = {
  review: 'Warenkorbrückgabe',
  order: 'Warenkorbrückgabe mit Bestellung',
} as const

/** An item of a cart the trade software sends; quantities have up to 2 decimals (13,2). */
export type IdsCartItem = {
  /** The OrderItem's place in the cart (1-based): line numbers are kept. */
  position: number
  artNo: string
  quantity: number
  unit: string
  ean: string | null
  shortText: string
  longText: string
}

/** A WKS cart as read (and as the sandbox writes it, without problems). */
export type IdsCart = {
  date: string
  time: string
  version: string
  modeOfShipment: string | null
  currency: string | null
  /** The craftsman's job reference (Kommission), shown with the basket. */
  commission: string | null
  items: IdsCartItem[]
  /** Items left out (no ArtNo, no valid Qty) and other ways the cart breaks the format. */
  problems: FormatProblem[]
}

const QUANTITY = /^\d{1,11}(\.\d{1,2})?$/
const UNIT = /^[A-Z0-9]{1,3}$/

function readCartRoot(input: unknown, problems: FormatProblem[]): XmlElement {
  const root = readXml(input, 'warenkorb')
  if (localName(root.name) !== 'Warenkorb')
    throw new PunchoutFormatError('punchout.format.unexpected_document', `not an IDS warenkorb: ${root.name}`)
  const namespace = namespaceOf(root)
  if (namespace !== undefined && namespace !== IDS_NAMESPACE)
    throw new PunchoutFormatError(
      'punchout.format.unexpected_document',
      `warenkorb in namespace ${namespace}`,
    )
  if (namespace === undefined)
    problems.push({
      position: null,
      field: 'Warenkorb',
      code: 'missing',
      message: `no namespace ${IDS_NAMESPACE}`,
    })
  for (const name of ['Date', 'Time', 'Version'])
    if (!childText(childOf(root, 'WarenkorbInfo'), name))
      problems.push({
        position: null,
        field: `WarenkorbInfo/${name}`,
        code: 'missing',
        message: `WarenkorbInfo has no ${name}`,
      })
  return root
}

function orderItems(root: XmlElement): XmlElement[] {
  const items = elementsOf(childOf(root, 'Order') ?? root, 'OrderItem')
  bound(items.length, PUNCHOUT_LIMITS.maxLines, 'warenkorb OrderItem lines')
  return items
}

/** The quantity of a Qty text (13,2), or null with a problem. */
function quantityOf(text: string, position: number, problems: FormatProblem[]): number | null {
  if (!text) {
    problems.push({ position, field: 'Qty', code: 'missing', message: 'the item has no Qty' })
    return null
  }
  const hundredths = QUANTITY.test(text) ? parseScaled(text, 2) : null
  if (hundredths === null || hundredths <= 0) {
    problems.push({
      position,
      field: 'Qty',
      code: 'not-a-number',
      message: `Qty "${text}" is no positive number (13,2)`,
    })
    return null
  }
  return hundredths / 100
}

function checkItemTexts(item: XmlElement, position: number, problems: FormatProblem[]) {
  const add = (field: string, code: FormatProblem['code'], message: string) =>
    problems.push({ position, field, code, message })
  const artNo = childText(item, 'ArtNo')
  if (!artNo) add('ArtNo', 'missing', 'the item has no ArtNo')
  else if (characters(artNo) > IDS_LENGTHS.ArtNo)
    add('ArtNo', 'too-long', `ArtNo has ${characters(artNo)} characters, IDS keeps 15`)
  const unit = childText(item, 'QU')
  if (!unit) add('QU', 'missing', 'the item has no QU')
  else if (!UNIT.test(unit)) add('QU', 'unknown-code', `QU "${unit}" is no unit code`)
  const shortText = childText(item, 'Kurztext')
  if (characters(shortText) > IDS_LENGTHS.Kurztext)
    add('Kurztext', 'too-long', `Kurztext has ${characters(shortText)} characters, IDS keeps 100`)
  return { artNo, unit, shortText }
}

/**
 * The cart of a WKS call (the `warenkorb` parameter), or a `PunchoutFormatError`: bounds and XML (readXml),
 * unexpected_document (not a Warenkorb, another namespace), and `custom.punchout.error.missing.parameter.warenkorb`
 * when it holds no OrderItem (spec §5). Items without ArtNo or a valid Qty are left out of `items` and
 * listed in `problems` with their position, as is every other break of the format.
 */
export function readIdsCart(input: unknown): IdsCart {
  const problems: FormatProblem[] = []
  const root = readCartRoot(input, problems)
  const info = childOf(root, 'WarenkorbInfo')
  const orderInfo = childOf(childOf(root, 'Order'), 'OrderInfo')
  const elements = orderItems(root)
  if (!elements.length)
    throw new PunchoutFormatError(
      'custom.punchout.error.missing.parameter.warenkorb',
      'the warenkorb holds no OrderItem',
    )
  const items = elements.flatMap((item, index): IdsCartItem[] => {
    const position = index + 1
    const { artNo, unit, shortText } = checkItemTexts(item, position, problems)
    const quantity = quantityOf(childText(item, 'Qty'), position, problems)
    if (!artNo || quantity === null) return []
    return [
      {
        position,
        artNo,
        quantity,
        unit,
        ean: childText(item, 'EAN') || null,
        shortText,
        longText: childText(item, 'Langtext'),
      },
    ]
  })
  return {
    date: childText(info, 'Date'),
    time: childText(info, 'Time'),
    version: childText(info, 'Version'),
    modeOfShipment: childText(orderInfo, 'ModeOfShipment') || null,
    currency: childText(orderInfo, 'Cur') || null,
    commission: childText(orderInfo, 'Kommission') || null,
    items,
    problems,
  }
}

function safe(value: string, field: string): string {
  NOT_XML_TEXT.lastIndex = 0
  if (NOT_XML_TEXT.test(value))
    throw new PunchoutFormatError(
      'punchout.format.invalid',
      `${field} holds characters XML cannot carry (control characters)`,
    )
  return value
}

/** The `warenkorb` of a WKS call (the sandbox plays the trade software); refuses control characters. */
export function writeIdsCart(cart: Omit<IdsCart, 'problems'>): string {
  return writeXml(
    el(
      'Warenkorb',
      { xmlns: IDS_NAMESPACE },
      el(
        'WarenkorbInfo',
        {},
        el('Date', {}, safe(cart.date, 'Date')),
        el('Time', {}, safe(cart.time, 'Time')),
        el('Version', {}, safe(cart.version, 'Version')),
      ),
      el(
        'Order',
        {},
        el(
          'OrderInfo',
          {},
          cart.modeOfShipment !== null &&
            el('ModeOfShipment', {}, safe(cart.modeOfShipment, 'ModeOfShipment')),
          cart.commission !== null && el('Kommission', {}, safe(cart.commission, 'Kommission')),
          cart.currency !== null && el('Cur', {}, safe(cart.currency, 'Cur')),
        ),
        ...[...cart.items]
          .sort((a, b) => a.position - b.position)
          .map((item) =>
            el(
              'OrderItem',
              {},
              item.ean !== null && el('EAN', {}, safe(item.ean, 'EAN')),
              el('ArtNo', {}, safe(item.artNo, 'ArtNo')),
              el('Qty', {}, formatScaled(Math.round(item.quantity * 100), 2, 2)),
              el('QU', {}, safe(item.unit, 'QU')),
              item.shortText !== '' && el('Kurztext', {}, safe(item.shortText, 'Kurztext')),
              item.longText !== '' && el('Langtext', {}, safe(item.longText, 'Langtext')),
            ),
          ),
      ),
    ),
  )
}

/** What the WKE writer needs besides the basket. */
export type IdsReturnOptions = {
  /** When the cart is handed back: Date and Time are written in `timeZone` (German trade software: Europe/Berlin). */
  now: Date
  timeZone?: string
  /** The cart goes back as an order (RueckgabeKZ "Warenkorbrückgabe mit Bestellung") instead of for review. */
  withOrder?: boolean
  modeOfShipment?: IdsModeOfShipment
}

function dateAndTime(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  }
}

/**
 * The WKE `warenkorb` of `basket` (form field `warenkorb`, posted to the hookurl), and the problems of lines
 * it cannot carry as they are: ArtNo over 15 or Kurztext over 100 characters (written whole, never cut),
 * control characters (left out of the text). OrderItems keep the basket's line order; NetPrice is the net
 * line total with 4 decimals, Qty has 2, QU is the ISO unit (pieces: PCE).
 */
export function writeIdsReturnCart(
  basket: TransferBasket,
  options: IdsReturnOptions,
): { xml: string; problems: TransferProblem[] } {
  const problems: TransferProblem[] = []
  const clean = (line: TransferLine, field: string, value: string) => {
    NOT_XML_TEXT.lastIndex = 0
    if (!NOT_XML_TEXT.test(value)) return value
    problems.push(transferProblem(line, field, 'not-xml-text'))
    return value.replace(NOT_XML_TEXT, '')
  }
  const { date, time } = dateAndTime(options.now, options.timeZone ?? 'Europe/Berlin')
  const items = [...basket.lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => {
      if (characters(line.sku) > IDS_LENGTHS.ArtNo) problems.push(transferProblem(line, 'ArtNo', 'too-long'))
      if (characters(line.name) > IDS_LENGTHS.Kurztext)
        problems.push(transferProblem(line, 'Kurztext', 'too-long'))
      return el(
        'OrderItem',
        {},
        line.ean !== null && el('EAN', {}, clean(line, 'EAN', line.ean)),
        el('ArtNo', {}, clean(line, 'ArtNo', line.sku)),
        el('Qty', {}, formatScaled(line.quantity, 0, 2)),
        el('QU', {}, ISO_UNIT_OF[line.unit]),
        el('Kurztext', {}, clean(line, 'Kurztext', line.name)),
        line.description !== '' && el('Langtext', {}, clean(line, 'Langtext', line.description)),
        el('NetPrice', {}, formatMinor(line.lineTotal.amount, 4)),
        el('VAT', {}, String(line.taxRate)),
      )
    })
  const xml = writeXml(
    el(
      'Warenkorb',
      { xmlns: IDS_NAMESPACE },
      el(
        'WarenkorbInfo',
        {},
        el('Date', {}, date),
        el('Time', {}, time),
        el('RueckgabeKZ', {}, options.withOrder ? IDS_RETURN_KINDS.order : IDS_RETURN_KINDS.review),
        el('Version', {}, IDS_VERSION),
      ),
      el(
        'Order',
        {},
        el(
          'OrderInfo',
          {},
          el('ModeOfShipment', {}, options.modeOfShipment ?? 'Lieferung'),
          el('Cur', {}, basket.currency),
        ),
        ...items,
      ),
    ),
  )
  return { xml, problems }
}

/** A WKE cart as the sandbox reads it: cart info, the basket, and the format problems. */
export type ReceivedIdsReturnCart = {
  date: string
  time: string
  returnKind: string
  version: string
  modeOfShipment: string
  basket: ReceivedBasket
  problems: FormatProblem[]
}

/**
 * A WKE `warenkorb` as the trade software gets it (the sandbox's hook), with every way it breaks IDS 2.5:
 * required RueckgabeKZ, ModeOfShipment and Cur, Date and Time formats, ArtNo and Kurztext lengths, Qty
 * (13,2), NetPrice with 4 decimals. Throws only for what cannot be read (bounds, XML, not a warenkorb).
 */
export function readIdsReturnCart(input: unknown): ReceivedIdsReturnCart {
  const problems: FormatProblem[] = []
  const root = readCartRoot(input, problems)
  const add = (position: number | null, field: string, code: FormatProblem['code'], message: string) =>
    problems.push({ position, field, code, message })
  const info = childOf(root, 'WarenkorbInfo')
  const orderInfo = childOf(childOf(root, 'Order'), 'OrderInfo')
  const date = childText(info, 'Date')
  const time = childText(info, 'Time')
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date))
    add(null, 'WarenkorbInfo/Date', 'invalid', `Date "${date}" is not YYYY-MM-DD`)
  if (time && !/^\d{2}:\d{2}:\d{2}$/.test(time))
    add(null, 'WarenkorbInfo/Time', 'invalid', `Time "${time}" is not HH:MM:SS`)
  const returnKind = childText(info, 'RueckgabeKZ')
  if (!Object.values(IDS_RETURN_KINDS).includes(returnKind as never))
    add(
      null,
      'WarenkorbInfo/RueckgabeKZ',
      returnKind ? 'invalid' : 'missing',
      `RueckgabeKZ "${returnKind}" is no return kind`,
    )
  const modeOfShipment = childText(orderInfo, 'ModeOfShipment')
  if (!IDS_MODES_OF_SHIPMENT.includes(modeOfShipment as IdsModeOfShipment))
    add(
      null,
      'OrderInfo/ModeOfShipment',
      modeOfShipment ? 'invalid' : 'missing',
      `ModeOfShipment "${modeOfShipment}" is neither Lieferung nor Abholung`,
    )
  const currency = childText(orderInfo, 'Cur')
  if (!/^[A-Z]{3}$/.test(currency))
    add(null, 'OrderInfo/Cur', currency ? 'unknown-code' : 'missing', `Cur "${currency}" is no ISO 4217 code`)

  const lines = orderItems(root).map((item, index): ReceivedLine => {
    const position = index + 1
    const { artNo, unit, shortText } = checkItemTexts(item, position, problems)
    const quantity = quantityOf(childText(item, 'Qty'), position, problems)
    const netPrice = childText(item, 'NetPrice')
    const scaled = /^-?\d+\.\d{4}$/.test(netPrice) ? parseScaled(netPrice, 4) : null
    if (!netPrice) add(position, 'NetPrice', 'missing', 'the item has no NetPrice')
    else if (scaled === null)
      add(position, 'NetPrice', 'not-a-number', `NetPrice "${netPrice}" is no amount with 4 decimals`)
    else if (scaled % 100 !== 0)
      add(position, 'NetPrice', 'invalid', `NetPrice ${netPrice} is no amount in whole cents`)
    const lineTotal =
      scaled !== null && scaled % 100 === 0 && currency ? { amount: scaled / 100, currency } : null
    const vat = childText(item, 'VAT')
    if (vat && !/^\d+(\.\d+)?$/.test(vat))
      add(position, 'VAT', 'not-a-number', `VAT "${vat}" is no percentage`)
    const whole = quantity !== null && Number.isInteger(quantity) ? quantity : null
    return {
      position,
      sku: artNo,
      lineId: null,
      name: shortText,
      description: childText(item, 'Langtext'),
      quantity: quantity ?? 0,
      unit,
      unitPrice:
        lineTotal && whole && lineTotal.amount % whole === 0
          ? { amount: lineTotal.amount / whole, currency: lineTotal.currency }
          : null,
      lineTotal,
      taxRate: vat && /^\d+(\.\d+)?$/.test(vat) ? Number(vat) : null,
      manufacturer: null,
      manufacturerPartId: null,
      ean: childText(item, 'EAN') || null,
      unspsc: null,
      leadTimeDays: null,
    }
  })
  const totals = lines.map((line) => line.lineTotal)
  return {
    date,
    time,
    returnKind,
    version: childText(info, 'Version'),
    modeOfShipment,
    basket: {
      basketId: null,
      currency: currency || null,
      locale: null,
      lines,
      subtotal:
        currency && totals.every((total) => total !== null)
          ? { amount: totals.reduce((sum, total) => sum + (total?.amount ?? 0), 0), currency }
          : null,
      tax: null,
      shipping: null,
      total: null,
    },
    problems,
  }
}
