import { UNSAFE_ErrorResponseImpl } from '@remix-run/router'
import { decode, encode } from 'turbo-stream'
import { describe, expect, it } from 'vitest'
import { encodeViaTurboStream, readAll } from './helpers'

/**
 * turbo-stream encodes every page's loader data into the document (Remix's single fetch). Its encoder built a
 * closure, an array and a join per object: a tenth of a rendered category page's CPU. The patch
 * (patches/turbo-stream+2.4.1.patch, ADR 0064) writes the same text without them. The browser decodes what
 * the unpatched library wrote, so the text must not change by a byte.
 */

/** Every kind of value turbo-stream writes, values met twice, and a promise resolved after the first line. */
function everyKind() {
  const money = { value: 272.69, currency: 'USD' }
  const bare = Object.create(null) as Record<string, unknown>
  bare.x = 'USD'
  return {
    page: 1,
    price: { net: money, gross: money, list: { value: 272.69, currency: 'USD' } },
    // eslint-disable-next-line no-sparse-arrays
    odd: [1, , 'USD', null, undefined, NaN, -0, Infinity, -Infinity, true, false, 'a"b</script>\u2028'],
    when: new Date(86400000),
    url: new URL('https://shop.test/en/home?x=1'),
    set: new Set(['USD', 2]),
    map: new Map([['k', money]]),
    bare,
    failed: new TypeError('secret detail'),
    refused: new UNSAFE_ErrorResponseImpl(404, 'Not Found', { reason: 'gone' }),
    big: 10n,
    sym: Symbol.for('s'),
    later: Promise.resolve({ value: 272.69, again: money, fresh: 'late' }),
    instance: new (class Thing {
      a = 'USD'
    })(),
  }
}

// Written by turbo-stream 2.4.1 as published, through Remix 2.17.5's encodeViaTurboStream.
const PUBLISHED =
  '[{"_1":2,"_3":4,"_14":15,"_19":20,"_21":22,"_23":24,"_26":27,"_29":30,"_32":33,"_36":37,"_43":44,"_45":46,"_47":48,"_49":50},"page",1,"price",{"_5":6,"_11":6,"_12":13},"net",{"_7":8,"_9":10},"value",272.69,"currency","USD","gross","list",{"_7":8,"_9":10},"odd",[2,-1,10,-5,-7,-2,-4,-6,-3,16,17,18],true,false,"a\\"b</script>\u2028","when",["D",86400000],"url",["U","https://shop.test/en/home?x=1"],"set",["S",10,25],2,"map",["M",28,6],"k","bare",["N",{"_31":10}],"x","failed",["SanitizedError",34,35,-7],"Error","Unexpected Server Error","refused",["ErrorResponse",38,41,42],{"_39":40},"reason","gone",404,"Not Found","big",["B","10"],"sym",["Y","s"],"later",["P",48],"instance",["SingleFetchClassInstance",51],{"_52":10},"a"]\nP48:[{"_7":8,"_54":6,"_55":56},"again","fresh","late"]\n'

/** A small deterministic generator, so a failure names a case that can be run again. */
function randomValues(seed: number) {
  let state = seed
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!
  // No -0 beside 0: the library's index of values seen takes them for one (SameValueZero), published or patched.
  const leaves = [0, 1, 2.5, NaN, Infinity, -Infinity, '', 'USD', 'é\n"', true, false, null, undefined]
  const value = (depth: number, seen: unknown[]): unknown => {
    const roll = next()
    if (seen.length && roll < 0.15) return pick(seen)
    if (depth > 3 || roll < 0.5) return pick(leaves)
    const kind = next()
    let made: unknown
    if (kind < 0.45) {
      const object: Record<string, unknown> = {}
      for (let i = 0; i < 1 + next() * 4; i++)
        object[pick(['a', 'value', '_1', '0', 'x y'])] = value(depth + 1, seen)
      made = object
    } else if (kind < 0.8) {
      made = Array.from({ length: Math.floor(next() * 5) }, () => value(depth + 1, seen))
    } else if (kind < 0.87) made = new Map([[value(depth + 1, seen), value(depth + 1, seen)]])
    else if (kind < 0.94) made = new Set([value(depth + 1, seen), value(depth + 1, seen)])
    else made = new Date(Math.floor(next() * 1e12))
    seen.push(made)
    return made
  }
  return Array.from({ length: 400 }, () => value(0, []))
}

describe('turbo-stream, patched', () => {
  it('writes every kind of value as the published library does, byte for byte', async () => {
    const text = await readAll(
      encodeViaTurboStream(everyKind(), new AbortController().signal, 1000, 'production'),
    )
    expect(text).toBe(PUBLISHED)
  })

  it('gives back what it was given, shared values shared', async () => {
    for (const input of randomValues(20261202)) {
      const decoded = await decode(encode(input))
      await decoded.done
      expect(decoded.value).toEqual(input)
    }
    const shared = { currency: 'USD' }
    const decoded = await decode(encode({ net: shared, gross: shared }))
    const value = decoded.value as { net: unknown; gross: unknown }
    expect(value.net).toBe(value.gross)
  })

  it('still refuses what it cannot write', async () => {
    await expect(readAll(encode({ run: () => 1 }))).rejects.toThrow('Cannot encode function')
    await expect(readAll(encode({ symbol: Symbol('local') }))).rejects.toThrow('Cannot encode symbol')
  })
})
