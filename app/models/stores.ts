import { z } from 'zod'

/**
 * The store finder's stores (spec shell §2.1 `store-finder`, §2.7 store locator): ICM's `GET stores` answer
 * as the Intershop PWA maps it (`uuid` → id, `phoneBusiness` → phone, the position parsed from decimal
 * strings), with this shop's attributes (ADR 0043): opening hours, the US state, the distance from a place.
 */
const AttributeSchema = z.object({ name: z.string(), type: z.string().optional(), value: z.unknown() })

export const StoreDataSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  address: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  countryCode: z.string().optional(),
  phoneBusiness: z.string().optional(),
  fax: z.string().optional(),
  email: z.string().optional(),
  latitude: z.string().optional(),
  longitude: z.string().optional(),
  attributes: z.array(AttributeSchema).optional(),
})

export const StoresSchema = z.object({
  elements: z.array(StoreDataSchema).default([]),
  total: z.number().optional(),
})

export type StoreData = z.infer<typeof StoreDataSchema>

export type Store = {
  id: string
  name: string
  address: string
  postalCode: string
  city: string
  mainDivisionCode?: string
  country: string
  countryCode: string
  phone?: string
  fax?: string
  email?: string
  /** Null when ICM has no (valid) position for the store: it is listed, but not on the map. */
  position: { latitude: number; longitude: number } | null
  openingHours?: string
  /** Kilometres from the place the list is sorted by. */
  distanceKm?: number
}

const coordinate = (value: string | undefined, limit: number) => {
  const number = value === undefined ? NaN : Number.parseFloat(value)
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined
}

export function storeFromData(data: StoreData): Store {
  const attribute = (name: string) => data.attributes?.find((entry) => entry.name === name)?.value
  const latitude = coordinate(data.latitude, 90)
  const longitude = coordinate(data.longitude, 180)
  const hours = attribute('openingHours')
  const state = attribute('mainDivisionCode')
  const distance = attribute('distance')
  return {
    id: data.uuid,
    name: data.name,
    address: data.address ?? '',
    postalCode: data.postalCode ?? '',
    city: data.city ?? '',
    ...(typeof state === 'string' ? { mainDivisionCode: state } : {}),
    country: data.country ?? data.countryCode ?? '',
    countryCode: data.countryCode ?? '',
    ...(data.phoneBusiness ? { phone: data.phoneBusiness } : {}),
    ...(data.fax ? { fax: data.fax } : {}),
    ...(data.email ? { email: data.email } : {}),
    position: latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null,
    ...(typeof hours === 'string' ? { openingHours: hours } : {}),
    ...(typeof distance === 'number' ? { distanceKm: distance } : {}),
  }
}

/** The line with postal code and city as the store's country writes it ("Chicago, IL 60609", "80807 München"). */
export function cityLine(store: Pick<Store, 'postalCode' | 'city' | 'countryCode' | 'mainDivisionCode'>) {
  if (store.countryCode === 'US')
    return `${store.city}${store.mainDivisionCode ? `, ${store.mainDivisionCode}` : ''} ${store.postalCode}`.trim()
  return `${store.postalCode} ${store.city}`.trim()
}

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const

/** One line of opening hours: days (a range or one day) and their time spans, `[]` when closed. */
export type OpeningHoursRule = { from: number; to: number; spans: { opens: string; closes: string }[] }

const TIME = /^([01]\d|2[0-4]):[0-5]\d$/

/**
 * Opening hours in OpenStreetMap's `opening_hours` notation, as far as stores use it: rules separated by
 * `;`, each days (`Mo-Fr`, `Sa`, or a comma list of either) and times (`07:30-12:00,13:30-18:00`, or `off`).
 * Null for anything else: the page then shows the text as it came.
 */
export function parseOpeningHours(text: string): OpeningHoursRule[] | null {
  const rules: OpeningHoursRule[] = []
  for (const part of text
    .split(';')
    .map((rule) => rule.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z,-]+)\s+(.+)$/.exec(part)
    if (!match) return null
    const spans: OpeningHoursRule['spans'] = []
    if (match[2]!.trim().toLowerCase() !== 'off') {
      for (const span of match[2]!.split(',')) {
        const [opens, closes, extra] = span.trim().split('-')
        if (extra !== undefined || !opens || !closes || !TIME.test(opens) || !TIME.test(closes)) return null
        spans.push({ opens, closes })
      }
    }
    for (const days of match[1]!.split(',')) {
      const [first, last, extra] = days.split('-')
      const from = DAYS.indexOf(first as (typeof DAYS)[number])
      const to = last === undefined ? from : DAYS.indexOf(last as (typeof DAYS)[number])
      if (extra !== undefined || from < 0 || to < from) return null
      rules.push({ from, to, spans })
    }
  }
  return rules.length ? rules : null
}

