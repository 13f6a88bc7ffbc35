/**
 * Quick order (feature `quickorder`): the rows of SKU and quantity, and a list pasted from a spreadsheet,
 * read into items; each line keeps its number and text so that every line gets its result (spec §4, §5).
 * Pure functions, no I/O.
 */
import { positiveQuantity } from './add-items'

/** At most this many lines in one post (rows and pasted lines together). */
export const QUICK_ORDER_MAX_LINES = 200
/** Rows shown at first, and added by "add more rows". */
export const QUICK_ORDER_ROWS = 5
export const QUICK_ORDER_MAX_ROWS = 50

export type QuickOrderLine =
  | { source: 'row' | 'list'; line: number; text: string; kind: 'item'; sku: string; quantity: number }
  | { source: 'row' | 'list'; line: number; text: string; kind: 'invalid' }

/** SKU and quantity separated by tab, comma, semicolon or spaces; cells may be quoted. */
const SEPARATOR = /[\t,;]+|\s+/
const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/^'(.*)'$/, '$1')
    .trim()

/**
 * A pasted list: one `SKU quantity` per line; blank lines are skipped, and a first line whose quantity
 * column is not a number (a header like "SKU;Quantity") is taken for a header. Further columns (a
 * description, a unit) are ignored. A line without a quantity above 0 is invalid, reported with its text.
 */
export function parseQuickOrderList(text: string): QuickOrderLine[] {
  const result: QuickOrderLine[] = []
  let first = true
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (!line) return
    const cells = line.split(SEPARATOR).map(unquote).filter(Boolean)
    const [sku = '', quantityText] = cells
    const quantity = positiveQuantity(quantityText)
    const isFirst = first
    first = false
    if (isFirst && quantity === undefined && isHeader(cells)) return
    result.push(
      sku && quantity !== undefined
        ? { source: 'list', line: index + 1, text: line, kind: 'item', sku, quantity }
        : { source: 'list', line: index + 1, text: line, kind: 'invalid' },
    )
  })
  return result
}

/** A header names its columns: its first two cells hold words, no digits (an SKU always has some here). */
const HEADER_CELL = /^[\p{L} ._#/()-]+$/u
const isHeader = (cells: string[]) => cells.slice(0, 2).every((cell) => HEADER_CELL.test(cell))

/** The rows of the form (`sku` and `quantity` fields, n-th with n-th); empty rows are skipped. */
export function quickOrderRows(skus: string[], quantities: string[]): QuickOrderLine[] {
  const result: QuickOrderLine[] = []
  skus.forEach((raw, index) => {
    const sku = raw.trim()
    const quantityText = (quantities[index] ?? '').trim()
    if (!sku && !quantityText) return
    const quantity = positiveQuantity(quantityText)
    const text = `${sku} ${quantityText}`.trim()
    result.push(
      sku && quantity !== undefined
        ? { source: 'row', line: index + 1, text, kind: 'item', sku, quantity }
        : { source: 'row', line: index + 1, text, kind: 'invalid' },
    )
  })
  return result
}

export type QuickOrderResult = {
  source: 'row' | 'list'
  line: number
  text: string
  status: 'added' | 'adjusted' | 'unknown' | 'invalid' | 'refused'
  sku?: string
  quantity?: number
  /** The quantity asked for, when the API fitted it to the product's rules. */
  requested?: number
  name?: string
  reason?: string
}
