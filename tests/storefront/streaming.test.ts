import { Await } from '@remix-run/react'
import { createElement, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHtml } from '~/services/render.server'

const later = (value: string, ms: number) =>
  new Promise<string>((resolve) => setTimeout(() => resolve(value), ms))

/** The whole HTML of `<Suspense><Await resolve={promise}>` rendered the way entry.server does. */
async function html(promise: Promise<string>, timeoutMs = 5000) {
  const page = createElement(
    Suspense,
    { fallback: 'Loading' },
    createElement(Await<Promise<string>>, {
      resolve: promise,
      children: (value) => createElement('b', null, value),
    }),
  )
  const { html } = await renderHtml(page, { timeoutMs })
  return html.toString('utf8')
}

describe('rendering with streamed loader data', () => {
  afterEach(() => vi.restoreAllMocks())

  it('puts quick data in place, so it shows without JavaScript', async () => {
    const text = await html(later('Accessories', 10))
    expect(text).toBe('<!--$--><b>Accessories</b><!--/$-->')
  })

  it('waits for slow data too: a document has no chunk only a script would reveal (ADR 0051)', async () => {
    const text = await html(later('Complete', 400))
    expect(text).toBe('<!--$--><b>Complete</b><!--/$-->')
    expect(text).not.toContain('Loading')
  })

  it('gives data still missing at the time limit its fallback, so a hanging call cannot hold the page', async () => {
    const started = Date.now()
    const text = await html(new Promise<string>(() => {}), 50)
    expect(text).toContain('Loading')
    expect(text).not.toContain('<b>')
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('releases its time limit once the page is written: a pending timer would hold the whole render', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    await html(later('Accessories', 10), 4321)
    const limit = set.mock.results[set.mock.calls.findIndex(([, ms]) => ms === 4321)]?.value
    expect(limit).toBeDefined()
    expect(clear).toHaveBeenCalledWith(limit)
  })

  it('writes a document with its doctype, and a tree that never waits whole, however long', async () => {
    const long = 'x'.repeat(40_000) // more than the stream's 16 KB buffer
    const page = createElement('html', null, createElement('body', null, createElement('p', null, long)))
    const { html, failed } = await renderHtml(page, { timeoutMs: 5000 })
    expect(html.toString('utf8')).toBe(`<!DOCTYPE html><html><body><p>${long}</p></body></html>`)
    expect(failed).toBe(false)
    const short = await renderHtml(createElement('b', null, 'Tools & more'), { timeoutMs: 5000 })
    expect(short.html.toString('utf8')).toBe('<b>Tools &amp; more</b>')
  })

  it('writes the doctype before a document that waited for its data', async () => {
    const page = createElement(
      'html',
      null,
      createElement(
        'body',
        null,
        createElement(
          Suspense,
          { fallback: 'Loading' },
          createElement(Await<Promise<string>>, {
            resolve: later('Drills', 5),
            children: (value) => createElement('h1', null, value),
          }),
        ),
      ),
    )
    const { html } = await renderHtml(page, { timeoutMs: 5000 })
    expect(html.toString('utf8')).toBe(
      '<!DOCTYPE html><html><body><!--$--><h1>Drills</h1><!--/$--></body></html>',
    )
  })

  it('keeps a page longer than one encoded part whole, its characters too', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `Zeile ${i} – 12 € · ă`)
    const page = createElement(
      Suspense,
      { fallback: 'Loading' },
      createElement(Await<Promise<string>>, {
        resolve: later('list', 5),
        children: () =>
          createElement('ul', null, ...rows.map((row) => createElement('li', { key: row }, row))),
      }),
    )
    const { html } = await renderHtml(page, { timeoutMs: 5000 })
    expect(html.toString('utf8')).toBe(
      `<!--$--><ul>${rows.map((row) => `<li>${row}</li>`).join('')}</ul><!--/$-->`,
    )
  })

  it('keeps the bytes of every language whole', async () => {
    const text = await html(later('Mașini de găurit – 12 € · Wiertarko-wkrętarki', 5))
    expect(text).toBe('<!--$--><b>Mașini de găurit – 12 € · Wiertarko-wkrętarki</b><!--/$-->')
  })

  it('marks the page failed when a part of it fails to render, and keeps the rest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Broken = () => {
      throw new Error('broken part')
    }
    const page = createElement(
      'main',
      null,
      createElement('h1', null, 'Drills'),
      createElement(Suspense, { fallback: 'Loading' }, createElement(Broken)),
    )
    const { html, failed } = await renderHtml(page, { timeoutMs: 5000 })
    expect(failed).toBe(true)
    expect(html.toString('utf8')).toContain('<h1>Drills</h1>')
    expect(html.toString('utf8')).toContain('Loading')
  })

  it('rejects a page whose shell fails, so the server answers with its error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Broken = () => {
      throw new Error('broken shell')
    }
    await expect(renderHtml(createElement(Broken), { timeoutMs: 5000 })).rejects.toThrow('broken shell')
  })

  it('does not mark a page failed that has every part', async () => {
    const { failed } = await renderHtml(
      createElement(Suspense, { fallback: 'Loading' }, createElement('b', null, 'ok')),
      { timeoutMs: 5000 },
    )
    expect(failed).toBe(false)
  })
})
