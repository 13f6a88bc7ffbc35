/**
 * The code scanner (features `scanner` and `scandit`, spec shell §2.1, §2.5): what a scanned or typed code is,
 * where a lookup of it leads, and who sees the header's link. Pure functions, shared by server and browser.
 */

/** The longest code looked up: a QR code can hold kilobytes, a product code never needs more than this. */
export const SCANNER_MAX_CODE = 200

/** The codes the camera reads: EAN/UPC on retail goods, Code 128 on labels and shelves, QR codes. */
export const SCANNER_FORMATS = ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'QRCode'] as const

/** The same formats as the browser's BarcodeDetector names them. */
export const DETECTOR_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'qr_code'] as const

export type ScannedCode = { code: string } | { problem: 'empty' | 'too_long' }

// eslint-disable-next-line no-control-regex -- control characters (a scanner's GS separator) are the point
const CONTROL = /[\u0000-\u001f\u007f]+/g

/**
 * A scanned or typed code as it is looked up: control characters (GS1's group separator in a Code 128)
 * become spaces, runs of spaces one, the ends trimmed. Empty or longer than SCANNER_MAX_CODE is a problem.
 */
export function scannedCode(raw: string | null | undefined): ScannedCode {
  const code = (raw ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  if (!code) return { problem: 'empty' }
  if (code.length > SCANNER_MAX_CODE) return { problem: 'too_long' }
  return { code }
}

/** What a search for a code found: its hit count, the first hits, and a redirect the search names. */
export type CodeSearch<P> = { total: number; products: P[]; redirectUrl?: string }

/**
 * Where a code leads (spec shell §2.1 scanner): the product when exactly one matches, the search results when
 * several do or the search names a page of its own, else nothing (the page says the product was not found).
 */
export function codeOutcome<P>(
  search: CodeSearch<P>,
): { kind: 'product'; product: P } | { kind: 'results' } | { kind: 'not-found' } {
  if (search.redirectUrl) return { kind: 'results' }
  const [only] = search.products
  if (search.total === 1 && only !== undefined) return { kind: 'product', product: only }
  return search.total > 0 ? { kind: 'results' } : { kind: 'not-found' }
}

/** The permission of a buyer who checks out without ordering (a punchout user): they get the scanner link. */
export const CHECKOUT_WITHOUT_ORDER = 'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER'

type ScannerUser = { customerType: 'PrivateCustomer' | 'SMBCustomer'; permissions: readonly string[] }

/**
 * The header's scanner link (spec shell §2.5): `/scandit` when feature scandit is on, else `/scanner`; shown
 * only with feature scanner on, to everyone but business users, except business buyers without order rights
 * (permission EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER). Null: no link.
 */
export function scannerLinkOf(
  user: ScannerUser | undefined,
  isOn: (feature: 'scanner' | 'scandit') => boolean,
): 'scanner' | 'scandit' | null {
  if (!isOn('scanner')) return null
  const business = user?.customerType === 'SMBCustomer'
  if (business && !user.permissions.includes(CHECKOUT_WITHOUT_ORDER)) return null
  return isOn('scandit') ? 'scandit' : 'scanner'
}

/** The pages of the scanner, whose documents may compile WebAssembly (server/security.mjs, the decoder). */
export const SCANNER_PAGE = /^\/[a-z]{2}\/(?:scanner|scandit)\/?$/
