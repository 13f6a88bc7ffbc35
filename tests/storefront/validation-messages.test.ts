import { describe, expect, it } from 'vitest'
import { messageText } from '~/models/messages'
import { fixedT } from '~/services/i18n.server'

/**
 * The Value scope's refusals (issue 17: the order value limits of the currency) read in the shopper's language,
 * without ICM's English sentence after them.
 */
describe('order value refusals', () => {
  const refusal = {
    code: 'basket.validation.order_value.minimum.error',
    message: 'The minimum order value is 1.00 EUR (net).',
  }

  it.each([
    ['en_US', 'minimum order value'],
    ['de_DE', 'Mindestbestellwert'],
    ['fr_FR', 'montant minimum'],
    ['pl_PL', 'minimalna wartość'],
    ['ro_RO', 'valoarea minimă'],
  ] as const)('in %s name the minimum in the language alone', (locale, words) => {
    const text = messageText(fixedT(locale), refusal)
    expect(text).toContain(words)
    if (locale !== 'en_US') expect(text).not.toContain('The minimum order value')
  })

  it('names the maximum as its own text', () => {
    const text = messageText(fixedT('de_DE'), {
      code: 'basket.validation.order_value.maximum.error',
      message: 'The maximum order value is 100000.00 EUR (net).',
    })
    expect(text).toContain('Höchstbestellwert')
  })
})

/** Issue 19: the commerce API's English sentence never reaches the German, French, Polish or Romanian shop. */
describe('refusals the shop has its own text for, or none', () => {
  const unknown = { code: 'basket.something.new.error', message: 'Something new went wrong.' }
  const rule = {
    code: 'basket.line_item.quantity.min_order_quantity.error',
    message: "The minimum order quantity of '1000042' is 5.",
  }

  it('add the API’s sentence on the English shop, where it helps', () => {
    const t = fixedT('en_US')
    expect(messageText(t, unknown)).toBe('The shop could not do this. (Something new went wrong.)')
    expect(messageText(t, rule)).toBe(
      "The quantity is below the minimum order quantity. The minimum order quantity of '1000042' is 5.",
    )
  })

  it.each(['de_DE', 'fr_FR', 'pl_PL', 'ro_RO'] as const)('say it in %s alone', (locale) => {
    const t = fixedT(locale)
    expect(messageText(t, unknown)).toBe(t('error.api.refused'))
    expect(messageText(t, rule)).toBe(t(rule.code))
    expect(messageText(t, rule)).not.toContain('minimum order quantity')
  })
})

/** Issue 19: what an add did names the product, or counts the products in each language's plural forms. */
describe('the product-added message', () => {
  it.each(['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'] as const)('in %s', (locale) => {
    const t = fixedT(locale)
    const key = 'ede.shopping_cart.product.added.message'
    const one = t(key, { count: 1, name: 'Voltwerk Drill XT 18', sku: '1000042' })
    expect(one).toContain('Voltwerk Drill XT 18')
    expect(one).not.toContain('1000042')
    for (const count of [2, 5, 22]) {
      const many = t(key, { count, name: '', sku: '1000042, 1000043' })
      expect(many, `${locale} ${count}`).toContain(String(count))
      expect(many).not.toContain('1000042')
    }
  })
})

/**
 * Issue 19: a quantity refused by a rule of a product the shop knows names the rule's number, in the unit the
 * product is sold by and the language's plural forms; ICM's refusal itself has no number to give.
 */
describe('quantity refusals with the product’s rule', () => {
  const boxes = { minOrderQuantity: 5, stepQuantity: 5, maxOrderQuantity: 25, packingUnit: 'box' }
  const refusal = (rule: 'min_order_quantity' | 'max_order_quantity' | 'step_quantity') => ({
    code: `basket.line_item.quantity.${rule}.error`,
    message: `The ${rule} of '1000205' is 5.`,
  })

  it.each([
    [
      'en_US',
      'min_order_quantity',
      'The quantity is below the minimum order quantity. Minimum order: 5 boxes.',
    ],
    [
      'en_US',
      'max_order_quantity',
      'The quantity exceeds the maximum order quantity. At most 25 boxes per order.',
    ],
    [
      'en_US',
      'step_quantity',
      'This quantity is not allowed for this product. Sold in multiples of 5 boxes.',
    ],
    [
      'de_DE',
      'min_order_quantity',
      'Die Menge liegt unter der Mindestbestellmenge. Mindestbestellmenge: 5 Schachteln.',
    ],
    [
      'fr_FR',
      'max_order_quantity',
      'La quantité dépasse la quantité maximale de commande. Au maximum 25 boîtes par commande.',
    ],
    ['pl_PL', 'min_order_quantity', 'opakowań'],
    ['ro_RO', 'max_order_quantity', 'Cel mult 25 de cutii pe comandă.'],
  ] as const)('in %s, %s', (locale, rule, expected) => {
    const text = messageText(fixedT(locale), refusal(rule), boxes)
    expect(text).toContain(expected)
    // The number comes from the shop's words, never from ICM's English sentence.
    expect(text).not.toContain('1000205')
  })

  it('counts single pieces in the language’s plural forms', () => {
    const pieces = { minOrderQuantity: 2, stepQuantity: 1, maxOrderQuantity: 22 }
    expect(messageText(fixedT('pl_PL'), refusal('max_order_quantity'), pieces)).toMatch(/22 sztuki/)
    expect(messageText(fixedT('ro_RO'), refusal('min_order_quantity'), pieces)).toContain('2 bucăți')
  })

  it('without a maximum (the channel’s cap) keeps the general text', () => {
    const open = { minOrderQuantity: 1, stepQuantity: 1 }
    expect(messageText(fixedT('de_DE'), refusal('max_order_quantity'), open)).toBe(
      'Die Menge überschreitet die Höchstbestellmenge.',
    )
  })
})
