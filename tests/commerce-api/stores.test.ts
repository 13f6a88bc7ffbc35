/**
 * `GET stores` (issue 36, store finder): ICM's store locator call with its filters, and this shop's extension
 * ordering stores by distance from a postal code or place (`near`, ADR 0043). Every answer is checked against
 * ICM's shape by the wire check (setup.ts).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stores } from '../../commerce-api/db/schema'
import { demoStores, ensureDemoStores } from '../../commerce-api/db/seed/stores'
import { DEMO_PASSWORD } from '../../commerce-api/db/seed/people'
import { call, startApi, tokenFor, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 100 })
})
afterAll(async () => {
  await api?.close()
})

type StoreJson = {
  uuid: string
  name: string
  address: string
  postalCode: string
  city: string
  country: string
  countryCode: string
  phoneBusiness?: string
  latitude: string
  longitude: string
  attributes?: { name: string; type: string; value: unknown }[]
}

const attributeOf = (store: StoreJson, name: string) =>
  store.attributes?.find((attribute) => attribute.name === name)?.value

async function storesOf(query: string, matrix?: string) {
  const answer = await call(api.url(`stores${query}`, matrix))
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return answer.json as { elements: StoreJson[]; total: number; amount: number; offset: number }
}

describe('GET stores', () => {
  it('lists every seeded store in ICM’s shape, the country named in the call’s language', async () => {
    const all = await storesOf('')
    expect(all.total).toBe(demoStores.length)
    expect(all.elements).toHaveLength(demoStores.length)
    expect(new Set(all.elements.map((store) => store.countryCode))).toEqual(
      new Set(['DE', 'FR', 'PL', 'RO', 'US']),
    )
    const munich = all.elements.find((store) => store.city === 'München')!
    expect(munich).toMatchObject({
      name: 'Ironbridge Supply München-Freimann',
      address: 'Frankfurter Ring 150',
      postalCode: '80807',
      country: 'Germany',
      countryCode: 'DE',
      phoneBusiness: '+49 89 3577 8800',
      email: 'muenchen-freimann@ironbridge.test',
      latitude: '48.1847',
      longitude: '11.5873',
    })
    expect(attributeOf(munich, 'openingHours')).toBe('Mo-Fr 07:00-18:00; Sa 08:00-13:00')
    expect(attributeOf(munich, 'distance')).toBeUndefined()
    const german = await storesOf('?countryCode=DE', ';loc=de_DE;cur=EUR')
    expect(german.elements[0]!.country).toBe('Deutschland')
    const chicago = all.elements.find((store) => store.city === 'Chicago')!
    expect(attributeOf(chicago, 'mainDivisionCode')).toBe('IL')
  })

  it('filters by country, postal code (or its beginning) and city, each alone and together', async () => {
    const poland = await storesOf('?countryCode=pl')
    expect(poland.total).toBe(demoStores.filter((store) => store.countryCode === 'PL').length)
    expect(poland.elements.every((store) => store.countryCode === 'PL')).toBe(true)

    const warsaw = await storesOf(`?countryCode=PL&city=${encodeURIComponent('warszawa')}`)
    expect(warsaw.elements.map((store) => store.postalCode).sort()).toEqual(['02-256', '03-228'])

    const code = await storesOf('?postalCode=80807')
    expect(code.elements.map((store) => store.city)).toEqual(['München'])
    const area = await storesOf('?postalCode=0')
    // Leipzig (04347), Bucharest (0…), Newark (07105): every store whose code begins with 0.
    expect(area.elements.map((store) => store.postalCode).every((postal) => postal.startsWith('0'))).toBe(
      true,
    )
    expect(area.total).toBe(demoStores.filter((store) => store.postalCode.startsWith('0')).length)

    const none = await storesOf('?countryCode=FR&city=Berlin')
    expect(none).toMatchObject({ elements: [], total: 0, amount: 0 })
    // An empty parameter is no filter, as a form sends it.
    expect((await storesOf('?countryCode=&city=&postalCode=')).total).toBe(demoStores.length)
    // A typed wildcard is a character, not a pattern.
    expect((await storesOf('?city=%25')).total).toBe(0)
  })

  it('orders stores by distance from a postal code or place, nearest first, each with its distance', async () => {
    const fromBerlin = await storesOf('?near=10115&nearCountryCode=DE')
    const names = fromBerlin.elements.map((store) => store.name)
    expect(names.slice(0, 2).sort()).toEqual([
      'Ironbridge Supply Berlin-Spandau',
      'Ironbridge Supply Berlin-Tempelhof',
    ])
    expect(names[2]).toBe('Ironbridge Supply Leipzig-Nordost')
    const distances = fromBerlin.elements.map((store) => attributeOf(store, 'distance') as number)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeLessThan(20)
    expect(distances.at(-1)).toBeGreaterThan(9000)
    expect(fromBerlin.total).toBe(demoStores.length)

    // By name, in another language's spelling, within a country filter.
    const fromMunich = await storesOf(`?countryCode=DE&near=Munich`)
    expect(fromMunich.elements[0]!.city).toBe('München')
    expect(fromMunich.elements[1]!.city).toBe('Nürnberg')
    expect(fromMunich.elements.every((store) => store.countryCode === 'DE')).toBe(true)

    // The country filter decides where an ambiguous code lies; so does the page's own hint.
    expect((await storesOf('?countryCode=US&near=60609')).elements[0]!.city).toBe('Chicago')
    expect((await storesOf('?near=30318&nearCountryCode=US')).elements[0]!.city).toBe('Atlanta')
    expect((await storesOf('?near=400397')).elements[0]!.city).toBe('Cluj-Napoca')
    expect((await storesOf('?near=30-740')).elements[0]!.city).toBe('Kraków')
  })

  it('answers an unknown or ambiguous place with 400 and a code the shop can show', async () => {
    const unknown = await call(api.url('stores?near=Atlantis'))
    expect(unknown.status).toBe(400)
    expect(unknown.headers.get('error-key')).toBe('store.place.unknown.error')
    expect(unknown.json.errors[0].causes[0].paths).toEqual(['near'])

    const ambiguous = await call(api.url('stores?near=10115'))
    expect(ambiguous.status).toBe(400)
    expect(ambiguous.headers.get('error-key')).toBe('store.place.ambiguous.error')
    expect(ambiguous.json.errors[0].message).toContain('DE, FR, US')
  })

  it('refuses malformed and oversized parameters with 400, naming the field', async () => {
    for (const [query, field] of [
      ['countryCode=Germany', 'countryCode'],
      ['countryCode=D1', 'countryCode'],
      ['nearCountryCode=USA', 'nearCountryCode'],
      [`city=${'x'.repeat(81)}`, 'city'],
      [`near=${'x'.repeat(81)}`, 'near'],
      [`postalCode=${'1'.repeat(13)}`, 'postalCode'],
      ['postalCode=%3Cscript%3E', 'postalCode'],
      ['amount=0', 'amount'],
      ['amount=101', 'amount'],
      ['offset=-1', 'offset'],
      ['offset=one', 'offset'],
      ['city=A&city=B', 'city'],
    ] as const) {
      const answer = await call(api.url(`stores?${query}`))
      expect(answer.status, query).toBe(400)
      expect(
        answer.json.errors[0].causes.map((cause: { paths: string[] }) => cause.paths[0]),
        query,
      ).toContain(field)
    }
  })

  it('bounds the answer to 100 stores and pages with offset and amount', async () => {
    const first = await storesOf('?amount=5')
    expect(first).toMatchObject({ amount: 5, offset: 0, total: demoStores.length })
    const second = await storesOf('?amount=5&offset=5')
    expect(second.elements.map((store) => store.uuid)).toEqual(
      (await storesOf('')).elements.slice(5, 10).map((store) => store.uuid),
    )
    const beyond = await storesOf('?offset=1000')
    expect(beyond).toMatchObject({ elements: [], total: demoStores.length })
    // Many more stores than one answer holds: the answer stops at 100, the total counts them all.
    await api.database.db.insert(stores).values(
      Array.from({ length: 120 }, (_, i) => ({
        name: `Pop-up counter ${i}`,
        address: `Lagerweg ${i}`,
        postalCode: '99084',
        city: 'Erfurt',
        countryCode: 'DE',
        latitude: 50.98 + i / 1000,
        longitude: 11.03,
      })),
    )
    try {
      const many = await storesOf('?countryCode=DE&near=Erfurt')
      expect(many.elements).toHaveLength(100)
      expect(many.total).toBe(120 + demoStores.filter((store) => store.countryCode === 'DE').length)
      expect(many.elements[0]!.city).toBe('Erfurt')
    } finally {
      await api.database.db.delete(stores).where(eq(stores.city, 'Erfurt'))
    }
  })

  it('leaves out stores the shop switched off, and the seed adds only the stores a database lacks', async () => {
    await api.database.db.update(stores).set({ active: false }).where(eq(stores.seedKey, 'lyon-gerland'))
    try {
      expect((await storesOf('?city=Lyon')).total).toBe(0)
      await ensureDemoStores(api.database.db)
      expect((await api.database.db.select().from(stores)).length).toBe(demoStores.length)
      expect((await storesOf('?city=Lyon')).total).toBe(0)
    } finally {
      await api.database.db.update(stores).set({ active: true }).where(eq(stores.seedKey, 'lyon-gerland'))
    }
  })

  it('answers everyone alike: anonymous, any user’s token, a business user without order rights', async () => {
    const anonymous = await storesOf('?countryCode=RO')
    for (const login of ['patricia@ironbridge.test', 'jlink', 'brightline-oci']) {
      const grant = await tokenFor(api, { grant_type: 'password', username: login, password: DEMO_PASSWORD })
      expect(grant.status, login).toBe(200)
      const answer = await call(api.url('stores?countryCode=RO'), { token: grant.json.access_token })
      expect(answer.status, login).toBe(200)
      expect(answer.json).toEqual(anonymous)
    }
  })
})
