import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { localeByLang } from '~/models/locale'
import { categoryTree } from '~/services/categories.server'
import { contentInclude, FOOTER_INCLUDE } from '~/services/cms.server'
import { clearIcmCache, icmCall } from '~/services/icm.server'
import { categoryProducts, product, productFilters } from '~/services/products.server'
import './setup'

/**
 * A cached ICM answer is mapped once (`icmCall`'s map, ADR 0064): every request until the answer leaves the
 * cache gets the same mapped object, which nobody may change (frozen outside production).
 */
const en = { locale: localeByLang('en')! }
const de = { locale: localeByLang('de')! }
const DRILLS = 'Power-Tools.Drilling-And-Screwdriving.Cordless-Drills'
const query = { page: 1, pageSize: 12 }

describe('answers mapped once per cached answer', () => {
  it('gives every request the same mapped product, listing, filters and tree until the answer expires', async () => {
    const first = await product(en, '1000001')
    expect(await product(en, '1000001')).toBe(first)
    const listing = await categoryProducts(en, DRILLS, query)
    expect(listing.products.length).toBeGreaterThan(0)
    expect(await categoryProducts(en, DRILLS, query)).toBe(listing)
    const filters = await productFilters(en, { categoryId: DRILLS }, undefined)
    expect(await productFilters(en, { categoryId: DRILLS }, undefined)).toBe(filters)
    const tree = await categoryTree(en)
    expect(await categoryTree(en)).toBe(tree)

    // Another language is another answer, mapped on its own.
    const german = await product(de, '1000001')
    expect(german).not.toBe(first)
    expect(german.sku).toBe(first.sku)

    clearIcmCache()
    const fresh = await product(en, '1000001')
    expect(fresh).not.toBe(first)
    expect(fresh).toEqual(first)
  })

  it('freezes what it shares, so a caller that changes it fails', async () => {
    const shared = await product(en, '1000001')
    expect(Object.isFrozen(shared)).toBe(true)
    expect(() => {
      ;(shared as { name: string }).name = 'changed for everyone'
    }).toThrow(TypeError)
    const listing = await categoryProducts(en, DRILLS, query)
    expect(() => listing.products.push(listing.products[0]!)).toThrow(TypeError)
    expect(Object.isFrozen(listing.products[0])).toBe(true)
  })

  it('keeps a content include’s pagelets with their links while the answers they come from are kept', async () => {
    const footer = await contentInclude(en, FOOTER_INCLUDE, 'long')
    const again = await contentInclude(en, FOOTER_INCLUDE, 'long')
    expect(again.pagelets).toBe(footer.pagelets)
    expect(JSON.stringify(footer.pagelets)).toMatch(/href=\\"\/en\/[^"]*-pg[a-z-]+\\"/)
    clearIcmCache()
    const fresh = await contentInclude(en, FOOTER_INCLUDE, 'long')
    expect(fresh.pagelets).not.toBe(footer.pagelets)
    expect(fresh.pagelets).toEqual(footer.pagelets)
  })

  it('maps an answer that is not shared for its call alone', async () => {
    const call = {
      path: 'configurations',
      schema: z.object({ data: z.object({}).passthrough() }),
      unscoped: true,
    }
    const keys = (answer: { data: object }) => Object.keys(answer.data)
    const uncached = await icmCall(en, { ...call, cache: 'none' }, keys)
    const again = await icmCall(en, { ...call, cache: 'none' }, keys)
    expect(uncached).toContain('general')
    expect(again).not.toBe(uncached)
    expect(again).toEqual(uncached)
    expect(Object.isFrozen(uncached)).toBe(false)
  })

  it('refuses a map made anew for each call, which would keep a result per request', async () => {
    const call = {
      path: 'configurations',
      schema: z.object({}).passthrough(),
      cache: 'long' as const,
      unscoped: true,
    }
    const made = () => icmCall(en, call, (answer) => Object.keys(answer))
    for (let i = 0; i < 4; i++) await made()
    expect(() => made()).toThrow('declare it once')
  })
})
