/**
 * Turns a mail's content into its two parts: an HTML document (inline styles only, as mail clients want)
 * and the plain-text part. Every text is escaped here, once: templates hand in plain strings, so a name such
 * as `<b>Ann</b>` shows as typed and cannot add markup or links to a mail.
 */
import type { Locale } from '../domain/channel'
import { fill, MAIL_TEXTS } from './texts'

/** A table of a mail: its column heads, rows and closing rows (totals); `numeric` columns align right. */
export type MailTable = { head?: string[]; rows: string[][]; foot?: string[][]; numeric?: number[] }

/** One piece of a mail's body: a paragraph (line breaks kept), a button with its link, or a table. */
export type MailBlock =
  { paragraph: string } | { action: { label: string; url: string } } | { table: MailTable }

export type MailContent = {
  locale: Locale
  subject: string
  /** Who the greeting names; null for a recipient the shop knows only by address. */
  name: string | null
  blocks: MailBlock[]
}

export type RenderedMail = { subject: string; html: string; text: string }

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text safe inside HTML elements and quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/** Only http(s) links go into a mail: a `javascript:` or `data:` URL would be a trap. */
function safeLink(url: string): string {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`A mail link must be http(s), got ${parsed.protocol}`)
  return parsed.toString()
}

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`

const CELL = 'padding:6px 8px;border-bottom:1px solid #dddddd;vertical-align:top'

function tableHtml({ head, rows, foot = [], numeric = [] }: MailTable): string {
  const cell = (tag: 'th' | 'td', text: string, column: number, strong = false) =>
    `<${tag}${tag === 'th' ? ' scope="col"' : ''} style="${CELL};text-align:${numeric.includes(column) ? 'right' : 'left'}${strong ? ';font-weight:bold' : ''}">` +
    `${escapeHtml(text).replace(/\n/g, '<br>')}</${tag}>`
  const row = (cells: string[], tag: 'th' | 'td', strong = false) =>
    `<tr>${cells.map((text, column) => cell(tag, text, column, strong)).join('')}</tr>`
  return (
    '<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px">' +
    (head ? `<thead>${row(head, 'th')}</thead>` : '') +
    `<tbody>${rows.map((cells) => row(cells, 'td')).join('')}</tbody>` +
    (foot.length ? `<tfoot>${foot.map((cells) => row(cells, 'td', true)).join('')}</tfoot>` : '') +
    '</table>'
  )
}

/** A table in the text part: one line per row, its cells separated by ' | ', empty cells left out. */
function tableText({ head, rows, foot = [] }: MailTable): string {
  return [...(head ? [head] : []), ...rows, ...foot]
    .map((cells) => cells.filter((text) => text !== '').join(' | '))
    .join('\n')
}

function blockHtml(block: MailBlock, linkHint: string): string {
  if ('paragraph' in block) return paragraphHtml(block.paragraph)
  if ('table' in block) return tableHtml(block.table)
  const url = escapeHtml(safeLink(block.action.url))
  return (
    `<p style="margin:24px 0"><a href="${url}" style="background:#1d4f91;color:#ffffff;padding:12px 20px;` +
    `border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">` +
    `${escapeHtml(block.action.label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(linkHint)}<br>` +
    `<a href="${url}" style="color:#1d4f91;word-break:break-all">${url}</a></p>`
  )
}

function blockText(block: MailBlock): string {
  if ('paragraph' in block) return block.paragraph
  if ('table' in block) return tableText(block.table)
  return `${block.action.label}:\n${safeLink(block.action.url)}`
}

/** The mail's HTML document and plain-text part, in the mail's language. */
export function renderMail({ locale, subject, name, blocks }: MailContent): RenderedMail {
  const common = MAIL_TEXTS[locale].common
  const greeting = name === null ? common.greetingNoName : fill(common.greeting, { name })
  const lang = locale.slice(0, 2)
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f7">',
    '<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    '<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1d4f91">Ironbridge Supply</p>',
    paragraphHtml(greeting),
    ...blocks.map((block) => blockHtml(block, common.linkHint)),
    paragraphHtml(common.signature),
    `<p style="margin:32px 0 0;font-size:12px;color:#777777">${escapeHtml(common.automatic)}</p>`,
    '</div></body></html>',
  ].join('\n')
  const text = [greeting, ...blocks.map(blockText), common.signature, '--', common.automatic].join('\n\n')
  return { subject, html, text: `${text}\n` }
}
