import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

/**
 * The domain holds the business rules, free of HTTP, of ICM's wire format and of the mailer (ARCHITECTURE.md):
 * a domain module that imports one of those makes an import cycle sooner or later (issue 30 found three).
 */
it('keeps the domain free of the wire format, the HTTP layer and the mailer', () => {
  const dir = import.meta.dirname
  const found: string[] = []
  for (const file of readdirSync(dir).filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))) {
    const text = readFileSync(path.join(dir, file), 'utf8')
    for (const [, target] of text.matchAll(
      /from '(\.\.\/(?:icm|routes|mail|jobs)\/[^']+|\.\.\/(?:http|server|auth))'/g,
    ))
      found.push(`${file} imports ${target}`)
  }
  expect(found).toEqual([])
})
