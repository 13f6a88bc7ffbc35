/** The days of a recurring order's orders, its end, and the rules of a basket's recurrence (recurrence.ts). */
import { describe, expect, it } from 'vitest'
import {
  addDays,
  dayOfInput,
  earliestStartDate,
  latestOccurrence,
  nextOccurrence,
  occurrenceDay,
  parseInterval,
  recurrenceProblems,
  storedRecurrence,
  type Schedule,
} from './recurrence'

const days = (schedule: Schedule, count: number) =>
  Array.from({ length: count }, (_, n) => occurrenceDay(schedule.startDate, schedule.interval, n))

const schedule = (interval: string, startDate: string, end: Partial<Schedule> = {}): Schedule => ({
  interval: parseInterval(interval)!,
  startDate,
  ...end,
})

describe('an interval', () => {
  it('is one whole number of days, weeks, months or years; weeks are kept as days, as ICM answers them', () => {
    expect(parseInterval('P1D')).toEqual({ count: 1, unit: 'D' })
    expect(parseInterval('P2W')).toEqual({ count: 14, unit: 'D' })
    expect(parseInterval('P1M')).toEqual({ count: 1, unit: 'M' })
    expect(parseInterval('P1Y')).toEqual({ count: 1, unit: 'Y' })
    expect(storedRecurrence({ interval: 'P2W', startDate: '2026-03-02' }).interval).toBe('P14D')
    for (const malformed of ['P0D', 'P1H', 'PT1D', 'P1W2D', 'p1d', 'P', '1D', 'P01D', 'P1000D', ''])
      expect(parseInterval(malformed), malformed).toBeUndefined()
  })
})

