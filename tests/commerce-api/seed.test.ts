import { describe, expect, it } from 'vitest'
import { generateCatalog } from '../../commerce-api/db/seed/generate'
import { rewriteIcmUrl, scopeFromMatrix } from '../../commerce-api/http'

describe('seed generator', () => {
  it('is deterministic and makes exactly the requested number of products', () => {
    const a = generateCatalog({ productCount: 500 })
    const b = generateCatalog({ productCount: 500 })
    expect(a.products).toHaveLength(500)
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    expect(generateCatalog({ productCount: 500, seed: 7 }).products[0]!.names).not.toEqual(
      a.products[0]!.names,
    )
  })

  it('makes every kind of product, prices in four currencies and three category levels', () => {
    const catalog = generateCatalog({ productCount: 2000 })
    const kinds = new Set(catalog.products.map((p) => p.kind))
    expect([...kinds].sort()).toEqual(['bundle', 'master', 'product', 'retailset', 'variation'])
    expect(new Set(catalog.prices.map((p) => p.currency))).toEqual(new Set(['EUR', 'USD', 'PLN', 'RON']))
    expect(new Set(catalog.categories.map((c) => c.level))).toEqual(new Set([0, 1, 2]))
    for (const product of catalog.products) {
      expect(Object.keys(product.names).sort()).toEqual(['de_DE', 'en_US', 'fr_FR', 'pl_PL', 'ro_RO'])
    }
    // Prices are whole cents and gross is never below net.
    for (const price of catalog.prices) {
      expect(
        Number.isInteger(price.saleNet) && price.saleGross >= price.saleNet && price.saleNet <= price.listNet,
      ).toBe(true)
    }
    const stock = catalog.inventories.map((i) => i.stock)
    expect(stock.some((s) => s === 0) && stock.some((s) => s > 0 && s <= 5) && stock.some((s) => s > 5)).toBe(
      true,
    )
  })
})

describe('ICM URLs', () => {
  it('takes matrix parameters off any segment', () => {
    expect(
      rewriteIcmUrl('/INTERSHOP/rest/WFS/site/-;loc=de_DE;cur=EUR/products;spgid=abc/123?allImages=true'),
    ).toEqual({
      url: '/rest/site/products/123?allImages=true',
      matrix: { loc: 'de_DE', cur: 'EUR', spgid: 'abc' },
    })
    expect(rewriteIcmUrl('/INTERSHOP/rest/WFS/site/-/configurations').url).toBe('/rest/site/configurations')
    expect(rewriteIcmUrl('/health')).toEqual({ url: '/health', matrix: {} })
  })
  it('defaults locale and currency and rejects unknown ones', () => {
    expect(scopeFromMatrix({})).toMatchObject({ locale: 'de_DE', currency: 'EUR' })
    expect(() => scopeFromMatrix({ loc: 'xx_XX' })).toThrow(/locale/)
    expect(() => scopeFromMatrix({ cur: 'BTC' })).toThrow(/currency/)
  })
})
