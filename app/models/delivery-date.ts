/**
 * A concrete delivery date (issue 19): "delivered by Tue 25 Nov" from today in the shop's time zone, the order
 * cut-off, the product's ready-for-shipment days, the shipping method's delivery days, weekends and the
 * shop's holidays. Pure: "now" and the calendar come in as values; dates go out as `yyyy-mm-dd` calendar
 * days, so the server computes them once and every renderer shows the same day.
 */

/** Working days, `min` to `max` (ready for shipment, or a shipping method's delivery time). */
export type DayRange = { min: number; max: number }

/** The shop's working calendar (README, "Configuration"). */
export type DeliveryCalendar = {
  /** IANA time zone whose "today" counts, e.g. Europe/Berlin. */
  timeZone: string
  /** Orders from this hour on (shop time, 0–24) are handled on the next working day. */
  cutoffHour: number
  /** Days nothing ships or arrives: `MM-DD` every year, `yyyy-mm-dd` once. Saturdays and Sundays always. */
  holidays: readonly string[]
}

/** Germany's nationwide fixed-date holidays, and Christmas Eve and New Year's Eve, when the warehouse is shut. */
export const DEFAULT_HOLIDAYS = ['01-01', '05-01', '10-03', '12-24', '12-25', '12-26', '12-31'] as const

export const DEFAULT_DELIVERY_CALENDAR: DeliveryCalendar = {
  timeZone: 'Europe/Berlin',
  cutoffHour: 14,
  holidays: DEFAULT_HOLIDAYS,
}

/**
 * What the shop can promise: a day (`earliest` = `latest`) or a range of days; no date while something is
 * out of stock (`count`: how many products); or `unknown` when ready-for-shipment or delivery days are not
 * known.
 */
export type DeliveryEstimate =
  | { status: 'dated'; earliest: string; latest: string }
  | { status: 'out_of_stock'; count: number }
  | { status: 'unknown' }

