import { describe, expect, it } from 'vitest'
import { addToComparison, comparisonRows, MAX_COMPARE, removeFromComparison } from './compare'

describe('comparison list', () => {
  it('adds once, keeps at most MAX_COMPARE by dropping the oldest, removes', () => {
    let list: string[] = []
    for (const sku of ['a', 'b', 'a', 'c', 'd', 'e']) list = addToComparison(list, sku)
    expect(list).toHaveLength(MAX_COMPARE)
    expect(list).toEqual(['a', 'c', 'd', 'e'])
    expect(removeFromComparison(list, 'c')).toEqual(['a', 'd', 'e'])
  })
  it('lines up attributes of all products, with a dash where one lacks it', () => {
    const rows = comparisonRows([
      { attributes: [{ name: 'Voltage', value: '18 V' }] },
      {
        attributes: [{ name: 'Voltage', value: '12 V' }],
        attributeGroups: [{ attributes: [{ name: 'Weight', value: '2 kg' }] }],
      },
    ])
    expect(rows).toEqual([
      { name: 'Voltage', values: ['18 V', '12 V'] },
      { name: 'Weight', values: ['–', '2 kg'] },
    ])
  })
})
