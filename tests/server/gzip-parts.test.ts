import { gunzipSync, crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32Combine, gzipChunks, gzipParts } from '../../server/gzip-parts.mjs'

const join = (parts: Buffer[], fill: Buffer) =>
  Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [fill, part])))

describe('gzip assembled from parts compressed once', () => {
  it('decodes to the parts joined with the fill, whatever the fill and wherever it goes', () => {
    const page = Buffer.from('<p>Drill</p>'.repeat(2000))
    const layouts: Buffer[][] = [
      [page],
      [Buffer.alloc(0), page, Buffer.alloc(0)],
      [page, Buffer.from('<script nonce="'), Buffer.from('">x</script>'), page],
      [Buffer.from('ä€'.repeat(50_000)), Buffer.from('end')],
    ]
    for (const parts of layouts) {
      const prepared = gzipParts(parts)
      for (const fill of [
        Buffer.from('A'.repeat(22)),
        Buffer.from('b3X9-nonce_of_another_answer'),
        Buffer.alloc(0),
      ]) {
        const { chunks, length } = gzipChunks(prepared, fill)
        const gzip = Buffer.concat(chunks)
        expect(gzip.length).toBe(length)
        // gunzip checks the trailer's CRC-32 and length, so a wrong combination throws here.
        expect(gunzipSync(gzip).equals(join(parts, fill))).toBe(true)
      }
    }
  })

  it('compresses: a page of repeated markup becomes a fraction of its size', () => {
    const page = Buffer.from('<li><a href="/en/power-tools-ctgPower-Tools">Power Tools</a></li>'.repeat(1000))
    const { length } = gzipChunks(
      gzipParts([page.subarray(0, 30_000), page.subarray(30_000)]),
      Buffer.from('x'),
    )
    expect(length).toBeLessThan(page.length / 20)
  })

  it('combines CRC-32s as zlib computes them over the whole', () => {
    const a = Buffer.from('first part, ')
    for (const b of [Buffer.alloc(0), Buffer.from('b'), Buffer.alloc(1_000_003, 7)]) {
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])))
    }
  })

  it('refuses a fill longer than one stored block', () => {
    expect(() => gzipChunks(gzipParts([Buffer.from('a'), Buffer.from('b')]), Buffer.alloc(70_000))).toThrow(
      RangeError,
    )
  })
})
