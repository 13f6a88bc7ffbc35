/**
 * The local tracking collector over HTTP (issue 35, routes/tracking-collector.ts): only with its token, JSON
 * Measurement Protocol batches of bounded size and number, answered 204 as GA4 does; listed newest first on
 * its page and as JSON; the newest 1000 kept; limited per client address; absent unless switched on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadApiConfig } from '../../commerce-api/config'
import {
  countTrackingEvents,
  listTrackingEvents,
  recordTrackingEvents,
} from '../../commerce-api/domain/tracking-events'
import { call, startApi, type Api } from './harness'

const TOKEN = 'collector-token-0123456789abcdef'
let api: Api

beforeAll(async () => {
  api = await startApi({
    products: 40,
    trackingCollector: { token: TOKEN },
    protection: { limits: { trackingEvents: { points: 60, seconds: 60 } } },
  })
})
afterAll(async () => {
  await api?.close()
})

const collect = (query = `?measurement_id=G-LOCAL&api_secret=${TOKEN}`) =>
  `${api.origin}/tracking/mp/collect${query}`
const batch = (clientId: string, names: string[]) => ({
  client_id: clientId,
  events: names.map((name) => ({
    name,
    params: {
      currency: 'EUR',
      value: 12.5,
      items: [{ item_id: '1000001', item_name: 'Drill', quantity: 1 }],
    },
  })),
})
const post = (body: unknown, { url = collect(), ip = '203.0.113.9', type = 'application/json' } = {}) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': type, 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const list = (query = '', auth = `Bearer ${TOKEN}`) =>
  call(`${api.origin}/tracking.json${query}`, { headers: { authorization: auth } })

describe('the local tracking collector', () => {
  it('takes a batch with its token and lists it, newest first, on its page and as JSON', async () => {
    expect((await post(batch('client-one-0001', ['view_item', 'add_to_cart']))).status).toBe(204)
    const answer = await list('?clientId=client-one-0001')
    expect(answer.status).toBe(200)
    expect(answer.json.elements.map((e: { name: string }) => e.name)).toEqual(['add_to_cart', 'view_item'])
    expect(answer.json.elements[0].params.items[0]).toEqual({
      item_id: '1000001',
      item_name: 'Drill',
      quantity: 1,
    })
    const page = await fetch(`${api.origin}/tracking`, {
      headers: { authorization: `Basic ${Buffer.from(`any:${TOKEN}`).toString('base64')}` },
    })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('client-one-0001')
    expect(html).toContain('1000001 × 1; 12.5 EUR')
    // Bearer works for the collect call too.
    const bearer = await call(`${api.origin}/tracking/mp/collect`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${TOKEN}`,
        'x-forwarded-for': '203.0.113.10',
      },
      body: JSON.stringify(batch('client-two-0002', ['purchase'])),
    })
    expect(bearer.status).toBe(204)
    expect((await list('?name=purchase')).json.elements).toHaveLength(1)
  })

  it('refuses strangers: no or a wrong token, other media types, oversized and malformed batches', async () => {
    expect(
      (await post(batch('c-0001', ['view_item']), { url: collect('?measurement_id=G-LOCAL') })).status,
    ).toBe(401)
    expect(
      (await post(batch('c-0001', ['view_item']), { url: collect('?api_secret=wrong-token-0123456789abc') }))
        .status,
    ).toBe(401)
    expect((await post('client_id=x', { type: 'application/x-www-form-urlencoded' })).status).toBe(415)
    const huge = batch('c-0001', ['view_item'])
    huge.events[0]!.params.items = Array.from({ length: 400 }, (_, i) => ({
      item_id: `${i}`,
      item_name: 'x'.repeat(80),
      quantity: 1,
    }))
    expect((await post(huge)).status).toBe(413)
    expect((await post({ client_id: 'c-0001', events: [{ name: 'bad name', params: {} }] })).status).toBe(400)
    expect((await post('{not json')).status).toBe(400)
    const page = await fetch(`${api.origin}/tracking`)
    expect(page.status).toBe(401)
    expect(page.headers.get('www-authenticate')).toContain('Basic')
    expect((await list('', 'Bearer wrong-token-0123456789abcdef')).status).toBe(401)
    expect((await list('?clientId=c-0001')).json.elements).toEqual([])
  })

  it('limits the events per client address (one point per event)', async () => {
    const ip = '198.51.100.77'
    const full = batch(
      'c-limit-01',
      Array.from({ length: 25 }, () => 'view_item'),
    )
    expect((await post(full, { ip })).status).toBe(204)
    expect((await post(full, { ip })).status).toBe(204)
    const refused = await post(full, { ip })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // Another address is not affected.
    expect((await post(batch('c-limit-02', ['view_item']), { ip: '198.51.100.78' })).status).toBe(204)
  })

  it('keeps only the newest events', async () => {
    const db = api.database.db
    for (let i = 0; i < 4; i++) await recordTrackingEvents(db, batch('c-keep-0001', [`keep_${i}`]), 3)
    expect(await countTrackingEvents(db)).toBe(3)
    expect((await listTrackingEvents(db)).map((e) => e.name)).toEqual(['keep_3', 'keep_2', 'keep_1'])
  })
})

describe('the collector’s settings', () => {
  const env = (variables: Record<string, string>) => variables as NodeJS.ProcessEnv
  it('is off unless switched on, and on only with a token long enough', () => {
    expect(loadApiConfig(env({})).trackingCollector).toBeUndefined()
    expect(
      loadApiConfig(env({ TRACKING_COLLECTOR: 'on', TRACKING_COLLECTOR_TOKEN: TOKEN })).trackingCollector,
    ).toEqual({
      token: TOKEN,
    })
    expect(() => loadApiConfig(env({ TRACKING_COLLECTOR: 'on' }))).toThrow(/TRACKING_COLLECTOR_TOKEN/)
    expect(() =>
      loadApiConfig(env({ TRACKING_COLLECTOR: 'on', TRACKING_COLLECTOR_TOKEN: 'short' })),
    ).toThrow()
    expect(() => loadApiConfig(env({ TRACKING_COLLECTOR: 'yes' }))).toThrow(/TRACKING_COLLECTOR/)
  })

  it('has no paths when off', async () => {
    const other = await startApi({ products: 40 })
    try {
      const answer = await call(`${other.origin}/tracking/mp/collect?api_secret=${TOKEN}`, {
        method: 'POST',
        json: batch('c-off-0001', ['view_item']),
      })
      expect(answer.status).toBe(404)
      expect((await fetch(`${other.origin}/tracking`)).status).toBe(404)
    } finally {
      await other.close()
    }
  })
})
