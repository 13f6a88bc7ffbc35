import { describe, expect, it } from 'vitest'
import { addToBasketSchema, maxQuantity } from './quantity'

const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`
const rules = { minOrderQuantity: 3, stepQuantity: 3, maxOrderQuantity: 300 }
const parse = (quantity: unknown, maxItemQuantity?: number) =>
  addToBasketSchema(rules, t, maxItemQuantity).safeParse({ intent: 'addToBasket', sku: '1', quantity })
const errors = (quantity: unknown, maxItemQuantity?: number) => {
  const result = parse(quantity, maxItemQuantity)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('quantity rules', () => {
  it('caps the product maximum by the channel maximum item quantity, and names none when neither does', () => {
    expect(maxQuantity(rules, 100)).toBe(100)
    expect(maxQuantity(rules, 1000)).toBe(300)
    expect(maxQuantity(rules)).toBe(300)
    expect(maxQuantity({ minOrderQuantity: 1, stepQuantity: 1 }, 40)).toBe(40)
    expect(maxQuantity({ minOrderQuantity: 1, stepQuantity: 1 })).toBeUndefined()
  })
  it('accepts the minimum and every step above it up to the maximum', () => {
    expect(parse(3).success).toBe(true)
    expect(parse(99).success).toBe(true)
    expect(parse(300, 1000).success).toBe(true)
  })
  it('gives one clear message per violation', () => {
    expect(errors(2)).toEqual(['product.quantity.error.invalid {"min":3}'])
    expect(errors(0)).toEqual(['product.quantity.error.invalid {"min":3}'])
    expect(errors(4)).toEqual(['product.quantity.error.step {"step":3,"min":3}'])
    expect(errors(1.5)).toEqual(['product.quantity.error.invalid {"min":3}'])
    expect(errors(102, 100)).toEqual(['product.quantity.error.max {"max":100}'])
    expect(errors(303, 1000)).toEqual(['product.quantity.error.max {"max":300}'])
    expect(errors(undefined)).toEqual(['product.quantity.error.invalid {"min":3}'])
  })
})
