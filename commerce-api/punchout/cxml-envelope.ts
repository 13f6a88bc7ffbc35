/**
 * The parts every cXML 1.2 document shares (the `cXML` envelope with payloadID and timestamp, the Header's
 * credentials, addresses, money, Status answers) for the setup request, the PunchOutOrderMessage and the
 * OrderRequest modules. Element order follows the cXML 1.2.063 DTD.
 */
import { randomUUID } from 'node:crypto'
import { formatMinor, parseMinor } from './decimal'
import { NOT_XML_TEXT, PunchoutFormatError, isHttpUrl, type PunchoutFormatErrorCode } from './format-common'
import type { TransferMoney } from './transfer-basket'
import {
  childOf,
  childText,
  el,
  elementsOf,
  localName,
  readXml,
  textOf,
  writeXml,
  type XmlElement,
  type XmlOut,
} from './xml'

/** The DTD the written documents name (never loaded by our reader; procurement systems may validate). */
export const CXML_DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">'

/** Who a cXML party is: `domain` (NetworkID, DUNS …) and identity; `sharedSecret` only in a Sender. */
export type CxmlCredential = { domain: string; identity: string; sharedSecret: string | null }

/** From (buyer), To (supplier) and Sender (who sent it, with the shared secret) of a request. */
export type CxmlHeader = {
  from: CxmlCredential[]
  to: CxmlCredential[]
  sender: CxmlCredential[]
  userAgent: string
}

/** What identifies one cXML document: payloadID (unique), timestamp (ISO 8601 with zone), xml:lang. */
export type CxmlStamp = { payloadId: string; timestamp: string }
/** The stamp of a read document, with its xml:lang (null when it names none). */
export type CxmlDocumentInfo = CxmlStamp & { lang: string | null }

/** A PostalAddress: DeliverTo and Street lines, city, state, postal code and country. */
export type CxmlPostalAddress = {
  deliverTo: string[]
  street: string[]
  city: string
  state: string | null
  postalCode: string | null
  /** ISO 3166 code of the Country element. */
  countryCode: string
  /** The country's name as the Country element's text. */
  country: string
}

/** A cXML Address (ShipTo, BillTo): a name, an optional postal address and e-mail. */
export type CxmlAddress = {
  addressId: string | null
  name: string
  postal: CxmlPostalAddress | null
  email: string | null
}

/** A Contact of a setup request (role endUser …): who is shopping. */
export type CxmlContact = { role: string | null; name: string; email: string | null }
/** An Extrinsic: a named value the buyer adds (UserEmail, CostCenter …), as text. */
export type CxmlExtrinsic = { name: string; value: string }

/** A cXML Status: 200 OK, 400 Bad Request, 401 Unauthorized, 450 Not Implemented …, with an optional text. */
export type CxmlStatus = { code: number; text: string; message: string | null }

/**
 * The Status answers the API gives (docs/decisions/0033): 200 done, 201 accepted but waiting (an order that
 * needs approval), 400 unreadable or unacceptable, 401 unknown sender or secret, 403 not allowed for the user,
 * 409 conflicting with what the shop holds, 413 too large, 415 not XML, 417 naming what the shop does not
 * have (a basket, a line), 429 too many failed logins, 450 a variant the shop does not offer, 500.
 */
export const CXML_STATUS = {
  ok: { code: 200, text: 'OK', message: null },
  accepted: { code: 201, text: 'Accepted', message: null },
  badRequest: { code: 400, text: 'Bad Request', message: null },
  unauthorized: { code: 401, text: 'Unauthorized', message: null },
  forbidden: { code: 403, text: 'Forbidden', message: null },
  conflict: { code: 409, text: 'Conflict', message: null },
  tooLarge: { code: 413, text: 'Request Entity Too Large', message: null },
  unsupportedMediaType: { code: 415, text: 'Unsupported Media Type', message: null },
  expectationFailed: { code: 417, text: 'Expectation Failed', message: null },
  tooManyRequests: { code: 429, text: 'Too Many Requests', message: null },
  notImplemented: { code: 450, text: 'Not Implemented', message: null },
  internalError: { code: 500, text: 'Internal Server Error', message: null },
} as const satisfies Record<string, CxmlStatus>

