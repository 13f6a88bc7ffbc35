// @vitest-environment jsdom
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MainNavigation, MainNavigationHtml } from '~/components/MainNavigation'
import { useMarkDocumentHydrated } from '~/components/useDocumentHydrated'
import type { Category } from '~/models/category'
import { localeByLang } from '~/models/locale'
import type { MainNavigationRef, NavItem } from '~/models/navigation'
import { i18nFor } from '~/services/i18n.server'
import { mainNavigationList, navigationListHtml } from '~/services/main-navigation.server'
import './setup'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// jsdom has no media queries: a desktop-wide window (the flyouts close each other there).
window.matchMedia ??= ((query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList) as typeof window.matchMedia

const en = localeByLang('en')!
const de = localeByLang('de')!

const leaf = (id: string, name = id): NavItem => ({ id, name, url: `/en/${id}-ctg${id}`, children: [] })
const items: NavItem[] = [
  {
    ...leaf('tools', 'Tools & <Hardware>'),
    children: [
      {
        ...leaf('saws', 'Saws "pro"'),
        children: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => leaf(`saw-${n}`)),
      },
      { ...leaf('drills'), children: ['a', 'b', 'c', 'd', 'e'].map((n) => leaf(`drill-${n}`)) },
    ],
  },
  leaf('paint', "Paint 'n' more"),
]
const texts = { seeAll: 'See all', toggle: (name: string) => `Open ${name}` }

/** A category tree as ICM's answer maps to (the ICM cache keeps one object per answer). */
function categoryTree(names: string[]): Category[] {
  const category = (path: string[]): Category => ({
    uniqueId: path.join('.'),
    name: path.at(-1)!,
    description: '',
    path: path.map((_, i) => ({
      id: path[i]!,
      uniqueId: path.slice(0, i + 1).join('.'),
      name: path[i]!,
    })),
    hasProducts: path.length > 1,
    seo: {},
    subCategories: path.length > 1 ? [] : ['Saws', 'Drills'].map((child) => category([...path, child])),
  })
  return names.map((name) => category([name]))
}

/**
 * The navigation as a page shows it, with two pages to go to: `html` is the server's list (entry.server
 * provides it); in the browser there is none. The same element types on every call, so a rerender is the
 * same header getting a page's new data.
 */
