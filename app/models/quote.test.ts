import { describe, expect, it } from 'vitest'
import { acceptable, mapQuote, mapQuoteLink, mapQuoteRequest, quoteList, quoteState } from './quote'

const NOW = Date.parse('2026-05-10T12:00:00Z')
const DAY = 86_400_000

describe('quote states', () => {
  it('reads a request as new until submitted', () => {
    expect(quoteState('request', {}, NOW)).toBe('new')
    expect(quoteState('request', { submittedDate: NOW - DAY }, NOW)).toBe('submitted')
    expect(quoteState('request', { state: 'submitted' }, NOW)).toBe('submitted')
  })

  it('reads a quote as the PWA does without a named state: rejected, expired after its validity, else responded', () => {
    expect(quoteState('quote', { validToDate: NOW + DAY }, NOW)).toBe('responded')
    expect(quoteState('quote', { validToDate: NOW - 1 }, NOW)).toBe('expired')
    expect(quoteState('quote', { rejected: true, validToDate: NOW - 1 }, NOW)).toBe('rejected')
  })

  it('takes the state the API names (only it knows a quote went into a basket), expiring an open one', () => {
    expect(quoteState('quote', { state: 'accepted', validToDate: NOW + DAY }, NOW)).toBe('accepted')
    expect(quoteState('quote', { state: 'responded', validToDate: NOW - 1 }, NOW)).toBe('expired')
    // A state that is no quote's is not taken.
    expect(quoteState('quote', { state: 'new', validToDate: NOW + DAY }, NOW)).toBe('responded')
    expect(quoteState('quote', { state: 'bogus', rejected: true }, NOW)).toBe('rejected')
  })
})

describe('the quote list', () => {
  it('maps Links with their attributes and lists the newest first', () => {
    const request = mapQuoteLink(
      'request',
      {
        type: 'Link',
        title: 'r1',
        attributes: [
          { name: 'number', type: 'String', value: '2001' },
          { name: 'name', type: 'String', value: 'Site' },
          { name: 'lineItems', type: 'Integer', value: 2 },
          { name: 'creationDate', type: 'Long', value: NOW - 2 * DAY },
          { name: 'submittedDate', type: 'Long', value: NOW - DAY },
        ],
      },
      NOW,
    )
    expect(request).toEqual({
      kind: 'request',
      id: 'r1',
      number: '2001',
      name: 'Site',
      itemCount: 2,
      creationDate: new Date(NOW - 2 * DAY).toISOString(),
      submittedDate: new Date(NOW - DAY).toISOString(),
      validToDate: undefined,
      state: 'submitted',
      total: undefined,
    })
    const quote = mapQuoteLink(
      'quote',
      {
        title: 'q1',
        attributes: [
          { name: 'creationDate', value: NOW - DAY },
          { name: 'validToDate', value: NOW - 1 },
          { name: 'rejected', value: false },
          { name: 'total', value: { value: 12.5, currency: 'EUR' } },
        ],
      },
      NOW,
    )
    expect(quote).toMatchObject({
      id: 'q1',
      number: 'q1',
      state: 'expired',
      total: { value: 12.5, currency: 'EUR' },
    })
    expect(quoteList([request, quote]).map((entry) => entry.id)).toEqual(['q1', 'r1'])
  })
})

describe('a request and a quote', () => {
  it('reads a request whose lines came as Links from the lines read one by one', () => {
    const request = mapQuoteRequest(
      {
        type: 'QuoteRequest',
        id: 'r1',
        number: '2001',
        displayName: '',
        creationDate: NOW,
        items: [
          { type: 'Link', title: 'i2' },
          { type: 'Link', title: 'i1' },
        ],
      },
      [
        { id: 'i1', productSKU: 'A', quantity: { value: 3 }, singlePrice: { value: 2, currency: 'EUR' } },
        { id: 'i2', productSKU: 'B', quantity: { value: 1 } },
      ],
    )
    expect(request.lines.map((line) => line.sku)).toEqual(['B', 'A'])
    expect(request).toMatchObject({ state: 'new', editable: true, displayName: undefined })
  })

  it('offers a quote for the basket only while it is open and valid', () => {
    const quote = mapQuote(
      {
        type: 'Quote',
        id: 'q1',
        number: '7001',
        creationDate: NOW - DAY,
        total: { value: 90, currency: 'EUR' },
        validFromDate: NOW + DAY,
        validToDate: NOW + 10 * DAY,
        items: [
          {
            productSKU: 'A',
            quantity: { value: 10 },
            originQuantity: { value: 12 },
            singlePrice: { value: 9, currency: 'EUR' },
            totalPrice: { value: 90, currency: 'EUR' },
          },
        ],
      },
      NOW,
    )
    expect(quote.lines[0]).toMatchObject({ quantity: 10, originQuantity: 12 })
    expect(acceptable(quote, NOW)).toBe(false)
    expect(acceptable(quote, NOW + 2 * DAY)).toBe(true)
    expect(acceptable({ ...quote, state: 'rejected' }, NOW + 2 * DAY)).toBe(false)
  })
})
