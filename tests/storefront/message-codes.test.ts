import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MESSAGE_CODES } from '../../commerce-api/domain/message-codes'
import { API_CODES, ICM_ONLY } from '~/models/api-codes'
import { SHOP_LOCALES } from '~/models/locale'

/**
 * The seam between the storefront and the commerce API, by message code (issue 30): the storefront waits only
 * for codes the API sends, and has a text in every language for every code the API sends. The shop showed no
 * tax note for a year because the review waited for `basket.tax.destination_changed` while the API sent
 * `basket.tax.destination_changed.info`; each rule below would have failed on that.
 */
const registry = new Map(Object.entries(MESSAGE_CODES))
const root = path.resolve(__dirname, '../..')

/** Storefront texts whose keys look like an API code without being one: the shop's own form checks. */
const OWN_TEXT_KEYS = new Set([
  'address.postal_code.invalid',
  'address.country.invalid',
  'address.email.invalid',
])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** A code of the registry with its last part left off or changed: what a typo of a code looks like. */
function nearMiss(literal: string): string | undefined {
  const parent = literal.split('.').slice(0, -1).join('.')
  for (const code of registry.keys()) {
    if (code === literal) return undefined
    const codeParent = code.split('.').slice(0, -1).join('.')
    if (code.startsWith(`${literal}.`) && code.split('.').length === literal.split('.').length + 1)
      return code
    if (parent.includes('.') && codeParent === parent && /\.(info|error|warning)$/.test(literal)) return code
  }
  return undefined
}

describe('message codes between storefront and commerce API', () => {
  it('waits only for codes the commerce API sends', () => {
    const unsent = Object.values(API_CODES).filter((code) => !registry.has(code))
    expect(unsent).toEqual([])
    // Codes of a real ICM only: were the bundled API to send one, it belongs in API_CODES.
    expect(Object.values(ICM_ONLY).filter((code) => registry.has(code))).toEqual([])
  })

  it('names API codes through app/models/api-codes.ts, and no near miss of one anywhere', () => {
    const found: string[] = []
    for (const file of sources(path.join(root, 'app'))) {
      if (file.endsWith(path.join('models', 'api-codes.ts'))) continue
      const text = readFileSync(file, 'utf8')
      for (const [, literal] of text.matchAll(/['"`]([a-z][\w]*(?:\.[\w]+){2,})['"`]/g)) {
        const where = path.relative(root, file)
        if (registry.has(literal!)) found.push(`${where}: ${literal} (use API_CODES)`)
        else if (!OWN_TEXT_KEYS.has(literal!) && nearMiss(literal!))
          found.push(`${where}: ${literal} looks like ${nearMiss(literal!)}, which the API sends`)
      }
    }
    expect(found).toEqual([])
  })

  describe.each(SHOP_LOCALES.map((l) => l.id))('texts of %s', (id) => {
    const texts: Record<string, string> = JSON.parse(
      readFileSync(path.join(root, 'locales', `${id}.json`), 'utf8'),
    )
    it('has a text for every code the API sends, naming only the parameters the code carries', () => {
      const problems: string[] = []
      for (const [code, spec] of registry) {
        // A text in plural forms (`_one`, `_other`) is counted by the shop itself: it may name `count`.
        const plural = texts[code] === undefined && texts[`${code}_other`] !== undefined
        const text = plural ? texts[`${code}_other`] : texts[code]
        if (!text?.trim()) {
          problems.push(`${code}: no text`)
          continue
        }
        const allowed = new Set<string>([
          ...('parameters' in spec ? spec.parameters : []),
          ...(plural ? ['count'] : []),
        ])
        for (const [, name] of text.matchAll(/\{\{\s*(\w+)/g))
          if (!allowed.has(name!)) problems.push(`${code}: {{${name}}} is not a parameter of this code`)
      }
      expect(problems).toEqual([])
    })
  })
})
