/**
 * cXML OrderRequest: the procurement system's purchase order for a transferred basket (server-to-server POST),
 * read by the API's order intake and written by the procurement sandbox's "order it". The answer is a Status
 * response (`writeCxmlStatusResponse`).
 */
import {
  addressOut,
  extrinsicsOut,
  headerOut,
  lineNumberOf,
  moneyOut,
  positiveNumber,
  readAddress,
  readCxmlRoot,
  readExtrinsics,
  readHeader,
  readRequest,
  refuse,
  required,
  requiredMoney,
  requiredText,
  writeCxml,
  xmlValue,
  type CxmlAddress,
  type CxmlDocumentInfo,
  type CxmlExtrinsic,
  type CxmlHeader,
} from './cxml-envelope'
import { PUNCHOUT_LIMITS, bound } from './format-common'
import type { TransferMoney } from './transfer-basket'
import { childOf, childText, el, elementsOf, textOf } from './xml'

/** An ItemOut of an OrderRequest: which product and basket line, how many, at what price. */
export type CxmlOrderItem = {
  lineNumber: number | null
  quantity: number
  /** The product (SKU) and the shop's line id from the PunchOutOrderMessage (SupplierPartAuxiliaryID). */
  supplierPartId: string
  supplierPartAuxiliaryId: string | null
  unitPrice: TransferMoney
  description: string
  /** UN/CEFACT unit code; '' when the line has no ItemDetail. */
  unit: string
  unspsc: string | null
  requestedDeliveryDate: string | null
}

/** An OrderRequest as read (and as the sandbox writes it). */
export type CxmlOrderRequest = CxmlDocumentInfo & {
  header: CxmlHeader
  deploymentMode: 'production' | 'test'
  /** The buyer's purchase order number. */
  orderId: string
  orderDate: string
  /** new, update or delete (the DTD's default is new). */
  type: 'new' | 'update' | 'delete'
  total: TransferMoney
  shipTo: CxmlAddress | null
  billTo: CxmlAddress
  shipping: TransferMoney | null
  tax: TransferMoney | null
  /** SupplierOrderInfo@orderID: the shop's basket id, as the PunchOutOrderMessage named it. */
  supplierOrderId: string | null
  comments: string | null
  extrinsics: CxmlExtrinsic[]
  items: CxmlOrderItem[]
}

/**
 * The OrderRequest in `input` (the request body), or a `PunchoutFormatError`: bounds and XML (readXml),
 * unexpected_document, missing (Header credentials, orderID, orderDate, Total, BillTo, ItemOut lines, an
 * item's SupplierPartID, quantity or UnitPrice), invalid (amounts that are no money, a currency other than the
 * Total's, an order type the DTD does not know). Whether the basket, prices and secret are right is the API's
 * to check.
 */
