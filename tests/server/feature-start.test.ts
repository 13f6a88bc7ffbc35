/**
 * The built storefront refuses to start with a feature it cannot run (ADR 0044): `node server.mjs` prints why
 * and exits with EX_CONFIG (78), which `npm start`'s supervisor takes as "do not start it again".
 */
import { describe, expect, it } from 'vitest'
import { freePort, spawnStorefront } from './helpers'

async function startStorefront(env: Record<string, string>) {
  const { exited, log } = spawnStorefront({ PORT: String(await freePort()), ...env }, [
    'FEATURES',
    'ADD_FEATURES',
    'SPARQUE',
    'SCANDIT_LICENSE_KEY',
    'TACTON_ENDPOINT',
  ])
  const code = await exited
  return { code, output: log() }
}

describe('a storefront with a feature it cannot run', () => {
  it('does not start with feature tacton and no TACTON_ENDPOINT, and says so', async () => {
    const { code, output } = await startStorefront({ ADD_FEATURES: 'quickorder,tacton' })
    expect(code).toBe(78)
    expect(output).toContain('storefront: cannot start: the feature settings cannot work:')
    expect(output).toContain('feature tacton needs TACTON_ENDPOINT (Tacton')
  })

  it('does not start with a Scandit licence either: this build has no Scandit SDK', async () => {
    const { code, output } = await startStorefront({ SCANDIT_LICENSE_KEY: 'licence' })
    expect(code).toBe(78)
    expect(output).toContain('SCANDIT_LICENSE_KEY is set, but this build has no client for Scandit')
  })
})
