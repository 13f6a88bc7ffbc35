import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { Ga4Event } from '~/models/tracking'
import { sessionOf, sessionStorage } from '~/services/session.server'
import { REPORTED_PURCHASES, unreportedPurchasesOnly } from '~/services/tracking.server'

const purchase = (order: string): Ga4Event => ({ name: 'purchase', params: { transaction_id: order } })
const view: Ga4Event = { name: 'page_view', params: { page_status: 'ok' } }

/** A request of its own (as another storefront process would get it) carrying the session cookie. */
async function nextRequest(cookie?: string) {
  const args = {
    request: new Request('http://shop.test/en/checkout/receipt', {
      headers: cookie ? { Cookie: cookie } : {},
    }),
    context: {} as AppLoadContext,
  }
  return args
}
const cookieOf = async (args: Awaited<ReturnType<typeof nextRequest>>) =>
  (await sessionStorage.commitSession(await sessionOf(args))).split(';')[0]!

describe('a purchase is reported once per session, whichever process shows the receipt', () => {
  it('reports an order once; other events and other orders still go', async () => {
    const first = await nextRequest()
    expect(await unreportedPurchasesOnly(first, [view, purchase('OR-1')])).toEqual([view, purchase('OR-1')])
    // The receipt again, in a request that shares no memory with the first but its session cookie.
    const again = await nextRequest(await cookieOf(first))
    expect(await unreportedPurchasesOnly(again, [view, purchase('OR-1')])).toEqual([view])
    const later = await nextRequest(await cookieOf(again))
    expect(await unreportedPurchasesOnly(later, [purchase('OR-2')])).toEqual([purchase('OR-2')])
  })

  it('keeps the last few order numbers only', async () => {
    let args = await nextRequest()
    for (let n = 0; n <= REPORTED_PURCHASES; n++) {
      await unreportedPurchasesOnly(args, [purchase(`OR-${n}`)])
      args = await nextRequest(await cookieOf(args))
    }
    expect((await sessionOf(args)).get('reportedPurchases')).toHaveLength(REPORTED_PURCHASES)
    // The oldest is forgotten; the newest is still known.
    expect(await unreportedPurchasesOnly(args, [purchase(`OR-${REPORTED_PURCHASES}`)])).toEqual([])
  })
})
