/**
 * Quick order (feature `quickorder`): the rows of SKU and quantity, and a list pasted from a spreadsheet,
 * read into items; each line keeps its number and text so that every line gets its result (spec §4, §5).
 * Pure functions, no I/O.
 */
import { z } from 'zod'
import { positiveQuantity } from './add-items'
import type { Translate } from './messages'

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
  status: 'added' | 'adjusted' | 'unknown' | 'invalid' | 'refused' | 'variations'
  sku?: string
  /** The variation master typed, when its default variation was taken for it. */
  master?: string
  /** A master without a default variation: some of its variations, to choose from ("SKU (values); …"). */
  choices?: string
  quantity?: number
  /** The quantity asked for, when the API fitted it to the product's rules. */
  requested?: number
  name?: string
  reason?: string
}

/** Longest pasted list in characters. */
export const QUICK_ORDER_MAX_LIST = 20_000

/**
 * The quick-order form (rows of `sku` and `quantity`, repeated, n-th with n-th, and the pasted `list`),
 * read into its lines: an empty form or more than QUICK_ORDER_MAX_LINES lines is the form's error. A line
 * that is not an item stays a line, reported as invalid with its text.
 */
export function quickOrderSchema(t: Translate) {
  const cells = (max: number) => z.array(z.string().max(max).optional()).max(QUICK_ORDER_MAX_ROWS).default([])
  return z
    .object({ sku: cells(100), quantity: cells(20), list: z.string().max(QUICK_ORDER_MAX_LIST).optional() })
    .transform((form, ctx) => {
      const lines = [
        ...quickOrderRows(
          form.sku.map((sku) => sku ?? ''),
          form.quantity.map((quantity) => quantity ?? ''),
        ),
        ...parseQuickOrderList(form.list ?? ''),
      ]
      if (lines.length === 0 || lines.length > QUICK_ORDER_MAX_LINES) {
        const key = lines.length ? 'quickorder.too_many_lines' : 'quickorder.empty'
        ctx.addIssue({ code: 'custom', message: t(key, { max: QUICK_ORDER_MAX_LINES }) })
        return z.NEVER
      }
      return lines
    })
}

/** What a quick-order post answers besides the form's result: the summary and each line's result. */
export type QuickOrderSummary = { message: string; results: QuickOrderResult[] }
