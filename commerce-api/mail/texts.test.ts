import { describe, expect, it } from 'vitest'
import { fill, formatMoney } from './texts'

describe('fill', () => {
  it('puts each value in place of its placeholder, wherever and however often it stands', () => {
    expect(
      fill('{no} was approved by {approver}: order {orderNo}.', { no: '1010', approver: 'Jill', orderNo: 7 }),
    ).toBe('1010 was approved by Jill: order 7.')
    expect(fill('{a}{a} and {b}', { a: 'x', b: '' })).toBe('xx and ')
    expect(fill('no placeholder', { a: 'x' })).toBe('no placeholder')
    expect(fill('', {})).toBe('')
  })

  it('keeps an unknown placeholder as it is and never fills what a value brings along', () => {
    expect(fill('Dear {name}, see {link}', { name: '{link} $& $1' })).toBe('Dear {link} $& $1, see {link}')
    expect(fill('{toString} {constructor}', {})).toBe('{toString} {constructor}')
    expect(fill('{ name } {na-me}', { name: 'x' })).toBe('{ name } {na-me}')
  })

  it('answers the same for a template used again', () => {
    const template = 'Bestellanforderung {no} wurde genehmigt'
    expect(fill(template, { no: 1 })).toBe('Bestellanforderung 1 wurde genehmigt')
    expect(fill(template, { no: 2 })).toBe('Bestellanforderung 2 wurde genehmigt')
  })
})

describe('formatMoney', () => {
  it('writes minor units as each language writes the currency, the same each time', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatMoney(123456, 'EUR', 'de_DE')).toBe('1.234,56\u00a0€')
      expect(formatMoney(123456, 'USD', 'en_US')).toBe('$1,234.56')
      expect(formatMoney(-5, 'EUR', 'en_US')).toBe('-€0.05')
    }
  })
})
