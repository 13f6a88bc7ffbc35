/**
 * cXML PunchOutSetupRequest: read by the API when a procurement system opens a punchout session
 * (server-to-server POST), written by the procurement sandbox that plays the buyer.
 */
import {
  addressOut,
  contactOut,
  extrinsicsOut,
  headerOut,
  isHttpUrlOrRefuse,
  lineNumberOf,
  positiveNumber,
  readAddress,
  readContact,
  readCxmlRoot,
  readExtrinsics,
  readHeader,
  readRequest,
  refuse,
  required,
  requiredText,
  writeCxml,
  xmlValue,
  type CxmlAddress,
  type CxmlContact,
  type CxmlDocumentInfo,
  type CxmlExtrinsic,
  type CxmlHeader,
} from './cxml-envelope'
import { PUNCHOUT_LIMITS, bound } from './format-common'
import { childOf, childText, el, elementsOf, textOf, type XmlElement } from './xml'

/** How a cXML item is known to the shop: the product (SKU) and the shop's own key for the line. */
export type CxmlItemId = { supplierPartId: string; supplierPartAuxiliaryId: string | null }

/** A line the buyer sends along with an edit or inspect session, to be put back into the basket. */
export type CxmlSetupItem = CxmlItemId & { lineNumber: number | null; quantity: number }

/** A PunchOutSetupRequest as read (and as the sandbox writes it). */
export type CxmlSetupRequest = CxmlDocumentInfo & {
  header: CxmlHeader
  deploymentMode: 'production' | 'test'
  /** create: a new basket; edit: reload `items` to change them; inspect: reload `items` to view them. */
  operation: 'create' | 'edit' | 'inspect'
  /** The buyer's session key, echoed in the PunchOutOrderMessage. */
  buyerCookie: string
  extrinsics: CxmlExtrinsic[]
  /** Where the browser posts the PunchOutOrderMessage (an absolute http(s) URL). */
  browserFormPostUrl: string
  supplierSetupUrl: string | null
  contacts: CxmlContact[]
  shipTo: CxmlAddress | null
  /** A product to land on (`/search/{sku}`) instead of the home page. */
  selectedItem: CxmlItemId | null
  items: CxmlSetupItem[]
}

/** Longest BuyerCookie kept: it is stored with the session and echoed through the browser. */
export const MAX_BUYER_COOKIE_LENGTH = 4096

function readItemId(parent: XmlElement, path: string): CxmlItemId {
  const itemId = required(parent, 'ItemID', path)
  const auxiliary = childOf(itemId, 'SupplierPartAuxiliaryID')
  if (auxiliary && elementsOf(auxiliary).length)
    refuse(
      'punchout.format.invalid',
      `${path}/ItemID/SupplierPartAuxiliaryID holds elements; the shop writes text`,
    )
  return {
    supplierPartId: requiredText(itemId, 'SupplierPartID', `${path}/ItemID`),
    supplierPartAuxiliaryId: textOf(auxiliary) || null,
  }
}

/**
 * The PunchOutSetupRequest in `input` (the request body as text), or a `PunchoutFormatError`: bounds and
 * well-formedness (see readXml), unexpected_document (not a setup request), missing (Header credentials,
 * BuyerCookie, BrowserFormPost URL, operation, an ItemOut's SupplierPartID or quantity), invalid (a URL that is
 * not http(s), a quantity that is no positive number), unsupported (operation "source"). The shared secret is
 * read, not checked: the API compares it with the customer's.
 */
