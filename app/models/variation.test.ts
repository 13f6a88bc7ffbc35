import { describe, expect, it } from 'vitest'
import { variationGroups, type Variation } from './variation'

const variation = (sku: string, voltage: string, colour: string, available = true): Variation => ({
  sku,
  name: 'Drill',
  available,
  attributes: [
    { id: 'voltage', name: 'Voltage', value: voltage, displayValue: `${voltage} V` },
    { id: 'colour', name: 'Colour', value: colour, displayValue: colour },
  ],
})

// 12 V comes in blue and green, 18 V only in green (18 V green out of stock), 24 V in blue twice.
const all = [
  variation('1', '12', 'blue'),
  variation('2', '12', 'green'),
  variation('3', '18', 'green', false),
  variation('4', '24', 'blue', false),
  variation('5', '24', 'blue'),
]

const option = (groups: ReturnType<typeof variationGroups>, id: string, value: string) =>
  groups.find((g) => g.id === id)!.options.find((o) => o.value === value)!

describe('variationGroups', () => {
  it('lists each attribute once with its distinct values in the master order, the current ones selected', () => {
    const groups = variationGroups(all, '2')
    expect(groups.map((g) => [g.id, g.name, g.options.map((o) => o.displayValue)])).toEqual([
      ['voltage', 'Voltage', ['12 V', '18 V', '24 V']],
      ['colour', 'Colour', ['blue', 'green']],
    ])
    expect(groups.flatMap((g) => g.options.filter((o) => o.selected).map((o) => o.value))).toEqual([
      '12',
      'green',
    ])
  })

  it('leads a value to the variation keeping the other values when it exists', () => {
    const groups = variationGroups(all, '2')
    expect(option(groups, 'voltage', '18')).toMatchObject({ sku: '3', exact: true, available: false })
    expect(option(groups, 'colour', 'blue')).toMatchObject({ sku: '1', exact: true })
  })

  it('falls back to another combination, marked as not exact, when the exact one does not exist', () => {
    const groups = variationGroups(all, '2')
    // No 24 V in green: the blue 24 V, the available one of the two.
    expect(option(groups, 'voltage', '24')).toMatchObject({ sku: '5', exact: false, available: true })
  })

  it('prefers an available variation among equally close ones', () => {
    const groups = variationGroups(all, '1')
    expect(option(groups, 'voltage', '24')).toMatchObject({ sku: '5', exact: true })
  })

  it('on a master without reference selects nothing and leads to the first (available) variation per value', () => {
    const groups = variationGroups(all, undefined)
    expect(groups.flatMap((g) => g.options).some((o) => o.selected)).toBe(false)
    expect(option(groups, 'colour', 'green').sku).toBe('2')
    expect(option(groups, 'voltage', '24').sku).toBe('5')
  })

  it('has nothing to choose without variations', () => {
    expect(variationGroups([], '1')).toEqual([])
  })
})
