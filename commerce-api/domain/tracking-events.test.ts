import { describe, expect, it } from 'vitest'
import { MeasurementBatchSchema, trackingSummary } from './tracking-events'

describe('the local tracking collector’s rules', () => {
  it('takes a Measurement Protocol batch of up to 25 events with GA4 event names', () => {
    const batch = {
      client_id: 'a1b2c3d4-0000',
      events: [{ name: 'add_to_cart', params: { currency: 'EUR' } }],
    }
    expect(MeasurementBatchSchema.parse(batch).events[0]!.name).toBe('add_to_cart')
    const many = { ...batch, events: Array.from({ length: 26 }, () => batch.events[0]) }
    expect(MeasurementBatchSchema.safeParse(many).success).toBe(false)
    for (const name of ['1st', 'with space', 'x'.repeat(41), '<script>'])
      expect(MeasurementBatchSchema.safeParse({ ...batch, events: [{ name, params: {} }] }).success).toBe(
        false,
      )
    expect(MeasurementBatchSchema.safeParse({ ...batch, client_id: 'a b' }).success).toBe(false)
    expect(MeasurementBatchSchema.safeParse({ ...batch, events: [] }).success).toBe(false)
    // Unknown fields are refused rather than stored unseen.
    expect(MeasurementBatchSchema.safeParse({ ...batch, extra: 1 }).success).toBe(false)
  })

  it('summarises an event by its items, value, order and status', () => {
    expect(
      trackingSummary('purchase', {
        transaction_id: '100041',
        value: 119,
        currency: 'EUR',
        items: [{ item_id: '1000001', quantity: 2 }, { item_id: '1000002' }],
      }),
    ).toBe('order 100041; 1000001 × 2, 1000002 × 1; 119 EUR')
    expect(trackingSummary('page_error', { page_status: 404, page_path: '/en/nowhere' })).toBe(
      'status 404 at /en/nowhere',
    )
  })
})
