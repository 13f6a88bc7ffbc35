import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { driverOf, PGLITE_MEMORY_SETTINGS, pgliteStartParams } from './client'
import { emptyDatabaseForTests } from './test-database'

describe('PGlite memory settings (ADR 0049)', () => {
  it('keeps PGlite’s own start parameters and adds each setting as -c name=value', () => {
    const params = pgliteStartParams({ shared_buffers: '8MB', work_mem: '1MB' })
    expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams)
    expect(params.slice(PGlite.defaultStartParams.length)).toEqual([
      '-c',
      'shared_buffers=8MB',
      '-c',
      'work_mem=1MB',
    ])
  })

  it('bounds the shared buffers far below initdb’s 128 MB, and what one statement may take', () => {
    const megabytes = (value: string) => Number(value.replace(/MB$/, ''))
    expect(megabytes(PGLITE_MEMORY_SETTINGS.shared_buffers)).toBeLessThanOrEqual(16)
    expect(megabytes(PGLITE_MEMORY_SETTINGS.maintenance_work_mem)).toBeLessThanOrEqual(16)
    expect(megabytes(PGLITE_MEMORY_SETTINGS.work_mem)).toBeLessThanOrEqual(4)
  })

  describe('an embedded database', () => {
    const database = emptyDatabaseForTests()

    it('runs with those settings', async () => {
      for (const [name, value] of Object.entries(PGLITE_MEMORY_SETTINGS)) {
        const client = (driverOf(database().db) as { client: PGlite }).client
        const { rows } = await client.query<{ setting: string }>('select current_setting($1) as setting', [
          name,
        ])
        expect([name, rows[0]!.setting]).toEqual([name, value])
      }
    })
  })
})
