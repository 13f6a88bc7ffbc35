import { describe, expect, it } from 'vitest'
import { codeOutcome, SCANNER_MAX_CODE, scannedCode, scannerLinkOf } from '~/models/scanner'

describe('a scanned or typed code', () => {
  it('is trimmed, its spaces and control characters (a GS1 separator) made single spaces', () => {
    expect(scannedCode('  2912345678906 ')).toEqual({ code: '2912345678906' })
    expect(scannedCode('2 912345 678906')).toEqual({ code: '2 912345 678906' })
    expect(scannedCode('01\u001d0429\t\n 123')).toEqual({ code: '01 0429 123' })
  })

  it('is a problem when empty or longer than the limit', () => {
    expect(scannedCode(null)).toEqual({ problem: 'empty' })
    expect(scannedCode(' \u0000 ')).toEqual({ problem: 'empty' })
    expect(scannedCode('x'.repeat(SCANNER_MAX_CODE))).toEqual({ code: 'x'.repeat(SCANNER_MAX_CODE) })
    expect(scannedCode('x'.repeat(SCANNER_MAX_CODE + 1))).toEqual({ problem: 'too_long' })
  })
})

describe('where a code leads', () => {
  it('to the product when exactly one matches', () => {
    expect(codeOutcome({ total: 1, products: ['A'] })).toEqual({ kind: 'product', product: 'A' })
  })
  it('to the results when several match, or the search names a page of its own', () => {
    expect(codeOutcome({ total: 2, products: ['A', 'B'] })).toEqual({ kind: 'results' })
    expect(codeOutcome({ total: 1, products: ['A'], redirectUrl: '/page/x' })).toEqual({ kind: 'results' })
  })
  it('nowhere when nothing matches', () => {
    expect(codeOutcome({ total: 0, products: [] })).toEqual({ kind: 'not-found' })
  })
})

describe('the header’s scanner link (spec shell §2.5)', () => {
  const on =
    (...features: string[]) =>
    (feature: string) =>
      features.includes(feature)
  const privateCustomer = { customerType: 'PrivateCustomer' as const, permissions: [] }
  const buyer = { customerType: 'SMBCustomer' as const, permissions: ['APP_B2B_PURCHASE'] }
  const punchoutBuyer = {
    customerType: 'SMBCustomer' as const,
    permissions: ['APP_B2B_SEND_OCI_BASKET', 'EDE_APP_B2B_CHECKOUT_WITHOUT_ORDER'],
  }

  it('needs feature scanner', () => {
    for (const user of [undefined, privateCustomer, punchoutBuyer])
      expect(scannerLinkOf(user, on('scandit'))).toBeNull()
  })
  it('goes to /scandit with feature scandit on, else /scanner', () => {
    expect(scannerLinkOf(undefined, on('scanner'))).toBe('scanner')
    expect(scannerLinkOf(privateCustomer, on('scanner', 'scandit'))).toBe('scandit')
  })
  it('is for everyone but business users, except buyers without order rights', () => {
    expect(scannerLinkOf(privateCustomer, on('scanner'))).toBe('scanner')
    expect(scannerLinkOf(buyer, on('scanner'))).toBeNull()
    expect(scannerLinkOf(punchoutBuyer, on('scanner'))).toBe('scanner')
  })
})
