/**
 * Field names and bodies: what the storefront's forms and the API's JSON bodies are fuzzed with. Names mix
 * the real fields with Conform's path syntax pushed to its edges (huge array indices, deep nesting,
 * prototype keys); bodies come in every media type, well formed or not.
 */
import fc from 'fast-check'
import { bytesOf, encode, encoding, PROTOTYPE_KEYS, text, value, word, wtf8, type Encoding } from './text'

/** Array indices at and past every bound: JavaScript's array length limit, 2^53, negative, not a number. */
const INDICES = [
  '0',
  '1',
  '999',
  '1000',
  '65536',
  '99999999',
  '1000000',
  '4294967295',
  '4294967296',
  '9007199254740993',
  '-1',
  '1e9',
  'x',
  '',
]

const index = fc.oneof(fc.nat(5).map(String), fc.constantFrom(...INDICES))

/** A field name: a real one, or a Conform path built from real ones with hostile indices and keys. */
export function fieldName(fields: string[]): fc.Arbitrary<string> {
  const field = fields.length ? fc.constantFrom(...fields) : text()
  return fc.oneof(
    { weight: 8, arbitrary: field },
    { weight: 2, arbitrary: fc.tuple(field, field).map(([a, b]) => `${a}.${b}`) },
    { weight: 2, arbitrary: fc.tuple(field, index).map(([a, i]) => `${a}[${i}]`) },
    {
      weight: 2,
      arbitrary: fc.tuple(field, field, index, field).map(([a, b, i, c]) => `${a}.${b}[${i}].${c}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.integer({ min: 20, max: 3000 }))
        .map(([a, n]) => Array(n).fill(a).join('.')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.integer({ min: 20, max: 3000 }))
        .map(([a, n]) => `${a}${'[0]'.repeat(n)}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(field, fc.constantFrom(...PROTOTYPE_KEYS))
        .chain(([a, key]) =>
          fc.constantFrom(
            key,
            `${key}.polluted`,
            `${key}[polluted]`,
            'constructor.prototype.polluted',
            `${a}.${key}.polluted`,
            `${a}[${key}][prototype][polluted]`,
            `x[${key}][polluted]`,
          ),
        ),
    },
    { weight: 1, arbitrary: field.map((a) => `${a}[]`) },
    { weight: 2, arbitrary: text() },
  )
}

export type Field = [name: string, value: string]

/** The fields of one submission: a handful usually, sometimes thousands. */
export function formFields(fields: string[], values: string[]): fc.Arbitrary<Field[]> {
  const one = fc.tuple(fieldName(fields), value(values))
  // Thousands of fields with short names and values: about 100 KB, past every field count, not the byte limit.
  const short = fc.tuple(
    fields.length ? fc.constantFrom(...fields) : word,
    values.length ? fc.constantFrom(...values.filter((v) => v.length < 40), '1') : word,
  )
  return fc.oneof(
    { weight: 12, arbitrary: fc.array(one, { maxLength: 10 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(short, fc.integer({ min: 301, max: 5000 }), fc.boolean())
        .map(([[name, v], count, distinct]) =>
          Array.from({ length: count }, (_, i): Field => [distinct ? `${name}${i}` : name, v]),
        ),
    },
  )
}

export type Body = { contentType?: string; body: Buffer }

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW'

function multipart(fields: Field[], boundary: string, closing = true): Buffer {
  const parts = fields.map(([name, v], i) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n`, 'latin1'),
      Buffer.from(
        i % 3 === 2
          ? `Content-Disposition: form-data; name="${bytesOf(name)}"; filename="${bytesOf(v.slice(0, 40))}.txt"\r\nContent-Type: text/plain\r\n\r\n`
          : `Content-Disposition: form-data; name="${bytesOf(name)}"\r\n\r\n`,
        'latin1',
      ),
      wtf8(v),
      Buffer.from('\r\n'),
    ]),
  )
  return Buffer.concat([...parts, Buffer.from(closing ? `--${boundary}--\r\n` : '', 'latin1')])
}

const urlencoded = (fields: Field[], how: Encoding) =>
  Buffer.from(fields.map(([n, v]) => `${encode(n, how)}=${encode(v, how)}`).join('&'), 'latin1')

/** Content types that are wrong, malformed or ambiguous. */
const ODD_TYPES = [
  'application/x-www-form-urlencoded; charset=utf-16',
  'application/x-www-form-urlencoded; charset=utf-7',
  'application/x-www-form-urlencoded;;;charset=',
  'APPLICATION/X-WWW-FORM-URLENCODED',
  'application/x-www-form-urlencoded, multipart/form-data',
  ' application/x-www-form-urlencoded',
  'multipart/form-data; boundary=a; boundary=b',
  'multipart/mixed; boundary=x',
  'text/html',
  'application/octet-stream',
  '*/*',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/csp-report',
  'image/svg+xml',
  '',
  ';',
  'x',
]

export type BodyKind =
  'urlencoded' | 'multipart' | 'multipart-odd' | 'json' | 'xml' | 'text' | 'untyped' | 'odd-type'

/** A form submission in some media type, well formed or not. */
export function formBody(fields: fc.Arbitrary<Field[]>): fc.Arbitrary<Body> {
  const kind = fc.oneof(
    { weight: 10, arbitrary: fc.constant<BodyKind>('urlencoded') },
    { weight: 3, arbitrary: fc.constant<BodyKind>('multipart') },
    ...(['multipart-odd', 'json', 'xml', 'text', 'untyped', 'odd-type'] as const).map((k) => ({
      weight: 1,
      arbitrary: fc.constant<BodyKind>(k),
    })),
  )
  return fc
    .tuple(kind, fields, encoding, fc.nat(6), fc.constantFrom(...ODD_TYPES))
    .map(([k, list, how, variant, odd]): Body => {
      switch (k) {
        case 'urlencoded':
          return { contentType: 'application/x-www-form-urlencoded', body: urlencoded(list, how) }
        case 'multipart':
          return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(list, BOUNDARY) }
        case 'multipart-odd': {
          const types = [
            'multipart/form-data',
            'multipart/form-data; boundary=',
            `multipart/form-data; boundary=${'b'.repeat(200)}`,
            'multipart/form-data; boundary="a b"',
            `multipart/form-data; boundary=${BOUNDARY}x`,
            `multipart/form-data; boundary=${BOUNDARY}`,
            'multipart/form-data; boundary=--',
          ]
          const boundary = variant === 2 ? 'b'.repeat(200) : variant === 3 ? 'a b' : BOUNDARY
          return { contentType: types[variant], body: multipart(list, boundary, variant !== 5) }
        }
        case 'json':
          return { contentType: 'application/json', body: wtf8(JSON.stringify(Object.fromEntries(list))) }
        case 'xml':
          return {
            contentType: 'application/xml',
            body: wtf8(
              `<?xml version="1.0"?><!DOCTYPE f [<!ENTITY a "${'a'.repeat(100)}"><!ENTITY b "&a;&a;&a;&a;">]><form>${list
                .map(([n, v]) => `<field name="${n}">${v}&b;</field>`)
                .join('')}</form>`,
            ),
          }
        case 'text':
          return { contentType: 'text/plain', body: wtf8(list.map(([n, v]) => `${n}=${v}`).join('\r\n')) }
        case 'untyped':
          return { body: urlencoded(list, how) }
        case 'odd-type':
          return { contentType: odd, body: urlencoded(list, how) }
      }
    })
}

/** JSON keys and values for the API: its own field names, prototype keys, and values of every type. */
export function jsonBody(keys: string[], values: string[]): fc.Arbitrary<Body> {
  const key = fc.oneof(
    { weight: 6, arbitrary: keys.length ? fc.constantFrom(...keys) : text() },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: text() },
  )
  const scalar = fc.oneof(
    value(values),
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
    fc.boolean(),
    fc.constant(null),
  )
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie('tree'), { maxLength: 4 }) },
      { weight: 2, arbitrary: fc.dictionary(key, tie('tree'), { maxKeys: 6 }) },
    ),
  }))
  // Texts of JSON no serializer writes: prototype keys as own keys, duplicates, depth, size, broken syntax.
  const raw = fc.oneof(
    fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '[{"product":"x","quantity":{"value":1},"__proto__":{"quantity":{"value":-1}}}]',
      '{"a":1,"a":2}',
      '{"quantity":{"value":1e400}}',
      '{',
      '{"a":',
      '[1,2,',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      'undefined',
      '\ufeff{}',
      '"\\ud800"',
      '"\\u0000"',
      '',
      'null',
      'true',
      '0',
    ),
    fc.integer({ min: 100, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 100, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc
      .integer({ min: 1000, max: 20_000 })
      .map((n) => `[${Array(n).fill('{"product":"1","quantity":{"value":1}}').join(',')}]`),
  )
  return fc
    .oneof(
      { weight: 8, arbitrary: tree.map((t) => wtf8(JSON.stringify(t) ?? 'null')) },
      { weight: 2, arbitrary: raw.map((r) => wtf8(r)) },
    )
    .map((body) => ({ contentType: 'application/json', body }))
}

/** What the API gets instead of JSON now and then. */
export function apiBody(keys: string[], values: string[]): fc.Arbitrary<Body> {
  const fields = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), text()), value(values)), {
    maxLength: 8,
  })
  return fc.oneof(
    { weight: 6, arbitrary: jsonBody(keys, values) },
    { weight: 1, arbitrary: formBody(fields) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(jsonBody(keys, values), fc.constantFrom(...ODD_TYPES))
        .map(([b, type]) => ({ ...b, contentType: type })),
    },
  )
}
