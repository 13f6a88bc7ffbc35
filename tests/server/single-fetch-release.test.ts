import { getEventListeners } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeViaTurboStream, readAll } from './helpers'

/**
 * Remix's single fetch encodes a page's loader data with a timer (the stream timeout) and an abort listener
 * on the request's signal. Remix 2.17.5 released both only when the request aborted, so every page held its
 * encoder and all of its data for 5 s and for as long as the signal lived (undici keeps it for the request
 * clones' finalizer): ~190 MB alive under rendered load, and a garbage collector at twice the CPU of the
 * render (ADR 0054). The patch (patches/@remix-run+server-runtime) releases both when the stream ends.
 */

describe("single fetch's encoding of loader data", () => {
  afterEach(() => vi.restoreAllMocks())

  it('leaves no listener on the request’s signal once the data is sent', async () => {
    const request = new AbortController()
    const stream = encodeViaTurboStream(
      { product: 'drill', later: new Promise((resolve) => setTimeout(() => resolve('accessories'), 10)) },
      request.signal,
      4321,
      'production',
    )
    expect(getEventListeners(request.signal, 'abort').length).toBeGreaterThan(0)
    const text = await readAll(stream)
    expect(text).toContain('drill')
    expect(text).toContain('accessories')
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0)
  })

  it('clears its stream timeout once the data is sent', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    await readAll(
      encodeViaTurboStream({ product: 'drill' }, new AbortController().signal, 4321, 'production'),
    )
    const timer = set.mock.results[set.mock.calls.findIndex(([, ms]) => ms === 4321)]?.value
    expect(timer).toBeDefined()
    expect(clear).toHaveBeenCalledWith(timer)
  })

  it('still gives up on data that never comes after the stream timeout', async () => {
    const text = await readAll(
      encodeViaTurboStream({ later: new Promise(() => {}) }, new AbortController().signal, 30, 'production'),
    )
    // The promise is sent as rejected (E2: an error, sanitized in production), and the stream ends.
    expect(text).toMatch(/^E\d+:.*SanitizedError.*Unexpected Server Error/m)
  })
})
