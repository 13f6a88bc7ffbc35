/**
 * Recurrence (spec commerce-and-checkout §3 "Recurring order", ADR 0020): a basket's ICM `recurrence` (interval,
 * startDate, endDate or repetitions) and the schedule of the recurring order made from it. Plain values only:
 * days are calendar days written yyyy-mm-dd and counted in UTC, intervals ISO 8601 durations of one unit. Weeks
 * are kept as days, as ICM answers them (P2W is P14D; the storefront shows multiples of 7 days as weeks).
 *
 * The n-th order's day is counted from the start date, never from the day before it, so that a schedule does
 * not drift: Jan 31 + P1M gives Feb 28 (29), then Mar 31, Apr 30; Feb 29 + P1Y gives Feb 28 in common years.
 */
import type { BasketRecurrence } from '../db/schema'
import type { DomainErrorCause } from './errors'
import type { MessageCode } from './message-codes'

export type IntervalUnit = 'D' | 'M' | 'Y'
export type Interval = { count: number; unit: IntervalUnit }

/** ICM's intervals: one whole number of days, weeks, months or years (P1D, P2W, P1M, P1Y). */
export const INTERVAL_PATTERN = /^P([1-9]\d{0,2})([DWMY])$/

/** The longest interval between two orders of a recurring order, per unit: one year. */
export const MAX_INTERVAL: Readonly<Record<IntervalUnit, number>> = { D: 365, M: 12, Y: 1 }
/** The furthest ahead a recurring order may start, in days. */
export const MAX_START_DAYS = 365
/** The latest end date, in years after the start date. */
export const MAX_SPAN_YEARS = 10
/** The most orders a recurring order may be set to place (`repetitions`). */
export const MAX_REPETITIONS = 999

export function parseInterval(text: string): Interval | undefined {
  const match = INTERVAL_PATTERN.exec(text)
  if (!match) return undefined
  const count = Number(match[1])
  const unit = match[2] as 'D' | 'W' | 'M' | 'Y'
  return unit === 'W' ? { count: count * 7, unit: 'D' } : { count, unit }
}

export const intervalText = ({ count, unit }: Interval) => `P${count}${unit}`

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/** The day of a yyyy-mm-dd text as a UTC date, or undefined when it is no calendar day (2026-02-30). */
function utcDate(day: string): Date | undefined {
  const match = DAY_PATTERN.exec(day)
  if (!match) return undefined
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toISOString().slice(0, 10) === day ? date : undefined
}

export const isCalendarDay = (day: string) => utcDate(day) !== undefined

/** The UTC day of an instant. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10)

/**
 * The day of a date as clients send it: yyyy-mm-dd, or an ISO 8601 date-time whose date part is the day meant
 * in the sender's time zone (the PWA sends `formatISO(date)`, e.g. 2026-03-02T00:00:00+01:00).
 */
export function dayOfInput(text: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text,
  )
  return match && isCalendarDay(match[1]!) ? match[1] : undefined
}

export function addDays(day: string, days: number): string {
  const date = utcDate(day)!
  return dayOf(new Date(date.getTime() + days * DAY_MS))
}

/** The same day of the month `months` later, or that month's last day when it is shorter (Jan 31 → Feb 28). */
export function addMonths(day: string, months: number): string {
  const date = utcDate(day)!
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return dayOf(first)
}

/** The day of the n-th order (0: the start date). */
export function occurrenceDay(startDate: string, interval: Interval, n: number): string {
  if (interval.unit === 'D') return addDays(startDate, n * interval.count)
  return addMonths(startDate, n * interval.count * (interval.unit === 'Y' ? 12 : 1))
}

/** A recurring order's schedule: when its orders fall and when it ends. */
export type Schedule = {
  interval: Interval
  startDate: string
  endDate?: string | null
  repetitions?: number | null
}

export type NextOccurrence = { occurrence: number; day: string }

/**
 * The next order of a schedule: the first occurrence from index `from` on whose day is `onOrAfter` or later;
 * null when the schedule has ended by then (`repetitions` orders placed, or the day beyond the end date).
 * Occurrences before `onOrAfter` are passed over, never caught up: a recurring order that was switched off
 * or could not be placed for a while goes on with its next day, not with a burst of the missed ones.
 */
