/**
 * The built storefront refuses to start with a feature it cannot run (ADR 0044): `node server.mjs` prints why
 * and exits with EX_CONFIG (78), which `npm start`'s supervisor takes as "do not start it again".
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { freePort } from './helpers'

const root = path.resolve(__dirname, '../..')

async function startStorefront(env: Record<string, string>) {
  const base = { ...process.env }
  for (const key of ['FEATURES', 'ADD_FEATURES', 'SPARQUE', 'SCANDIT_LICENSE_KEY', 'TACTON_ENDPOINT'])
    delete base[key]
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    env: {
      ...base,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-production',
      ICM_BASE_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: 'pipe',
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  return { code, output }
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