/**
 * A new document stamp: payloadID as cXML recommends (time.random@host, unique per document) and the timestamp
 * in ISO 8601 with an explicit zone (`2026-11-29T21:41:25+00:00`). `host` names the sender (the shop's host).
 */
export function cxmlStamp(host: string, now = new Date()): CxmlStamp {
  return { payloadId: `${now.getTime()}.${randomUUID()}@${host}`, timestamp: cxmlTimestamp(now) }
}

/** `now` as a cXML timestamp in UTC with an explicit zone offset. */
export const cxmlTimestamp = (now: Date) => `${now.toISOString().slice(0, 19)}+00:00`

/** The cXML Status a reader's refusal is answered with: 450 for what the shop does not offer, else 400. */
export function cxmlStatusOf(error: PunchoutFormatError): CxmlStatus {
  const base =
    error.code === 'punchout.format.unsupported' ? CXML_STATUS.notImplemented : CXML_STATUS.badRequest
  return { ...base, message: error.message }
}

// reading

/** Throws the `PunchoutFormatError` of `code` (a function declaration, so the compiler narrows after it). */
export function refuse(code: PunchoutFormatErrorCode, message: string): never {
  throw new PunchoutFormatError(code, message)
}

/** The `cXML` root of a document with its payloadID, timestamp and xml:lang (both required by the DTD). */
export function readCxmlRoot(input: unknown): { root: XmlElement; info: CxmlDocumentInfo } {
  const root = readXml(input, 'cXML')
  if (localName(root.name) !== 'cXML')
    refuse('punchout.format.unexpected_document', `not a cXML document: ${root.name}`)
  const payloadId = root.attrs.payloadID?.trim() ?? ''
  const timestamp = root.attrs.timestamp?.trim() ?? ''
  if (!payloadId) refuse('punchout.format.missing', 'cXML: no payloadID')
  if (!timestamp) refuse('punchout.format.missing', 'cXML: no timestamp')
  return { root, info: { payloadId, timestamp, lang: root.attrs['xml:lang']?.trim() || null } }
}

/** The one child element `name` of `parent`, or a `missing` refusal naming `path`. */
export function required(parent: XmlElement | undefined, name: string, path: string): XmlElement {
  return childOf(parent, name) ?? refuse('punchout.format.missing', `${path}/${name} is missing`)
}

/** The trimmed text of child `name`, or a `missing` refusal when it is absent or empty. */
export function requiredText(parent: XmlElement | undefined, name: string, path: string): string {
  const text = childText(parent, name)
  return text || refuse('punchout.format.missing', `${path}/${name} is missing or empty`)
}

const nullable = (text: string) => text || null

function readCredentials(parent: XmlElement, path: string): CxmlCredential[] {
  const credentials = elementsOf(parent, 'Credential').map((credential, index) => ({
    domain:
      credential.attrs.domain?.trim() ||
      refuse('punchout.format.missing', `${path}/Credential ${index + 1}: no domain`),
    identity: requiredText(credential, 'Identity', `${path}/Credential`),
    sharedSecret: childOf(credential, 'SharedSecret') ? textOf(childOf(credential, 'SharedSecret')) : null,
  }))
  if (!credentials.length) refuse('punchout.format.missing', `${path}/Credential is missing`)
  return credentials
}

/** The Header of a request: From, To and Sender with at least one Credential each. */
export function readHeader(root: XmlElement): CxmlHeader {
  const header = required(root, 'Header', 'cXML')
  const sender = required(header, 'Sender', 'Header')
  return {
    from: readCredentials(required(header, 'From', 'Header'), 'Header/From'),
    to: readCredentials(required(header, 'To', 'Header'), 'Header/To'),
    sender: readCredentials(sender, 'Header/Sender'),
    userAgent: childText(sender, 'UserAgent'),
  }
}

