import { describe, expect, it } from 'vitest'
import {
  MAX_RECENTLY_VIEWED,
  pruneRecentlyViewed,
  RECENTLY_VIEWED_MINUTES,
  recentlyViewedSkus,
  recordView,
  type RecentlyViewedEntry,
} from './recently'

const MINUTE = 60_000
const start = Date.UTC(2026, 0, 5, 12, 0)

describe('recently viewed list', () => {
  it('puts the viewed product first and keeps each SKU once, with its latest view time', () => {
    let list: RecentlyViewedEntry[] = []
    list = recordView(list, 'a', start)
    list = recordView(list, 'b', start + MINUTE)
    list = recordView(list, 'a', start + 2 * MINUTE)
    expect(list).toEqual([
      ['a', start / MINUTE + 2],
      ['b', start / MINUTE + 1],
    ])
    expect(recentlyViewedSkus(list, start + 3 * MINUTE)).toEqual(['a', 'b'])
    expect(recentlyViewedSkus(list, start + 3 * MINUTE, 'a')).toEqual(['b'])
  })

  it('keeps at most MAX_RECENTLY_VIEWED products and drops the oldest', () => {
    let list: RecentlyViewedEntry[] = []
    for (let i = 1; i <= MAX_RECENTLY_VIEWED + 3; i++) list = recordView(list, `sku-${i}`, start + i * MINUTE)
    expect(list).toHaveLength(MAX_RECENTLY_VIEWED)
    expect(list[0]![0]).toBe(`sku-${MAX_RECENTLY_VIEWED + 3}`)
    expect(list.at(-1)![0]).toBe('sku-4')
    // Viewing a remembered one again moves it to the front without pushing another out.
    list = recordView(list, 'sku-4', start + 100 * MINUTE)
    expect(list).toHaveLength(MAX_RECENTLY_VIEWED)
    expect(list[0]![0]).toBe('sku-4')
    expect(list.at(-1)![0]).toBe('sku-5')
  })

  it('forgets views older than the retention period of 10080 minutes', () => {
    const list = recordView(recordView([], 'old', start), 'new', start + 60 * MINUTE)
    const justBefore = start + (RECENTLY_VIEWED_MINUTES - 1) * MINUTE
    expect(recentlyViewedSkus(list, justBefore)).toEqual(['new', 'old'])
    const after = start + RECENTLY_VIEWED_MINUTES * MINUTE
    expect(recentlyViewedSkus(list, after)).toEqual(['new'])
    expect(recordView(list, 'other', after)).toEqual([
      ['other', after / MINUTE],
      ['new', start / MINUTE + 60],
    ])
    expect(pruneRecentlyViewed(list, start + 8 * 24 * 60 * MINUTE)).toEqual([])
  })

  it('ignores anything in the session that is not a list of entries', () => {
    expect(pruneRecentlyViewed(undefined, start)).toEqual([])
    expect(pruneRecentlyViewed('a,b', start)).toEqual([])
    expect(pruneRecentlyViewed([['a', start / MINUTE], ['', 1], 'b', ['c', 'x'], null], start)).toEqual([
      ['a', start / MINUTE],
    ])
  })
})
