/**
 * Packing units, order quantity rules and volume prices in words, in every shop language (issue 19, "Prices
 * shown before checkout"): real translations, so a missing plural form or a wrong key shows.
 */
import { createRemixStub } from '@remix-run/testing'
import type { ReactElement } from 'react'
import { renderToStaticMarkup as renderStatic } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { ProductPriceView } from '~/components/Price'
import { QuantityRulesText } from '~/components/QuantityRulesText'
import { SHOP_LOCALES } from '~/models/locale'
import { amountInWords, quantityProblem, quantityRulesInWords } from '~/models/quantity'
import { fixedT, i18nFor } from '~/services/i18n.server'

/** Price views read the page's price visibility from the root route (useShell): rendered in a route, none loaded. */
function renderToStaticMarkup(element: ReactElement) {
  const Stub = createRemixStub([{ path: '/', Component: () => element }])
  return renderStatic(<Stub />)
}

describe('amounts in words', () => {
  it('names the maximum in the unit the product is sold by, never in pieces of a box product', () => {
    const boxes = { minOrderQuantity: 1, stepQuantity: 1, maxOrderQuantity: 10, packingUnit: 'box' }
    expect(quantityProblem(11, boxes, fixedT('en_US'))).toBe(
      'You can order at most 10 boxes of this product.',
    )
    expect(quantityProblem(11, boxes, fixedT('de_DE'))).toBe(
      'Sie können höchstens 10 Schachteln dieses Produkts bestellen.',
    )
    expect(quantityProblem(11, boxes, fixedT('fr_FR'))).toBe(
      'Vous pouvez commander au maximum 10 boîtes de ce produit.',
    )
    for (const { id } of SHOP_LOCALES) {
      expect(fixedT(id)('product.tile.quantity.label', { name: 'X' }), id).not.toMatch(/Pieces|Stück|pièces/)
    }
  })

  it('counts each packing unit with the plural forms of each language', () => {
    const en = fixedT('en_US')
    expect([1, 5].map((n) => amountInWords(en, n, 'box'))).toEqual(['1 box', '5 boxes'])
    expect(amountInWords(en, 10, '')).toBe('10 pieces')
    expect(amountInWords(fixedT('de_DE'), 2, 'pair')).toBe('2 Paar')
    expect(amountInWords(fixedT('de_DE'), 3, 'roll')).toBe('3 Rollen')
    expect(amountInWords(fixedT('fr_FR'), 10, 'box')).toBe('10 boîtes')
    const pl = fixedT('pl_PL')
    expect([1, 2, 5, 22].map((n) => amountInWords(pl, n, 'box'))).toEqual([
      '1 opakowanie',
      '2 opakowania',
      '5 opakowań',
      '22 opakowania',
    ])
    const ro = fixedT('ro_RO')
    expect([1, 5, 20].map((n) => amountInWords(ro, n, undefined))).toEqual([
      '1 bucată',
      '5 bucăți',
      '20 de bucăți',
    ])
  })

  it('shows a unit the shop has no words for as ICM sent it', () => {
    expect(amountInWords(fixedT('de_DE'), 4, ' Karton ')).toBe('4 Karton')
  })
})

