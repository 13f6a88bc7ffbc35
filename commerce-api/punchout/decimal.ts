/**
 * Decimal text in the punchout formats and the integers the shop computes with, converted exactly (no binary
 * floating point): money in minor units (2 decimals: the shop's currencies EUR, USD, PLN and RON), quantities
 * as whole pieces, IDS quantities with 2 and net prices with 4 decimals, OCI quantities with 3.
 */

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/

/**
 * `text` as an integer count of 10^-scale units ("12.34" at scale 2 → 1234, "5" at scale 3 → 5000); null
 * when it is no plain decimal number, has digits below the scale that are not zero, or is beyond a safe integer.
 */
export function parseScaled(text: string, scale: number): number | null {
  const match = DECIMAL.exec(text.trim())
  if (!match) return null
  const [, sign, whole = '', fraction = ''] = match
  if (whole === '' && fraction === '') return null
  if (/[1-9]/.test(fraction.slice(scale))) return null
  const digits = (whole || '0') + fraction.slice(0, scale).padEnd(scale, '0')
  const value = BigInt(digits) * (sign ? -1n : 1n)
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) return null
  return Number(value) || 0
}

/** True when `text` is a plain decimal number (digits, one optional point, an optional minus). */
export const isDecimalText = (text: string) => {
  const match = DECIMAL.exec(text.trim())
  return !!match && (match[2] !== '' || (match[3] ?? '') !== '')
}

/**
 * An integer count of 10^-scale units as decimal text with `decimals` digits after the point (at least
 * `scale`): (1234, 2, 2) → "12.34", (1234, 2, 4) → "12.3400", (5, 0, 3) → "5.000", (7, 0, 0) → "7".
 */
export function formatScaled(units: number, scale: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`not an integer amount: ${units}`)
  if (decimals < scale) throw new Error('formatScaled cannot drop digits')
  const negative = units < 0
  const digits = String(Math.abs(units)).padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = (scale ? digits.slice(-scale) : '').padEnd(decimals, '0')
  return `${negative ? '-' : ''}${whole}${decimals ? `.${fraction}` : ''}`
}

/** Money in minor units as decimal text with 2 (or more) decimals: 1234 → "12.34". */
export const formatMinor = (minor: number, decimals = 2) => formatScaled(minor, 2, decimals)

/** Decimal money text as minor units, or null (not a number, or fractions of a cent). */
export const parseMinor = (text: string) => parseScaled(text, 2)

/**
 * A whole number of `text` ("5", "5.000"), or null when it is none. Quantities and lead times of the shop are
 * whole numbers; the formats write them with decimals.
 */
export function parseWhole(text: string): number | null {
  return parseScaled(text, 0)
}

/** `amount` × `rate` % rounded half away from zero to a whole minor unit (a line's tax estimate). */
export function percentOf(amount: number, rate: number): number {
  const scaledRate = parseScaled(String(rate), 4)
  if (scaledRate === null) throw new Error(`not a tax rate: ${rate}`)
  const product = BigInt(amount) * BigInt(scaledRate)
  const divisor = 1_000_000n
  const quotient = product / divisor
  const remainder = product % divisor
  const away = (remainder < 0n ? -remainder : remainder) * 2n >= divisor
  return Number(quotient + (away ? (product < 0n ? -1n : 1n) : 0n))
}