/** A weekday's short name in the page's language (0 = Monday). */
export function weekdayName(day: number, localeTag: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(localeTag, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + day)),
  )
}

/** A distance in the page's language: whole kilometres from 10 km, one decimal below. */
export function formatDistance(km: number, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km)
}

/** The map's box in the SVG's own units, and where each store lies in it. */
export type MapLayout = {
  width: number
  height: number
  markers: { id: string; number: number; x: number; y: number }[]
  /** Meridians and parallels through the box, at a round step for its size. */
  graticule: { meridians: { x: number; degrees: number }[]; parallels: { y: number; degrees: number }[] }
}

const MAP_WIDTH = 640
const PAD = 24

/**
 * The stores on an equirectangular map of the box around them (a margin of a tenth, at least a degree), the
 * longitudes shrunk by the cosine of the middle latitude so that distances look right in both directions;
 * the map is as wide as the SVG and at most as high, at least a quarter of it. Numbers follow the list's order.
 */
export function mapLayout(stores: readonly Pick<Store, 'id' | 'position'>[]): MapLayout | null {
  const placed = stores
    .map((store, index) => ({ id: store.id, number: index + 1, position: store.position }))
    .filter((entry): entry is typeof entry & { position: NonNullable<Store['position']> } => !!entry.position)
  if (placed.length === 0) return null
  const lats = placed.map((entry) => entry.position.latitude)
  const lons = placed.map((entry) => entry.position.longitude)
  const margin = (min: number, max: number) => Math.max((max - min) / 10, 1)
  const latMargin = margin(Math.min(...lats), Math.max(...lats))
  const lonMargin = margin(Math.min(...lons), Math.max(...lons))
  const south = Math.max(Math.min(...lats) - latMargin, -90)
  const north = Math.min(Math.max(...lats) + latMargin, 90)
  const west = Math.max(Math.min(...lons) - lonMargin, -180)
  const east = Math.min(Math.max(...lons) + lonMargin, 180)
  const squeeze = Math.max(Math.cos((((south + north) / 2) * Math.PI) / 180), 0.2)
  const inner = MAP_WIDTH - 2 * PAD
  const scale = Math.min(inner / ((east - west) * squeeze), inner / (north - south))
  const contentWidth = (east - west) * squeeze * scale
  const contentHeight = (north - south) * scale
  const innerHeight = Math.max(contentHeight, inner / 4)
  // What does not fill the box is centred in it.
  const offsetX = (inner - contentWidth) / 2
  const offsetY = (innerHeight - contentHeight) / 2
  const x = (lon: number) => PAD + offsetX + (lon - west) * squeeze * scale
  const y = (lat: number) => PAD + offsetY + (north - lat) * scale
  const span = Math.max(east - west, north - south)
  const step = [1, 2, 5, 10, 20, 30, 45].find((candidate) => span / candidate <= 8) ?? 60
  const lines = (from: number, to: number) => {
    const list: number[] = []
    for (let degrees = Math.ceil(from / step) * step; degrees <= to; degrees += step) list.push(degrees)
    return list
  }
  return {
    width: MAP_WIDTH,
    height: Math.round(innerHeight + 2 * PAD),
    markers: placed.map((entry) => ({
      id: entry.id,
      number: entry.number,
      x: Math.round(x(entry.position.longitude) * 10) / 10,
      y: Math.round(y(entry.position.latitude) * 10) / 10,
    })),
    graticule: {
      meridians: lines(west, east).map((degrees) => ({ degrees, x: Math.round(x(degrees) * 10) / 10 })),
      parallels: lines(south, north).map((degrees) => ({ degrees, y: Math.round(y(degrees) * 10) / 10 })),
    },
  }
}

/** The country a place typed on a page of this language most likely lies in, for codes known in several. */
export function pageCountry(localeId: string): string {
  return localeId.split('_')[1] ?? ''
}