export function readPunchOutSetupRequest(input: unknown): CxmlSetupRequest {
  const { root, info } = readCxmlRoot(input)
  const header = readHeader(root)
  const { request, deploymentMode } = readRequest(root, 'PunchOutSetupRequest')
  const path = 'PunchOutSetupRequest'

  const operation = request.attrs.operation?.trim() ?? ''
  if (!operation) refuse('punchout.format.missing', `${path}: no operation`)
  if (operation === 'source')
    refuse('punchout.format.unsupported', `${path}: operation "source" is not offered`)
  if (operation !== 'create' && operation !== 'edit' && operation !== 'inspect')
    refuse('punchout.format.invalid', `${path}: operation "${operation}" is none of create, edit, inspect`)

  const cookie = required(request, 'BuyerCookie', path)
  if (elementsOf(cookie).length)
    refuse('punchout.format.invalid', `${path}/BuyerCookie holds elements, not text`)
  const buyerCookie = textOf(cookie) || refuse('punchout.format.missing', `${path}/BuyerCookie is empty`)
  bound(buyerCookie.length, MAX_BUYER_COOKIE_LENGTH, `${path}/BuyerCookie characters`)

  const browserFormPostUrl = isHttpUrlOrRefuse(
    requiredText(required(request, 'BrowserFormPost', path), 'URL', `${path}/BrowserFormPost`),
    `${path}/BrowserFormPost/URL`,
  )
  const supplierSetup = childText(childOf(request, 'SupplierSetup'), 'URL')
  const shipTo = childOf(request, 'ShipTo')
  const selectedItem = childOf(request, 'SelectedItem')
  const itemOuts = elementsOf(request, 'ItemOut')
  bound(itemOuts.length, PUNCHOUT_LIMITS.maxLines, `${path}/ItemOut lines`)

  return {
    ...info,
    header,
    deploymentMode,
    operation,
    buyerCookie,
    extrinsics: readExtrinsics(request),
    browserFormPostUrl,
    supplierSetupUrl: supplierSetup || null,
    contacts: elementsOf(request, 'Contact').map(readContact),
    shipTo: shipTo
      ? readAddress(required(shipTo, 'Address', `${path}/ShipTo`), `${path}/ShipTo/Address`)
      : null,
    selectedItem: selectedItem ? readItemId(selectedItem, `${path}/SelectedItem`) : null,
    items: itemOuts.map((item, index) => {
      const itemPath = `${path}/ItemOut ${index + 1}`
      return {
        lineNumber: lineNumberOf(item.attrs.lineNumber, itemPath),
        quantity: positiveNumber(item.attrs.quantity, `${itemPath} quantity`),
        ...readItemId(item, itemPath),
      }
    }),
  }
}

/**
 * The PunchOutSetupRequest document of `request` (the sandbox posts it to the shop): the Sender's shared
 * secret included. Throws `invalid` when a value holds characters XML cannot carry.
 */
export function writePunchOutSetupRequest(request: CxmlSetupRequest): string {
  const lang = request.lang ?? 'en-US'
  const itemIdOut = (item: CxmlItemId) =>
    el(
      'ItemID',
      {},
      el('SupplierPartID', {}, xmlValue(item.supplierPartId, 'SupplierPartID')),
      item.supplierPartAuxiliaryId !== null &&
        el('SupplierPartAuxiliaryID', {}, xmlValue(item.supplierPartAuxiliaryId, 'SupplierPartAuxiliaryID')),
    )
  return writeCxml(
    request,
    request.lang,
    headerOut(request.header, true),
    el(
      'Request',
      { deploymentMode: request.deploymentMode },
      el(
        'PunchOutSetupRequest',
        { operation: request.operation },
        el('BuyerCookie', {}, xmlValue(request.buyerCookie, 'BuyerCookie')),
        ...extrinsicsOut(request.extrinsics),
        el('BrowserFormPost', {}, el('URL', {}, xmlValue(request.browserFormPostUrl, 'BrowserFormPost URL'))),
        ...request.contacts.map((contact) => contactOut(contact, lang)),
        request.supplierSetupUrl !== null &&
          el('SupplierSetup', {}, el('URL', {}, xmlValue(request.supplierSetupUrl, 'SupplierSetup URL'))),
        request.shipTo && el('ShipTo', {}, addressOut(request.shipTo, lang)),
        request.selectedItem && el('SelectedItem', {}, itemIdOut(request.selectedItem)),
        ...request.items.map((item) =>
          el(
            'ItemOut',
            {
              quantity: String(item.quantity),
              lineNumber: item.lineNumber === null ? null : String(item.lineNumber),
            },
            itemIdOut(item),
          ),
        ),
      ),
    ),
  )
}
