// @vitest-environment jsdom
/**
 * Feature `rating` (spec shell §6, §9): on, product tiles and the product page show a product's rating; off,
 * neither does. The root loader decides once per request (`shell.rating`), and the one rating component asks
 * it, wherever a product is shown: listing tiles (grid and list), the product page, linked products.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ShellData } from '~/models/shell'
import CatalogPage, { loader as catalogLoader } from '~/routes/$lang._shop.$'
import SearchPage, { loader } from '~/routes/$lang._shop.search'
import { categoryData, configurationData, get, icm, pricesFor, productData, shellHandlers } from './icm-mock'
import { answer, args } from './loader-args'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const shell = (rating: boolean): ShellData => ({
  footer: [],
  maxItemQuantity: 100,
  display: 'gross',
  prices: 'shown',
  toast: null,
  compareCount: null,
  rating,
})

const rated = (sku: string, title: string, rating: string) => ({
  title,
  attributes: [
    { name: 'sku', value: sku },
    { name: 'availability', value: true },
    { name: 'roundedAverageRating', value: rating },
  ],
})

function ratedSearch() {
  icm.use(
    ...shellHandlers(),
    get('products', {
      elements: [rated('1000001', 'Nordvalt Hammer Drill', '4.5'), rated('1000002', 'Torqline Drill', '3.0')],
      total: 2,
    }),
    get('productfilters', { elements: [] }),
    get('productprices', pricesFor('1000001')),
  )
}

describe('product ratings on tiles follow the rating feature', () => {
  /** The search page with rated products, in a view, with the rating feature on or off. */
  async function showSearch(view: string, rating: boolean) {
    ratedSearch()
    renderRoute({
      path: `/en/search?searchTerm=drill&view=${view}`,
      pattern: ':lang/search',
      Component: SearchPage,
      loader,
      shell: shell(rating),
    })
    await screen.findByRole('heading', { level: 3, name: 'Torqline Drill' })
  }

  it.each(['grid', 'list'])('shows them in the %s view when the feature is on', async (view) => {
    await showSearch(view, true)
    expect(screen.getByText('Rated 4.5 out of 5')).toBeTruthy()
    expect(screen.getByText('Rated 3 out of 5')).toBeTruthy()
  })

  it.each(['grid', 'list'])('leaves them out of the %s view when the feature is off', async (view) => {
    await showSearch(view, false)
    expect(screen.queryByText(/Rated/)).toBeNull()
    expect(document.querySelector('.rating')).toBeNull()
  })
})

describe('the product page follows the rating feature', () => {
  const PATH = 'power-tools/drills/voltwerk-drill-xt-18-prd1000042'
  const productPage = (rating: boolean) => {
    icm.use(
      ...shellHandlers(),
      get('products/1000042', { ...productData, roundedAverageRating: '4.5' }),
      get('productprices', pricesFor('1000042')),
      get('inventories', { data: [{ sku: '1000042', warehouses: [{ stock: 3 }] }] }),
      get('categories/Power-Tools/Drills', categoryData),
      get('products/1000042/links', { elements: [] }),
    )
    renderRoute({
      path: `/en/${PATH}`,
      pattern: ':lang/*',
      Component: CatalogPage,
      loader: catalogLoader,
      shell: shell(rating),
    })
  }

  it('shows the rating when the feature is on', async () => {
    productPage(true)
    await screen.findByRole('heading', { level: 1, name: 'Voltwerk Drill XT 18' })
    expect(screen.getByText('Rated 4.5 out of 5')).toBeTruthy()
  })

  it('leaves it out when the feature is off', async () => {
    productPage(false)
    await screen.findByRole('heading', { level: 1, name: 'Voltwerk Drill XT 18' })
    expect(screen.queryByText(/Rated/)).toBeNull()
  })
})

describe("the root loader's rating decision", () => {
  const rootShell = async () => {
    icm.use(...shellHandlers(configurationData))
    const { loader: rootLoader } = await import('~/root')
    return (await answer(rootLoader, args('/en/home'))).data.shell
  }

  it('is on by default (spec §9 default features)', async () => {
    expect((await rootShell()).rating).toBe(true)
  })

  it('is off when FEATURES leaves rating out', async () => {
    vi.stubEnv('FEATURES', 'compare,recently')
    vi.resetModules()
    try {
      expect((await rootShell()).rating).toBe(false)
    } finally {
      vi.unstubAllEnvs()
      vi.resetModules()
    }
  })
})
