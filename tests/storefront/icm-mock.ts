import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

/** msw server standing in for ICM in loader tests; handlers match on the path below the locale segment. */
export const icm = setupServer()

const BASE = /^http:\/\/127\.0\.0\.1:4100\/INTERSHOP\/rest\/WFS\/ironbridge-Site\/-(?:;[^/]*)?\//

/** Matches `{base}/-;loc=..;cur=../{path}` where path is a regex source over the rest of the URL path. */
export function icmPath(path: string) {
  return new RegExp(BASE.source + path + '(?:\\?.*)?$')
}

export const get = (
  path: string,
  body: JsonBodyType | ((request: Request) => JsonBodyType | Response),
  status = 200,
) =>
  http.get(icmPath(path), ({ request }) => {
    const result = typeof body === 'function' ? body(request) : body
    return result instanceof Response ? result : HttpResponse.json(result, { status })
  })

export const icmError = (status: number, code: string, message = code, causes: unknown[] = []) =>
  HttpResponse.json(
    { errors: [{ status: String(status), code, message, causes }] },
    { status, headers: { 'error-key': code } },
  )

export const money = (value: number, currency = 'USD') => ({ type: 'Money', value, currency })
export const priceItem = (net: number, gross: number, currency = 'USD') => ({
  type: 'PriceItem',
  net: money(net, currency),
  gross: money(gross, currency),
})

/** `customers/-` as ICM answers it for the business customer OilCorp. */
export const oilCorpCustomer = {
  customerNo: 'OilCorp',
  type: 'SMBCustomer',
  customerType: 'SMBCustomer',
  companyName: 'Oil Corp',
}

/** `configurations`: prices shown gross to private and net to business customers. */
export const configurationData = {
  data: {
    general: {
      locales: ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'],
      defaultLocale: 'de_DE',
      currencies: ['EUR', 'USD', 'PLN', 'RON'],
      defaultCurrency: 'EUR',
    },
    pricing: { privateCustomerPriceDisplayType: 'gross', smbCustomerPriceDisplayType: 'net' },
  },
}

/** ICM's category URI of a uniqueId (`Power-Tools.Drills` → `…/categories/Power-Tools/Drills`). */
export const categoryUri = (uniqueId: string) =>
  `ironbridge-Site/-/categories/${uniqueId.split('.').join('/')}`

/** A step of a category path as ICM sends it: id, name and URI (uniqueId `A.B` → id `B`). */
export const pathStep = (uniqueId: string, name = uniqueId.split('.').pop()!) => ({
  id: uniqueId.split('.').pop()!,
  name,
  uri: categoryUri(uniqueId),
})

/** A product's `defaultCategory` (details and list stubs) as ICM sends it: a category with its path. */
export const defaultCategory = (uniqueId: string) => {
  const ids = uniqueId.split('.')
  return {
    name: ids.at(-1)!,
    categoryPath: ids.map((_, i) => pathStep(ids.slice(0, i + 1).join('.'))),
  }
}

/** The sort keys a listing answer offers (`returnSortKeys=true`), as the bundled commerce API sends them. */
export const sortKeys = ['name-asc', 'name-desc', 'price-asc', 'price-desc']

export const categoryData = {
  id: 'Drills',
  name: 'Drills',
  description: 'All drills',
  hasOnlineProducts: true,
  categoryPath: [
    { id: 'Power-Tools', name: 'Power Tools', uri: categoryUri('Power-Tools') },
    { id: 'Drills', name: 'Drills', uri: categoryUri('Power-Tools.Drills') },
  ],
  attributes: [{ name: 'ShowInMenu', type: 'String', value: '1' }],
  subCategories: [],
}

export const productData = {
  sku: '1000042',
  productName: 'Voltwerk Drill XT 18',
  shortDescription: 'A drill.',
  longDescription: 'A strong drill.',
  manufacturer: 'Voltwerk',
  images: [{ typeID: 'L', effectiveUrl: '/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/1000042.svg' }],
  attributes: [{ name: 'Voltage', type: 'String', value: '18 V' }],
  minOrderQuantity: 1,
  stepOrderQuantity: 1,
  availability: true,
  inStock: true,
  defaultCategory: { name: 'Drills', categoryPath: categoryData.categoryPath },
}

export const pricesFor = (sku: string, net = 100, gross = 119) => ({
  data: [
    {
      sku,
      prices: {
        SalePrice: [{ ...priceItem(net, gross), minQuantity: { value: 1 } }],
        ListPrice: [{ ...priceItem(net, gross), minQuantity: { value: 1 } }],
      },
    },
  ],
})

export const emptyBasket = (id = 'b-1') => ({
  data: {
    id,
    calculated: true,
    lineItems: [],
    totalProductQuantity: 0,
    totals: { itemTotal: priceItem(0, 0), grandTotal: { ...priceItem(0, 0), tax: money(0) } },
  },
  infos: [],
  errors: [],
})

/** The `;loc=` of an ICM request URL. */
export const localeOf = (request: Request) => /;loc=([^;/]+)/.exec(request.url)?.[1] ?? ''

const TREE_NAMES: Record<string, [string, string]> = {
  en_US: ['Power Tools', 'Drills'],
  de_DE: ['Elektrowerkzeuge', 'Bohrmaschinen'],
  fr_FR: ['Outillage électrique', 'Perceuses'],
}

/** `categories?view=tree`: Power Tools > Drills (as categoryData), named in the request's language. */
export const localizedTree = (request: Request) => {
  const [top, sub] = TREE_NAMES[localeOf(request)] ?? TREE_NAMES.en_US!
  const topLink = { id: 'Power-Tools', name: top, uri: categoryUri('Power-Tools') }
  return {
    elements: [
      {
        id: 'Power-Tools',
        name: top,
        categoryPath: [topLink],
        subCategories: [
          {
            id: 'Drills',
            name: sub,
            hasOnlineProducts: true,
            categoryPath: [topLink, { id: 'Drills', name: sub, uri: categoryUri('Power-Tools.Drills') }],
          },
        ],
      },
    ],
  }
}

/** Extra settings (issue 36): an ICM whose configuration include has no component, as ICM answers it. */
export const emptyConfigurationInclude = get('cms/includes/include.configuration.pagelet2-Include', {
  id: 'include.configuration.pagelet2-Include',
  definitionQualifiedName: 'app_sf_pwa_cm:include.configuration.pagelet2-Include',
  displayName: 'Configuration',
})

/** Category pages' view contexts (issue 36): nothing assigned. */
export const emptyViewContexts = get('cms/viewcontexts/[^/?]+/entrypoint', (request) => {
  const id = decodeURIComponent(/viewcontexts\/([^/?]+)\/entrypoint/.exec(request.url)![1]!)
  return {
    id,
    definitionQualifiedName: `app_sf_base_cm:${id.split('@')[0]}.pagelet2-ViewContext`,
    displayName: id,
  }
})

/** A business customer without a contact person (`GET contactpersons`, issue 36): ICM's 404. */
export const noContactPerson = get('contactpersons', () => icmError(404, 'contactperson.not_found.error'))

/** What the root and shop layout loaders read for every page: categories, footer, configuration. */
export const shellHandlers = (configuration: Parameters<typeof get>[1] = configurationData) => [
  get('categories', { elements: [categoryData] }),
  get('cms/includes/include.footer.content.pagelet2-Include', {
    id: 'include.footer.content.pagelet2-Include',
    definitionQualifiedName: 'app_sf_base_cm:include.footer.content.pagelet2-Include',
    displayName: 'Footer content',
  }),
  get('configurations', configuration),
  emptyConfigurationInclude,
  emptyViewContexts,
]
