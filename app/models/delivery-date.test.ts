/**
 * The delivery date (issue 19): today in the shop's time zone, the cut-off, ready-for-shipment days, the
 * shipping method's days, weekends and holidays.
 */
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_DELIVERY_CALENDAR as BERLIN,
  addWorkingDays,
  basketDeliveryEstimate,
  deliveryEstimate,
  formatDeliveryDay,
  handlingDay,
  parseDayRange,
  parseHolidays,
  productDeliveryEstimate,
  shopClock,
  type DayRange,
} from './delivery-date'

const days = (min: number, max = min): DayRange => ({ min, max })
const inStock = (ready: DayRange) => ({ ready, inStock: true })
/** An instant written as UTC. */
const at = (iso: string) => new Date(`${iso}Z`)

const estimate = (now: string, ready: DayRange, shipping: DayRange) =>
  deliveryEstimate([inStock(ready)], shipping, at(now), BERLIN)

describe('the delivery date of one product', () => {
  it('arrives the next working day when it ships today before the cut-off', () => {
    // Monday 17 Nov 2025, 10:00 in Berlin.
    expect(estimate('2025-11-17T09:00', days(0), days(1))).toEqual({
      status: 'dated',
      earliest: '2025-11-18',
      latest: '2025-11-18',
    })
  })

  it('ships the next working day when ordered from the cut-off on', () => {
    // Monday 15:00 in Berlin is after the 14:00 cut-off.
    expect(estimate('2025-11-17T14:00', days(0), days(1))).toMatchObject({ latest: '2025-11-19' })
    expect(estimate('2025-11-17T12:59', days(0), days(1))).toMatchObject({ latest: '2025-11-18' })
  })

  it('skips the weekend: ordered Friday afternoon, delivered Tuesday', () => {
    expect(estimate('2025-11-21T15:00', days(0), days(1))).toMatchObject({
      earliest: '2025-11-25',
      latest: '2025-11-25',
    })
    // Ordered on Saturday morning it is handled on Monday as well.
    expect(handlingDay(at('2025-11-22T08:00'), BERLIN)).toBe('2025-11-24')
    expect(handlingDay(at('2025-11-23T08:00'), BERLIN)).toBe('2025-11-24')
  })

  it('gives a range from the earliest to the latest day', () => {
    // Ready in 1 to 3 working days, delivered in 3 to 5: 4 to 8 working days from Monday.
    expect(estimate('2025-11-17T09:00', days(1, 3), days(3, 5))).toEqual({
      status: 'dated',
      earliest: '2025-11-21',
      latest: '2025-11-27',
    })
  })

  it('skips the shop’s holidays, yearly ones and one-off ones', () => {
    // Thursday 2 Oct 2025 after the cut-off: Friday 3 Oct is German Unity Day.
    expect(estimate('2025-10-02T15:00', days(0), days(1))).toMatchObject({ latest: '2025-10-07' })
    const easter = { ...BERLIN, holidays: [...BERLIN.holidays, '2026-04-03', '2026-04-06'] }
    // Thursday 2 Apr 2026 after the cut-off: Good Friday and Easter Monday are off.
    expect(deliveryEstimate([inStock(days(0))], days(1), at('2026-04-02T15:00'), easter)).toMatchObject({
      latest: '2026-04-08',
    })
  })

  it('crosses the year end over Christmas and New Year', () => {
    // Tuesday 23 Dec 2025 after the cut-off: handled Monday 29, two days later is Friday 2 Jan 2026.
    expect(handlingDay(at('2025-12-23T15:00'), BERLIN)).toBe('2025-12-29')
    expect(estimate('2025-12-23T15:00', days(0), days(2))).toMatchObject({ latest: '2026-01-02' })
    expect(addWorkingDays('2025-12-30', 1, BERLIN.holidays)).toBe('2026-01-02')
  })

  it('counts today in the shop’s time zone, summer time included', () => {
    // 23:30 UTC on Monday is already Tuesday 00:30 in Berlin, before the cut-off.
    expect(shopClock(at('2025-11-17T23:30'), 'Europe/Berlin')).toEqual({ day: '2025-11-18', hour: 0 })
    expect(estimate('2025-11-17T23:30', days(0), days(0))).toMatchObject({ latest: '2025-11-18' })
    // 12:30 UTC in July is 14:30 in Berlin: past the cut-off.
    expect(handlingDay(at('2025-07-01T12:30'), BERLIN)).toBe('2025-07-02')
    expect(handlingDay(at('2025-07-01T12:30'), { ...BERLIN, timeZone: 'UTC' })).toBe('2025-07-01')
  })

  it('answers the clock of each minute and zone, in any order of asking (the last answer is kept per zone)', () => {
    const times = [
      '2025-11-17T23:29',
      '2025-11-17T23:30',
      '2025-11-17T22:59',
      '2025-11-17T23:00',
      '2025-11-17T23:29',
    ]
    const zones = ['Europe/Berlin', 'Asia/Kolkata', 'UTC', 'America/St_Johns']
    const fresh = (iso: string, timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(at(iso))
          .map((p) => [p.type, p.value]),
      )
      return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 }
    }
    for (const iso of times)
      for (const zone of zones) expect(shopClock(at(iso), zone)).toEqual(fresh(iso, zone))
    // Within one minute the same answer; a caller changing its copy changes nobody else's.
    const first = shopClock(at('2025-11-17T18:29'), 'Asia/Kolkata')
    first.hour = 99
    expect(shopClock(new Date(at('2025-11-17T18:29').getTime() + 59_000), 'Asia/Kolkata')).toEqual({
      day: '2025-11-17',
      hour: 23,
    })
    expect(shopClock(at('2025-11-17T18:30'), 'Asia/Kolkata')).toEqual({ day: '2025-11-18', hour: 0 })
  })

  it('has no date out of stock, and none when ready-for-shipment or delivery days are unknown', () => {
    expect(
      deliveryEstimate([{ ready: days(0), inStock: false }], days(1), at('2025-11-17T09:00'), BERLIN),
    ).toEqual({ status: 'out_of_stock', count: 1 })
    expect(deliveryEstimate([{ ready: undefined, inStock: true }], days(1), new Date(), BERLIN)).toEqual({
      status: 'unknown',
    })
    expect(deliveryEstimate([inStock(days(0))], undefined, new Date(), BERLIN)).toEqual({ status: 'unknown' })
    expect(deliveryEstimate([], days(1), new Date(), BERLIN)).toEqual({ status: 'unknown' })
  })

  it('reads a product’s days and stock as the product page has them', () => {
    const product = { available: true, readyForShipmentMin: 1, readyForShipmentMax: 2 }
    const now = at('2025-11-17T09:00')
    expect(productDeliveryEstimate(product, 1, days(3, 5), now, BERLIN)).toMatchObject({
      earliest: '2025-11-21',
      latest: '2025-11-26',
    })
    // The inventory decides over the product's flag; without one, the flag does.
    expect(productDeliveryEstimate(product, 3, days(3, 5), now, BERLIN).status).toBe('out_of_stock')
    expect(
      productDeliveryEstimate({ ...product, available: false }, undefined, days(1), now, BERLIN).status,
    ).toBe('out_of_stock')
    // Without a maximum the days are unknown; a missing minimum counts as 0.
    expect(
      productDeliveryEstimate({ available: true, readyForShipmentMin: 1 }, 1, days(1), now, BERLIN).status,
    ).toBe('unknown')
    expect(
      productDeliveryEstimate({ available: true, readyForShipmentMax: 1 }, 1, days(1), now, BERLIN),
    ).toMatchObject({ earliest: '2025-11-18', latest: '2025-11-19' })
  })
})

