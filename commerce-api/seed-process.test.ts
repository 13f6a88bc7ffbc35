import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isNewDataDir, seedProcessArgs } from './seed-process'

describe('seeding a new embedded database in a child process (ADR 0049)', () => {
  it('runs the same script with the same loader and flags, but neither watching nor debugging', () => {
    expect(
      seedProcessArgs(
        ['--import', 'tsx', '--watch', '--inspect=9229', '--max-semi-space-size=4'],
        '/app/commerce-api/main.ts',
      ),
    ).toEqual(['--import', 'tsx', '--max-semi-space-size=4', '/app/commerce-api/main.ts'])
  })

  it('takes a data directory without PG_VERSION for a new one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-process-'))
    try {
      expect(isNewDataDir(path.join(dir, 'pglite'))).toBe(true)
      expect(isNewDataDir(dir)).toBe(true)
      writeFileSync(path.join(dir, 'PG_VERSION'), '18\n')
      expect(isNewDataDir(dir)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
