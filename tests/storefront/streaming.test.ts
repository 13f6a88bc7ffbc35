import { PassThrough } from 'node:stream'
import { Await } from '@remix-run/react'
import { createElement, Suspense } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { streamed } from '~/services/streaming.server'

/** The HTML React streams for `<Suspense><Await resolve={promise}>` once the loader's other work is done. */
async function html(promise: Promise<string>) {
  await new Promise((resolve) => setTimeout(resolve, 5))
  const page = createElement(
    Suspense,
    { fallback: 'Loading' },
    createElement(Await<Promise<string>>, {
      resolve: promise,
      children: (value) => createElement('b', null, value),
    }),
  )
  return new Promise<string>((resolve) => {
    const { pipe } = renderToPipeableStream(page, {
      onShellReady() {
        let text = ''
        const body = new PassThrough()
        body.on('data', (chunk) => (text += chunk))
        body.on('end', () => resolve(text))
        pipe(body)
      },
    })
  })
}

describe('streamed loader data', () => {
  it('is rendered inline when it has arrived by render time, so it shows without JavaScript', async () => {
    expect(await html(streamed(Promise.resolve('Accessories')))).toBe('<!--$--><b>Accessories</b><!--/$-->')
    // A plain promise always suspends: the content would hide in a chunk only a script reveals.
    const plain = await html(Promise.resolve('Accessories'))
    expect(plain).toContain('Loading')
    expect(plain).toContain('<div hidden id="S:0"><b>Accessories</b></div>')
  })

  it('still streams after the shell when it arrives later', async () => {
    const late = streamed(new Promise<string>((resolve) => setTimeout(() => resolve('Later'), 30)))
    const text = await html(late)
    expect(text.indexOf('Loading')).toBeLessThan(text.indexOf('<b>Later</b>'))
  })
})
