import { createRequire } from 'node:module'
import type * as ReactModule from 'react'
import type * as ReactDomServer from 'react-dom/server'
import type * as RemixReact from '@remix-run/react'
import type * as RouterServer from 'react-router-dom/server'
import { afterEach, describe, expect, it } from 'vitest'

// The server loads the CommonJS builds (Remix's server runtime requires them); the patch is there.
const require = createRequire(import.meta.url)
const React = require('react') as typeof ReactModule
const { renderToString } = require('react-dom/server') as typeof ReactDomServer
const { Form, Link } = require('@remix-run/react') as typeof RemixReact
const { createStaticHandler, createStaticRouter, StaticRouterProvider } =
  require('react-router-dom/server') as typeof RouterServer

const h = React.createElement
const hasDocument = 'document' in globalThis

afterEach(() => {
  if (!hasDocument) delete (globalThis as { document?: unknown }).document
})

/** `element` rendered on a page of a static router at `path`, as the server renders routes. */
async function render(element: ReactModule.ReactElement, path = '/en/tools/drill-prd1') {
  const routes = [
    {
      id: 'root',
      path: '/',
      children: [{ id: 'page', path: ':lang/*', Component: () => element }],
    },
  ]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://shop.test${path}`))
  if (context instanceof Response) throw new Error('unexpected response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(h(StaticRouterProvider, { router, context, hydrate: false }))
}

/** The markup of `element` on the server (patched path) and as React Router's full components render it. */
async function bothWays(element: ReactModule.ReactElement) {
  const server = await render(element)
  // React Router's own components run where a document exists (a browser): the unpatched path.
  ;(globalThis as { document?: unknown }).document = {}
  const full = await render(element)
  delete (globalThis as { document?: unknown }).document
  return { server, full }
}

const links: [string, ReactModule.ReactElement][] = [
  ['a plain path', h(Link, { to: '/en/home' }, 'Home')],
  [
    'classes, labels and data attributes',
    h(
      Link,
      { to: '/en/basket', className: 'mini-basket', 'aria-label': 'Basket', ...{ 'data-testid': 'b' } },
      'B',
    ),
  ],
  ['a query and a fragment', h(Link, { to: '/en/search?searchTerm=drill&page=2#results' }, 'Search')],
  ['a trailing slash', h(Link, { to: '/en/account/' }, 'Account')],
  ['reloadDocument (no data-discover)', h(Link, { to: '/en/logout', reloadDocument: true }, 'Out')],
  ['a target', h(Link, { to: '/en/cookies', target: '_blank', rel: 'noopener' }, 'Cookies')],
  [
    'prefetch and state',
    h(Link, { to: '/en/home', prefetch: 'intent', state: { from: 'x' }, replace: true }, 'H'),
  ],
  ['discover none', h(Link, { to: '/en/home', discover: 'none' }, 'H')],
  // Not plain: React Router resolves these itself (the same components on both paths).
  ['a relative path', h(Link, { to: 'reviews' }, 'Reviews')],
  ['dot segments', h(Link, { to: '/en/tools/../home' }, 'Home')],
  ['an empty search', h(Link, { to: '/en/home?' }, 'Home')],
  ['an absolute URL', h(Link, { to: 'https://example.com/x' }, 'Out')],
]

const forms: [string, ReactModule.ReactElement][] = [
  [
    'a post with classes',
    h(
      Form,
      { method: 'post', action: '/en/basket/add', className: 'tile-add-to-basket' },
      h('button', null, 'Add'),
    ),
  ],
  ['a get', h(Form, { method: 'get', action: '/en/search', role: 'search' }, h('input', { name: 'q' }))],
  ['no method (get)', h(Form, { action: '/en/search' })],
  ['an upper-case method', h(Form, { method: 'POST', action: '/en/compare' })],
  [
    'reloadDocument and encType',
    h(Form, { method: 'post', action: '/en/x', reloadDocument: true, encType: 'multipart/form-data' }),
  ],
  [
    'navigate false and replace',
    h(Form, { method: 'post', action: '/en/x', navigate: false, replace: true }),
  ],
  // Not plain: the form posts to the page's own route (React Router adds ?index and the search).
  ['no action', h(Form, { method: 'post' })],
]

describe('server-rendered <Link> and <Form> to plain paths (patched, ADR 0056)', () => {
  it.each(links)('renders a link with %s as React Router does', async (_, element) => {
    const { server, full } = await bothWays(element)
    expect(server).toBe(full)
    expect(server).toMatch(/<a /)
  })

  it.each(forms)('renders a form with %s as React Router does', async (_, element) => {
    const { server, full } = await bothWays(element)
    expect(server).toBe(full)
    expect(server).toMatch(/<form /)
  })

  it('takes the short path for a plain path: no router is needed, and none is asked', () => {
    expect(renderToString(h(Link, { to: '/en/home', className: 'x' }, 'Home'))).toBe(
      '<a class="x" data-discover="true" href="/en/home">Home</a>',
    )
    expect(renderToString(h(Form, { method: 'post', action: '/en/basket/add' }))).toBe(
      '<form method="post" action="/en/basket/add" data-discover="true"></form>',
    )
    // Anything else still goes through React Router, which needs its router.
    expect(() => renderToString(h(Link, { to: 'reviews' }, 'Reviews'))).toThrow(/<Router>/)
  })
})
