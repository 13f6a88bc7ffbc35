/**
 * XML for the punchout formats through fast-xml-parser, bounded and without surprises. Reading refuses what
 * is too large, not well-formed, or carries a DOCTYPE with an internal subset (so no entity is ever declared,
 * expanded or fetched; an external DTD reference such as cXML's is read past, never loaded) and decodes the
 * five XML entities and character references itself, once. Writing builds the document from a tree through
 * XMLBuilder, which escapes every text and attribute value: no value is ever pasted into markup.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser'
import { NOT_XML_TEXT, PUNCHOUT_LIMITS, PunchoutFormatError, bound } from './format-common'

/** A document as the readers see it: elements with attributes and children, text with entities decoded. */
export type XmlText = { text: string }
export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] }
export type XmlNode = XmlElement | XmlText

const isElement = (node: XmlNode): node is XmlElement => 'name' in node

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  cdataPropName: '#cdata',
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: PUNCHOUT_LIMITS.maxDepth,
  jPath: false,
})

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff)

/** One pass over the entity and character references of a text or attribute value. */
function decodeReferences(raw: string): string {
  return raw.replace(/&([^;&\s]{1,16});/g, (_, name: string) => {
    if (name.startsWith('#')) {
      const code = /^#x[0-9a-f]+$/i.test(name)
        ? parseInt(name.slice(2), 16)
        : /^#[0-9]+$/.test(name)
          ? parseInt(name.slice(1), 10)
          : NaN
      if (!isXmlChar(code))
        throw new PunchoutFormatError('punchout.format.malformed', `&${name}; is no character XML allows`)
      return String.fromCodePoint(code)
    }
    const value = PREDEFINED[name]
    if (value === undefined)
      throw new PunchoutFormatError('punchout.format.malformed', `the entity &${name}; is not defined`)
    return value
  })
}

type Parsed = Record<string, unknown>

function toNode(item: Parsed, depth: number): XmlNode | null {
  if ('#text' in item) return { text: decodeReferences(String(item['#text']).replace(/\r\n?/g, '\n')) }
  if ('#cdata' in item) {
    const inner = item['#cdata'] as Parsed[]
    return { text: inner.map((part) => String(part['#text'] ?? '')).join('') }
  }
  const name = Object.keys(item).find((key) => key !== ':@')
  if (name === undefined) return null
  bound(depth, PUNCHOUT_LIMITS.maxDepth, 'element nesting')
  const attrs: Record<string, string> = {}
  for (const [key, value] of Object.entries((item[':@'] as Record<string, unknown> | undefined) ?? {})) {
    const text = decodeReferences(String(value).replace(/[\t\n\r]/g, ' '))
    bound(text.length, PUNCHOUT_LIMITS.maxValueLength, `attribute ${key} of ${name}`)
    attrs[key] = text
  }
  const children: XmlNode[] = []
  for (const child of item[name] as Parsed[]) {
    const node = toNode(child, depth + 1)
    if (!node) continue
    const last = children[children.length - 1]
    if (!isElement(node) && last && !isElement(last)) last.text += node.text
    else children.push(node)
  }
  for (const child of children)
    if (!isElement(child)) bound(child.text.length, PUNCHOUT_LIMITS.maxValueLength, `text of ${name}`)
  return { name, attrs, children }
}

/**
 * The root element of an XML document, or a `PunchoutFormatError`: too_large (bytes, elements, nesting, one
 * value), doctype (internal subset or entity declaration), malformed (not well-formed, an undefined entity, a
 * character XML does not allow). `what` names the document in messages ("cXML", "warenkorb").
 */
