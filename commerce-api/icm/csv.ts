/**
 * The CSV this API writes (`POST orders-csv`): RFC 4180 (comma-separated, CRLF line ends, a cell with a comma,
 * quote or line break in double quotes, quotes doubled), safe to open in a spreadsheet: a cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula (`=HYPERLINK(…)`, DDE), so
 * it gets a leading `'` and quotes and is read as the text it is (OWASP "CSV Injection"). A plain number
 * (`-12.50`) is no formula and stays a number. The storefront writes what it hands out with a writer of its
 * own (app/models/csv.ts): the two programs share no code (docs/architecture.md).
 */

/** What a spreadsheet would start a formula with (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal number: read as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/

/** One cell: numbers as they are; text neutralised when a spreadsheet would take it for a formula, quoted as needed. */
export function csvCell(value: string | number): string {
  const text = String(value)
  if (typeof value === 'number' || PLAIN_NUMBER.test(text)) return text
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return safe.startsWith("'") || /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Rows of cells as CSV text: one line per row, each ended by CRLF. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}
