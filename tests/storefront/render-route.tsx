import { Outlet } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { render } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { localeByLang } from '~/models/locale'
import type { ShellData } from '~/models/shell'
import { i18nFor } from '~/services/i18n.server'

export type RouteFn = (args: any) => Promise<unknown>

/**
 * Renders one route at `path` (matched by `pattern`) below a root route that gives the page its locale, in the
 * path's language; its loader and action are called as the server would call them, with `cookie` as the
 * request's session. Answers the language's translate function, for the texts the test expects.
 */
export function renderRoute({
  path,
  pattern,
  Component,
  loader,
  action,
  cookie,
  others = [],
  shell,
  root,
}: {
  path: string
  pattern: string
  Component: () => JSX.Element | null
  /** None: a component that needs no data of its own (a form part). */
  loader?: RouteFn
  action?: RouteFn
  cookie?: string
  /** Further routes beside it, e.g. the route a form of the page posts to. */
  others?: Parameters<typeof createRemixStub>[0]
  /** What the root loader gives every page (price display, the features it shows); none by default. */
  shell?: ShellData
  /**
   * The root route's loader (the app's, for the shopper's price display and shell); default: the page's
   * locale alone.
   */
  root?: RouteFn
}) {
  const locale = localeByLang(path.split('/')[1]!)!
  const withCookie = (request: Request) => {
    const headers = new Headers(request.headers)
    if (cookie) headers.set('Cookie', cookie)
    return new Request(request.url, {
      method: request.method,
      headers,
      body: request.method === 'POST' ? request.body : undefined,
      duplex: 'half',
    } as RequestInit)
  }
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      loader: root
        ? ({ request, params, context }) => root({ request: withCookie(request), params, context })
        : () => ({ locale, shell: shell ?? null }),
      Component: Outlet,
      children: [
        {
          path: pattern,
          Component,
          loader: loader
            ? ({ request, params, context }) => loader({ request: withCookie(request), params, context })
            : undefined,
          action: action
            ? ({ request, params, context }) => action({ request: withCookie(request), params, context })
            : undefined,
        },
        ...others,
      ],
    },
  ])
  render(
    <I18nextProvider i18n={i18nFor(locale.id)}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  )
  return i18nFor(locale.id).t
}