const DAY_MS = 86_400_000
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`)
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const clockFormats = new Map<string, Intl.DateTimeFormat>()
const MINUTE_MS = 60_000
/** The last answer per time zone and its minute: a product page asks many times a second. */
const lastClock = new Map<string, { minute: number; clock: { day: string; hour: number } }>()

/**
 * The calendar day and hour `now` is in `timeZone`. Both change on whole minutes only (UTC offsets are
 * multiples of a quarter hour), so an answer holds for the rest of its minute: `formatToParts` costs
 * more than the rest of a delivery estimate.
 */
export function shopClock(now: Date, timeZone: string): { day: string; hour: number } {
  const minute = Math.floor(now.getTime() / MINUTE_MS)
  const last = lastClock.get(timeZone)
  if (last?.minute === minute) return { ...last.clock }
  const clock = zonedClock(now, timeZone)
  if (lastClock.size >= 64 && !last) lastClock.clear()
  lastClock.set(timeZone, { minute, clock })
  return { ...clock }
}

function zonedClock(now: Date, timeZone: string): { day: string; hour: number } {
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
    clockFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]))
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 }
}

/** Monday to Friday and not one of the holidays. */
export function isWorkingDay(day: string, holidays: readonly string[]): boolean {
  const weekday = new Date(dayOf(day)).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  return !holidays.includes(day) && !holidays.includes(day.slice(5))
}

/** The working day `count` working days after `day` (`day` itself for 0). */
export function addWorkingDays(day: string, count: number, holidays: readonly string[]): string {
  let ms = dayOf(day)
  for (let left = count; left > 0;) {
    ms += DAY_MS
    if (isWorkingDay(isoOf(ms), holidays)) left--
  }
  return isoOf(ms)
}

/** The first working day on or after `day`. */
const workingDayFrom = (day: string, holidays: readonly string[]) =>
  isWorkingDay(day, holidays) ? day : addWorkingDays(day, 1, holidays)

/**
 * The working day an order placed `now` is handled: today before the cut-off on a working day, else the next
 * working day.
 */
export function handlingDay(now: Date, calendar: DeliveryCalendar): string {
  const { day, hour } = shopClock(now, calendar.timeZone)
  if (hour >= calendar.cutoffHour) return addWorkingDays(day, 1, calendar.holidays)
  return workingDayFrom(day, calendar.holidays)
}

/** A whole, non-negative range, or undefined (unknown); a missing or odd minimum counts from 0. */
export function dayRange(min: number | undefined, max: number | undefined): DayRange | undefined {
  if (max === undefined || !Number.isInteger(max) || max < 0) return undefined
  const from = min !== undefined && Number.isInteger(min) && min >= 0 && min <= max ? min : 0
  return { min: from, max }
}

export type DeliveryItem = {
  /** Working days until the product is ready for shipment; undefined when not known. */
  ready: DayRange | undefined
  inStock: boolean
}

/**
 * When an order of `items` placed `now` arrives with a method taking `shipping` working days: the whole order
 * ships together, so the latest item decides. Ready-for-shipment days count from the handling day, delivery
 * days from the day it ships.
 */
export function deliveryEstimate(
  items: readonly DeliveryItem[],
  shipping: DayRange | undefined,
  now: Date,
  calendar: DeliveryCalendar,
): DeliveryEstimate {
  const missing = items.filter((item) => !item.inStock).length
  if (missing > 0) return { status: 'out_of_stock', count: missing }
  if (!shipping || items.length === 0 || items.some((item) => !item.ready)) return { status: 'unknown' }
  const ready = {
    min: Math.max(...items.map((item) => item.ready!.min)),
    max: Math.max(...items.map((item) => item.ready!.max)),
  }
  const start = handlingDay(now, calendar)
  const { holidays } = calendar
  const earliest = addWorkingDays(start, ready.min + shipping.min, holidays)
  const latest = addWorkingDays(start, ready.max + shipping.max, holidays)
  return { status: 'dated', earliest, latest }
}

/** `01-01,12-24` or `2026-04-03`: the holidays of a configuration; anything else is refused. */
export function parseHolidays(text: string): string[] {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const full = /^\d{4}-\d{2}-\d{2}$/.test(entry)
    const probe = full ? entry : `2000-${entry}`
    if (!/^\d{4}-\d{2}-\d{2}$/.test(probe) || Number.isNaN(dayOf(probe)) || isoOf(dayOf(probe)) !== probe)
      throw new Error(`SHOP_HOLIDAYS: "${entry}" is neither MM-DD nor yyyy-mm-dd.`)
  }
  return entries
}

/** `3-5` or `2`: working days of a configuration. */
export function parseDayRange(text: string): DayRange {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text)
  if (!match) throw new Error(`"${text}" is not a number of days such as 3 or 3-5.`)
  const min = Number(match[1])
  const max = Number(match[2] ?? match[1])
  return { min: Math.min(min, max), max: Math.max(min, max) }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** "Tue, Nov 25" / "Di., 25. Nov.": a calendar day in the page's locale, the same on server and client. */
export function formatDeliveryDay(day: string, localeTag: string): string {
  let format = dayFormats.get(localeTag)
  if (!format) {
    // The day is a calendar day: formatted in UTC so no time zone moves it.
    format = new Intl.DateTimeFormat(localeTag, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    })
    dayFormats.set(localeTag, format)
  }
  return format.format(new Date(dayOf(day)))
}

/** A product page's date: with the shop's standard delivery days; none while it is out of stock. */
export function productDeliveryEstimate(
  product: { available: boolean; readyForShipmentMin?: number; readyForShipmentMax?: number },
  stockStatus: 1 | 2 | 3 | undefined,
  shipping: DayRange | undefined,
  now: Date,
  calendar: DeliveryCalendar,
): DeliveryEstimate {
  const inStock = stockStatus === undefined ? product.available : stockStatus !== 3
  const ready = dayRange(product.readyForShipmentMin, product.readyForShipmentMax)
  return deliveryEstimate([{ ready, inStock }], shipping, now, calendar)
}

/**
 * A basket's date: every line's product (null when it could not be loaded: its days are unknown), with the
 * basket's shipping method's days.
 */
export function basketDeliveryEstimate(
  products: readonly ({
    available: boolean
    readyForShipmentMin?: number
    readyForShipmentMax?: number
  } | null)[],
  shipping: DayRange | undefined,
  now: Date,
  calendar: DeliveryCalendar,
): DeliveryEstimate {
  const items = products.map((product) => ({
    ready: product ? dayRange(product.readyForShipmentMin, product.readyForShipmentMax) : undefined,
    inStock: product?.available ?? true,
  }))
  return deliveryEstimate(items, shipping, now, calendar)
}
