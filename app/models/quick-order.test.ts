import { describe, expect, it } from 'vitest'
import { parseQuickOrderList, quickOrderRows } from './quick-order'

describe('pasted quick order list', () => {
  it('reads SKU and quantity separated by tab, comma, semicolon or spaces', () => {
    const lines = parseQuickOrderList('1000042\t2\n1000043,3\r\n1000044;4\n1000045   5\n"1000046";"6"\n')
    expect(lines.map((l) => (l.kind === 'item' ? [l.line, l.sku, l.quantity] : l))).toEqual([
      [1, '1000042', 2],
      [2, '1000043', 3],
      [3, '1000044', 4],
      [4, '1000045', 5],
      [5, '1000046', 6],
    ])
  })

  it('skips a header line and blank lines, ignores further columns, and keeps invalid lines with their text', () => {
    const lines = parseQuickOrderList(
      'SKU\tQuantity\n\n1000042\t2\tDrill XT\n  \n1000043\n1000044\tzwei\n\t5\n1000045;0\n',
    )
    expect(lines).toEqual([
      { source: 'list', line: 3, text: '1000042\t2\tDrill XT', kind: 'item', sku: '1000042', quantity: 2 },
      { source: 'list', line: 5, text: '1000043', kind: 'invalid' },
      { source: 'list', line: 6, text: '1000044\tzwei', kind: 'invalid' },
      { source: 'list', line: 7, text: '5', kind: 'invalid' },
      { source: 'list', line: 8, text: '1000045;0', kind: 'invalid' },
    ])
  })

  it('takes only the first line for a header, and never a line with an SKU', () => {
    expect(parseQuickOrderList('1000042 abc\nSKU Qty')).toEqual([
      { source: 'list', line: 1, text: '1000042 abc', kind: 'invalid' },
      { source: 'list', line: 2, text: 'SKU Qty', kind: 'invalid' },
    ])
    expect(parseQuickOrderList('')).toEqual([])
  })
})

describe('quick order rows', () => {
  it('skips empty rows and reports half-filled ones', () => {
    expect(quickOrderRows(['1000042', '', '', '1000043', ''], ['2', '', '3', '', ''])).toEqual([
      { source: 'row', line: 1, text: '1000042 2', kind: 'item', sku: '1000042', quantity: 2 },
      { source: 'row', line: 3, text: '3', kind: 'invalid' },
      { source: 'row', line: 4, text: '1000043', kind: 'invalid' },
    ])
  })
})
