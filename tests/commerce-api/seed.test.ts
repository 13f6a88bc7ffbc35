import { describe, expect, it } from 'vitest'
import { KITS, VARIATION_PRICE_STEPS } from '../../commerce-api/db/seed/assortment'
import { taxonomy } from '../../commerce-api/db/seed/catalog-data'
import { generateCatalog } from '../../commerce-api/db/seed/generate'
import { mandatoryDemo } from '../../commerce-api/db/seed/mandatory-links'
import { productExtras } from '../../commerce-api/db/seed/product-extras'
import { DEMO_UNSPSC } from '../../commerce-api/db/seed/unspsc'
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

describe('UNSPSC codes of the demo taxonomy (issue 34)', () => {
  it('give every top category a code of 8 digits, and name only categories of the taxonomy', () => {
    const catalog = generateCatalog({ productCount: 100 })
    for (const top of catalog.categories.filter((c) => c.level === 0))
      expect(top.unspsc, top.segment).toMatch(/^\d{8}$/)
    const segments = new Set(catalog.categories.map((c) => c.segment))
    expect(Object.keys(DEMO_UNSPSC).filter((segment) => !segments.has(segment))).toEqual([])
    expect(Object.values(DEMO_UNSPSC).every((code) => /^\d{8}$/.test(code))).toBe(true)
  })
})

describe('demo catalog a shop owner can show', () => {
  const catalog = generateCatalog({ productCount: 3000 })
  const leafOf = (sku: string) =>
    catalog.products.find((p) => p.sku === sku)!.defaultCategoryId.split('.')[2]!
  const nouns = new Map(
    taxonomy.flatMap((top) =>
      top.children.flatMap((sub) => sub.children.map((leaf) => [leaf.id, leaf.noun])),
    ),
  )
  const eur = new Map(catalog.prices.filter((p) => p.currency === 'EUR').map((p) => [p.sku, p.listNet]))

  it('names products by brand, noun and specs, without model numbers, each name once', () => {
    const single = catalog.products.filter((p) => p.kind === 'product' || p.kind === 'master')
    for (const product of single) {
      const noun = nouns.get(leafOf(product.sku))!
      for (const [locale, name] of Object.entries(product.names)) {
        expect(name).toContain(product.manufacturer)
        expect(name).toContain(noun[locale as keyof typeof noun])
      }
      // Numbers in a name come with their unit or as a size, never as a bare model number ('Pro 523').
      expect(product.names.en_US).not.toMatch(
        /\b(Pro|XT|Max|Flex|Core|Ultra|Prime|Compact|HD|Eco|Plus|Vario) \d/,
      )
    }
    const names = catalog.products.filter((p) => p.kind !== 'variation').map((p) => p.names.en_US)
    expect(new Set(names).size).toBe(names.length)
  })

  it('gives attributes that fit each other and the category', () => {
    for (const product of catalog.products.filter((p) => leafOf(p.sku) === 'Washers')) {
      const value = (key: string) => product.attributes.find((a) => a.key === key)!.value as number
      expect(value('innerDiameter')).toBeLessThan(value('outerDiameter'))
    }
    const drills = catalog.products.filter((p) => leafOf(p.sku) === 'Cordless-Drills' && p.kind === 'product')
    for (const drill of drills) {
      expect(JSON.stringify(drill.attributes)).not.toMatch(/chrome vanadium/i)
    }
  })

  it('prices a bigger variation higher, in small steps, and colours the same', () => {
    const masters = catalog.products.filter((p) => p.kind === 'master')
    expect(masters.length).toBeGreaterThan(10)
    for (const master of masters) {
      const variations = catalog.products.filter((p) => p.masterSku === master.sku)
      const id = variations[0]!.variationAttributes![0]!.id
      const prices = variations.map((v) => eur.get(v.sku)!)
      if (VARIATION_PRICE_STEPS[id] === 0) expect(new Set(prices).size, master.names.en_US).toBe(1)
      else {
        for (let i = 1; i < prices.length; i++) {
          expect(prices[i]!, master.names.en_US).toBeGreaterThanOrEqual(prices[i - 1]!)
          expect(prices[i]! / prices[i - 1]!, master.names.en_US).toBeLessThan(2)
        }
      }
    }
  })

  it('makes bundles and sets of parts that belong together, named after what they hold', () => {
    const sets = catalog.products.filter((p) => p.kind === 'bundle' || p.kind === 'retailset')
    expect(sets.length).toBeGreaterThan(20)
    for (const set of sets) {
      const parts = catalog.productParts.filter((p) => p.ownerSku === set.sku)
      const kit = KITS.find((k) => set.names.en_US!.includes(k.name.en_US))!
      expect(kit, set.names.en_US).toBeDefined()
      expect(parts.map((p) => [leafOf(p.partSku), p.quantity])).toEqual(kit.parts)
    }
  })

  it('links accessories a product is used with, and demo mandatory items that make sense', () => {
    const drill = catalog.productLinks.find(
      (l) => l.linkType === 'accessory' && leafOf(l.sku) === 'Cordless-Drills',
    )!
    expect(['Wood-Screws', 'Wall-Plugs', 'Safety-Glasses']).toContain(leafOf(drill.targetSku))
    const demo = mandatoryDemo(catalog, productExtras(catalog))!
    expect(leafOf(demo.both.sku)).toBe('LED-Floodlights')
    expect(demo.both.selections.map(leafOf)).toEqual([
      'Installation-Cable',
      'Installation-Cable',
      'Installation-Cable',
    ])
    expect(leafOf(demo.selectionOnly.sku)).toBe('Light-Switches')
    expect(demo.selectionOnly.selections.map(leafOf)).toEqual(['Junction-Boxes', 'Junction-Boxes'])
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
