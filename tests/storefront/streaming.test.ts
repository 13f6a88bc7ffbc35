import { Await } from '@remix-run/react'
import { createElement, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { renderHtml } from '~/services/render.server'

const later = (value: string, ms: number) =>
  new Promise<string>((resolve) => setTimeout(() => resolve(value), ms))

/** The whole HTML of `<Suspense><Await resolve={promise}>` rendered the way entry.server does. */
async function html(promise: Promise<string>) {
  const page = createElement(
    Suspense,
    { fallback: 'Loading' },
    createElement(Await<Promise<string>>, {
      resolve: promise,
      children: (value) => createElement('b', null, value),
    }),
  )
  const { body } = await renderHtml(page, {})
  let text = ''
  for await (const chunk of body) text += chunk
  return text
}

describe('rendering with streamed loader data', () => {
  it('puts quick data in place, so it shows without JavaScript', async () => {
    const text = await html(later('Accessories', 10))
    expect(text).toBe('<!--$--><b>Accessories</b><!--/$-->')
  })

  it('waits for slow data too: a document has no chunk only a script would reveal (ADR 0051)', async () => {
    const text = await html(later('Complete', 400))
    expect(text).toBe('<!--$--><b>Complete</b><!--/$-->')
    expect(text).not.toContain('Loading')
  })
})
