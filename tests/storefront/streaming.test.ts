import { Await } from '@remix-run/react'
import { createElement, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { renderHtml } from '~/services/render.server'

const later = (value: string, ms: number) =>
  new Promise<string>((resolve) => setTimeout(() => resolve(value), ms))

/** The whole HTML of `<Suspense><Await resolve={promise}>` rendered the way entry.server does. */
async function html(promise: Promise<string>, options: { waitForAll: boolean; graceMs: number }) {
  const page = createElement(
    Suspense,
    { fallback: 'Loading' },
    createElement(Await<Promise<string>>, {
      resolve: promise,
      children: (value) => createElement('b', null, value),
    }),
  )
  const { body } = await renderHtml(page, options)
  let text = ''
  for await (const chunk of body) text += chunk
  return text
}

describe('rendering with streamed loader data', () => {
  it('puts data that arrives within the grace period in place, so it shows without JavaScript', async () => {
    const text = await html(later('Accessories', 10), { waitForAll: false, graceMs: 500 })
    expect(text).toBe('<!--$--><b>Accessories</b><!--/$-->')
  })

  it('sends the page after the grace period and streams slower data behind it', async () => {
    const text = await html(later('Later', 300), { waitForAll: false, graceMs: 20 })
    expect(text).toContain('Loading')
    // The chunk only a script reveals comes after the fallback.
    expect(text.indexOf('Loading')).toBeLessThan(text.indexOf('<div hidden id="S:0"><b>Later</b></div>'))
  })

  it('gives crawlers the complete document however long the data takes', async () => {
    const text = await html(later('Complete', 300), { waitForAll: true, graceMs: 20 })
    expect(text).toBe('<!--$--><b>Complete</b><!--/$-->')
  })
})
