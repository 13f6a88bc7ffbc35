/**
 * The store finder (issue 36, feature storeLocator): the shop's stores filtered by country, postal code and
 * city as ICM's `GET stores` does, and, as this shop's extension, ordered by distance from a postal code or
 * place the shopper types (ADR 0043). Distances are great-circle distances (haversine) on the mean earth
 * radius, in kilometres.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { stores } from '../db/schema'
import { invalidError } from './errors'
import { lookUpPlace, type Place } from './gazetteer'

export type StoreRow = typeof stores.$inferSelect

/** A point on the earth in degrees. */
export type Position = { latitude: number; longitude: number }

/** The mean earth radius (IUGG) in kilometres. */
const EARTH_RADIUS_KM = 6371.0088

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle distance between two points in kilometres (haversine formula). */
export function distanceKm(from: Position, to: Position): number {
  const dLat = radians(to.latitude - from.latitude)
  const dLon = radians(to.longitude - from.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Stores in the order of the list: by country, city and name (and id, so that the order is total). */
function byPlaceAndName(a: StoreRow, b: StoreRow): number {
  return (
    a.countryCode.localeCompare(b.countryCode) ||
    a.city.localeCompare(b.city, 'en') ||
    a.name.localeCompare(b.name, 'en') ||
    a.id.localeCompare(b.id)
  )
}

export type StoreWithDistance = { store: StoreRow; distanceKm?: number }

/**
 * Stores nearest `origin` first. Stores equally far (to the metre, as two counters in one building are) keep
 * the list's order among themselves, so that the answer is the same on every call.
 */
export function sortByDistance(rows: readonly StoreRow[], origin: Position): StoreWithDistance[] {
  return rows
    .map((store) => ({ store, distanceKm: distanceKm(origin, store), exact: 0 }))
    .map((entry) => ({ ...entry, exact: Math.round(entry.distanceKm * 1000) }))
    .sort((a, b) => a.exact - b.exact || byPlaceAndName(a.store, b.store))
    .map(({ store, distanceKm }) => ({ store, distanceKm }))
}

/** The most stores one answer lists: the store finder shows all of a country, and never an unbounded list. */
export const MAX_STORES = 100

export type StoreQuery = {
  countryCode?: string
  /** A postal code or its beginning ("80" finds Munich's stores). */
  postalCode?: string
  /** A city, whole, without regard to case. */
  city?: string
  /** A postal code or place name to sort by distance from (this shop's extension of ICM's call). */
  near?: string
  /** The country `near` lies in, when it names places in several (else `countryCode` decides). */
  nearCountryCode?: string
  offset?: number
  amount?: number
}

export type StoreResult = {
  stores: StoreWithDistance[]
  /** How many stores matched the filters, of which `stores` is the page from `offset`. */
  total: number
  offset: number
  /** Where `near` was found; undefined without `near`. */
  origin?: Place
}

/** `near` as a position, or the refusal a shopper can act on (unknown place, or a choice of countries). */
export function originOf(near: string, preferredCountry: string | undefined): Place {
  const found = lookUpPlace(near, preferredCountry)
  if (found.kind === 'found') return found.place
  if (found.kind === 'ambiguous')
    throw invalidError(
      'store.place.ambiguous.error',
      `'${near}' names places in ${found.countryCodes.join(', ')}: name the country with nearCountryCode.`,
      [
        {
          code: 'store.place.ambiguous.error',
          message: `'${near}' is known in ${found.countryCodes.join(', ')}.`,
          paths: ['near'],
        },
      ],
    )
  throw invalidError('store.place.unknown.error', `No postal code or place '${near}' is known.`, [
    { code: 'store.place.unknown.error', message: `'${near}' is not known.`, paths: ['near'] },
  ])
}

/** Escapes LIKE's wildcards, so that a typed `%` or `_` matches itself. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The active stores matching the filters, in the list's order or nearest `near` first. */
export async function findStores(db: Db, query: StoreQuery): Promise<StoreResult> {
  // The place first: an unknown place is refused before any store is read.
  const origin = query.near ? originOf(query.near, query.nearCountryCode ?? query.countryCode) : undefined
  const rows = await db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.active, true),
        query.countryCode ? eq(stores.countryCode, query.countryCode.toUpperCase()) : undefined,
        query.postalCode
          ? sql`replace(${stores.postalCode}, ' ', '') like ${likePrefix(query.postalCode.replace(/\s+/g, ''))}`
          : undefined,
        query.city ? sql`lower(${stores.city}) = lower(${query.city.trim()})` : undefined,
      ),
    )
    .orderBy(asc(stores.countryCode), asc(stores.city), asc(stores.name))
  const ordered = origin
    ? sortByDistance(rows, origin)
    : [...rows].sort(byPlaceAndName).map((store) => ({ store }))
  const offset = query.offset ?? 0
  const amount = Math.min(query.amount ?? MAX_STORES, MAX_STORES)
  return { stores: ordered.slice(offset, offset + amount), total: ordered.length, offset, origin }
}
