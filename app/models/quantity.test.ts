import { describe, expect, it } from 'vitest'
import { maxQuantity, quantityProblem } from './quantity'

const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`
const rules = { minOrderQuantity: 3, stepQuantity: 3, maxOrderQuantity: 300 }
const problem = (quantity: number, maxItemQuantity?: number) =>
  quantityProblem(quantity, rules, t, maxItemQuantity)

describe('quantity rules', () => {
  it('caps the product maximum by the channel maximum item quantity, and names none when neither does', () => {
    expect(maxQuantity(rules, 100)).toBe(100)
    expect(maxQuantity(rules, 1000)).toBe(300)
    expect(maxQuantity(rules)).toBe(300)
    expect(maxQuantity({ minOrderQuantity: 1, stepQuantity: 1 }, 40)).toBe(40)
    expect(maxQuantity({ minOrderQuantity: 1, stepQuantity: 1 })).toBeUndefined()
  })
  it('accepts the minimum and every step above it up to the maximum', () => {
    expect(problem(3)).toBeUndefined()
    expect(problem(99)).toBeUndefined()
    expect(problem(300, 1000)).toBeUndefined()
    // Neither the product nor the channel names a maximum.
    expect(quantityProblem(1_000_002, { minOrderQuantity: 1, stepQuantity: 1 }, t)).toBeUndefined()
  })
  it('gives one clear message per violation, the first rule broken', () => {
    expect(problem(2)).toBe('product.quantity.error.invalid {"min":3}')
    expect(problem(0)).toBe('product.quantity.error.invalid {"min":3}')
    expect(problem(-3)).toBe('product.quantity.error.invalid {"min":3}')
    expect(problem(1.5)).toBe('product.quantity.error.invalid {"min":3}')
    // An empty or unreadable field.
    expect(problem(NaN)).toBe('product.quantity.error.invalid {"min":3}')
    expect(problem(4)).toBe('product.quantity.error.step {"step":3,"min":3}')
    expect(problem(102, 100)).toBe(
      'product.quantity.error.max {"max":"product.unit.count.piece {\\"count\\":100}"}',
    )
    expect(problem(303, 1000)).toBe(
      'product.quantity.error.max {"max":"product.unit.count.piece {\\"count\\":300}"}',
    )
    // Above the maximum and off the steps: the maximum is named.
    expect(problem(301, 1000)).toBe(
      'product.quantity.error.max {"max":"product.unit.count.piece {\\"count\\":300}"}',
    )
  })
})
