import { afterEach, describe, expect, it, vi } from 'vitest'
import { localeByLang } from '~/models/locale'
import { STOCK_CACHE_SECONDS } from '~/services/icm.server'
import { inventory } from '~/services/products.server'
import { get, icm } from './icm-mock'
import './setup'

const en = { locale: localeByLang('en')! }
const de = { locale: localeByLang('de')! }

/** ICM's inventories answer, the stock rising by one per call; `asked` counts the calls per SKU list. */
function stockService() {
  const asked: string[] = []
  icm.use(
    get('inventories', (request) => {
      const skus = new URL(request.url).searchParams.getAll('sku')
      asked.push(skus.join(','))
      return { data: skus.map((sku) => ({ sku, warehouses: [{ stock: asked.length }] })) }
    }),
  )
  return asked
}

afterEach(() => vi.useRealTimers())

describe('stock levels shared between requests (ICM cache policy `stock`)', () => {
  it('answers the same SKUs from one ICM call for a few seconds, then asks ICM again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'] })
    vi.advanceTimersByTime(1000) // lru-cache takes a start time of 0 for none
    const asked = stockService()
    const first = await inventory(en, ['1000042'])
    const again = await inventory(en, ['1000042'])
    expect(asked).toEqual(['1000042'])
    expect(again.get('1000042')?.stock).toBe(first.get('1000042')?.stock)

    vi.advanceTimersByTime(STOCK_CACHE_SECONDS * 1000 + 1)
    const later = await inventory(en, ['1000042'])
    expect(asked).toEqual(['1000042', '1000042'])
    expect(later.get('1000042')?.stock).toBe(2)
  })

  it('keeps other SKU lists and other locales apart, and never sends a token', async () => {
    const asked = stockService()
    const tokens: (string | null)[] = []
    icm.events.on(
      'request:start',
      ({ request }) => void tokens.push(request.headers.get('authentication-token')),
    )
    await inventory(en, ['1000042'])
    await inventory(en, ['1000042', '1000043'])
    await inventory(de, ['1000042'])
    expect(asked).toEqual(['1000042', '1000042,1000043', '1000042'])
    expect(tokens.filter(Boolean)).toEqual([])
    icm.events.removeAllListeners()
  })
})
