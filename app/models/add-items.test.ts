import { describe, expect, it } from 'vitest'
import {
  addItemsFromUrl,
  itemsFromForm,
  parseAddItemsParam,
  parsePcodeParams,
  positiveQuantity,
  problemText,
} from './add-items'

describe('add-items link parameter', () => {
  it('reads sku|quantity entries separated by semicolons and reports the invalid ones', () => {
    expect(parseAddItemsParam('1000042|2;1000043|1;')).toEqual({
      items: [
        { sku: '1000042', quantity: 2 },
        { sku: '1000043', quantity: 1 },
      ],
      invalid: [],
    })
    expect(parseAddItemsParam('|2;1000044|0;1000045|-1;1000046|x;1000047;1000048|1|2;1000049|3')).toEqual({
      items: [{ sku: '1000049', quantity: 3 }],
      invalid: ['|2', '1000044|0', '1000045|-1', '1000046|x', '1000047', '1000048|1|2'],
    })
  })

  it('pairs pcode and qty lists and keeps the code as custom field pcode', () => {
    expect(parsePcodeParams('1000042, 1000043,1000044', '2,1')).toEqual({
      items: [
        { sku: '1000042', quantity: 2, customFields: [{ name: 'pcode', value: '1000042' }] },
        { sku: '1000043', quantity: 1, customFields: [{ name: 'pcode', value: '1000043' }] },
      ],
      invalid: ['1000044|'],
    })
    expect(parsePcodeParams(',1000045', '3,0').invalid).toEqual(['|3', '1000045|0'])
  })

  it('gives the same URL without the add parameters, other parameters kept', () => {
    const link = addItemsFromUrl(
      new URL('http://shop.test/en/home?page=2&addItems=1000042|2&pcode=1000043&qty=4'),
    )
    expect(link).toEqual({
      items: [
        { sku: '1000042', quantity: 2 },
        { sku: '1000043', quantity: 4, customFields: [{ name: 'pcode', value: '1000043' }] },
      ],
      invalid: [],
      cleanUrl: '/en/home?page=2',
    })
    expect(addItemsFromUrl(new URL('http://shop.test/en/basket?addItems='))?.cleanUrl).toBe('/en/basket')
    expect(addItemsFromUrl(new URL('http://shop.test/en/home?qty=2'))).toBeNull()
  })

  it('takes only whole quantities above 0', () => {
    expect([' 3 ', '0', '1.5', '', '1e3', '12'].map(positiveQuantity)).toEqual([
      3,
      undefined,
      undefined,
      undefined,
      undefined,
      12,
    ])
  })
})

describe('add forms', () => {
  it('pairs repeated sku, quantity and warranty fields', () => {
    const form = new FormData()
    for (const [sku, quantity, warranty] of [
      ['1000042', '2', 'W-3Y'],
      ['1000043', '1', ''],
      ['', '1', ''],
      ['1000044', 'many', ''],
    ]) {
      form.append('sku', sku!)
      form.append('quantity', quantity!)
      form.append('warranty', warranty!)
    }
    expect(itemsFromForm(form)).toEqual({
      items: [
        { sku: '1000042', quantity: 2, warranty: 'W-3Y' },
        { sku: '1000043', quantity: 1 },
      ],
      invalid: ['|1', '1000044|many'],
    })
  })
})

describe('refusal texts', () => {
  const texts: Record<string, string> = {
    'basket.line_item.product_out_of_stock.error': 'This product is out of stock.',
    'basket.line_item.quantity.max_order_quantity.error': 'The quantity exceeds the maximum order quantity.',
  }
  const t = (key: string) => texts[key] ?? key
  it('uses the shop text, adds ICM’s message where it names the rule, and falls back to ICM’s message', () => {
    expect(problemText(t, { code: 'basket.line_item.product_out_of_stock.error', message: 'out' })).toBe(
      'This product is out of stock.',
    )
    expect(
      problemText(t, {
        code: 'basket.line_item.quantity.max_order_quantity.error',
        message: "The maximum order quantity of '1000042' is 10.",
      }),
    ).toBe("The quantity exceeds the maximum order quantity. The maximum order quantity of '1000042' is 10.")
    expect(problemText(t, { code: 'something.new', message: 'ICM says no.' })).toBe('ICM says no.')
  })
})