export function readXml(input: unknown, what: string): XmlElement {
  if (typeof input !== 'string' || input.trim() === '')
    throw new PunchoutFormatError('punchout.format.missing', `${what}: no XML document`)
  bound(Buffer.byteLength(input, 'utf8'), PUNCHOUT_LIMITS.maxDocumentBytes, `${what}: document bytes`)
  const xml = input.replace(/^\uFEFF/, '')
  if (/<!ENTITY/i.test(xml) || /<!DOCTYPE[^>[]*\[/i.test(xml))
    throw new PunchoutFormatError(
      'punchout.format.doctype',
      `${what}: a DOCTYPE with declarations is refused`,
    )
  NOT_XML_TEXT.lastIndex = 0
  if (NOT_XML_TEXT.test(xml))
    throw new PunchoutFormatError('punchout.format.malformed', `${what}: holds characters XML does not allow`)
  bound(xml.match(/<[A-Za-z_:]/g)?.length ?? 0, PUNCHOUT_LIMITS.maxElements, `${what}: elements`)
  const valid = XMLValidator.validate(xml)
  if (valid !== true)
    throw new PunchoutFormatError(
      'punchout.format.malformed',
      `${what}: not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`,
    )
  let parsed: Parsed[]
  try {
    parsed = parser.parse(xml) as Parsed[]
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/nested/i.test(message))
      throw new PunchoutFormatError('punchout.format.too_large', `${what}: ${message}`)
    throw new PunchoutFormatError('punchout.format.malformed', `${what}: ${message}`)
  }
  const roots = parsed
    .map((item) => toNode(item, 1))
    .filter((node): node is XmlElement => !!node && isElement(node))
  const [root] = roots
  if (!root || roots.length !== 1)
    throw new PunchoutFormatError('punchout.format.malformed', `${what}: not exactly one root element`)
  return root
}

/** The name without a namespace prefix (`wk:OrderItem` → `OrderItem`). */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/** The element children of `element`, all or those of one local name, in document order. */
export const elementsOf = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter(
    (node): node is XmlElement => isElement(node) && (name === undefined || localName(node.name) === name),
  )

/** The first element child of a local name, if any. */
export const childOf = (element: XmlElement | undefined, name: string): XmlElement | undefined =>
  element && elementsOf(element, name)[0]

/** The text directly inside `element` (its element children left out), trimmed; '' when it is absent. */
export const textOf = (element: XmlElement | undefined): string =>
  element
    ? element.children
        .filter((node): node is XmlText => !isElement(node))
        .map((node) => node.text)
        .join('')
        .trim()
    : ''

/** The text of the first child of a local name ('' when there is none). */
export const childText = (element: XmlElement | undefined, name: string) => textOf(childOf(element, name))

/** The namespace URI `element`'s own name is in, from its xmlns attributes. */
export function namespaceOf(element: XmlElement): string | undefined {
  const colon = element.name.indexOf(':')
  return colon < 0 ? element.attrs.xmlns : element.attrs[`xmlns:${element.name.slice(0, colon)}`]
}

/** A node to write: an element with attributes (absent ones left out) and children (falsy ones left out). */
export type XmlOut = {
  name: string
  attrs: Record<string, string | null | undefined>
  children: (XmlOut | string)[]
}

type Child = XmlOut | string | null | undefined | false

/** An element to write; `null`, `undefined` and `false` children are left out, so optional parts read inline. */
export const el = (name: string, attrs: XmlOut['attrs'] = {}, ...children: Child[]): XmlOut => ({
  name,
  attrs,
  children: children.filter(
    (child): child is XmlOut | string => child !== null && child !== undefined && child !== false,
  ),
})

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  processEntities: true,
  format: false,
})

function assertXmlText(value: string, where: string) {
  NOT_XML_TEXT.lastIndex = 0
  if (NOT_XML_TEXT.test(value)) throw new Error(`${where} holds characters XML cannot carry: clean it first`)
}

function toBuilder(node: XmlOut): Parsed {
  const attrs: Record<string, string> = {}
  for (const [key, value] of Object.entries(node.attrs)) {
    if (value === null || value === undefined) continue
    assertXmlText(value, `attribute ${key} of ${node.name}`)
    attrs[`@_${key}`] = value.replace(/[\t\n\r]/g, ' ')
  }
  const children = node.children.flatMap((child): Parsed[] => {
    if (typeof child !== 'string') return [toBuilder(child)]
    assertXmlText(child, `text of ${node.name}`)
    return child === '' ? [] : [{ '#text': child.replace(/\r\n?/g, '\n') }]
  })
  return Object.keys(attrs).length ? { [node.name]: children, ':@': attrs } : { [node.name]: children }
}

/**
 * The document of `root` with an XML declaration (UTF-8) and, when given, a DOCTYPE line (a constant of the
 * format, such as cXML's SYSTEM identifier). Throws a plain Error when a value holds characters XML cannot
 * carry: the format writers clean their values first and report it as a TransferProblem.
 */
export function writeXml(root: XmlOut, doctype?: string): string {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
  return `${declaration}${doctype ? `${doctype}\n` : ''}${builder.build([toBuilder(root)])}`
}