describe('the days of the orders', () => {
  it('follow each frequency from the start date', () => {
    expect(days(schedule('P1D', '2026-12-30'), 4)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
    expect(days(schedule('P3D', '2026-02-27'), 3)).toEqual(['2026-02-27', '2026-03-02', '2026-03-05'])
    expect(days(schedule('P1W', '2026-03-02'), 3)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16'])
    expect(days(schedule('P2W', '2026-12-21'), 3)).toEqual(['2026-12-21', '2027-01-04', '2027-01-18'])
    expect(days(schedule('P1M', '2026-03-15'), 3)).toEqual(['2026-03-15', '2026-04-15', '2026-05-15'])
    expect(days(schedule('P3M', '2026-11-10'), 3)).toEqual(['2026-11-10', '2027-02-10', '2027-05-10'])
    expect(days(schedule('P1Y', '2026-06-01'), 3)).toEqual(['2026-06-01', '2027-06-01', '2028-06-01'])
  })

  it('keep to the month end without drifting: Jan 31 + P1M is Feb 28 (29), then Mar 31, Apr 30', () => {
    expect(days(schedule('P1M', '2027-01-31'), 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ])
    expect(days(schedule('P1M', '2028-01-31'), 2)).toEqual(['2028-01-31', '2028-02-29'])
    expect(days(schedule('P1M', '2026-08-30'), 4)).toEqual([
      '2026-08-30',
      '2026-09-30',
      '2026-10-30',
      '2026-11-30',
    ])
    expect(days(schedule('P1Y', '2028-02-29'), 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ])
  })
})

describe('the next order', () => {
  it('is the first day on or after a day, missed days passed over, never caught up', () => {
    const daily = schedule('P1D', '2026-03-01')
    expect(nextOccurrence(daily, { from: 0, onOrAfter: '2026-03-01', orderCount: 0 })).toEqual({
      occurrence: 0,
      day: '2026-03-01',
    })
    expect(nextOccurrence(daily, { from: 1, onOrAfter: '2026-03-06', orderCount: 1 })).toEqual({
      occurrence: 5,
      day: '2026-03-06',
    })
    const monthly = schedule('P1M', '2027-01-31')
    expect(nextOccurrence(monthly, { from: 1, onOrAfter: '2027-03-01', orderCount: 1 })).toEqual({
      occurrence: 2,
      day: '2027-03-31',
    })
    // Never before `from`, even when an earlier day would be on or after the day asked for.
    expect(nextOccurrence(daily, { from: 3, onOrAfter: '2026-03-01', orderCount: 3 })?.occurrence).toBe(3)
  })

  it('finds far days as stepping one by one would, for every frequency', () => {
    for (const [interval, start] of [
      ['P1M', '2026-01-31'],
      ['P5M', '2026-08-31'],
      ['P1Y', '2028-02-29'],
      ['P9D', '2026-05-05'],
      ['P6W', '2026-05-05'],
    ] as const) {
      const plan = schedule(interval, start)
      for (const onOrAfter of ['2027-03-01', '2031-02-28', '2035-12-31']) {
        let n = 0
        while (occurrenceDay(start, plan.interval, n) < onOrAfter) n += 1
        expect(
          nextOccurrence(plan, { from: 0, onOrAfter, orderCount: 0 }),
          `${interval} ${onOrAfter}`,
        ).toEqual({
          occurrence: n,
          day: occurrenceDay(start, plan.interval, n),
        })
      }
    }
  })

  it('placed late is the latest day due, not the oldest: a run that comes late passes over the others', () => {
    const weekly = schedule('P1W', '2026-03-02', { endDate: '2026-04-06' })
    expect(latestOccurrence(weekly, { from: 0, onOrBefore: '2026-03-01' })).toBeNull()
    expect(latestOccurrence(weekly, { from: 0, onOrBefore: '2026-03-02' })).toEqual({
      occurrence: 0,
      day: '2026-03-02',
    })
    expect(latestOccurrence(weekly, { from: 0, onOrBefore: '2026-03-20' })).toEqual({
      occurrence: 2,
      day: '2026-03-16',
    })
    expect(latestOccurrence(weekly, { from: 3, onOrBefore: '2026-03-20' })).toBeNull()
    // Never beyond the end date, however late.
    expect(latestOccurrence(weekly, { from: 1, onOrBefore: '2026-12-31' })).toEqual({
      occurrence: 5,
      day: '2026-04-06',
    })
    const monthly = schedule('P1M', '2027-01-31')
    expect(latestOccurrence(monthly, { from: 0, onOrBefore: '2027-03-30' })).toEqual({
      occurrence: 1,
      day: '2027-02-28',
    })
  })

  it('ends after the end date (an order on the end date itself is placed) or after `repetitions` orders', () => {
    const untilDate = schedule('P1W', '2026-03-02', { endDate: '2026-03-16' })
    expect(nextOccurrence(untilDate, { from: 2, onOrAfter: '2026-03-10', orderCount: 2 })).toEqual({
      occurrence: 2,
      day: '2026-03-16',
    })
    expect(nextOccurrence(untilDate, { from: 3, onOrAfter: '2026-03-17', orderCount: 3 })).toBeNull()
    const threeTimes = schedule('P1M', '2026-03-31', { repetitions: 3 })
    expect(nextOccurrence(threeTimes, { from: 2, onOrAfter: '2026-05-01', orderCount: 2 })?.day).toBe(
      '2026-05-31',
    )
    expect(nextOccurrence(threeTimes, { from: 3, onOrAfter: '2026-06-01', orderCount: 3 })).toBeNull()
    // Repetitions count the orders placed, not the days passed over.
    expect(nextOccurrence(threeTimes, { from: 3, onOrAfter: '2026-09-01', orderCount: 1 })?.day).toBe(
      '2026-09-30',
    )
  })
})

describe('a recurrence asked for', () => {
  const now = new Date('2026-03-02T10:00:00Z')
  const codes = (request: Parameters<typeof recurrenceProblems>[0], at = now) =>
    recurrenceProblems(request, at).map((p) => [p.code, p.paths])

  it('starts today or later (today anywhere on earth: UTC-12), within a year', () => {
    expect(codes({ interval: 'P1W', startDate: '2026-03-02' })).toEqual([])
    expect(earliestStartDate(new Date('2026-03-02T11:59:00Z'))).toBe('2026-03-01')
    expect(codes({ interval: 'P1W', startDate: '2026-03-01' }, new Date('2026-03-02T11:00:00Z'))).toEqual([])
    expect(codes({ interval: 'P1W', startDate: '2026-03-01' }, new Date('2026-03-02T12:00:00Z'))).toEqual([
      ['basket.recurrence.start_date.past.error', ['recurrence.startDate']],
    ])
    expect(codes({ interval: 'P1W', startDate: addDays('2026-03-02', 365) })).toEqual([])
    expect(codes({ interval: 'P1W', startDate: addDays('2026-03-02', 366) })).toEqual([
      ['basket.recurrence.start_date.too_late.error', ['recurrence.startDate']],
    ])
  })

  it('ends after its start and within ten years, and has at most a year between two orders', () => {
    expect(codes({ interval: 'P1M', startDate: '2026-03-02', endDate: '2026-03-02' })).toEqual([
      ['basket.recurrence.end_date.not_after_start.error', ['recurrence.endDate']],
    ])
    expect(codes({ interval: 'P1M', startDate: '2026-03-02', endDate: '2036-03-02' })).toEqual([])
    expect(codes({ interval: 'P1M', startDate: '2026-03-02', endDate: '2036-03-03' })).toEqual([
      ['basket.recurrence.end_date.too_late.error', ['recurrence.endDate']],
    ])
    for (const ok of ['P365D', 'P52W', 'P12M', 'P1Y'])
      expect(codes({ interval: ok, startDate: '2026-03-02' }), ok).toEqual([])
    for (const tooLong of ['P366D', 'P53W', 'P13M', 'P2Y'])
      expect(codes({ interval: tooLong, startDate: '2026-03-02' }), tooLong).toEqual([
        ['basket.recurrence.interval.too_long.error', ['recurrence.interval']],
      ])
  })

  it('takes a day as yyyy-mm-dd, or the date part of an ISO date-time as the PWA sends it', () => {
    expect(dayOfInput('2026-03-02')).toBe('2026-03-02')
    expect(dayOfInput('2026-03-02T00:00:00+01:00')).toBe('2026-03-02')
    expect(dayOfInput('2026-03-02T23:30:00Z')).toBe('2026-03-02')
    expect(dayOfInput('2026-03-02T09:52:16.123Z')).toBe('2026-03-02')
    for (const bad of ['2026-02-30', '2026-3-2', '02.03.2026', '2026-03-02T', '2026-03-02 10:00', 'tomorrow'])
      expect(dayOfInput(bad), bad).toBeUndefined()
  })
})
