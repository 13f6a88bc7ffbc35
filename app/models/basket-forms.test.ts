import { describe, expect, it } from 'vitest'
import { basketAnchor, lineAnchor } from './basket-forms'

describe('basketAnchor: where the basket page continues after a change', () => {
  const lines = ['a', 'b', 'c']

  it('returns to a changed line', () => {
    expect(basketAnchor({ intent: 'quantity', lineId: 'b', quantity: 3 }, lines, false)).toBe(lineAnchor('b'))
    expect(
      basketAnchor({ intent: 'delivery', lineId: 'c', desiredDelivery: '2026-12-01' }, lines, false),
    ).toBe('line-c')
  })

  it('goes to the line that took a deleted line’s place: the next, else the one before', () => {
    expect(basketAnchor({ intent: 'delete', lineId: 'a' }, lines, true)).toBe('line-b')
    expect(basketAnchor({ intent: 'quantity', lineId: 'b', quantity: 0 }, lines, true)).toBe('line-c')
    expect(basketAnchor({ intent: 'delete', lineId: 'c' }, lines, true)).toBe('line-b')
  })

  it('has no line to go to when the last line was deleted or the line is unknown', () => {
    expect(basketAnchor({ intent: 'delete', lineId: 'a' }, ['a'], true)).toBeUndefined()
    expect(basketAnchor({ intent: 'delete', lineId: 'x' }, lines, true)).toBeUndefined()
  })

  it('goes to the section of a code or of the order fields', () => {
    expect(basketAnchor({ intent: 'addCode', code: 'WELCOME10' }, lines, false)).toBe('promotion-code-title')
    expect(basketAnchor({ intent: 'removeCode', code: 'WELCOME10' }, lines, false)).toBe(
      'promotion-code-title',
    )
    expect(
      basketAnchor({ intent: 'fields', externalOrderReference: '', messageToMerchant: '' }, lines, false),
    ).toBe('basket-fields-title')
  })
})
