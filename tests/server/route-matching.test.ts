import { createRequire } from 'node:module'
import type * as RouterModule from '@remix-run/router'
import type { AgnosticRouteObject } from '@remix-run/router'
import { createStaticHandler, createStaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'

// The server loads React Router's CommonJS build (Remix's server runtime requires it); the patches are there.
const router = createRequire(import.meta.url)('@remix-run/router') as typeof RouterModule
const { matchRoutes } = router

/** A tree shaped like the shop's: a language layout, a shop layout, index and splat routes. */
const tree = (): AgnosticRouteObject[] => [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'lang-index', path: ':lang', index: true },
      {
        id: 'shop',
        path: ':lang',
        children: [
          { id: 'home', path: 'home' },
          { id: 'basket', path: 'basket' },
          { id: 'order', path: 'account/orders/:orderId' },
          { id: 'catalog', path: '*' },
        ],
      },
    ],
  },
]

const idsOf = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id) ?? null

describe('route matching (patched to remember, ADR 0047, 0056)', () => {
  it('answers the same matches every time, for many paths, beyond what it remembers', () => {
    const routes = tree()
    for (let round = 0; round < 2; round++) {
      expect(idsOf(matchRoutes(routes, '/en/home'))).toEqual(['root', 'shop', 'home'])
      expect(idsOf(matchRoutes(routes, '/de/account/orders/42'))).toEqual(['root', 'shop', 'order'])
      expect(matchRoutes(routes, '/de/account/orders/42')![2]!.params).toEqual({ lang: 'de', orderId: '42' })
      // More paths than the matched branches it keeps (5,000): the oldest go, the answers stay the same.
      for (let n = 0; n < 5200; n++) {
        const matches = matchRoutes(routes, `/en/tools/drill-prd${n}`)!
        expect(idsOf(matches)).toEqual(['root', 'shop', 'catalog'])
        expect(matches[2]!.params['*']).toBe(`tools/drill-prd${n}`)
      }
      expect(idsOf(matchRoutes(routes, '/'))).toEqual(['root'])
    }
  })

  it('gives every caller params of its own', () => {
    const routes = tree()
    const first = matchRoutes(routes, '/en/account/orders/7')!
    ;(first[2]!.params as Record<string, string>).orderId = 'changed by a loader'
    const second = matchRoutes(routes, '/en/account/orders/7')!
    expect(second[2]!.params.orderId).toBe('7')
    expect(second[2]!.params).not.toBe(first[2]!.params)
  })

  it('remembers a tree’s ranked branches: a route added to a server tree later is not seen', () => {
    // The contract of the patch (server trees never change after start); without it the new route matches.
    const routes = tree()
    expect(idsOf(matchRoutes(routes, '/en/basket'))).toEqual(['root', 'shop', 'basket'])
    routes[0]!.children![1]!.children!.unshift({ id: 'late', path: 'late' })
    expect(idsOf(matchRoutes(routes, '/en/late'))).toEqual(['root', 'shop', 'catalog'])
  })

  it('keeps two trees apart', () => {
    const other: AgnosticRouteObject[] = [{ id: 'only', path: '/:lang/home' }]
    expect(idsOf(matchRoutes(tree(), '/en/home'))).toEqual(['root', 'shop', 'home'])
    expect(idsOf(matchRoutes(other, '/en/home'))).toEqual(['only'])
    expect(matchRoutes(other, '/en/basket')).toBeNull()
    expect(matchRoutes(other, '/en/basket')).toBeNull() // remembered as no match
    expect(idsOf(matchRoutes(other, '/en/home'))).toEqual(['only'])
  })

  it('makes a tree’s data routes once per tree for every render', async () => {
    const routes = tree()
    const handler = createStaticHandler(routes)
    const context = await handler.query(new Request('http://shop.test/en/home'))
    if (context instanceof Response) throw new Error('unexpected response')
    const first = createStaticRouter(routes, context)
    const second = createStaticRouter(routes, context)
    expect(second.routes).toBe(first.routes)
    expect(first.state.matches.map((m) => m.route.id)).toEqual(['root', 'shop', 'home'])
  })
})
