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
})
