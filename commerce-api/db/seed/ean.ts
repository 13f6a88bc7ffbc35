/**
 * Demo EANs (GTIN-13) for the generated catalog: deterministic per SKU, unique for the seed's numeric SKUs,
 * with a valid GS1 check digit. They start with 29, a GS1 prefix for numbers used within a company, so no
 * demo code is a real product's.
 */

const PREFIX = '29'
const ITEM_DIGITS = 10n
const ITEM_SPACE = 10n ** ITEM_DIGITS
/** Odd and not a multiple of 5: multiplying by it permutes the item numbers, so different SKUs never collide. */
const SPREAD = 7_309_411n
const OFFSET = 1_234_567n

/** The GS1 check digit of a GTIN body (all digits but the last): weights 3 and 1 from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i])
    sum += i % 2 === 0 ? digit * 3 : digit
  }
  return (10 - (sum % 10)) % 10
}

/** Whether a text is a GTIN-13 with a correct check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && gtinCheckDigit(code.slice(0, 12)) === Number(code[12])
}

/** A stable number for any SKU: the SKU itself when it is a number, else a hash of it (FNV-1a). */
function skuNumber(sku: string): bigint {
  if (/^\d{1,10}$/.test(sku)) return BigInt(sku)
  let hash = 0x811c9dc5
  for (const char of sku) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0
  return BigInt(hash)
}

/** The demo EAN of a product. */
export function demoEan(sku: string): string {
  const item = (skuNumber(sku) * SPREAD + OFFSET) % ITEM_SPACE
  const body = `${PREFIX}${item.toString().padStart(Number(ITEM_DIGITS), '0')}`
  return `${body}${gtinCheckDigit(body)}`
}
