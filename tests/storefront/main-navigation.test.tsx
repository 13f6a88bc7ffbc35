// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { MainNavigation, navigationListHtml } from '~/components/MainNavigation'
import type { NavItem } from '~/models/navigation'
import { i18nFor } from '~/services/i18n.server'
import './setup'

afterEach(cleanup)

// jsdom has no media queries: a desktop-wide window (the flyouts close each other there).
window.matchMedia ??= ((query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList) as typeof window.matchMedia

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

function renderNavigation(navigation: NavItem[]) {
  const Stub = createRemixStub([
    { id: 'root', path: '/', Component: () => <MainNavigation items={navigation} /> },
    { id: 'saws', path: '/en/saws-ctgsaws', Component: () => <p>The saws page</p> },
  ])
  return render(
    <I18nextProvider i18n={i18nFor('en_US')}>
      <Stub />
    </I18nextProvider>,
  )
}

describe('the main navigation', () => {
  it('lists every level with escaped names, and “see all” after four entries where there are more than five', () => {
    document.body.innerHTML = `<ul>${navigationListHtml(items, 'xx', texts)}</ul>`
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

  it('is made once per navigation and language', () => {
    const first = navigationListHtml(items, 'en_US', texts)
    expect(navigationListHtml(items, 'en_US', { ...texts, seeAll: 'changed' })).toBe(first)
    expect(navigationListHtml(items, 'de_DE', { ...texts, seeAll: 'Alle' })).toContain('Alle')
    expect(navigationListHtml(structuredClone(items), 'en_US', { ...texts, seeAll: 'Every one' })).toContain(
      'Every one',
    )
  })

  it('renders on the server as the browser renders it, and a link navigates within the app', async () => {
    const serverHtml = renderToString(
      <I18nextProvider i18n={i18nFor('en_US')}>
        {(() => {
          const Stub = createRemixStub([
            { id: 'root', path: '/', Component: () => <MainNavigation items={items} /> },
          ])
          return <Stub />
        })()}
      </I18nextProvider>,
    )
    const englishTexts = {
      seeAll: i18nFor('en_US').t('header.navigation.see_all'),
      toggle: (name: string) => i18nFor('en_US').t('header.navigation.toggle', { name }),
    }
    const list = navigationListHtml(items, 'en_US', englishTexts)
    expect(serverHtml).toContain(`<ul class="nav-level-0">${list}</ul>`)
    renderNavigation(items)
    const nav = screen.getByRole('navigation')
    // The same markup in the browser (compared as the DOM has parsed it).
    const parsed = document.createElement('ul')
    parsed.innerHTML = list
    expect(nav.querySelector('.nav-level-0')!.innerHTML).toBe(parsed.innerHTML)
    within(nav).getAllByRole('link', { name: 'Saws "pro"' })[0]!.click()
    expect(await screen.findByText('The saws page')).toBeTruthy()
  })
})
