import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/$lang._shop.$'
import { categoryData, configurationData, get, icm, pricesFor, productData, sortKeys } from './icm-mock'
import { args as shared } from './loader-args'
import './setup'

const args = (path: string) => shared(`/en/${path}`, { params: { lang: 'en', '*': path.split('?')[0]! } })

/** A product Link as ICM lists it: its URI names the SKU. */
const stub = (sku: string, title: string) => ({
  type: 'Link' as const,
  uri: `ironbridge-Site/-/products/${sku}`,
  title,
  attributes: [
    { name: 'sku', value: sku },
    { name: 'inStock', value: true },
  ],
})

const masterHandlers = (onList: (query: URLSearchParams) => void, total = 8) => [
  get('products/1000040', {
    ...productData,
    sku: '1000040',
    productName: 'Voltwerk Drill',
    productMaster: true,
  }),
  get('productprices', pricesFor('1000041')),
  get('inventories', { data: [] }),
  get('categories/Power-Tools/Drills', categoryData),
  get('products/1000040/links', { elements: [] }),
  get('products/1000040/variations', { elements: [] }),
  get('configurations', configurationData),
  get('products', (request) => {
    onList(new URL(request.url).searchParams)
    return {
      elements: [stub('1000041', 'Voltwerk Drill 12 V'), stub('1000042', 'Voltwerk Drill 18 V')],
      total,
      sortKeys,
    }
  }),
  get('productfilters', {
    elements: [
      {
        id: 'voltage',
        name: 'Voltage',
        selectionType: 'multiple_or',
        facets: [
          { name: 'voltage:12', displayName: '12 V', count: 4, searchParameter: 'voltage=12' },
          { name: 'voltage:18', displayName: '18 V', count: 4, searchParameter: 'voltage=18' },
        ],
      },
    ],
  }),
]

describe('variation master page', () => {
  it('lists the variations 6 a page with variation facets, sorting and filters passed to ICM', async () => {
    let query: URLSearchParams | undefined
    icm.use(...masterHandlers((q) => (query = q)))
    const filters = encodeURIComponent('voltage=18')
    const page = (
      (await loader(
        args(`power-tools/drills/voltwerk-drill-prd1000040?page=2&sorting=price-asc&filters=${filters}`),
      )) as any
    ).data
    expect(query?.get('MasterSKU')).toBe('1000040')
    expect(query?.get('amount')).toBe('6')
    expect(query?.get('offset')).toBe('6')
    expect(query?.get('sortKey')).toBe('price-asc')
    expect(query?.get('SearchParameter')).toBe('voltage=18')
    expect(page.variationListing).toMatchObject({ page: 2, pageSize: 6, total: 8, filters: 'voltage=18' })
    expect(page.variationListing.filterGroups[0].facets).toHaveLength(2)
    expect(page.variationListing.products[0].url).toBe(
      '/en/power-tools/drills/voltwerk-drill-12-v-prd1000041',
    )
    // The listing parameters do not change the product's canonical URL.
    expect(page.seo.canonical).toBe('http://shop.test/en/power-tools/drills/voltwerk-drill-prd1000040')
  })

  it('answers listing parameters no link produces with 404', async () => {
    icm.use(...masterHandlers(() => undefined))
    await expect(
      loader(args('power-tools/drills/voltwerk-drill-prd1000040?sorting=cheap')),
    ).rejects.toMatchObject({
      status: 404,
    })
  })

  it('offers the variation attributes as links, fetching every page of variations, and names the default', async () => {
    const voltages = ['12', '18']
    // 60 variations: two pages of ICM's variations call.
    const all = Array.from({ length: 60 }, (_, i) => ({
      ...stub(String(2000000 + i), 'Voltwerk Drill'),
      variableVariationAttributeValuesExtended: [
        {
          variationAttributeId: 'voltage',
          name: 'Voltage',
          value: { value: voltages[i % 2]!, name: `${voltages[i % 2]} V` },
        },
        {
          variationAttributeId: 'pack',
          name: 'Pack',
          value: { value: String(Math.floor(i / 2)), name: `Pack ${Math.floor(i / 2)}` },
        },
      ],
    }))
    const offsets: string[] = []
    icm.use(
      get('products/1000040/variations', (request) => {
        const query = new URL(request.url).searchParams
        const offset = Number(query.get('offset'))
        offsets.push(String(offset))
        return { elements: all.slice(offset, offset + Number(query.get('amount'))), total: all.length }
      }),
      get('products/1000040', {
        ...productData,
        sku: '1000040',
        productName: 'Voltwerk Drill',
        productMaster: true,
        defaultVariationSKU: '2000003',
      }),
      ...masterHandlers(() => undefined),
    )
    const page = ((await loader(args('power-tools/drills/voltwerk-drill-prd1000040'))) as any).data
    expect(offsets.sort()).toEqual(['0', '50'])
    const [voltage, pack] = page.variationSelection
    expect(voltage.name).toBe('Voltage')
    expect(pack.options).toHaveLength(30)
    // The default variation (18 V, pack 1) is the reference: 12 V leads to pack 1 in 12 V.
    expect(voltage.options.find((o: any) => o.value === '12')).toMatchObject({
      sku: '2000002',
      selected: false,
      exact: true,
      url: '/en/power-tools/drills/voltwerk-drill-12-v-pack-1-prd2000002',
    })
    // Nothing is chosen on the master itself.
    expect(page.variationSelection.flatMap((g: any) => g.options).some((o: any) => o.selected)).toBe(false)
    expect(page.defaultVariation).toEqual({
      name: '18 V, Pack 1',
      url: '/en/power-tools/drills/voltwerk-drill-18-v-pack-1-prd2000003',
    })
  })
})
