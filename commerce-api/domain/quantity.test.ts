/** The quantity rules of a line (quantity.ts), exhaustively and without a database. */
import { describe, expect, it } from 'vitest'
import { channelQuantityCap, fitQuantity, maxQuantity, quantityProblem, type QuantityRules } from './quantity'

const plain: QuantityRules = { min: 1, max: null, step: 1 }
const packs: QuantityRules = { min: 5, max: 50, step: 5 }
const odd: QuantityRules = { min: 2, max: 20, step: 3 }

const codeOf = (rules: QuantityRules, quantity: number, cap?: number) =>
  quantityProblem('SKU-1', rules, quantity, cap)?.code

describe('the most one line may hold', () => {
  it('is the product maximum, never above the channel cap, which is the configuration’s', () => {
    expect(channelQuantityCap()).toBe(100)
    expect(maxQuantity(plain)).toBe(100)
    expect(maxQuantity(packs)).toBe(50)
    expect(maxQuantity({ ...packs, max: 500 })).toBe(100)
    expect(maxQuantity({ ...packs, max: 500 }, 1000)).toBe(500)
    expect(maxQuantity(plain, 7)).toBe(7)
  })
})

describe('quantityProblem', () => {
  it('accepts the minimum, every step from it and the maximum', () => {
    for (const quantity of [5, 10, 45, 50]) expect(codeOf(packs, quantity), String(quantity)).toBeUndefined()
    for (const quantity of [2, 5, 8, 20]) expect(codeOf(odd, quantity), String(quantity)).toBeUndefined()
    expect(codeOf(plain, 1)).toBeUndefined()
    expect(codeOf(plain, 100)).toBeUndefined()
  })

  it('refuses below the minimum, naming the minimum', () => {
    expect(quantityProblem('SKU-1', packs, 4)).toEqual({
      code: 'basket.line_item.quantity.min_order_quantity.error',
      message: "The minimum order quantity of 'SKU-1' is 5.",
    })
    expect(codeOf(plain, 0)).toBe('basket.line_item.quantity.min_order_quantity.error')
  })

  it('refuses off the step counted from the minimum', () => {
    expect(quantityProblem('SKU-1', odd, 4)).toEqual({
      code: 'basket.line_item.quantity.step_quantity.error',
      message: "'SKU-1' can only be ordered in steps of 3, starting at 2.",
    })
    expect(codeOf(packs, 12)).toBe('basket.line_item.quantity.step_quantity.error')
    // 6 is a multiple of 3 but not on the steps from 2.
    expect(codeOf(odd, 6)).toBe('basket.line_item.quantity.step_quantity.error')
  })

  it('refuses above the product maximum and above the channel cap, naming the lower', () => {
    expect(quantityProblem('SKU-1', packs, 55)).toEqual({
      code: 'basket.line_item.quantity.max_order_quantity.error',
      message: "The maximum order quantity of 'SKU-1' is 50.",
    })
    expect(quantityProblem('SKU-1', plain, 101)?.message).toBe(
      "The maximum order quantity of 'SKU-1' is 100.",
    )
    expect(quantityProblem('SKU-1', { ...plain, max: 500 }, 101)?.message).toContain('is 100.')
    expect(codeOf(plain, 11, 10)).toBe('basket.line_item.quantity.max_order_quantity.error')
    expect(codeOf(plain, 10, 10)).toBeUndefined()
  })

  it('names the minimum before the maximum and the maximum before the step', () => {
    expect(codeOf({ min: 10, max: 5, step: 1 }, 7)).toBe('basket.line_item.quantity.min_order_quantity.error')
    expect(codeOf(odd, 22)).toBe('basket.line_item.quantity.max_order_quantity.error')
  })

  it('takes a step below 1 as 1', () => {
    expect(codeOf({ min: 1, max: null, step: 0 }, 7)).toBeUndefined()
  })
})

describe('fitQuantity: down onto the rules, up only to the minimum', () => {
  it('leaves a quantity that keeps the rules as it is', () => {
    expect(fitQuantity(packs, 25)).toBe(25)
    expect(fitQuantity(odd, 11)).toBe(11)
    expect(fitQuantity(plain, 100)).toBe(100)
  })

  it('rounds down onto the step, never above what was asked for', () => {
    expect(fitQuantity(packs, 7)).toBe(5)
    expect(fitQuantity(packs, 49)).toBe(45)
    expect(fitQuantity(odd, 10)).toBe(8)
    expect(fitQuantity(odd, 4)).toBe(2)
  })

  it('raises a quantity below the minimum to the minimum', () => {
    expect(fitQuantity(packs, 1)).toBe(5)
    expect(fitQuantity(odd, 1)).toBe(2)
    expect(fitQuantity(plain, 0)).toBe(1)
  })

  it('caps at the product maximum, on the step below it', () => {
    expect(fitQuantity(packs, 70)).toBe(50)
    expect(fitQuantity(odd, 30)).toBe(20)
    expect(fitQuantity({ min: 2, max: 21, step: 3 }, 30)).toBe(20)
  })

  it('caps at the channel cap', () => {
    expect(fitQuantity(plain, 104)).toBe(100)
    expect(fitQuantity({ min: 1, max: 500, step: 1 }, 400)).toBe(100)
    expect(fitQuantity({ min: 3, max: null, step: 7 }, 1000)).toBe(94)
    expect(fitQuantity(plain, 30, { cap: 25 })).toBe(25)
  })

  it('takes a limit (the stock left) as one more maximum', () => {
    expect(fitQuantity(plain, 5, { limit: 2 })).toBe(2)
    expect(fitQuantity(packs, 30, { limit: 17 })).toBe(15)
    expect(fitQuantity(packs, 3, { limit: 17 })).toBe(5)
  })

  it('fits nothing when not even the minimum fits', () => {
    expect(fitQuantity({ min: 10, max: 5, step: 1 }, 7)).toBeUndefined()
    expect(fitQuantity(packs, 30, { limit: 4 })).toBeUndefined()
    expect(fitQuantity({ min: 120, max: null, step: 1 }, 150)).toBeUndefined()
  })

  it('always answers a quantity that quantityProblem accepts', () => {
    for (const rules of [plain, packs, odd, { min: 3, max: 97, step: 4 }]) {
      for (let requested = 0; requested <= 130; requested++) {
        const fitted = fitQuantity(rules, requested)
        expect(fitted, `${JSON.stringify(rules)} ${requested}`).toBeDefined()
        expect(quantityProblem('SKU-1', rules, fitted!)).toBeUndefined()
        if (requested >= rules.min) expect(fitted).toBeLessThanOrEqual(requested)
      }
    }
  })
})