describe('the delivery date of a basket', () => {
  const now = at('2025-11-17T09:00')
  const product = (min: number, max: number, available = true) => ({
    available,
    readyForShipmentMin: min,
    readyForShipmentMax: max,
  })

  it('ships together: the latest line decides both ends of the range', () => {
    expect(basketDeliveryEstimate([product(0, 1), product(2, 4)], days(1, 2), now, BERLIN)).toEqual({
      status: 'dated',
      earliest: '2025-11-20',
      latest: '2025-11-25',
    })
  })

  it('counts the lines out of stock, and knows no date for a product it could not load', () => {
    expect(
      basketDeliveryEstimate(
        [product(0, 1, false), product(0, 1), product(2, 4, false)],
        days(1),
        now,
        BERLIN,
      ),
    ).toEqual({ status: 'out_of_stock', count: 2 })
    expect(basketDeliveryEstimate([product(0, 1), null], days(1), now, BERLIN)).toEqual({ status: 'unknown' })
  })
})

describe('the delivery configuration', () => {
  it('reads holidays as MM-DD or yyyy-mm-dd and refuses anything else', () => {
    expect(parseHolidays('01-01, 12-25 2026-04-03,02-29')).toEqual(['01-01', '12-25', '2026-04-03', '02-29'])
    expect(() => parseHolidays('13-01')).toThrow(/SHOP_HOLIDAYS/)
    expect(() => parseHolidays('2026-02-29')).toThrow(/SHOP_HOLIDAYS/)
    expect(() => parseHolidays('christmas')).toThrow(/SHOP_HOLIDAYS/)
    expect(parseHolidays('')).toEqual([])
  })

  it('reads delivery days as one number or a range', () => {
    expect(parseDayRange('3-5')).toEqual({ min: 3, max: 5 })
    expect(parseDayRange('2')).toEqual({ min: 2, max: 2 })
    expect(parseDayRange('5-3')).toEqual({ min: 3, max: 5 })
    expect(() => parseDayRange('soon')).toThrow()
  })
})

describe('a delivery day in words', () => {
  it('shows weekday, day and month in the page’s language, whatever the server’s time zone', () => {
    expect(formatDeliveryDay('2025-11-25', 'en-US')).toBe('Tue, Nov 25')
    expect(formatDeliveryDay('2025-11-25', 'de-DE')).toBe('Di., 25. Nov.')
    expect(formatDeliveryDay('2025-11-25', 'fr-FR')).toBe('mar. 25 nov.')
  })
})
