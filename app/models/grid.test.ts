import { describe, expect, it } from 'vitest'
import { fullRowColumns, fullRowGrid } from './grid'

describe('fullRowColumns', () => {
  it('takes the most columns that fill every row', () => {
    expect(fullRowColumns(8, 6)).toBe(4)
    expect(fullRowColumns(6, 6)).toBe(6)
    expect(fullRowColumns(6, 5)).toBe(3)
    expect(fullRowColumns(12, 5)).toBe(4)
    expect(fullRowColumns(8, 2)).toBe(2)
  })

  it('puts fewer items than columns in one row, and keeps the maximum when nothing divides them', () => {
    expect(fullRowColumns(3, 6)).toBe(3)
    expect(fullRowColumns(7, 6)).toBe(6)
  })

  it('gives each width its own count', () => {
    expect(fullRowGrid(8, { phone: 2, tablet: 4, laptop: 5, desktop: 6 })).toEqual({
      '--columns-phone': 2,
      '--columns-tablet': 4,
      '--columns-laptop': 4,
      '--columns-desktop': 4,
    })
  })
})
