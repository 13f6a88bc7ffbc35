import { describe, expect, it } from 'vitest'
import { LOW_STOCK_THRESHOLD } from '../../domain/catalog'
import { generateCatalog } from './generate'

/**
 * The demo catalog as a shop owner would show it (issue 32): a category lists only its own kind of
 * product, and most of a category's products can be ordered at once.
 */
const catalog = generateCatalog({ productCount: 3000 })
const bySku = new Map(catalog.products.map((p) => [p.sku, p]))

describe('the demo catalog', () => {
  it('lists every product in its own category only: no washers or hex nuts among the cordless drills', () => {
    for (const row of catalog.productCategories) {
      expect(bySku.get(row.sku)?.defaultCategoryId, `${row.sku} in ${row.categoryId}`).toBe(row.categoryId)
    }
    // A larger catalog too: at 20,000 products aerated concrete blocks were among the drills.
    const large = generateCatalog({ productCount: 20_000 })
    const largeBySku = new Map(large.products.map((p) => [p.sku, p.defaultCategoryId]))
    const strangers = large.productCategories.filter((row) => largeBySku.get(row.sku) !== row.categoryId)
    expect(strangers).toEqual([])
    const drills = catalog.productCategories.filter((row) => row.categoryId.endsWith('.Cordless-Drills'))
    expect(drills.length).toBeGreaterThan(10)
    for (const row of drills) expect(bySku.get(row.sku)!.names.en_US).toMatch(/Cordless Drill/)
  })

  it('has most of each category in stock: at least three in four well stocked, at most one in ten sold out', () => {
    const byCategory = new Map<string, number[]>()
    const stock = new Map(catalog.inventories.map((i) => [i.sku, i.stock]))
    for (const row of catalog.productCategories) {
      const product = bySku.get(row.sku)!
      // A master is bought as one of its variations; their stock counts for it.
      const skus =
        product.kind === 'master'
          ? catalog.products.filter((p) => p.masterSku === product.sku).map((p) => p.sku)
          : [product.sku]
      const list = byCategory.get(row.categoryId) ?? []
      for (const sku of skus) if (stock.has(sku)) list.push(stock.get(sku)!)
      byCategory.set(row.categoryId, list)
    }
    expect(byCategory.size).toBeGreaterThan(20)
    for (const [categoryId, list] of byCategory) {
      if (list.length < 10) continue
      const wellStocked = list.filter((n) => n > LOW_STOCK_THRESHOLD).length / list.length
      const soldOut = list.filter((n) => n === 0).length / list.length
      expect(wellStocked, categoryId).toBeGreaterThanOrEqual(0.75)
      expect(soldOut, categoryId).toBeLessThanOrEqual(0.1)
    }
  })
})
