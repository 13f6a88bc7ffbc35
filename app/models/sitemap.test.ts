import { describe, expect, it } from 'vitest'
import { sitemapIndex, urlSet } from './sitemap'

describe('sitemaps', () => {
  it('escapes URLs in a URL set', () => {
    const xml = urlSet(['https://shop.test/en/a-prd1?x=1&y=2'])
    expect(xml).toContain('<loc>https://shop.test/en/a-prd1?x=1&amp;y=2</loc>')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
  })
  it('lists sitemaps in an index', () => {
    const xml = sitemapIndex([
      'https://shop.test/sitemap/en/categories.xml',
      'https://shop.test/sitemap/de/categories.xml',
    ])
    expect(xml.match(/<sitemap><loc>/g)).toHaveLength(2)
  })
})
