/**
 * CSV the shop hands out (RFC 4180: comma-separated, CRLF line ends, a cell with a comma, quote or line
 * break in double quotes, quotes doubled), safe to open in a spreadsheet: a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return would be read as a formula (`=HYPERLINK(…)`, `@SUM(…)`, DDE), so it
 * gets a leading `'` and quotes and is read as the text it is (OWASP "CSV Injection"). A plain number
 * (`-12.50`) is no formula and stays a number. Every CSV export of the storefront goes through `csvText`.
 */

/** What a spreadsheet would start a formula with (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal number: read as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/

/**
 * One cell: numbers as they are; text neutralised when a spreadsheet would take it for a formula, quoted as
 * needed (a cell holding the separator: `,`, or the `;` of a list with comma-decimal amounts).
 */
export function csvCell(value: string | number, separator = ','): string {
  const text = String(value)
  if (typeof value === 'number' || PLAIN_NUMBER.test(text)) return text
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  // A neutralised cell is quoted as OWASP asks; so is any cell that starts with the quote mark, so text
  // neutralised once (by ICM, or by an earlier export) is written the same again.
  const needsQuotes = safe.startsWith("'") || /["\r\n]/.test(safe) || safe.includes(separator)
  return needsQuotes ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Rows of cells as CSV text: one line per row, each ended by CRLF; `,` between cells unless told otherwise. */
export function csvText(rows: readonly (readonly (string | number)[])[], separator = ','): string {
  return rows.map((row) => `${row.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`).join('')
}

/**
 * The rows of a CSV text (RFC 4180; a lone LF ends a line too, a final line break adds no row). Lenient
 * like a spreadsheet: a quote inside an unquoted cell is text, an unclosed quoted cell runs to the end.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let started = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char !== '"') cell += char
      else if (text[i + 1] === '"') {
        cell += '"'
        i++
      } else quoted = false
      continue
    }
    if (char === '"' && cell === '') {
      quoted = true
      started = true
    } else if (char === ',') {
      row.push(cell)
      cell = ''
      started = true
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      started = false
    } else {
      cell += char
      started = true
    }
  }
  if (started || cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows
}
