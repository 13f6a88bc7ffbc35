// @vitest-environment jsdom
import { h } from 'preact'
import { describe, expect, it } from 'vitest'
import { hydrateRoot } from './preact-client'

/** The page as Remix's root renders it: `<html>` with head and body. */
const page = (label: string, onClick: () => void) =>
  h('html', { lang: 'en-US' }, [
    h('head', null, h('title', null, 'Shop')),
    h('body', null, h('button', { id: 'add', type: 'button', onClick }, label)),
  ])

describe('Preact standing in for react-dom/client in the browser', () => {
  it('hydrates the whole document in place: one <html>, the server’s nodes kept, handlers attached', () => {
    document.documentElement.innerHTML =
      '<head><title>Shop</title></head><body><button id="add" type="button">Add</button></body>'
    const html = document.documentElement
    const button = document.getElementById('add')!
    let clicks = 0
    hydrateRoot(
      document,
      page('Add', () => clicks++),
    )
    expect(document.documentElement).toBe(html)
    expect(document.querySelectorAll('html')).toHaveLength(1)
    expect(document.querySelectorAll('body')).toHaveLength(1)
    expect(document.getElementById('add')).toBe(button)
    button.click()
    expect(clicks).toBe(1)
  })

  it('renders later changes into the same document', () => {
    document.documentElement.innerHTML =
      '<head><title>Shop</title></head><body><button id="add" type="button">Add</button></body>'
    const root = hydrateRoot(
      document,
      page('Add', () => undefined),
    )
    root.render(page('Adding…', () => undefined))
    expect(document.getElementById('add')!.textContent).toBe('Adding…')
    expect(document.querySelectorAll('html')).toHaveLength(1)
  })
})
