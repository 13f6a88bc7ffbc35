// @vitest-environment jsdom
/**
 * The store finder (issue 36, feature storeLocator) against the real commerce API: the loader's lists by
 * country, city and distance from a place, what it says of an unknown place, the feature guard, and the page as
 * rendered without a tile server: the list with opening hours and the server-drawn map linking to the entries.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { demoStores } from '../../commerce-api/db/seed/stores'
import type * as FeaturesModule from '~/services/features.server'
import StoreFinderPage, { loader } from '~/routes/$lang._shop.store-finder'
import { renderRoute } from '../storefront/render-route'
import { Browser } from './shop'

const features = vi.hoisted(() => ({ storeLocator: true, maps: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'storeLocator' || feature === 'maps' ? features[feature] : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.storeLocator = true
  features.maps = true
})
afterEach(cleanup)

type Page = Awaited<ReturnType<typeof loader>>['data']

const load = async (path: string, lang = 'en') =>
  (await new Browser(lang).load(loader, path)) as unknown as Page

describe('the store finder’s loader', () => {
  it('lists every store, and offers the countries and cities that have stores in the page’s language', async () => {
    const page = await load('/de/store-finder', 'de')
    expect(page.stores).toHaveLength(demoStores.length)
    expect(page.places.map((country) => country.name)).toEqual([
      'Deutschland',
      'Frankreich',
      'Polen',
      'Rumänien',
      'Vereinigte Staaten',
    ])
    expect(page.places.find((country) => country.code === 'PL')!.cities).toContain('Łódź')
    expect(page.problem).toBeNull()
    // Feature maps on, no tile server in the tests: the map is the server-drawn one.
    expect(page.map).toEqual({ tiles: null })
  })

  it('filters by country and city', async () => {
    const poland = await load('/en/store-finder?countryCode=PL')
    expect(new Set(poland.stores.map((store) => store.countryCode))).toEqual(new Set(['PL']))
    const warsaw = await load(`/en/store-finder?countryCode=PL&city=${encodeURIComponent('Warszawa')}`)
    expect(warsaw.stores.map((store) => store.postalCode).sort()).toEqual(['02-256', '03-228'])
    // A country code that is none is no filter.
    expect((await load('/en/store-finder?countryCode=Germany')).stores).toHaveLength(demoStores.length)
  })

  it('sorts by distance from a postal code, read in the chosen country, else in the page’s', async () => {
    const german = await load('/de/store-finder?near=10115', 'de')
    expect(german.stores[0]!.city).toBe('Berlin')
    const distances = german.stores.map((store) => store.distanceKm!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    // On the English page 10115 is a New York ZIP code, unless the shopper chose Germany.
    expect((await load('/en/store-finder?near=10115')).stores[0]!.city).toBe('Newark')
    const chosen = await load('/en/store-finder?countryCode=DE&near=10115')
    expect(chosen.stores[0]!.city).toBe('Berlin')
    expect(chosen.stores.every((store) => store.countryCode === 'DE')).toBe(true)
    // By place name, in another language's spelling.
    expect((await load('/fr/store-finder?near=Varsovie', 'fr')).stores[0]!.city).toBe('Warszawa')
  })

  it('says so when the place is unknown, with the API’s code for the page to show', async () => {
    const page = await load('/en/store-finder?near=Atlantis')
    expect(page.stores).toEqual([])
    expect(page.problem?.code).toBe('store.place.unknown.error')
  })

  it('is not there with the feature off, and shows no map without feature maps', async () => {
    features.storeLocator = false
    const answer = await new Browser('en').call(loader, '/en/store-finder')
    expect(answer.response.headers.get('Location')).toBe(
      '/en/error?error=feature-deactivated&value=storeLocator',
    )
    features.storeLocator = true
    features.maps = false
    expect((await load('/en/store-finder')).map).toBeNull()
  })
})

describe('the store finder page', () => {
  it('lists the nearest stores with address, opening hours and distance, and draws them on a map', async () => {
    renderRoute({
      path: '/en/store-finder?countryCode=DE&near=M%C3%BCnchen',
      pattern: '/:lang/store-finder',
      Component: StoreFinderPage,
      loader,
    })
    const list = await screen.findByRole('list', { name: 'Stores' })
    const entries = within(list).getAllByRole('listitem', { name: /Ironbridge Supply/ })
    const first = entries[0]!
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toContain(
      'Ironbridge Supply München-Freimann',
    )
    expect(first.textContent).toContain('Frankfurter Ring 150')
    expect(first.textContent).toContain('80807 München')
    expect(first.textContent).toMatch(/Mon–Fri\s*07:00–18:00/)
    expect(first.textContent).toMatch(/Sat\s*08:00–13:00/)
    expect(within(first).getByRole('link', { name: '+49 89 3577 8800' }).getAttribute('href')).toBe(
      'tel:+498935778800',
    )
    expect(within(entries[1]!).getByText(/km away/).textContent).toMatch(/^1\d\d km away$/)
    expect(screen.getByRole('status').textContent).toBe(
      `${entries.length} stores, nearest to “München” first`,
    )

    // The drawn map: titled and described, each store a numbered link to its entry.
    const map = document.querySelector('svg.store-map-svg')!
    expect(map.querySelector('title')?.textContent).toBe('Map of the stores')
    const markers = [...map.querySelectorAll('a')]
    expect(markers).toHaveLength(entries.length)
    expect(markers[0]!.getAttribute('aria-label')).toBe('1. Ironbridge Supply München-Freimann')
    expect(markers[0]!.getAttribute('href')).toBe(`#${first.id}`)
  })

  it('names an unknown place in the page’s language', async () => {
    renderRoute({
      path: '/de/store-finder?near=Atlantis',
      pattern: '/:lang/store-finder',
      Component: StoreFinderPage,
      loader,
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese Postleitzahl oder diesen Ort kennen wir nicht. Versuchen Sie eine Stadt in der Nähe oder eine Postleitzahl.',
    )
    expect(screen.queryByRole('list', { name: 'Filialen' })).toBeNull()
  })
})
