/**
 * The features that only name an external product (issue 36, ADR 0044) as the storefront meets them: the
 * features module refuses to load with one turned on, so its pages answer feature-deactivated; `/configure`
 * (tacton) guards the feature before the login; `/portal` leads to PORTAL_URL or says there is none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as FeaturesModule from '~/services/features.server'
import { loader as errorLoader } from '~/routes/$lang._shop.error'
import { loader as configureLoader } from '~/routes/$lang._shop.configure.$'
import { answer, args, sessionCookie } from './loader-args'
import './setup'

const features = vi.hoisted(() => ({ tacton: false }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'tacton' ? features.tacton : actual.isFeatureEnabled(feature),
  }
})
afterEach(() => {
  features.tacton = false
  vi.unstubAllEnvs()
})

describe('the features module at start', () => {
  it.each([
    ['FEATURES', 'compare,tacton', /feature tacton needs TACTON_ENDPOINT/],
    ['ADD_FEATURES', 'copilot', /feature copilot needs COPILOT_CLIENTS/],
    ['ADD_FEATURES', 'scannerx', /unknown features: scannerx/],
  ])('does not load with %s=%s: the storefront cannot start', async (name, value, message) => {
    vi.stubEnv(name, value)
    vi.resetModules()
    const actual = await vi
      .importActual<typeof FeaturesModule>('~/services/features.server')
      .catch((error: unknown) => error)
    expect(actual).toBeInstanceOf(Error)
    expect((actual as Error).message).toMatch(/^the feature settings cannot work:\n/)
    expect((actual as Error).message).toMatch(message)
    vi.resetModules()
  })

  it('loads with the extras this build has, and scanner among the defaults', async () => {
    vi.stubEnv('ADD_FEATURES', 'quickorder,scanner,wishlists')
    vi.resetModules()
    const actual = await vi.importActual<typeof FeaturesModule>('~/services/features.server')
    expect(actual.isFeatureEnabled('scanner')).toBe(true)
    expect(actual.DEFAULT_ADD_FEATURES).toContain('scanner')
    vi.resetModules()
  })
})

describe('/configure (feature tacton)', () => {
  it('answers feature-deactivated, 404, to everyone, before asking a visitor to log in', async () => {
    for (const path of ['/en/configure', '/de/configure/product/123']) {
      const { response } = await answer(configureLoader, args(path, { params: { lang: path.slice(1, 3) } }))
      const location = response.headers.get('Location')!
      expect(location, path).toBe(`/${path.slice(1, 3)}/error?error=feature-deactivated&value=tacton`)
      const page = await answer(errorLoader, args(location))
      expect(page.response.status).toBe(404)
      expect(page.data).toMatchObject({ kind: 'feature-deactivated' })
    }
  })

  it('would ask for a login first, and has no configurator to show past it', async () => {
    features.tacton = true
    const visitor = await answer(configureLoader, args('/en/configure'))
    expect(visitor.response.headers.get('Location')).toMatch(/^\/en\/login\?returnUrl=%2Fen%2Fconfigure/)
    const cookie = await sessionCookie({
      apiToken: 'user-token',
      isAnonymous: false,
      issuedAt: Date.now(),
      expiresAt: Date.now() + 3600_000,
      user: {
        login: 'patricia',
        customerNo: 'PC-1',
        customerType: 'PrivateCustomer',
        roles: [],
        permissions: [],
      },
    })
    const user = await answer(configureLoader, args('/en/configure', { cookie }))
    expect(user.response.status).toBe(404)
  })
})

describe('/portal', () => {
  const portal = async (env: Record<string, string>) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    vi.resetModules()
    const { loader } = await import('~/routes/$lang._shop.portal')
    const result = await answer(loader, args('/fr/portal'))
    vi.resetModules()
    return result
  }

  it('says there is no portal, 404, without PORTAL_URL', async () => {
    const { response, data } = await portal({})
    expect(response.status).toBe(404)
    expect(data).toEqual({ title: 'Portail catalogue', portalUrl: null })
  })

  it('leads to the portal PORTAL_URL names', async () => {
    const { response, data } = await portal({ PORTAL_URL: 'https://catalogue.example.com/ironbridge' })
    expect(response.status).toBe(200)
    expect(data.portalUrl).toBe('https://catalogue.example.com/ironbridge')
  })

  it('refuses a PORTAL_URL that is no http(s) URL at start', async () => {
    vi.stubEnv('PORTAL_URL', 'javascript:alert(1)')
    vi.resetModules()
    await expect(import('~/services/config.server')).rejects.toThrow(
      'PORTAL_URL must be an absolute http(s) URL (got "javascript:alert(1)").',
    )
    vi.resetModules()
  })
})
