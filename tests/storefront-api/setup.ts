import { Blob, File } from 'node:buffer'
import { configure } from '@testing-library/react'
import { afterAll, afterEach, inject } from 'vitest'
import { startApi } from '../commerce-api/harness'
import { assertWireFaithful } from '../commerce-api/wire-check'

/**
 * This file's own commerce API, from the run's seeded snapshot (global-setup.ts), and the storefront pointed
 * at it. The storefront reads ICM_BASE_URL once, when its config module is first imported: that happens after
 * this, when the test file imports the routes.
 */
export const api = await withNodeBlobs(() => startApi({ snapshot: inject('apiSnapshot') }))
process.env.ICM_BASE_URL = api.origin

const { clearIcmCache } = await import('~/services/icm.server')

afterEach(() => {
  // The storefront keeps anonymous catalog answers for a minute: each test starts from what the API says now.
  clearIcmCache()
  // Every answer the storefront got is in a shape ICM sends.
  assertWireFaithful()
})
afterAll(() => api.close())

/**
 * PGlite unpacks the snapshot with the global Blob and File; a rendering test's jsdom puts its own there,
 * which cannot be read as bytes. Node's are in place while the database opens.
 */
async function withNodeBlobs<T>(run: () => Promise<T>): Promise<T> {
  const own = { Blob: globalThis.Blob, File: globalThis.File }
  Object.assign(globalThis, { Blob, File })
  try {
    return await run()
  } finally {
    Object.assign(globalThis, own)
  }
}

// Pages here wait on a real API and database, on a CI machine also running other tests: more than a second.
configure({ asyncUtilTimeout: 15_000 })