/** The `Request` element of a request document and its deploymentMode (production unless test). */
export function readRequest(
  root: XmlElement,
  expected: string,
): { request: XmlElement; deploymentMode: 'production' | 'test' } {
  const request = childOf(root, 'Request')
  const [content] = request ? elementsOf(request) : []
  if (!request || !content)
    refuse('punchout.format.unexpected_document', `expected a ${expected}, got no Request`)
  else if (localName(content.name) !== expected)
    refuse('punchout.format.unexpected_document', `expected a ${expected}, got ${content.name}`)
  const mode = request?.attrs.deploymentMode?.trim() || 'production'
  if (mode !== 'production' && mode !== 'test')
    refuse('punchout.format.invalid', `Request: deploymentMode "${mode}" is neither production nor test`)
  return { request: content as XmlElement, deploymentMode: mode as 'production' | 'test' }
}

/** The Extrinsic children of `parent` by name, their text as value. */
export function readExtrinsics(parent: XmlElement): CxmlExtrinsic[] {
  return elementsOf(parent, 'Extrinsic').map((extrinsic) => ({
    name: extrinsic.attrs.name?.trim() ?? '',
    value: textOf(extrinsic),
  }))
}

/** An Address element (of ShipTo, BillTo): Name is required by the DTD, the postal address is optional. */
export function readAddress(address: XmlElement, path: string): CxmlAddress {
  const postal = childOf(address, 'PostalAddress')
  const country = childOf(postal, 'Country')
  return {
    addressId: nullable(address.attrs.addressID?.trim() ?? ''),
    name: requiredText(address, 'Name', path),
    postal: postal
      ? {
          deliverTo: elementsOf(postal, 'DeliverTo').map(textOf),
          street: elementsOf(postal, 'Street').map(textOf),
          city: requiredText(postal, 'City', `${path}/PostalAddress`),
          state: nullable(childText(postal, 'State')),
          postalCode: nullable(childText(postal, 'PostalCode')),
          countryCode:
            country?.attrs.isoCountryCode?.trim() ||
            refuse('punchout.format.missing', `${path}/PostalAddress/Country has no isoCountryCode`),
          country: textOf(country),
        }
      : null,
    email: nullable(childText(address, 'Email')),
  }
}

/** A Contact element: role, Name (required) and first Email. */
export function readContact(contact: XmlElement): CxmlContact {
  return {
    role: nullable(contact.attrs.role?.trim() ?? ''),
    name: requiredText(contact, 'Name', 'Contact'),
    email: nullable(childText(contact, 'Email')),
  }
}

/** The Money child of `parent` (Total, UnitPrice, Tax …) in minor units, or null when there is none. */
export function readMoney(parent: XmlElement | undefined): {
  money: TransferMoney | null
  error: string | null
} {
  const money = childOf(parent, 'Money')
  if (!money) return { money: null, error: 'no Money' }
  const currency = money.attrs.currency?.trim() ?? ''
  const amount = parseMinor(textOf(money))
  if (!/^[A-Z]{3}$/.test(currency))
    return { money: null, error: `currency "${currency}" is no ISO 4217 code` }
  if (amount === null) return { money: null, error: `"${textOf(money)}" is no amount in whole cents` }
  return { money: { amount, currency }, error: null }
}

/** Like readMoney, but a refusal (`path` names the element) when the money is missing or not valid. */
export function requiredMoney(parent: XmlElement | undefined, path: string): TransferMoney {
  if (!parent) return refuse('punchout.format.missing', `${path} is missing`)
  const { money, error } = readMoney(parent)
  return (
    money ??
    refuse(
      money === null && error === 'no Money' ? 'punchout.format.missing' : 'punchout.format.invalid',
      `${path}: ${error}`,
    )
  )
}

