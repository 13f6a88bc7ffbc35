/**
 * A shopper without JavaScript, for load tests: keeps cookies, follows redirects, and fills and submits the
 * page's own HTML forms the way a browser does (hidden fields, checked boxes, selected options, the pressed
 * button's name and value). Pages are parsed with parse5, the HTML parser jsdom uses.
 */
import { parse } from 'parse5'

type Node = {
  nodeName: string
  tagName?: string
  attrs?: { name: string; value: string }[]
  childNodes?: Node[]
  content?: Node
  value?: string
}

export type Field = { name: string; value: string; type: string; checked: boolean; label: string }
export type Button = { name?: string; value?: string; text: string }
export type Form = { action: string; method: string; fields: Field[]; buttons: Button[] }
export type Page = { status: number; url: string; html: string; ms: number; statuses: number[] }

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value

function text(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? ''
  return (node.childNodes ?? []).map(text).join('')
}

function walk(node: Node, visit: (node: Node) => boolean | void) {
  if (visit(node) === false) return
  for (const child of node.childNodes ?? []) walk(child, visit)
  if (node.content) walk(node.content, visit)
}

/** The forms of a page with their fields as the browser would submit them. */
export function formsOf(html: string, pageUrl: string): Form[] {
  const forms: Form[] = []
  const labels = new Map<string, string>()
  walk(parse(html) as unknown as Node, (node) => {
    if (node.tagName === 'label' && attr(node, 'for')) labels.set(attr(node, 'for')!, text(node).trim())
  })
  walk(parse(html) as unknown as Node, (node) => {
    if (node.tagName !== 'form') return
    const form: Form = {
      action: new URL(attr(node, 'action') ?? pageUrl, pageUrl).toString(),
      method: (attr(node, 'method') ?? 'get').toLowerCase(),
      fields: [],
      buttons: [],
    }
    walk(node, (element) => {
      const name = attr(element, 'name')
      const label = labels.get(attr(element, 'id') ?? '') ?? attr(element, 'aria-label') ?? ''
      if (element.tagName === 'button' && (attr(element, 'type') ?? 'submit') === 'submit') {
        form.buttons.push({ name, value: attr(element, 'value'), text: text(element).trim() })
      } else if (element.tagName === 'input' && name) {
        const type = (attr(element, 'type') ?? 'text').toLowerCase()
        if (type === 'submit') form.buttons.push({ name, value: attr(element, 'value'), text: '' })
        else
          form.fields.push({
            name,
            type,
            label,
            value: attr(element, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : ''),
            checked: attr(element, 'checked') !== undefined,
          })
      } else if (element.tagName === 'select' && name) {
        const options: Node[] = []
        walk(element, (option) => void (option.tagName === 'option' && options.push(option)))
        const chosen = options.find((o) => attr(o, 'selected') !== undefined) ?? options[0]
        const value = chosen ? (attr(chosen, 'value') ?? text(chosen).trim()) : ''
        form.fields.push({ name, type: 'select', label, value, checked: true })
      } else if (element.tagName === 'textarea' && name) {
        form.fields.push({ name, type: 'textarea', label, value: text(element), checked: true })
      }
    })
    forms.push(form)
    return false
  })
  return forms
}

/** One shopper: a cookie jar and a history of statuses (every hop of every redirect chain). */
export class Shopper {
  private cookies = new Map<string, string>()
  readonly statuses: number[] = []

  constructor(readonly origin: string) {}

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  private get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** Sends a request and follows redirects (303 and 302 become GET) like a browser without JavaScript. */
  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Page> {
    const started = performance.now()
    const statuses: number[] = []
    let target = new URL(url, this.origin).toString()
    let method = init.method ?? 'GET'
    let body: URLSearchParams | undefined = init.body
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(target, {
        method,
        body,
        redirect: 'manual',
        headers: {
          cookie: this.cookieHeader,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      })
      this.remember(response)
      statuses.push(response.status)
      this.statuses.push(response.status)
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        target = new URL(location, target).toString()
        if (response.status !== 307 && response.status !== 308) {
          method = 'GET'
          body = undefined
        }
        continue
      }
      const html = await response.text()
      return { status: response.status, url: target, html, ms: performance.now() - started, statuses }
    }
    throw new Error(`more than 10 redirects from ${url}`)
  }

  get(path: string) {
    return this.request(path)
  }

  /**
   * Submits the form of `page` that has a submit button whose text matches `button`, with the fields as the
   * page fills them, then `values` by field name (null leaves the field out, e.g. an unchecked box) and
   * `labelled` values for the fields whose label matches.
   */
  submit(
    page: Page,
    button: RegExp,
    values: Record<string, string | null> = {},
    labelled: [RegExp, string][] = [],
  ) {
    const forms = formsOf(page.html, page.url)
    const form = forms.find((f) => f.buttons.some((b) => button.test(b.text) || button.test(b.value ?? '')))
    if (!form) {
      const found = forms.flatMap((f) => f.buttons.map((b) => b.text || b.value)).join(', ')
      throw new Error(`no form with a button ${button} on ${page.url} (${page.status}); buttons: ${found}`)
    }
    const pressed = form.buttons.find((b) => button.test(b.text) || button.test(b.value ?? ''))!
    values = { ...values }
    for (const [label, value] of labelled) {
      const field = form.fields.find((f) => label.test(f.label))
      if (!field) throw new Error(`no field labelled ${label} in the form of ${page.url}`)
      values[field.name] = value
    }
    const body = new URLSearchParams()
    for (const field of form.fields) {
      if (field.name in values) continue
      if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue
      body.append(field.name, field.value)
    }
    for (const [name, value] of Object.entries(values)) if (value !== null) body.append(name, value)
    if (pressed.name) body.append(pressed.name, pressed.value ?? '')
    if (form.method === 'get') {
      const url = new URL(form.action)
      url.search = body.toString()
      return this.request(url.toString())
    }
    return this.request(form.action, { method: 'POST', body })
  }
}
