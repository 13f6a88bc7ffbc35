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