function navigationPage(navigation: MainNavigationRef | null, html?: string) {
  return (
    <I18nextProvider i18n={i18nFor('en_US')}>
      <MemoryRouter initialEntries={['/']}>
        <MainNavigationHtml.Provider value={html}>
          <MainNavigation lang="en" navigation={navigation} />
        </MainNavigationHtml.Provider>
        <Routes>
          <Route path="/" element={<p>Home</p>} />
          <Route path="/en/tools/saws-ctgTools.Saws" element={<p>The saws page</p>} />
          <Route path="/en/paint-ctgPaint" element={<p>The paint page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>
  )
}

describe('the main navigation', () => {
  it('lists every level with escaped names, and “see all” after four entries where there are more than five', () => {
    document.body.innerHTML = `<ul>${navigationListHtml(items, texts)}</ul>`
    const [tools, paint] = [...document.querySelectorAll('ul > li')].filter(
      (li) => li.parentElement?.parentElement === document.body,
    )
    expect(tools!.querySelector('summary')!.textContent).toBe('Tools & <Hardware>')
    expect(tools!.querySelector('summary')!.getAttribute('aria-label')).toBe('Open Tools & <Hardware>')
    expect(tools!.querySelector('details')!.getAttribute('name')).toBe('main-nav-flyout')
    expect(tools!.querySelector('.flyout-title')!.getAttribute('href')).toBe('/en/tools-ctgtools')
    const level1 = [...tools!.querySelectorAll('.nav-level-1 > li > a')].map((a) => a.textContent)
    expect(level1).toEqual(['Saws "pro"', 'drills'])
    const [saws, drills] = [...tools!.querySelectorAll('.nav-level-2')]
    expect([...saws!.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'saw-a',
      'saw-b',
      'saw-c',
      'saw-d',
      'See all',
    ])
    expect(saws!.querySelector('.see-all a')!.getAttribute('href')).toBe('/en/saws-ctgsaws')
    expect(drills!.querySelectorAll('a')).toHaveLength(5)
    expect(drills!.querySelector('.see-all')).toBeNull()
    expect(paint!.querySelector('summary')!.textContent).toBe("Paint 'n' more")
  })

  it('is made once per tree and language, and its key names its markup', () => {
    const tree = categoryTree(['Tools', 'Paint'])
    const english = mainNavigationList(tree, en)
    expect(mainNavigationList(tree, en)).toBe(english)
    expect(english.key).toMatch(/^en\.[\w-]{16}$/)
    expect(english.html).toContain('href="/en/tools/saws-ctgTools.Saws"')
    expect(english.html).toContain(
      `aria-label="${i18nFor('en_US').t('header.navigation.toggle', { name: 'Tools' })}"`,
    )
    const german = mainNavigationList(tree, de)
    expect(german.key).toMatch(/^de\./)
    expect(german.html).toContain('href="/de/tools/saws-ctgTools.Saws"')
    // The same categories in a new answer: the same key. Another category: another key.
    expect(mainNavigationList(categoryTree(['Tools', 'Paint']), en).key).toBe(english.key)
    expect(mainNavigationList(categoryTree(['Tools', 'Paint', 'Garden']), en).key).not.toBe(english.key)
  })

  it('renders the page’s list on the server; the browser keeps it at hydration and navigates within the app', async () => {
    const list = mainNavigationList(categoryTree(['Tools', 'Paint']), en)
    const serverHtml = renderToString(navigationPage({ key: list.key }, list.html))
    expect(serverHtml).toContain(`<ul class="nav-level-0">${list.html}</ul>`)
    const fetched = vi.fn()
    vi.stubGlobal('fetch', fetched)
    const container = document.createElement('div')
    container.innerHTML = serverHtml
    document.body.appendChild(container)
    const parsed = container.querySelector('.nav-level-0')!.innerHTML
    await act(async () => {
      hydrateRoot(container, navigationPage({ key: list.key }))
    })
    expect(container.querySelector('.nav-level-0')!.innerHTML).toBe(parsed)
    expect(fetched).not.toHaveBeenCalled()
    within(container).getAllByRole('link', { name: 'Saws' })[0]!.click()
    expect(await screen.findByText('The saws page')).toBeTruthy()
  })

  it('fetches the list a page names when the browser shows another, and keeps its list when that fails', async () => {
    const before = mainNavigationList(categoryTree(['Tools', 'Paint']), en)
    const after = mainNavigationList(categoryTree(['Tools', 'Paint', 'Garden']), en)
    const asked: string[] = []
    let answer: () => Response = () => new Response(after.html, { headers: { 'Content-Type': 'text/html' } })
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return answer()
    })
    const view = render(navigationPage({ key: before.key }, before.html))
    const names = () =>
      [...view.container.querySelectorAll('.nav-level-0 > li > details > summary')].map((s) => s.textContent)
    expect(names()).toEqual(['Tools', 'Paint'])
    answer = () => new Response(null, { status: 503 })
    view.rerender(navigationPage({ key: after.key }, undefined))
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(asked[0]).toBe(`/en/main-navigation?v=${encodeURIComponent(after.key)}`)
    expect(names()).toEqual(['Tools', 'Paint'])
    // The next page tries again.
    answer = () => new Response(after.html, { headers: { 'Content-Type': 'text/html' } })
    within(view.container).getAllByRole('link', { name: 'Paint' })[0]!.click()
    expect(await screen.findByText('The paint page')).toBeTruthy()
    await waitFor(() => expect(names()).toEqual(['Tools', 'Paint', 'Garden']))
    expect(asked).toHaveLength(2)
  })

  it('shows the list it kept in a header made again, as an error page’s', async () => {
    const list = mainNavigationList(categoryTree(['Tools', 'Paint', 'Garden', 'Kitchen']), en)
    const container = document.createElement('div')
    container.innerHTML = renderToString(navigationPage({ key: list.key }, list.html))
    document.body.appendChild(container)
    vi.stubGlobal('fetch', vi.fn())
    await act(async () => {
      hydrateRoot(container, navigationPage({ key: list.key }))
    })
    // A second header, not hydrated: it has no server markup, only what the first one kept.
    const again = render(navigationPage({ key: list.key }))
    expect(again.container.querySelectorAll('.nav-level-0 > li')).toHaveLength(4)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fetches the list in a header made later for a list it does not know, as after an error page', async () => {
    const list = mainNavigationList(categoryTree(['Tools', 'Garden']), de)
    const asked: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return new Response(list.html, { headers: { 'Content-Type': 'text/html' } })
    })
    // The document was hydrated before (the root layout says so): this header is made in the browser.
    const Root = () => {
      useMarkDocumentHydrated()
      return null
    }
    render(<Root />)
    const view = render(navigationPage({ key: list.key }))
    await waitFor(() =>
      expect(
        [...view.container.querySelectorAll('.nav-level-0 > li > details > summary')].map(
          (s) => s.textContent,
        ),
      ).toEqual(['Tools', 'Garden']),
    )
    expect(asked).toEqual([`/en/main-navigation?v=${encodeURIComponent(list.key)}`])
  })
})
