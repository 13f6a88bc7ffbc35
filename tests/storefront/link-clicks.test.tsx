// @vitest-environment jsdom
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useLinkClicks } from '~/components/useLinkClicks'
import './setup'

afterEach(cleanup)

function Where() {
  const location = useLocation()
  return <output>{`${location.pathname}${location.search}`}</output>
}

/** Plain links inside one element with the shared handler, as a listing's facets are. */
function Facets() {
  const onClick = useLinkClicks({ preventScrollReset: true })
  return (
    <aside onClick={onClick}>
      <a href="/en/drills?filters=brand%3DHexwell">
        <span>Hexwell</span> (3)
      </a>
      <a href="/en/drills?filters=" target="_blank">
        New window
      </a>
      <a href="/en/price-list.pdf" download>
        Price list
      </a>
      <a href="https://elsewhere.example/drills">Elsewhere</a>
    </aside>
  )
}

function page() {
  return (
    <MemoryRouter initialEntries={['/en/drills']}>
      <Routes>
        <Route path="*" element={<Facets />} />
      </Routes>
      <Where />
    </MemoryRouter>
  )
}

/**
 * Clicks the link named `name` with the given modifiers; whether the app took the click (the page's own
 * handler then stops the browser's navigation, which jsdom cannot do anyway).
 */
function click(name: string, init: MouseEventInit = {}) {
  const link = screen.getByRole('link', { name })
  let taken = false
  const after = (event: Event) => {
    taken = event.defaultPrevented
    event.preventDefault()
  }
  document.addEventListener('click', after)
  fireEvent(
    link.querySelector('span') ?? link,
    new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }),
  )
  document.removeEventListener('click', after)
  return taken
}

describe('plain links with one click handler', () => {
  it('navigates in the app on a plain click, also on an element inside the link', () => {
    render(page())
    expect(click('Hexwell (3)')).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('/en/drills?filters=brand%3DHexwell')
  })

  it('leaves a click with a modifier key or another button to the browser', () => {
    render(page())
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ])
      expect(click('Hexwell (3)', init)).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('/en/drills')
  })

  it('leaves a link with a target, a download or another site to the browser', () => {
    render(page())
    expect(click('New window')).toBe(false)
    expect(click('Price list')).toBe(false)
    expect(click('Elsewhere')).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('/en/drills')
  })
})
