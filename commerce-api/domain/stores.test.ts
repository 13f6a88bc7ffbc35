import { describe, expect, it } from 'vitest'
import { demoStores } from '../db/seed/stores'
import { DomainError } from './errors'
import { lookUpPlace, PLACES, placeKey, type Place } from './gazetteer'
import { distanceKm, originOf, sortByDistance, type StoreRow } from './stores'

const BERLIN = { latitude: 52.52, longitude: 13.405 }
const MUNICH = { latitude: 48.1351, longitude: 11.582 }
const PARIS = { latitude: 48.8566, longitude: 2.3522 }

let next = 0
/** A store row at a position; ids grow with each made, so that the tie order by id is known. */
function row(name: string, position: { latitude: number; longitude: number }, city = 'City'): StoreRow {
  next += 1
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    seedKey: null,
    name,
    address: 'Street 1',
    postalCode: '00000',
    city,
    countryCode: 'DE',
    mainDivisionCode: null,
    phone: null,
    fax: null,
    email: null,
    openingHours: null,
    active: true,
    ...position,
  }
}

function thrown(call: () => unknown): DomainError {
  try {
    call()
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

const found = (text: string, preferred?: string): Place => {
  const result = lookUpPlace(text, preferred)
  if (result.kind !== 'found') throw new Error(`${text}: ${JSON.stringify(result)}`)
  return result.place
}

describe('distance between two points (haversine)', () => {
  it('is the great-circle distance in kilometres', () => {
    // Berlin–Munich is 504 km as the crow flies, Berlin–Paris 878 km.
    expect(distanceKm(BERLIN, MUNICH)).toBeCloseTo(504.3, 0)
    expect(distanceKm(BERLIN, PARIS)).toBeCloseTo(877.5, 0)
    expect(distanceKm(BERLIN, BERLIN)).toBe(0)
    expect(distanceKm(MUNICH, BERLIN)).toBe(distanceKm(BERLIN, MUNICH))
  })

  it('takes the short way across the date line and over the poles', () => {
    const west = { latitude: 0, longitude: 179.5 }
    const east = { latitude: 0, longitude: -179.5 }
    expect(distanceKm(west, east)).toBeCloseTo(111.2, 0)
    expect(distanceKm({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBeCloseTo(
      Math.PI * 6371.0088,
      3,
    )
  })
})

describe('stores sorted by distance', () => {
  it('lists the nearest store first, each with its distance', () => {
    const paris = row('Paris', PARIS)
    const munich = row('Munich', MUNICH)
    const berlin = row('Berlin', BERLIN)
    const sorted = sortByDistance([paris, munich, berlin], { latitude: 52.4, longitude: 13.1 })
    expect(sorted.map((entry) => entry.store.name)).toEqual(['Berlin', 'Munich', 'Paris'])
    expect(sorted[0]!.distanceKm).toBeCloseTo(distanceKm({ latitude: 52.4, longitude: 13.1 }, BERLIN), 9)
    expect(sorted.map((entry) => entry.distanceKm)).toEqual(
      [...sorted.map((entry) => entry.distanceKm)].sort((a, b) => a! - b!),
    )
  })

  it('keeps stores equally far in the list order (city, name, id), whatever order they came in', () => {
    const b = row('B counter', BERLIN, 'Berlin')
    const a = row('A counter', BERLIN, 'Berlin')
    const twin = row('A counter', BERLIN, 'Berlin')
    const far = row('Far', PARIS)
    const once = sortByDistance([far, twin, b, a], BERLIN).map((entry) => entry.store.id)
    const again = sortByDistance([a, b, far, twin], BERLIN).map((entry) => entry.store.id)
    expect(once).toEqual([a.id, twin.id, b.id, far.id])
    expect(again).toEqual(once)
  })

  it('counts stores a few centimetres apart as equally far', () => {
    const east = row('East', { latitude: 52.52, longitude: 13.40501 })
    const west = row('West', { latitude: 52.52, longitude: 13.40499 })
    const sorted = sortByDistance([west, east], { latitude: 52.6, longitude: 13.405 })
    expect(sorted.map((entry) => entry.store.name)).toEqual(['East', 'West'])
  })

  it('leaves an empty list empty', () => {
    expect(sortByDistance([], BERLIN)).toEqual([])
  })
})

describe('where a postal code or place lies (the gazetteer)', () => {
  it('finds a postal code by its postal area, in every one of the five countries', () => {
    expect(found('12099', 'DE').names[0]).toBe('Berlin')
    expect(found('80807', 'DE').names[0]).toBe('München')
    expect(found('69007', 'FR').names[0]).toBe('Lyon')
    expect(found('60609', 'US').names[0]).toBe('Chicago')
    expect(found('60609-1234', 'US').names[0]).toBe('Chicago')
    // Six digits are Romanian, and a hyphen after two digits Polish, whatever the preference.
    expect(found('041919').names[0]).toBe('București')
    expect(found('03-228', 'DE').names[0]).toBe('Warszawa')
    expect(found(' 30-740 ').names[0]).toBe('Kraków')
  })

  it('finds a place by any of its names, without regard to case, accents and hyphens', () => {
    for (const name of ['München', 'munich', 'MUNCHEN', 'Monachium'])
      expect(found(name).names[0]).toBe('München')
    expect(found('lodz').names[0]).toBe('Łódź')
    expect(found('Cluj Napoca').names[0]).toBe('Cluj-Napoca')
    expect(found('Bucharest').names[0]).toBe('București')
    expect(found('Varsovie').countryCode).toBe('PL')
    expect(placeKey('  Saint-Étienne ')).toBe('saint etienne')
  })

  it('asks for the country when a postal code lies in several, and takes the preferred one', () => {
    // 10115: Berlin's Mitte, a code of the Aube (Troyes) and Manhattan's ZIP area 101.
    expect(lookUpPlace('10115')).toEqual({ kind: 'ambiguous', countryCodes: ['DE', 'FR', 'US'] })
    expect(found('10115', 'DE').names[0]).toBe('Berlin')
    expect(found('10115', 'fr').names[0]).toBe('Troyes')
    expect(found('10115', 'US').names[0]).toBe('New York')
    // A preferred country without that code leaves the choice open.
    expect(lookUpPlace('10115', 'RO')).toEqual({ kind: 'ambiguous', countryCodes: ['DE', 'FR', 'US'] })
    // Where only one country has the code, it is that one's (Germany has no Leitregion 05, the US no 050).
    expect(found('05000').names[0]).toBe('Gap')
  })

  it('knows nothing of codes and places outside its list', () => {
    expect(lookUpPlace('Atlantis')).toEqual({ kind: 'unknown' })
    expect(lookUpPlace('99999-99')).toEqual({ kind: 'unknown' })
    expect(lookUpPlace('1234')).toEqual({ kind: 'unknown' })
    expect(lookUpPlace('')).toEqual({ kind: 'unknown' })
    expect(lookUpPlace('Berlin 10115')).toEqual({ kind: 'unknown' })
  })

  it('refuses an unknown or ambiguous place with an error the shopper can act on', () => {
    const unknown = thrown(() => originOf('Atlantis', undefined))
    expect([unknown.kind, unknown.code]).toEqual(['invalid', 'store.place.unknown.error'])
    expect(unknown.causes[0]?.paths).toEqual(['near'])
    const ambiguous = thrown(() => originOf('10115', undefined))
    expect([ambiguous.kind, ambiguous.code]).toEqual(['invalid', 'store.place.ambiguous.error'])
    expect(ambiguous.message).toContain('DE, FR, US')
    expect(originOf('10115', 'US').names[0]).toBe('New York')
  })

  it('has places in every country and only sane coordinates', () => {
    const countries = new Set(PLACES.map((place) => place.countryCode))
    expect([...countries].sort()).toEqual(['DE', 'FR', 'PL', 'RO', 'US'])
    for (const place of PLACES) {
      expect(Math.abs(place.latitude), place.names[0]).toBeLessThanOrEqual(90)
      expect(Math.abs(place.longitude), place.names[0]).toBeLessThanOrEqual(180)
    }
  })

  it('places every seeded store by its postal code and its city name near where it stands', () => {
    for (const store of demoStores) {
      const byCode = found(store.postalCode, store.countryCode)
      expect(byCode.countryCode, store.seedKey).toBe(store.countryCode)
      expect(distanceKm(byCode, store), store.seedKey).toBeLessThan(40)
      const byCity = found(store.city, store.countryCode)
      expect(distanceKm(byCity, store), store.seedKey).toBeLessThan(40)
    }
  })
})
