import { describe, expect, it } from 'vitest'
import { PUNCHOUT_LIMITS } from './format-common'
import { formatRefusal } from '../../tests/fixtures/punchout/fixture'
import { childText, el, elementsOf, readXml, textOf, writeXml } from './xml'

const refusal = (run: () => unknown) => formatRefusal(run).code

describe('readXml', () => {
  it('decodes the five entities and character references exactly once, and keeps CDATA literal', () => {
    const root = readXml(
      '<a b="&lt;&amp;#65;&#x41;"><t>&amp;#66; &#66;&#x1F600; &quot;&apos;&gt;</t><c><![CDATA[<x>&amp;]]></c></a>',
      'test',
    )
    expect(root.attrs.b).toBe('<&#65;A')
    expect(childText(root, 't')).toBe('&#66; B😀 "\'>')
    expect(childText(root, 'c')).toBe('<x>&amp;')
  })

  it('reads past an external DTD reference (cXML) without loading it', () => {
    const root = readXml(
      '<?xml version="1.0"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">\n<cXML><x>1</x></cXML>',
      'cXML',
    )
    expect(root.name).toBe('cXML')
    expect(childText(root, 'x')).toBe('1')
  })

  it('refuses entity declarations, so nothing is expanded or fetched (XXE, billion laughs)', () => {
    expect(
      refusal(() =>
        readXml('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', 't'),
      ),
    ).toBe('punchout.format.doctype')
    expect(
      refusal(() => readXml('<!DOCTYPE a [<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;">]><a>&l2;</a>', 't')),
    ).toBe('punchout.format.doctype')
    expect(refusal(() => readXml('<a>&undeclared;</a>', 't'))).toBe('punchout.format.malformed')
  })

  it('refuses what is not well-formed or holds characters XML does not allow', () => {
    for (const bad of [
      '<a><b></a>',
      '<a>1</a><b>2</b>',
      'plain text',
      '<a x="1" x="2"/>',
      '<a>x\u0001y</a>',
      '<a>&#1;</a>',
    ])
      expect(
        refusal(() => readXml(bad, 't')),
        bad,
      ).toBe('punchout.format.malformed')
    expect(refusal(() => readXml('', 't'))).toBe('punchout.format.missing')
    expect(refusal(() => readXml(undefined, 't'))).toBe('punchout.format.missing')
  })

  it('refuses property names that would reach the prototype', () => {
    expect(refusal(() => readXml('<__proto__><polluted>1</polluted></__proto__>', 't'))).toBe(
      'punchout.format.malformed',
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('bounds bytes, elements, nesting and the length of one value', () => {
    const big = `<a>${'x'.repeat(PUNCHOUT_LIMITS.maxDocumentBytes)}</a>`
    expect(refusal(() => readXml(big, 't'))).toBe('punchout.format.too_large')
    const many = `<a>${'<b/>'.repeat(PUNCHOUT_LIMITS.maxElements)}</a>`
    expect(refusal(() => readXml(many, 't'))).toBe('punchout.format.too_large')
    const deep = `${'<a>'.repeat(PUNCHOUT_LIMITS.maxDepth + 1)}${'</a>'.repeat(PUNCHOUT_LIMITS.maxDepth + 1)}`
    expect(refusal(() => readXml(deep, 't'))).toBe('punchout.format.too_large')
    const long = `<a>${'x'.repeat(PUNCHOUT_LIMITS.maxValueLength + 1)}</a>`
    expect(refusal(() => readXml(long, 't'))).toBe('punchout.format.too_large')
    const fits = `${'<a>'.repeat(PUNCHOUT_LIMITS.maxDepth)}${'</a>'.repeat(PUNCHOUT_LIMITS.maxDepth)}`
    expect(readXml(fits, 't').name).toBe('a')
  })

  it('keeps mixed content in order and reads elements by local name', () => {
    const root = readXml('<w:a xmlns:w="urn:x"><w:b>1</w:b> text <w:b>2</w:b><c/></w:a>', 't')
    expect(elementsOf(root, 'b').map(textOf)).toEqual(['1', '2'])
    expect(textOf(root)).toBe('text')
  })
})

describe('writeXml', () => {
  it('escapes every text and attribute value, so hostile text reads back unchanged', () => {
    const hostile = `<script>alert("x")</script> & 'quotes' ]]> </a>`
    const xml = writeXml(el('a', { v: hostile }, el('t', {}, hostile)))
    expect(xml).not.toContain('<script>')
    const root = readXml(xml, 't')
    expect(root.attrs.v).toBe(hostile)
    expect(childText(root, 't')).toBe(hostile)
  })

  it('leaves out absent attributes and children and writes empty elements short', () => {
    expect(writeXml(el('a', { x: null, y: undefined, z: '1' }, null, false, el('b')))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a z="1"><b/></a>',
    )
  })

  it('refuses to write characters XML cannot carry', () => {
    expect(() => writeXml(el('a', {}, 'x\u0007y'))).toThrow(/cannot carry/)
    expect(() => writeXml(el('a', { v: 'x\u0000' }))).toThrow(/cannot carry/)
  })
})
