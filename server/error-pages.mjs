/**
 * The small pages the HTTP layer answers itself, before (or instead of) the app: 400, 403, 405, 413, 415 and
 * 500. They are plain HTML without scripts or styles, in the language of the path's first segment (the
 * app's default, German, otherwise), with the texts of locales/*.json.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales')

/** The shop's languages as in app/models/locale.ts: URL prefix → locale file and HTML language tag. */
const LANGUAGES = {
  en: { id: 'en_US', tag: 'en-US' },
  de: { id: 'de_DE', tag: 'de-DE' },
  fr: { id: 'fr_FR', tag: 'fr-FR' },
  pl: { id: 'pl_PL', tag: 'pl-PL' },
  ro: { id: 'ro_RO', tag: 'ro-RO' },
}
const DEFAULT_LANG = 'de'

/** Text keys per status; the texts themselves are read once, at start. */
const KEYS = {
  400: 'error.bad_request',
  403: 'error.forbidden',
  404: 'error.not_found',
  405: 'error.method_not_allowed',
  413: 'error.payload_too_large',
  415: 'error.unsupported_media_type',
  500: 'error.server',
}

const texts = Object.fromEntries(
  Object.entries(LANGUAGES).map(([lang, { id }]) => [
    lang,
    JSON.parse(readFileSync(path.join(localesDir, `${id}.json`), 'utf8')),
  ]),
)

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )

/** The shop language a path is in: its first segment when that is one, else the default. */
export function languageOf(urlPath) {
  const first = /^\/([a-z]{2})(?:[/?#]|$)/.exec(String(urlPath ?? ''))?.[1]
  return first && first in LANGUAGES ? first : DEFAULT_LANG
}

/** The HTML of the page for `status` (400, 404, 405, 413, 415 or 500; other 4xx read as 400, 5xx as 500). */
export function errorPageHtml(status, urlPath, detail) {
  const lang = languageOf(urlPath)
  const own = texts[lang]
  const key = KEYS[status] ?? (status >= 500 ? KEYS[500] : KEYS[400])
  const title = escapeHtml(own[`${key}.title`])
  return (
    `<!DOCTYPE html><html lang="${LANGUAGES[lang].tag}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(own[`${key}.text`])}</p>` +
    (detail ? `<p>${escapeHtml(detail(own))}</p>` : '') +
    `<p><a href="/${lang}/home">${escapeHtml(own['error.back_home'])}</a></p></main></body></html>`
  )
}

/**
 * Answers the request with that page (never cached). `headers` are added, e.g. `Allow` for 405 or
 * `Connection: close` when the request body is left unread; `detail(texts)` is a further line from the
 * page language's texts (e.g. which parameter was refused).
 */
export function sendErrorPage(req, res, status, headers = {}, detail) {
  const body = errorPageHtml(status, req.originalUrl ?? req.url, detail)
  res.statusCode = status
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(req.method === 'HEAD' ? undefined : body)
}