/** A positive decimal attribute value (cXML quantities are %r8;), or a refusal. */
export function positiveNumber(value: string | undefined, path: string): number {
  const text = value?.trim() ?? ''
  if (!text) return refuse('punchout.format.missing', `${path} is missing`)
  const number = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN
  if (!(number > 0) || !Number.isFinite(number))
    refuse('punchout.format.invalid', `${path} "${text}" is no positive number`)
  return number
}

/** `url` when it is an absolute http(s) URL (the only kind a form may be posted to), else an `invalid` refusal. */
export function isHttpUrlOrRefuse(url: string, path: string): string {
  return isHttpUrl(url) ? url : refuse('punchout.format.invalid', `${path} is no absolute http(s) URL`)
}

/** A line number attribute (1-based), null when absent. */
export function lineNumberOf(value: string | undefined, path: string): number | null {
  const text = value?.trim() ?? ''
  if (!text) return null
  if (!/^[1-9]\d{0,8}$/.test(text))
    refuse('punchout.format.invalid', `${path} lineNumber "${text}" is no line number`)
  return Number(text)
}

// writing

/**
 * `value` when XML can carry it; otherwise an `invalid` refusal naming `field` (the sandbox's documents and
 * the answers are written from values the shop or its user typed, never cleaned silently).
 */
export function xmlValue(value: string, field: string): string {
  NOT_XML_TEXT.lastIndex = 0
  if (NOT_XML_TEXT.test(value))
    refuse('punchout.format.invalid', `${field} holds characters XML cannot carry (control characters)`)
  return value
}

/** A Money element of minor units (12.34 with its currency). */
export const moneyOut = (money: TransferMoney) =>
  el('Money', { currency: money.currency }, formatMinor(money.amount))

const credentialsOut = (credentials: CxmlCredential[], withSecret: boolean) =>
  credentials.map((credential) =>
    el(
      'Credential',
      { domain: xmlValue(credential.domain, 'Credential domain') },
      el('Identity', {}, xmlValue(credential.identity, 'Credential Identity')),
      withSecret &&
        credential.sharedSecret !== null &&
        el('SharedSecret', {}, xmlValue(credential.sharedSecret, 'SharedSecret')),
    ),
  )

/** The Header; a SharedSecret is written only when `withSecret` (server-to-server requests, never a message). */
export const headerOut = (header: CxmlHeader, withSecret: boolean) =>
  el(
    'Header',
    {},
    el('From', {}, ...credentialsOut(header.from, withSecret)),
    el('To', {}, ...credentialsOut(header.to, withSecret)),
    el(
      'Sender',
      {},
      ...credentialsOut(header.sender, withSecret),
      el('UserAgent', {}, xmlValue(header.userAgent, 'UserAgent')),
    ),
  )

/** Extrinsic elements of `extrinsics`, in order. */
export const extrinsicsOut = (extrinsics: CxmlExtrinsic[]) =>
  extrinsics.map((extrinsic) =>
    el(
      'Extrinsic',
      { name: xmlValue(extrinsic.name, 'Extrinsic name') },
      xmlValue(extrinsic.value, `Extrinsic ${extrinsic.name}`),
    ),
  )