describe('quantity rules in words', () => {
  const rules = { minOrderQuantity: 5, stepQuantity: 5, maxOrderQuantity: 50, packingUnit: 'box' }

  it('says nothing for a product sold in single pieces without limits', () => {
    for (const locale of SHOP_LOCALES)
      expect(quantityRulesInWords({ minOrderQuantity: 1, stepQuantity: 1 }, fixedT(locale.id))).toEqual([])
  })

  it('names unit, minimum, steps and maximum', () => {
    expect(quantityRulesInWords(rules, fixedT('en_US'))).toEqual([
      'Sold by the box.',
      'Minimum order: 5 boxes.',
      'Sold in multiples of 5 boxes.',
      'At most 50 boxes per order.',
    ])
    expect(quantityRulesInWords({ ...rules, packingUnit: '' }, fixedT('de_DE'))).toEqual([
      'Mindestbestellmenge: 5 Stück.',
      'Bestellbar in Schritten von 5 Stück.',
      'Höchstens 50 Stück pro Bestellung.',
    ])
  })

  it('has every sentence in every language, with no key or placeholder left', () => {
    for (const locale of SHOP_LOCALES) {
      const texts = quantityRulesInWords(rules, fixedT(locale.id))
      expect(texts).toHaveLength(4)
      for (const text of texts) expect(text).not.toMatch(/product\.|\{\{|undefined/)
    }
  })

  it('describes the rules next to the input', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18nFor('fr_FR')}>
        <QuantityRulesText product={{ minOrderQuantity: 2, stepQuantity: 1, packingUnit: 'pair' }} id="r" />
      </I18nextProvider>,
    )
    expect(html).toBe(
      '<p class="quantity-rules" id="r">Unité de vente : paire. Commande minimale : 2 paires.</p>',
    )
  })
})

describe('volume prices', () => {
  const price = {
    sku: 's',
    sale: { net: { value: 10, currency: 'EUR' }, gross: { value: 11.9, currency: 'EUR' } },
    scaled: [
      { minQuantity: 10, net: { value: 9, currency: 'EUR' }, gross: { value: 10.71, currency: 'EUR' } },
      { minQuantity: 50, net: { value: 8, currency: 'EUR' }, gross: { value: 9.52, currency: 'EUR' } },
    ],
  }
  const render = (detailed: boolean, localeId: 'en_US' | 'pl_PL') =>
    renderToStaticMarkup(
      <I18nextProvider i18n={i18nFor(localeId)}>
        <ProductPriceView
          price={price}
          display="gross"
          locale={SHOP_LOCALES.find((l) => l.id === localeId)!}
          detailed={detailed}
          packingUnit="box"
        />
      </I18nextProvider>,
    )

  it('names the lowest volume price on a tile, counted in the packing unit', () => {
    const html = render(false, 'en_US')
    expect(html).toContain('<span class="price-scaled">€9.52 from 50 boxes</span>')
    expect(html).not.toContain('<table')
  })

  it('lists every volume price on the product page, in the language', () => {
    const html = render(true, 'pl_PL')
    expect(html).toContain('przy zamówieniu 10 opakowań')
    expect(html).toContain('przy zamówieniu 50 opakowań')
    expect(html).not.toContain('price-scaled')
  })
})

describe('what a gross price includes (issue 30)', () => {
  const hint = (net: number, gross: number, localeId: 'en_US' | 'de_DE' | 'fr_FR', currency = 'EUR') =>
    /<span class="price-hint">([^<]*)<\/span>/
      .exec(
        renderToStaticMarkup(
          <I18nextProvider i18n={i18nFor(localeId)}>
            <ProductPriceView
              price={{
                sku: 's',
                sale: { net: { value: net, currency }, gross: { value: gross, currency } },
                scaled: [],
              }}
              display="gross"
              locale={SHOP_LOCALES.find((l) => l.id === localeId)!}
              detailed
            />
          </I18nextProvider>,
        ),
      )?.[1]
      ?.replace(/\s/g, ' ') // Intl's percent has a (narrow) no-break space in German and French

  it('names the rate of the default destination, in the page language', () => {
    expect(hint(272.69, 324.5, 'en_US')).toBe('incl. 19% VAT')
    expect(hint(272.69, 324.5, 'de_DE')).toBe('inkl. 19 % MwSt.')
    expect(hint(100, 105.5, 'fr_FR')).toBe('TTC (TVA 5,5 %)')
  })

  it('never says "incl. VAT" of a price without tax (the USD shop’s destination), and says what is added', () => {
    expect(hint(272.69, 272.69, 'en_US', 'USD')).toBe('no tax included')
  })

  it('keeps the general hint where cents cannot tell the rate', () => {
    expect(hint(0.84, 1, 'en_US')).toBe('incl. VAT')
  })
})
