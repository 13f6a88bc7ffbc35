import { describe, expect, it } from 'vitest'
import { ADDER_START, adderReducer, type AddAnswer } from './basket-adder'

const answer = (over: Partial<AddAnswer> = {}): AddAnswer => ({
  added: 'Product 1000042 was added.',
  lineIds: ['l-1'],
  problems: [],
  mandatory: null,
  ...over,
})

describe('the add-to-basket view', () => {
  it('collects until the adds are sent', () => {
    const collecting = adderReducer(ADDER_START, { type: 'collected' })
    expect(collecting.collecting).toBe(true)
    expect(adderReducer(collecting, { type: 'collected' })).toBe(collecting)
    expect(adderReducer(collecting, { type: 'sent' }).collecting).toBe(false)
  })

  it('opens the mini basket with the added lines, except on the basket page', () => {
    const opened = adderReducer(ADDER_START, { type: 'answered', answer: answer(), onBasketPage: false })
    expect(opened.open).toEqual({ lineIds: ['l-1'], message: 'Product 1000042 was added.' })
    expect(adderReducer(opened, { type: 'panelClosed' }).open).toBeNull()
    const onBasket = adderReducer(ADDER_START, { type: 'answered', answer: answer(), onBasketPage: true })
    expect(onBasket.open).toBeNull()
  })

  it('shows refusals in the banner until it expires, keeping an open mini basket', () => {
    const opened = adderReducer(ADDER_START, { type: 'answered', answer: answer(), onBasketPage: false })
    const refused = adderReducer(opened, {
      type: 'answered',
      answer: answer({ added: null, lineIds: [], problems: ['Out of stock.'] }),
      onBasketPage: false,
    })
    expect(refused.banner).toEqual(['Out of stock.'])
    expect(refused.open).toEqual(opened.open)
    expect(adderReducer(refused, { type: 'bannerExpired' }).banner).toBeNull()
  })

  it('asks for a line’s mandatory choices, and forgets it when closed or when the page changes', () => {
    const asked = adderReducer(ADDER_START, {
      type: 'answered',
      answer: answer({ mandatory: 'l-1' }),
      onBasketPage: false,
    })
    expect(asked.promptLine).toBe('l-1')
    expect(adderReducer(asked, { type: 'promptClosed' }).promptLine).toBeNull()
    const left = adderReducer(asked, { type: 'navigated' })
    expect(left).toEqual({ ...asked, open: null, promptLine: null })
  })
})