/** An Address element (Name in `lang`, PostalAddress, Email) in DTD order. */
export const addressOut = (address: CxmlAddress, lang: string) =>
  el(
    'Address',
    { addressID: address.addressId === null ? null : xmlValue(address.addressId, 'addressID') },
    el('Name', { 'xml:lang': lang }, xmlValue(address.name, 'Address Name')),
    address.postal &&
      el(
        'PostalAddress',
        {},
        ...address.postal.deliverTo.map((line) => el('DeliverTo', {}, xmlValue(line, 'DeliverTo'))),
        ...address.postal.street.map((line) => el('Street', {}, xmlValue(line, 'Street'))),
        el('City', {}, xmlValue(address.postal.city, 'City')),
        address.postal.state !== null && el('State', {}, xmlValue(address.postal.state, 'State')),
        address.postal.postalCode !== null &&
          el('PostalCode', {}, xmlValue(address.postal.postalCode, 'PostalCode')),
        el(
          'Country',
          { isoCountryCode: xmlValue(address.postal.countryCode, 'isoCountryCode') },
          xmlValue(address.postal.country, 'Country'),
        ),
      ),
    address.email !== null && el('Email', {}, xmlValue(address.email, 'Email')),
  )

/** A Contact element (Name in `lang`, Email). */
export const contactOut = (contact: CxmlContact, lang: string) =>
  el(
    'Contact',
    { role: contact.role === null ? null : xmlValue(contact.role, 'Contact role') },
    el('Name', { 'xml:lang': lang }, xmlValue(contact.name, 'Contact Name')),
    contact.email !== null && el('Email', {}, xmlValue(contact.email, 'Contact Email')),
  )

/** A whole cXML document: the envelope with stamp and language around `body` (Header + Request/Message/Response). */
export function writeCxml(stamp: CxmlStamp, lang: string | null, ...body: (XmlOut | null | false)[]): string {
  return writeXml(
    el(
      'cXML',
      {
        payloadID: xmlValue(stamp.payloadId, 'payloadID'),
        timestamp: xmlValue(stamp.timestamp, 'timestamp'),
        'xml:lang': lang,
      },
      ...body,
    ),
    CXML_DOCTYPE,
  )
}

const statusOut = (status: CxmlStatus) =>
  el(
    'Status',
    { code: String(status.code), text: status.text },
    status.message === null ? null : status.message.replace(NOT_XML_TEXT, ''),
  )

/** A cXML Response with only a Status: the answer to an OrderRequest, or a refused setup request (400, 401 …). */
export function writeCxmlStatusResponse(status: CxmlStatus, stamp: CxmlStamp): string {
  return writeCxml(stamp, null, el('Response', {}, statusOut(status)))
}

/**
 * The answer to an accepted PunchOutSetupRequest: Status 200 and the one-time StartPage URL; `message` (the
 * Status text) tells what the shop could not do of the request, such as ItemOut lines it could not reload.
 */
export function writePunchOutSetupResponse(
  startPageUrl: string,
  stamp: CxmlStamp,
  message: string | null = null,
): string {
  return writeCxml(
    stamp,
    null,
    el(
      'Response',
      {},
      statusOut({ ...CXML_STATUS.ok, message }),
      el(
        'PunchOutSetupResponse',
        {},
        el('StartPage', {}, el('URL', {}, xmlValue(startPageUrl, 'StartPage URL'))),
      ),
    ),
  )
}

/** A Response document as read: its Status and, for a setup response, the StartPage URL. */
export type CxmlResponse = CxmlDocumentInfo & { status: CxmlStatus; startPageUrl: string | null }

/** A cXML Response (what the sandbox gets back from a setup request or an OrderRequest): Status and StartPage. */
export function readCxmlResponse(input: unknown): CxmlResponse {
  const { root, info } = readCxmlRoot(input)
  const response =
    childOf(root, 'Response') ?? refuse('punchout.format.unexpected_document', 'expected a cXML Response')
  const status = required(response, 'Status', 'Response')
  const code = Number(status.attrs.code)
  if (!Number.isInteger(code))
    refuse('punchout.format.invalid', `Response/Status code "${status.attrs.code}" is no number`)
  const url = childText(childOf(childOf(response, 'PunchOutSetupResponse'), 'StartPage'), 'URL')
  return {
    ...info,
    status: { code, text: status.attrs.text?.trim() ?? '', message: textOf(status) || null },
    startPageUrl: url || null,
  }
}
