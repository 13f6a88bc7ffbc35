/**
 * The procurement sandbox's HTML (issue 34): plain pages of the commerce API with their own inline styles,
 * no scripts, usable at 360 px and by keyboard, every field labelled. The sandbox is a developer's and shop
 * owner's tool of the API, like the local mailbox, so its texts are English only (the storefront's five
 * locales are for shoppers).
 */
import { ApiError } from '../http'
import { escapeHtml } from '../mail/render'
import { cspOrigins } from '../security'

export const esc = escapeHtml

/** Why a sandbox page cannot answer as asked: a 4xx with a page saying why (never a 5xx for input). */
export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 415,
    message: string,
  ) {
    super(message)
    this.name = 'SandboxError'
  }
}

/**
 * The status of a page that failed: the SandboxError's, an API error's or Fastify's 4xx (a body too large, a
 * content type without parser) as it is; anything else is the tool's own failure, a 500.
 */
export function sandboxErrorStatus(error: unknown): number {
  const failure = error as { statusCode?: number }
  if (error instanceof SandboxError) return error.status
  if (error instanceof ApiError && error.status < 500) return error.status
  if (failure.statusCode && failure.statusCode >= 400 && failure.statusCode < 500) return failure.statusCode
  return 500
}

const STYLE = [
  'body{font-family:Arial,Helvetica,sans-serif;margin:0 auto;padding:16px;max-width:64rem;color:#1a1a1a;line-height:1.4}',
  'h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:1.5rem}',
  'fieldset{border:1px solid #bbb;border-radius:4px;margin:0 0 1rem;padding:12px}',
  'legend{font-weight:bold;padding:0 4px}',
  'label{display:block;font-weight:bold;margin:8px 0 2px}',
  'input,select,textarea{font:inherit;padding:6px;border:1px solid #767676;border-radius:3px;box-sizing:border-box;width:100%;max-width:28rem}',
  '.row{display:flex;flex-wrap:wrap;gap:8px}.row>div{flex:1 1 8rem}',
  'button,.button{font:inherit;display:inline-block;margin-top:12px;padding:8px 16px;background:#0b4f8a;color:#fff;border:0;border-radius:3px;text-decoration:none;cursor:pointer}',
  ':focus-visible{outline:3px solid #e07b00;outline-offset:2px}',
  '.hint{color:#555;font-size:.9rem;margin:2px 0}',
  '.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}',
  'th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}td.num,th.num{text-align:right}',
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f5f7;padding:12px;font-size:.85rem}',
  'code{overflow-wrap:anywhere}.ok{color:#1d6b2f}.bad{color:#a61b1b}td.num,td.sku{white-space:nowrap}details{margin:1rem 0}',
  'dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 12px}dt{font-weight:bold}dd{margin:0;overflow-wrap:anywhere}',
  '@media (max-width:30rem){dl{grid-template-columns:minmax(0,1fr);gap:0}dd{margin-bottom:8px}}',
].join('')

/** A whole page: English, no scripts, the sandbox's styles, a link back to the start page below the title. */
export function page(title: string, body: string, { home = true }: { home?: boolean } = {}): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${esc(title)} · Procurement sandbox</title><style>${STYLE}</style></head><body>`,
    home ? '<p><a href="/punchout-sandbox">← Procurement sandbox</a></p>' : '',
    `<main><h1>${esc(title)}</h1>${body}</main></body></html>`,
  ].join('\n')
}

/** The page of a refusal: its status and what was wrong. */
export const errorPage = (status: number, message: string) =>
  page(status === 401 ? 'Token needed' : `Request refused (${status})`, `<p>${esc(message)}</p>`)

type FieldOptions = {
  name: string
  label: string
  value?: string
  type?: 'text' | 'password' | 'url' | 'number'
  maxLength?: number
  required?: boolean
  hint?: string
  id?: string
  autocomplete?: string
}

/** A labelled input (its id from `id`, else the name), with an optional hint tied to it. */
export function field(options: FieldOptions): string {
  const id = options.id ?? options.name
  const hint = options.hint ? `<p class="hint" id="${esc(id)}-hint">${esc(options.hint)}</p>` : ''
  return (
    `<div><label for="${esc(id)}">${esc(options.label)}</label>` +
    `<input id="${esc(id)}" name="${esc(options.name)}" type="${options.type ?? 'text'}"` +
    ` value="${esc(options.value ?? '')}"` +
    (options.maxLength ? ` maxlength="${options.maxLength}"` : '') +
    (options.required ? ' required' : '') +
    (options.autocomplete ? ` autocomplete="${esc(options.autocomplete)}"` : '') +
    (options.hint ? ` aria-describedby="${esc(id)}-hint"` : '') +
    `>${hint}</div>`
  )
}

/** A labelled select of `[value, text]` options. */
export function select(
  name: string,
  label: string,
  options: readonly (readonly [string, string])[],
  selected: string,
  id = name,
): string {
  const items = options
    .map(
      ([value, text]) =>
        `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(text)}</option>`,
    )
    .join('')
  return `<div><label for="${esc(id)}">${esc(label)}</label><select id="${esc(id)}" name="${esc(name)}">${items}</select></div>`
}

export const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`

/** A definition list of the pairs whose value is not empty. */
export function facts(pairs: [string, string | number | null | undefined][]): string {
  const shown = pairs.filter(([, value]) => value !== null && value !== undefined && value !== '')
  return `<dl>${shown.map(([name, value]) => `<dt>${esc(name)}</dt><dd>${esc(String(value))}</dd>`).join('')}</dl>`
}

/** A document shown folded: the raw XML or fields a page is about. */
export const rawDocument = (summary: string, text: string, open = false) =>
  `<details${open ? ' open' : ''}><summary>${esc(summary)}</summary><pre>${esc(text)}</pre></details>`

/**
 * The sandbox pages' policy: their inline styles, forms posting to the sandbox itself and to the storefront
 * origins named (the OCI and IDS entry forms), no scripts or images, never framed.
 */
export function sandboxDirectives(formTargets: string[]) {
  return {
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'form-action': ["'self'", ...cspOrigins(formTargets)],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  }
}

/** The policy as a header value, for a page whose form goes to another storefront than the default one. */
export const sandboxPolicy = (formTargets: string[]) =>
  Object.entries(sandboxDirectives(formTargets))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
