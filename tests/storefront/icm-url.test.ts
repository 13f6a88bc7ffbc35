import { describe, expect, it } from 'vitest'
import { localeByLang } from '~/models/locale'
import { icmUrl } from '~/services/icm.server'

const BASE = 'http://127.0.0.1:4100/INTERSHOP/rest/WFS/ironbridge-Site/-'
const en = { locale: localeByLang('en')!, pgid: 'a b/c' }

describe('the URL of an ICM call (also the key of a cached answer)', () => {
  it('puts locale and currency on the application and the group after the first segment', () => {
    expect(icmUrl(en, { path: 'categories/Power-Tools/Drills', group: 'spgid' })).toBe(
      `${BASE};loc=en_US;cur=USD/categories;spgid=a%20b%2Fc/Power-Tools/Drills`,
    )
    expect(icmUrl(en, { path: 'products', group: 'none' })).toBe(`${BASE};loc=en_US;cur=USD/products`)
    expect(icmUrl({ locale: en.locale }, { path: 'cms/includes/x', group: 'pgid' })).toBe(
      `${BASE};loc=en_US;cur=USD/cms/includes/x`,
    )
    expect(icmUrl(en, { path: 'configurations', unscoped: true })).toBe(`${BASE}/configurations`)
  })

  it('writes the query form-encoded, repeats a list, leaves out what is undefined', () => {
    expect(
      icmUrl(en, {
        path: 'productprices',
        query: {
          sku: ['1 2', '3&4'],
          amount: 12,
          returnSortKeys: true,
          sortKey: undefined,
          searchTerm: 'ä+ö',
        },
      }),
    ).toBe(
      `${BASE};loc=en_US;cur=USD/productprices?sku=1+2&sku=3%264&amount=12&returnSortKeys=true&searchTerm=%C3%A4%2B%C3%B6`,
    )
    expect(icmUrl(en, { path: 'products', query: { sortKey: undefined, sku: [] } })).toBe(
      `${BASE};loc=en_US;cur=USD/products`,
    )
  })

  it('ends the path with a preview context', () => {
    expect(
      icmUrl({ ...en, previewContextId: 'p 1' }, { path: 'cms/pages/home', group: 'pgid', query: { a: 1 } }),
    ).toBe(`${BASE};loc=en_US;cur=USD/cms;pgid=a%20b%2Fc/pages/home;prectx=p%201?a=1`)
  })
})
