/**
 * What the punchout format readers and writers (cXML, OCI, IDS Connect) share: the typed error a reader throws
 * for input it cannot take at all, the problems a reader lists for input it can take but that breaks its
 * format, the basket a reader hands back, and the bounds every reader keeps. Pure values: no database, no HTTP.
 */
import type { TransferMoney, TransferProblem } from './transfer-basket'

/**
 * Why a reader refused its input as a whole. The API answers each with a 4xx (cXML: a `Status` of
 * `cxmlStatusOf`); `custom.punchout.error.missing.parameter.warenkorb` is the spec's §5 key for an IDS cart
 * without items, which the storefront shows on `/error`.
 */
export type PunchoutFormatErrorCode =
  /** Larger than the reader's bound (bytes, elements, nesting, lines, fields, one value). */
  | 'punchout.format.too_large'
  /** Not well-formed XML (or not base64, not a form field list). */
  | 'punchout.format.malformed'
  /** A DOCTYPE with an internal subset or an entity declaration: refused, never expanded. */
  | 'punchout.format.doctype'
  /** Well-formed, but another document than the reader reads (an OrderRequest sent for a setup request). */
  | 'punchout.format.unexpected_document'
  /** A required element, attribute or field is missing or empty. */
  | 'punchout.format.missing'
  /** A value is there but not what the format allows (a quantity of "abc", a javascript: URL). */
  | 'punchout.format.invalid'
  /** Valid in the format, but a variant the shop does not offer (cXML operation "source"). */
  | 'punchout.format.unsupported'
  /** IDS WKS: the cart holds no order item (spec §5). */
  | 'custom.punchout.error.missing.parameter.warenkorb'

/** A reader's refusal: `code` is stable (tests, status mapping); `message` says what and where, in English. */
export class PunchoutFormatError extends Error {
  constructor(
    readonly code: PunchoutFormatErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PunchoutFormatError'
  }
}

/** Why a value breaks its format, in a reader's problem list (the sandbox shows these). */
export type FormatProblemCode =
  | 'missing'
  | 'too-long'
  | 'not-a-number'
  | 'invalid'
  | 'unknown-code'
  | 'unknown-field'
  | 'currency-mismatch'
  | 'total-mismatch'
  | 'not-sequential'

/**
 * Something a received document gets wrong that does not stop reading it: `position` is the line (1-based)
 * or null for the header; `field` names the element or OCI field; `message` explains it in English.
 */
export type FormatProblem = {
  position: number | null
  field: string
  code: FormatProblemCode
  message: string
}

/**
 * Why a writer could not express a basket line as it is (`TransferProblem.reason`); the storefront translates
 * the code and lists the problems before the transfer. The writers never cut or drop a value: a value too long
 * for its field is written whole (the procurement system may cut it), control characters XML cannot carry are
 * left out of the XML text.
 */
export type TransferProblemReason =
  /** Longer than the field's length in the target format (OCI's SAP lengths, IDS ArtNo 15, Kurztext 100). */
  | 'too-long'
  /** Holds characters XML 1.0 cannot carry (control characters); they are left out of the document. */
  | 'not-xml-text'
  /** The format needs the value and the line has none (cXML needs a UNSPSC classification). */
  | 'missing'
  /** The line total is not unit price × quantity: the procurement system computes a different total. */
  | 'line-total'
  /** An OCI formatter cannot format the value without losing digits, or the value is no number. */
  | 'format'

/** A TransferProblem of `line` (its position and SKU) for `field`, with a reason code. */
export const transferProblem = (
  line: { position: number; sku: string },
  field: string,
  reason: TransferProblemReason,
): TransferProblem => ({ position: line.position, sku: line.sku, field, reason })

/**
 * A basket as a reader got it back from a format (the procurement sandbox shows it): the fields of a
 * TransferLine, null where the format does not carry the value or the document left it out.
 */
export type ReceivedLine = {
  position: number
  sku: string
  lineId: string | null
  name: string
  description: string
  quantity: number
  /** As written in the document (cXML: UN/CEFACT; OCI and IDS: ISO code, PCE). */
  unit: string
  unitPrice: TransferMoney | null
  lineTotal: TransferMoney | null
  taxRate: number | null
  manufacturer: string | null
  manufacturerPartId: string | null
  ean: string | null
  unspsc: string | null
  leadTimeDays: number | null
}

/** A received basket: lines, and the header amounts the format carries (null where it carries none). */
export type ReceivedBasket = {
  basketId: string | null
  currency: string | null
  locale: string | null
  lines: ReceivedLine[]
  /** The sum of the line totals the reader could compute. */
  subtotal: TransferMoney | null
  tax: TransferMoney | null
  shipping: TransferMoney | null
  total: TransferMoney | null
}

/**
 * The bounds of every reader (the API may bound its request bodies with the same numbers). A basket of the
 * shop has far fewer lines; the bounds keep a hostile document from costing memory or time.
 */
export const PUNCHOUT_LIMITS = {
  /**
   * Largest XML document, UTF-8 bytes (cXML requests and messages, IDS carts): a basket of 1000 lines fits;
   * reading one this large takes about a second of CPU, so the bound also bounds the cost of hostile input.
   */
  maxDocumentBytes: 1024 * 1024,
  /** Most elements in one XML document. */
  maxElements: 50_000,
  /** Deepest element nesting. */
  maxDepth: 32,
  /** Most lines (cXML ItemIn/ItemOut, OCI NEW_ITEM index, IDS OrderItem) in one document. */
  maxLines: 1000,
  /** Longest single text or attribute value. */
  maxValueLength: 64 * 1024,
  /** Most fields in one posted OCI form. */
  maxFormFields: 40_000,
} as const

/** Throws `too_large` when `count` passes `limit`. */
export function bound(count: number, limit: number, what: string) {
  if (count > limit) throw new PunchoutFormatError('punchout.format.too_large', `${what}: more than ${limit}`)
}

/** Characters XML 1.0 does not allow in a document, even as character references (and lone surrogates). */
/* eslint-disable no-control-regex -- finding control characters is the point */
export const NOT_XML_TEXT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/* eslint-enable no-control-regex */

/** An absolute http(s) URL: the only kind a punchout may post a form to or redirect to. */
export function isHttpUrl(value: string): boolean {
  if (value.length > 2048) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