export function nextOccurrence(
  schedule: Schedule,
  { from, onOrAfter, orderCount }: { from: number; onOrAfter: string; orderCount: number },
): NextOccurrence | null {
  if (schedule.repetitions && orderCount >= schedule.repetitions) return null
  const { interval, startDate } = schedule
  let n = Math.max(from, 0)
  if (occurrenceDay(startDate, interval, n) < onOrAfter) {
    // Jump to just before the day (a step is at most 31 days a month, 366 a year: never beyond it), then step.
    const gap = (utcDate(onOrAfter)!.getTime() - utcDate(startDate)!.getTime()) / DAY_MS
    const longest = interval.unit === 'D' ? 1 : interval.unit === 'M' ? 31 : 366
    n = Math.max(n, Math.floor(gap / (interval.count * longest)) - 1)
    while (occurrenceDay(startDate, interval, n) < onOrAfter) n += 1
  }
  const day = occurrenceDay(startDate, interval, n)
  if (schedule.endDate && day > schedule.endDate) return null
  return { occurrence: n, day }
}

/**
 * The latest occurrence from index `from` on whose day is `onOrBefore` or earlier (and not after the end date):
 * the day a run that comes late places, passing over the older ones; null when none is due.
 */
export function latestOccurrence(
  schedule: Schedule,
  { from, onOrBefore }: { from: number; onOrBefore: string },
): NextOccurrence | null {
  const limit = schedule.endDate && schedule.endDate < onOrBefore ? schedule.endDate : onOrBefore
  const unbounded = { ...schedule, endDate: null, repetitions: null }
  const after = nextOccurrence(unbounded, { from, onOrAfter: addDays(limit, 1), orderCount: 0 })!
  const n = after.occurrence - 1
  return n < from ? null : { occurrence: n, day: occurrenceDay(schedule.startDate, schedule.interval, n) }
}

/**
 * The earliest start date accepted at `now`: today somewhere on earth (UTC-12), so that a shopper west of UTC
 * late in their evening may still start today, in their own date.
 */
export const earliestStartDate = (now: Date) => dayOf(new Date(now.getTime() - 12 * 3_600_000))

/** A recurrence as a client asks for it, its form checked (routes), its dates as days. */
export type RecurrenceRequest = {
  interval: string
  startDate: string
  endDate?: string | null
  repetitions?: number | null
}

/** What keeps a well-formed recurrence from being set (422 causes, paths under `recurrence`), at `now`. */
export function recurrenceProblems(request: RecurrenceRequest, now: Date): DomainErrorCause[] {
  const problems: DomainErrorCause[] = []
  const problem = (field: string, code: MessageCode, message: string) =>
    problems.push({ code, message, paths: [`recurrence.${field}`] })
  const interval = parseInterval(request.interval)
  if (!interval)
    problem('interval', 'basket.recurrence.interval.invalid.error', `'${request.interval}' is no interval.`)
  else if (interval.count > MAX_INTERVAL[interval.unit])
    problem(
      'interval',
      'basket.recurrence.interval.too_long.error',
      'There is at most one year between two orders.',
    )
  const earliest = earliestStartDate(now)
  if (request.startDate < earliest)
    problem(
      'startDate',
      'basket.recurrence.start_date.past.error',
      'The first order cannot be placed in the past.',
    )
  else if (request.startDate > addDays(dayOf(now), MAX_START_DAYS))
    problem(
      'startDate',
      'basket.recurrence.start_date.too_late.error',
      `The first order must be within ${MAX_START_DAYS} days.`,
    )
  if (request.endDate) {
    if (request.endDate <= request.startDate)
      problem(
        'endDate',
        'basket.recurrence.end_date.not_after_start.error',
        'The end date must be after the start date.',
      )
    else if (request.endDate > addMonths(request.startDate, MAX_SPAN_YEARS * 12))
      problem(
        'endDate',
        'basket.recurrence.end_date.too_late.error',
        `A recurring order ends within ${MAX_SPAN_YEARS} years.`,
      )
  }
  return problems
}

/** The recurrence a basket keeps: the interval as ICM answers it, one end at most. */
export function storedRecurrence(request: RecurrenceRequest): BasketRecurrence {
  return {
    interval: intervalText(parseInterval(request.interval)!),
    startDate: request.startDate,
    ...(request.endDate ? { endDate: request.endDate } : {}),
    ...(request.repetitions ? { repetitions: request.repetitions } : {}),
  }
}

/** The schedule of a stored recurrence. */
export const scheduleOf = (recurrence: BasketRecurrence): Schedule => ({
  interval: parseInterval(recurrence.interval)!,
  startDate: recurrence.startDate,
  endDate: recurrence.endDate ?? null,
  repetitions: recurrence.repetitions ?? null,
})
