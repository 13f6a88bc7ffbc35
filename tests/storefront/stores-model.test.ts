import { describe, expect, it } from 'vitest'
import { mapTileSource } from '../../server/settings.mjs'
import {
  cityLine,
  formatDistance,
  mapLayout,
  parseOpeningHours,
  storeFromData,
  weekdayName,
  type Store,
} from '~/models/stores'

describe('opening hours', () => {
  it('reads the rules stores use: day ranges, single days, lunch breaks, closed days', () => {
    expect(parseOpeningHours('Mo-Fr 07:30-12:00,13:30-18:00; Sa 08:00-12:00; Su off')).toEqual([
      {
        from: 0,
        to: 4,
        spans: [
          { opens: '07:30', closes: '12:00' },
          { opens: '13:30', closes: '18:00' },
        ],
      },
      { from: 5, to: 5, spans: [{ opens: '08:00', closes: '12:00' }] },
      { from: 6, to: 6, spans: [] },
    ])
    expect(parseOpeningHours('Mo,We 08:00-12:00')).toEqual([
      { from: 0, to: 0, spans: [{ opens: '08:00', closes: '12:00' }] },
      { from: 2, to: 2, spans: [{ opens: '08:00', closes: '12:00' }] },
    ])
  })

  it('gives up on anything else, for the page to show the text as it came', () => {
    for (const text of [
      '24/7',
      'Mo-Fr 7-18',
      'Fr-Mo 08:00-12:00',
      'Xx 08:00-12:00',
      'Mo 08:00',
      '',
      'Mo 25:00-26:00',
    ])
      expect(parseOpeningHours(text), text).toBeNull()
  })

  it('names the days in the page’s language', () => {
    expect(weekdayName(0, 'en-US')).toBe('Mon')
    expect(weekdayName(6, 'de-DE')).toMatch(/^So\.?$/)
    expect(formatDistance(4.25, 'en-US')).toBe('4.3 km')
    expect(formatDistance(123.4, 'de-DE')).toBe('123 km')
  })
})

describe('a store from ICM’s answer', () => {
  it('maps uuid, phoneBusiness, the position and the shop’s attributes; a bad position is none', () => {
    const store = storeFromData({
      uuid: 'a',
      name: 'Chicago',
      city: 'Chicago',
      postalCode: '60609',
      countryCode: 'US',
      phoneBusiness: '+1 312 555 0142',
      latitude: '41.8193',
      longitude: '-87.6651',
      attributes: [
        { name: 'openingHours', type: 'String', value: 'Mo-Fr 06:00-17:00' },
        { name: 'mainDivisionCode', type: 'String', value: 'IL' },
        { name: 'distance', type: 'Double', value: 12.5 },
      ],
    })
    expect(store).toMatchObject({
      id: 'a',
      phone: '+1 312 555 0142',
      position: { latitude: 41.8193, longitude: -87.6651 },
      openingHours: 'Mo-Fr 06:00-17:00',
      distanceKm: 12.5,
    })
    expect(cityLine(store)).toBe('Chicago, IL 60609')
    expect(cityLine({ ...store, countryCode: 'DE', postalCode: '80807', city: 'München' })).toBe(
      '80807 München',
    )
    expect(storeFromData({ uuid: 'b', name: 'B', latitude: '91', longitude: '10' }).position).toBeNull()
    expect(storeFromData({ uuid: 'c', name: 'C', latitude: 'x', longitude: '10' }).position).toBeNull()
  })
})

describe('the server-drawn map', () => {
  const at = (id: string, latitude: number, longitude: number): Pick<Store, 'id' | 'position'> => ({
    id,
    position: { latitude, longitude },
  })

  it('places stores west to east and north to south inside the box, numbered as listed', () => {
    const layout = mapLayout([
      at('munich', 48.14, 11.58),
      at('berlin', 52.52, 13.4),
      at('paris', 48.86, 2.35),
    ])!
    const [munich, berlin, paris] = layout.markers
    expect(layout.markers.map((marker) => marker.number)).toEqual([1, 2, 3])
    expect(paris!.x).toBeLessThan(munich!.x)
    expect(munich!.x).toBeLessThan(berlin!.x)
    expect(berlin!.y).toBeLessThan(munich!.y)
    for (const marker of layout.markers) {
      expect(marker.x).toBeGreaterThanOrEqual(0)
      expect(marker.x).toBeLessThanOrEqual(layout.width)
      expect(marker.y).toBeGreaterThanOrEqual(0)
      expect(marker.y).toBeLessThanOrEqual(layout.height)
    }
    expect(layout.graticule.meridians.length).toBeGreaterThan(0)
  })

  it('keeps distances true in both directions (longitudes shrunk by the latitude’s cosine)', () => {
    // One degree east and one degree north at 60°: the east step is half as long on the map.
    const layout = mapLayout([at('o', 60, 10), at('e', 60, 11), at('n', 61, 10)])!
    const [o, e, n] = layout.markers
    expect((e!.x - o!.x) / (o!.y - n!.y)).toBeCloseTo(0.5, 1)
  })

  it('draws one store, and leaves out stores without a position; none at all is no map', () => {
    const one = mapLayout([{ id: 'x', position: null }, at('y', 44.43, 26.1)])!
    expect(one.markers).toEqual([expect.objectContaining({ id: 'y', number: 2 })])
    expect(mapLayout([{ id: 'x', position: null }])).toBeNull()
  })
})

describe('the tile server in the CSP', () => {
  it('is the template’s origin, subdomains as a wildcard, and nothing without one', () => {
    expect(mapTileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org')
    expect(mapTileSource('http://127.0.0.1:9/tiles/{z}/{x}/{y}.png?key={key}')).toBe('http://127.0.0.1:9')
    expect(mapTileSource(undefined)).toBeUndefined()
    expect(() => mapTileSource('ftp://tiles.example/{z}/{x}/{y}')).toThrow(/MAP_TILE_URL/)
    expect(() => mapTileSource("https://evil.example 'unsafe-inline'/{z}")).toThrow(/MAP_TILE_URL/)
  })
})
