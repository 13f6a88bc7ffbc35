/**
 * The strings the fuzzing is made of, and how they are put into a URL or a body: the hostile pieces
 * (malformed escapes, control characters, lone surrogates, prototype keys, open-redirect forms) mixed with
 * arbitrary Unicode and the real values of the shop.
 */
import fc from 'fast-check'

/** Percent escapes that do not decode: truncated, not hex, overlong, lone surrogates, invalid bytes. */
export const MALFORMED_ESCAPES = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%E0%A4',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%C0%80',
  '%FF%FE',
  '%F8%88%80%80%80',
  '%u0041',
  '%0',
  '%2',
  '%%32%65',
  '%25%',
]

/** Escapes that decode to something a naive decoder acts on: NUL, CR/LF, slashes, dots, quotes. */
export const LOADED_ESCAPES = [
  '%00',
  '%0d%0a',
  '%0D%0ASet-Cookie:%20x=1',
  '%2e%2e%2f',
  '%2F',
  '%5C',
  '%22',
  '%3C',
  '%252e',
]

export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\t',
  '\n',
  '\u000b',
  '\u000c',
  '\r',
  '\r\n',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffe',
  '\uffff',
]

export const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', 'a\ud800b']

/** Names that mean something on every JavaScript object. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupSetter__',
  'then',
]

/** Where an open redirect would lead: other origins in the forms browsers accept. */
export const OFF_SITE_URLS = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '//evil.example',
  '///evil.example',
  '//evil.example/%2e%2e',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/%5Cevil.example',
  '/%2F%2Fevil.example',
  ' //evil.example',
  '\u0000//evil.example',
  'https://evil.example',
  'HTTPS://evil.example',
  'http:evil.example',
  'https:/\\evil.example',
  '//evil.example@127.0.0.1',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/%0d%0aSet-Cookie:x=1',
  '/\r\nSet-Cookie: x=1',
  '\u2028',
  '/\u2028/evil.example',
  '/\u3002evil.example',
  '/en/home#//evil.example',
  '/en/../../evil.example',
]

/** Other things worth sending anywhere: injection probes, numbers at the edges, path tricks. */
const PROBES = [
  '',
  ' ',
  '-',
  '.',
  '..',
  '../../../../etc/passwd',
  '/',
  '\\',
  ';',
  '&',
  '=',
  '?',
  '#',
  '@',
  '[',
  ']',
  '[]',
  '{}',
  '*',
  "'",
  '"',
  '`',
  "' OR '1'='1",
  "1'); DROP TABLE products;--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '%s%s%s%n',
  '0',
  '-1',
  '-0',
  '1e309',
  '1e-400',
  '9007199254740993',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  'true',
  'null',
  'undefined',
  'ＡＢＣ',
  '\u{1F4A9}',
  'e\u0301',
  'İ',
  'ß',
  'Ω',
]

/** One hostile or arbitrary piece of text. */
export const piece = (known: string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES, ...LOADED_ESCAPES) },
    { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS, ...LONE_SURROGATES) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom(...OFF_SITE_URLS) },
    { weight: 3, arbitrary: fc.constantFrom(...PROBES) },
    ...(known.length ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
  )

/** A harmless word: most of a request is ordinary, so that its hostile part gets past the first check. */
export const word: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 1,
  maxLength: 12,
})

/** A few pieces joined, each hostile or arbitrary. */
export const hostile = (known: string[] = []): fc.Arbitrary<string> =>
  fc.array(piece(known), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))

/** The everyday generated value: a real value or a plain word as often as something hostile. */
export const text = (known: string[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : word },
    { weight: 2, arbitrary: word },
    { weight: 4, arbitrary: hostile(known) },
  )

/** A piece repeated to a length between `min` and `max` characters. */
export const longText = (min: number, max: number, known: string[] = []): fc.Arbitrary<string> =>
  fc
    .tuple(piece(known), fc.integer({ min, max }))
    .map(([part, length]) =>
      (part || 'x').repeat(Math.ceil(length / Math.max(1, (part || 'x').length))).slice(0, length),
    )

/** Mostly short values, sometimes a long one (up to 20,000 characters). */
export const value = (known: string[] = []): fc.Arbitrary<string> =>
  fc.oneof({ weight: 8, arbitrary: text(known) }, { weight: 1, arbitrary: longText(1000, 20_000, known) })

/**
 * UTF-8 as a lenient encoder writes it: a lone surrogate becomes the three bytes of its code unit (which
 * strict decoders refuse) instead of U+FFFD, so the servers see exactly what was generated.
 */
export function wtf8(textValue: string): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < textValue.length; i++) {
    let code = textValue.charCodeAt(i)
    const next = textValue.charCodeAt(i + 1)
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
      i++
    }
    if (code < 0x80) bytes.push(code)
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f))
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f))
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      )
  }
  return Buffer.from(bytes)
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`

/**
 * How a generated value goes into a URL or form body:
 * - `encoded`: every byte but the unreserved ones percent-encoded (what a browser does);
 * - `loose`: only what would end the request line encoded (controls, space, non-ASCII, `#`), so a malformed
 *   escape such as `%E0%A4%A` arrives as it is;
 * - `raw`: the bytes verbatim, spaces and line breaks included (the server must refuse the request line).
 */
export type Encoding = 'encoded' | 'loose' | 'raw'

export const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Encoding>('encoded') },
  { weight: 5, arbitrary: fc.constant<Encoding>('loose') },
  { weight: 1, arbitrary: fc.constant<Encoding>('raw') },
)

/** What each byte becomes in the `encoded` and `loose` encodings. */
const TABLES = (() => {
  const encoded: string[] = []
  const loose: string[] = []
  for (let byte = 0; byte < 256; byte++) {
    const char = String.fromCharCode(byte)
    encoded.push(/[A-Za-z0-9\-_.~]/.test(char) ? char : hex(byte))
    loose.push(byte <= 0x20 || byte >= 0x7f || char === '#' || char === '&' ? hex(byte) : char)
  }
  return { encoded, loose }
})()

export function encode(textValue: string, how: Encoding, keep = ''): string {
  const bytes = wtf8(textValue)
  if (how === 'raw') return bytes.toString('latin1')
  const table = TABLES[how]
  let out = ''
  for (const byte of bytes) {
    const char = String.fromCharCode(byte)
    out += keep.includes(char) ? char : table[byte]!
  }
  return out
}

/** The bytes of a generated text as a one-character-per-byte string, the form requests are written in. */
export const bytesOf = (textValue: string) => wtf8(textValue).toString('latin1')

/** A byte string for failure messages: printable ASCII as it is, every other byte as `\xNN`. */
export const printable = (bytes: string) =>
  bytes.replace(/[^\x20-\x7e]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
