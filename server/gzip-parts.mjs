/**
 * A gzip body assembled from parts compressed once, with a short text between them that changes per
 * response (the page cache's CSP nonce). Compressing a 70 KB page costs a millisecond or two of CPU; a
 * page-cache hit assembled from stored parts costs a few microseconds (ADR 0052).
 *
 * How (RFC 1951/1952): every part but the last is raw deflate ended with a sync flush, so it stops on a
 * byte boundary without a final block; the text between parts is a stored block (3 header bits, padding,
 * LEN, NLEN, the bytes); the last part ends with the final block. The gzip trailer's CRC-32 of the whole
 * is combined from the parts' CRCs and the text's (zlib's crc32_combine), without reading the parts again.
 */
import zlib from 'node:zlib'

const POLY = 0xedb88320

/** a × b modulo the CRC-32 polynomial (reflected), as zlib's multmodp. */
function multModP(a, b) {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p = (p ^ b) >>> 0
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? ((b >>> 1) ^ POLY) >>> 0 : b >>> 1
  }
  return p >>> 0
}

/** x^(2^n) modulo the polynomial, n = 0..31. */
const X2N = (() => {
  const table = new Array(32)
  let p = 0x40000000 // x^1
  table[0] = p
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p)
  return table
})()

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n, k) {
  let p = 0x80000000 // x^0
  while (n > 0) {
    if (n & 1) p = multModP(X2N[k & 31], p)
    n = Math.floor(n / 2)
    k++
  }
  return p
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA, crcB, lengthB) {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])

/**
 * `parts` compressed once; joined with `fill` by gzipChunks. Parts hold the text around each place the
 * fill goes (n places, n + 1 parts).
 * @param {Buffer[]} parts
 */
export function gzipParts(parts, { level = zlib.constants.Z_DEFAULT_COMPRESSION } = {}) {
  const last = parts.length - 1
  return {
    deflated: parts.map((part, i) =>
      zlib.deflateRawSync(part, {
        level,
        finishFlush: i === last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      }),
    ),
    crcs: parts.map((part) => zlib.crc32(part)),
    lengths: parts.map((part) => part.length),
  }
}

/** A stored (uncompressed) deflate block, not final, starting on a byte boundary. */
function storedBlock(bytes) {
  const head = Buffer.alloc(5)
  head[0] = 0 // BFINAL 0, BTYPE 00, then padding to the byte boundary
  head.writeUInt16LE(bytes.length, 1)
  head.writeUInt16LE(~bytes.length & 0xffff, 3)
  return [head, bytes]
}

/**
 * The gzip member of the prepared parts with `fill` (at most 65,535 bytes) between each two, as chunks to
 * write in order, and their total length.
 * @param {ReturnType<typeof gzipParts>} prepared
 * @param {Buffer} fill
 */
export function gzipChunks(prepared, fill) {
  if (fill.length > 0xffff) throw new RangeError('gzipChunks: the fill is longer than one stored block')
  const fillCrc = zlib.crc32(fill)
  const chunks = [HEADER]
  let crc = 0
  let size = 0
  prepared.deflated.forEach((deflated, i) => {
    if (i > 0) {
      chunks.push(...storedBlock(fill))
      crc = crc32Combine(crc, fillCrc, fill.length)
      size += fill.length
    }
    chunks.push(deflated)
    crc = i === 0 ? prepared.crcs[0] : crc32Combine(crc, prepared.crcs[i], prepared.lengths[i])
    size += prepared.lengths[i]
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 0x100000000, 4)
  chunks.push(trailer)
  return { chunks, length: chunks.reduce((sum, chunk) => sum + chunk.length, 0) }
}
