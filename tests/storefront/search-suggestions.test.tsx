// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SearchSuggestions } from '~/components/SearchSuggestions'
import { SUGGESTIONS_ID, type SuggestionGroup } from '~/components/useSearchSuggestions'
import { localeByLang, SHOP_LOCALES } from '~/models/locale'
import { formatMoney } from '~/models/price'
import { renderRoute } from './render-route'
import './setup'

afterEach(cleanup)

const groups: SuggestionGroup[] = [
  {
    key: 'products',
    options: [
      {
        id: `${SUGGESTIONS_ID}-0`,
        label: 'Nordvalt Cordless Drill XT 120',
        url: '/x/nordvalt-cordless-drill-xt-120-prd1000042',
        image: '/INTERSHOP/static/WFS/ironbridge-Site/-/images/1/100/1000042.svg',
        sku: '1000042',
        price: { net: { value: 249.99, currency: 'EUR' }, gross: { value: 297.49, currency: 'EUR' } },
      },
      { id: `${SUGGESTIONS_ID}-1`, label: 'Torqline Hammer Drill HD 7', url: '/x/p', sku: '1000043' },
    ],
  },
  { key: 'keywords', options: [{ id: `${SUGGESTIONS_ID}-2`, label: 'hammer drill', url: '/x/search' }] },
]

describe.each(SHOP_LOCALES.map((l) => l.lang))('product suggestions in %s', (lang) => {
  it('show name, picture, SKU and price (gross for a private shopper); keywords just their text', async () => {
    const locale = localeByLang(lang)!
    const t = renderRoute({
      path: `/${lang}/home`,
      pattern: ':lang/home',
      Component: () => (
        <SearchSuggestions
          locale={locale}
          groups={groups}
          expanded
          activeOption={groups[0]!.options[0]}
          highlight={() => undefined}
          go={() => undefined}
        />
      ),
    })
    const list = await screen.findByRole('listbox')
    const [drill, hammer, keyword] = within(list).getAllByRole('option')
    expect(drill!.getAttribute('aria-selected')).toBe('true')
    expect(drill!.textContent).toContain('Nordvalt Cordless Drill XT 120')
    expect(drill!.textContent).toContain(t('product.sku', { sku: '1000042' }))
    expect(drill!.textContent).toContain(formatMoney({ value: 297.49, currency: 'EUR' }, locale.tag))
    expect(drill!.querySelector('img')?.getAttribute('src')).toContain('1000042.svg')
    // Without a price (on request, or prices not loaded) the product is still suggested, without one.
    expect(hammer!.textContent).toContain(t('product.sku', { sku: '1000043' }))
    expect(hammer!.textContent).not.toMatch(/\d,\d\d|\d\.\d\d/)
    expect(keyword!.textContent).toBe('hammer drill')
  })
})
