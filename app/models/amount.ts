/**
 * Amounts typed the user's way (issue 32): the budget and order-limit fields of the organization screens and
 * the user import read an amount as the page's language writes it ("1.250,50", "1 250,50" or "1250,50" in
 * German, French, Polish and Romanian; "1,250.50" or "1250.50" in English) and show a stored amount the same
 * way. One reading for every form, in integer minor units (two decimals: EUR, USD, PLN, RON).
 */

/** The result of reading a typed amount: its minor units, or why it cannot be read. */
export type AmountReading = { ok: true; minor: number } | { ok: false; problem: 'format' | 'too_large' }

/** Longest text read at all: the largest amount with every separator and two decimals fits well below. */
const MAX_TEXT = 32
/** Integer digits beyond which an amount is too large without counting (far above any limit). */
const MAX_INTEGER_DIGITS = 13
/** Spaces a spreadsheet or a keyboard puts between thousands: space, no-break and narrow no-break space. */
const SPACES = /[ \u00a0\u202f]/g

/** The locale's decimal separator: `,` for de-DE, fr-FR, pl-PL, ro-RO, `.` for en-US. */
function decimalOf(tag: string): string {
  const part = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal')
  return part?.value ?? '.'
}

/**
 * The integer part's digits when it is digits alone, or thousands in groups of three separated by one and
 * the same separator (the other of `.` and `,`, or a space); null for anything else.
 */
function integerDigits(text: string, decimal: string): string | null {
  if (/^\d+$/.test(text)) return text
  const spaced = text.replace(SPACES, ' ')
  const group = decimal === ',' ? '[. ]' : '[, ]'
  const match = new RegExp(`^\\d{1,3}(${group})\\d{3}(?:\\1\\d{3})*$`).exec(spaced)
  return match ? spaced.replaceAll(match[1]!, '') : null
}

/**
 * Reads a typed amount (not empty) in the locale `tag`: digits, optional thousands separators in groups of
 * three, the locale's decimal separator with one or two decimals. Anything else (a sign, three decimals, the
 * other locale's decimal separator, mixed separators) is a format problem, never a guess.
 */
export function parseAmount(input: string, tag: string, max: number): AmountReading {
  const text = input.trim()
  if (!text || text.length > MAX_TEXT) return { ok: false, problem: 'format' }
  const decimal = decimalOf(tag)
  const at = text.lastIndexOf(decimal)
  const integerText = at < 0 ? text : text.slice(0, at)
  const fraction = at < 0 ? '' : text.slice(at + 1)
  if (at >= 0 && !/^\d{1,2}$/.test(fraction)) return { ok: false, problem: 'format' }
  const digits = integerDigits(integerText, decimal)
  if (digits === null) return { ok: false, problem: 'format' }
  const significant = digits.replace(/^0+(?=\d)/, '')
  if (significant.length > MAX_INTEGER_DIGITS) return { ok: false, problem: 'too_large' }
  const minor = Number(significant) * 100 + Number(fraction.padEnd(2, '0'))
  return minor > max * 100 ? { ok: false, problem: 'too_large' } : { ok: true, minor }
}

/** An amount (in the currency's units) as the locale writes it in a field: grouped as usual there, two decimals. */
export function amountInputText(value: number, tag: string): string {
  return new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
}

/** The amount the format messages show as an example: 1250.50 in the locale ("1.250,50", "1,250.50"). */
export const amountExample = (tag: string) => amountInputText(1250.5, tag)

/** Minor units as the currency's units, as ICM Money carries them. */
export const fromMinor = (minor: number) => minor / 100
