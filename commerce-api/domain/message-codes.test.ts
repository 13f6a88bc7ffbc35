import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MESSAGE_CODES } from './message-codes'

const root = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'seed' ? [] : sources(file)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-fixtures/.test(entry.name) ? [file] : []
  })
}

/**
 * Codes written where a message is made: `code: '…'` in an info, error or cause, and the code argument of
 * `new ApiError(status, '…')`, `notFound('…')` and the domain's error helpers. Typed code parameters catch most
 * of these at compile time; this catches a literal in an untyped object (an info built in the wire layer).
 */
const CODE_SITES = [
  /\bcode: '([a-z][a-zA-Z_]*\.[^']+)'/g,
  /new ApiError\(\s*\d+,\s*'([^']+)'/g,
  /\b(?:notFound|notFoundError|invalidError|refusedError|conflictError|forbiddenError)\(\s*'([^']+)'/g,
  /new DomainError\(\s*'[a-z-]+',\s*'([^']+)'/g,
]

describe('the registry of message codes', () => {
  it('lists every code the commerce API writes into a message', () => {
    const unlisted: string[] = []
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8')
      for (const site of CODE_SITES)
        for (const [, code] of text.matchAll(site))
          if (!Object.hasOwn(MESSAGE_CODES, code!)) unlisted.push(`${path.relative(root, file)}: ${code}`)
    }
    expect(unlisted).toEqual([])
  })

  it('names a kind for each code and parameters as plain names', () => {
    for (const [code, spec] of Object.entries(MESSAGE_CODES)) {
      expect(['error', 'info', 'cause'], code).toContain(spec.kind)
      for (const name of 'parameters' in spec ? spec.parameters : [])
        expect(name, code).toMatch(/^[a-zA-Z]+$/)
    }
  })
})
