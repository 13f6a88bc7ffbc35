import { describe, expect, it } from 'vitest'
import {
  formatMinor,
  formatScaled,
  isDecimalText,
  parseMinor,
  parseScaled,
  parseWhole,
  percentOf,
} from './decimal'

describe('decimal text and integers', () => {
  it('reads decimal text exactly at a scale, refusing digits below it', () => {
    expect(parseMinor('12.34')).toBe(1234)
    expect(parseMinor('0.1')).toBe(10)
    expect(parseMinor('-5')).toBe(-500)
    expect(parseMinor('.5')).toBe(50)
    expect(parseMinor(' 7.00 ')).toBe(700)
    expect(parseMinor('12.3400')).toBe(1234)
    expect(parseMinor('12.345')).toBeNull()
    expect(parseScaled('12.3456', 4)).toBe(123456)
    expect(parseWhole('5.000')).toBe(5)
    expect(parseWhole('5.5')).toBeNull()
    for (const bad of ['', '.', '1,5', '1e3', 'abc', '--1', '1.2.3', '99999999999999999'])
      expect(parseMinor(bad), bad).toBeNull()
    expect(parseMinor('-0')).toBe(0)
    expect(Object.is(parseMinor('-0'), -0)).toBe(false)
  })

  it('writes integers as decimal text with the digits asked for', () => {
    expect(formatMinor(1234)).toBe('12.34')
    expect(formatMinor(5)).toBe('0.05')
    expect(formatMinor(-1234)).toBe('-12.34')
    expect(formatMinor(1234, 4)).toBe('12.3400')
    expect(formatScaled(5, 0, 3)).toBe('5.000')
    expect(formatScaled(7, 0, 0)).toBe('7')
    expect(() => formatScaled(1.5, 0, 0)).toThrow()
    expect(() => formatScaled(1, 2, 1)).toThrow()
  })

  it('round-trips every amount it writes', () => {
    for (const amount of [0, 1, 99, 100, 123456789, -42, Number.MAX_SAFE_INTEGER])
      expect(parseMinor(formatMinor(amount))).toBe(amount)
  })

  it('tells plain decimal text from anything else', () => {
    expect(isDecimalText('1.5')).toBe(true)
    expect(isDecimalText('-.5')).toBe(true)
    expect(isDecimalText('1e5')).toBe(false)
    expect(isDecimalText('')).toBe(false)
  })

  it('computes a percentage of an amount rounded half away from zero', () => {
    expect(percentOf(1000, 19)).toBe(190)
    expect(percentOf(1050, 19)).toBe(200) // 199.5 → 200
    expect(percentOf(1049, 19)).toBe(199) // 199.31
    expect(percentOf(-1050, 19)).toBe(-200)
    expect(percentOf(999, 7.5)).toBe(75) // 74.925
    expect(percentOf(1000, 0)).toBe(0)
  })
})
