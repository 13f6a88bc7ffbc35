/**
 * The sandbox's posted forms: name/value pairs in posted order (repeated names kept: the item rows, OCI's
 * fields), read with a bound on every value a stranger can send. A value out of bounds is a 400 page naming
 * the field, never a 5xx.
 */
import { isHttpUrl } from '../punchout/format-common'
import { SandboxError } from './html'

export type FormEntries = [string, string][]

/** Most fields a sandbox form of its own may have (rows included); the hook takes what the readers bound. */
export const MAX_OWN_FIELDS = 400
/** Most item rows (cXML ItemOut lines, an IDS WKS cart, `~` fields) a sandbox form sends. */
export const MAX_ROWS = 50

/** The body of a form post as entries; anything else (a parser's object, no body) is refused. */
export function entriesOf(body: unknown): FormEntries {
  if (!Array.isArray(body)) throw new SandboxError(400, 'The request has no form body.')
  return body as FormEntries
}

/** Reads one form's fields. */
export class SandboxForm {
  constructor(
    readonly entries: FormEntries,
    maxFields = MAX_OWN_FIELDS,
  ) {
    if (entries.length > maxFields)
      throw new SandboxError(413, `The form has ${entries.length} fields; the sandbox takes ${maxFields}.`)
  }

  /** The first value of `name`, trimmed ('' when absent). */
  value(name: string): string {
    return this.entries.find(([key]) => key === name)?.[1].trim() ?? ''
  }

  /** Every value of `name`, in posted order, trimmed. */
  values(name: string): string[] {
    return this.entries.filter(([key]) => key === name).map(([, value]) => value.trim())
  }

  /** The text of `name` within `max` characters; `label` names it in a refusal. */
  text(name: string, label: string, max: number, { required = false } = {}): string {
    const value = this.value(name)
    if (required && !value) throw new SandboxError(400, `${label} is required.`)
    if (value.length > max)
      throw new SandboxError(400, `${label} has ${value.length} characters; at most ${max} are taken.`)
    return value
  }

  /** One of `allowed` (the first when absent). */
  choice<T extends string>(name: string, label: string, allowed: readonly T[]): T {
    const value = this.value(name) || allowed[0]!
    if (!allowed.includes(value as T))
      throw new SandboxError(400, `${label} must be one of ${allowed.join(', ')}.`)
    return value as T
  }

  /** An absolute http(s) URL without its trailing slashes. */
  url(name: string, label: string): string {
    const value = this.text(name, label, 1024, { required: true }).replace(/\/+$/, '')
    if (!isHttpUrl(value)) throw new SandboxError(400, `${label} must be an absolute http(s) URL.`)
    return value
  }

  /**
   * The rows of paired fields (`sku` and `quantity` at the same place); rows with both empty are skipped, at
   * most MAX_ROWS, each value within `max` characters.
   */
  rows(names: [string, string], label: string, max: number): [string, string][] {
    const [first, second] = names.map((name) => this.values(name)) as [string[], string[]]
    const rows: [string, string][] = []
    for (let index = 0; index < Math.max(first.length, second.length); index++) {
      const row: [string, string] = [first[index] ?? '', second[index] ?? '']
      if (!row[0] && !row[1]) continue
      if (row[0].length > max || row[1].length > max)
        throw new SandboxError(400, `${label} ${index + 1}: a value is longer than ${max} characters.`)
      rows.push(row)
    }
    if (rows.length > MAX_ROWS)
      throw new SandboxError(400, `${label}: at most ${MAX_ROWS} rows are taken, got ${rows.length}.`)
    return rows
  }
}

/** A positive whole quantity of a row, or a 400 naming the row. */
export function quantityOf(text: string, label: string): number {
  const quantity = /^\d{1,6}$/.test(text) ? Number(text) : NaN
  if (!(quantity >= 1))
    throw new SandboxError(400, `${label}: the quantity "${text}" is no whole number of at least 1.`)
  return quantity
}