export function readOrderRequest(input: unknown): CxmlOrderRequest {
  const { root, info } = readCxmlRoot(input)
  const header = readHeader(root)
  const { request, deploymentMode } = readRequest(root, 'OrderRequest')
  const orderHeader = required(request, 'OrderRequestHeader', 'OrderRequest')
  const path = 'OrderRequestHeader'
  const orderId =
    orderHeader.attrs.orderID?.trim() || refuse('punchout.format.missing', `${path}: no orderID`)
  const orderDate =
    orderHeader.attrs.orderDate?.trim() || refuse('punchout.format.missing', `${path}: no orderDate`)
  const type = orderHeader.attrs.type?.trim() || 'new'
  if (type !== 'new' && type !== 'update' && type !== 'delete')
    refuse('punchout.format.invalid', `${path}: type "${type}" is none of new, update, delete`)
  const total = requiredMoney(childOf(orderHeader, 'Total'), `${path}/Total`)
  const sameCurrency = (money: TransferMoney, where: string) =>
    money.currency === total.currency
      ? money
      : refuse('punchout.format.invalid', `${where} is in ${money.currency}, the Total in ${total.currency}`)
  const optionalMoney = (name: string) => {
    const element = childOf(orderHeader, name)
    return element ? sameCurrency(requiredMoney(element, `${path}/${name}`), `${path}/${name}`) : null
  }
  const shipTo = childOf(orderHeader, 'ShipTo')
  const items = elementsOf(request, 'ItemOut')
  if (!items.length) refuse('punchout.format.missing', 'OrderRequest has no ItemOut')
  bound(items.length, PUNCHOUT_LIMITS.maxLines, 'OrderRequest/ItemOut lines')
  return {
    ...info,
    header,
    deploymentMode,
    orderId,
    orderDate,
    type,
    total,
    shipTo: shipTo
      ? readAddress(required(shipTo, 'Address', `${path}/ShipTo`), `${path}/ShipTo/Address`)
      : null,
    billTo: readAddress(
      required(required(orderHeader, 'BillTo', path), 'Address', `${path}/BillTo`),
      `${path}/BillTo/Address`,
    ),
    shipping: optionalMoney('Shipping'),
    tax: optionalMoney('Tax'),
    supplierOrderId: childOf(orderHeader, 'SupplierOrderInfo')?.attrs.orderID?.trim() || null,
    comments: childText(orderHeader, 'Comments') || null,
    extrinsics: readExtrinsics(orderHeader),
    items: items.map((item, index) => {
      const itemPath = `ItemOut ${index + 1}`
      const itemId = required(item, 'ItemID', itemPath)
      const detail = childOf(item, 'ItemDetail')
      const unspsc = elementsOf(detail ?? item, 'Classification').find((entry) =>
        /^UNSPSC$/i.test(entry.attrs.domain ?? ''),
      )
      return {
        lineNumber: lineNumberOf(item.attrs.lineNumber, itemPath),
        quantity: positiveNumber(item.attrs.quantity, `${itemPath} quantity`),
        supplierPartId: requiredText(itemId, 'SupplierPartID', `${itemPath}/ItemID`),
        supplierPartAuxiliaryId: childText(itemId, 'SupplierPartAuxiliaryID') || null,
        unitPrice: sameCurrency(
          requiredMoney(
            childOf(required(item, 'ItemDetail', itemPath), 'UnitPrice'),
            `${itemPath}/ItemDetail/UnitPrice`,
          ),
          `${itemPath}/ItemDetail/UnitPrice`,
        ),
        description: textOf(childOf(detail, 'Description')),
        unit: childText(detail, 'UnitOfMeasure'),
        unspsc: textOf(unspsc) || null,
        requestedDeliveryDate: item.attrs.requestedDeliveryDate?.trim() || null,
      }
    }),
  }
}

/** The OrderRequest document of `order` (the sandbox posts it to the shop's intake), shared secret included. */
export function writeOrderRequest(order: CxmlOrderRequest): string {
  const lang = order.lang ?? 'en-US'
  const described = (money: TransferMoney | null, name: 'Shipping' | 'Tax') =>
    money && el(name, {}, moneyOut(money), el('Description', { 'xml:lang': lang }, name))
  return writeCxml(
    order,
    order.lang,
    headerOut(order.header, true),
    el(
      'Request',
      { deploymentMode: order.deploymentMode },
      el(
        'OrderRequest',
        {},
        el(
          'OrderRequestHeader',
          {
            orderID: xmlValue(order.orderId, 'orderID'),
            orderDate: xmlValue(order.orderDate, 'orderDate'),
            type: order.type,
          },
          el('Total', {}, moneyOut(order.total)),
          order.shipTo && el('ShipTo', {}, addressOut(order.shipTo, lang)),
          el('BillTo', {}, addressOut(order.billTo, lang)),
          described(order.shipping, 'Shipping'),
          described(order.tax, 'Tax'),
          order.comments !== null &&
            el('Comments', { 'xml:lang': lang }, xmlValue(order.comments, 'Comments')),
          order.supplierOrderId !== null &&
            el('SupplierOrderInfo', { orderID: xmlValue(order.supplierOrderId, 'SupplierOrderInfo') }),
          ...extrinsicsOut(order.extrinsics),
        ),
        ...order.items.map((item) =>
          el(
            'ItemOut',
            {
              quantity: String(item.quantity),
              lineNumber: item.lineNumber === null ? null : String(item.lineNumber),
              requestedDeliveryDate:
                item.requestedDeliveryDate === null
                  ? null
                  : xmlValue(item.requestedDeliveryDate, 'requestedDeliveryDate'),
            },
            el(
              'ItemID',
              {},
              el('SupplierPartID', {}, xmlValue(item.supplierPartId, 'SupplierPartID')),
              item.supplierPartAuxiliaryId !== null &&
                el(
                  'SupplierPartAuxiliaryID',
                  {},
                  xmlValue(item.supplierPartAuxiliaryId, 'SupplierPartAuxiliaryID'),
                ),
            ),
            el(
              'ItemDetail',
              {},
              el('UnitPrice', {}, moneyOut(item.unitPrice)),
              el('Description', { 'xml:lang': lang }, xmlValue(item.description, 'Description')),
              el('UnitOfMeasure', {}, xmlValue(item.unit, 'UnitOfMeasure')),
              el('Classification', { domain: 'UNSPSC' }, xmlValue(item.unspsc ?? '', 'Classification')),
            ),
          ),
        ),
      ),
    ),
  )
}
