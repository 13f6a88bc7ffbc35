import { afterEach, describe, expect, it, vi } from 'vitest'

/** config.server.ts as a fresh process would read it with these environment variables. */
async function configWith(env: Record<string, string | undefined>) {
  vi.resetModules()
  for (const key of ['NODE_ENV', 'PORT', 'PUBLIC_URL', 'SESSION_SECRET', 'COOKIE_SECURE'])
    vi.stubEnv(key, undefined)
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value)
  return (await import('~/services/config.server')).config
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('storefront configuration', () => {
  it('has no built-in session secret in production', async () => {
    await expect(configWith({ NODE_ENV: 'production' })).rejects.toThrow(/^SESSION_SECRET is not set/)
    await expect(configWith({ NODE_ENV: 'production', SESSION_SECRET: '' })).rejects.toThrow(/SESSION_SECRET/)
    const rotated = await configWith({
      NODE_ENV: 'production',
      SESSION_SECRET: 'new-secret-new-secret-new-secret-1,old-secret-old-secret-old-secret-2',
    })
    expect(rotated.sessionSecrets).toEqual([
      'new-secret-new-secret-new-secret-1',
      'old-secret-old-secret-old-secret-2',
    ])
  })

  it('refuses a secret shorter than 32 characters in production, the old one of a rotation too', async () => {
    await expect(configWith({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(31) })).rejects.toThrow(
      /^SESSION_SECRET is too short/,
    )
    await expect(
      configWith({ NODE_ENV: 'production', SESSION_SECRET: `${'n'.repeat(32)},short-old-secret` }),
    ).rejects.toThrow(/^SESSION_SECRET is too short/)
    expect(
      (await configWith({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).sessionSecrets,
    ).toEqual(['x'.repeat(32)])
    // Outside production a short secret is a developer's choice.
    expect((await configWith({ NODE_ENV: 'development', SESSION_SECRET: 'short' })).sessionSecrets).toEqual([
      'short',
    ])
  })

  it('signs with a development secret outside production, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const config = await configWith({ NODE_ENV: 'development' })
    expect(config.sessionSecrets).toEqual(['storefront-development-secret'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SESSION_SECRET is not set'))
  })

  it('takes absolute URLs from PUBLIC_URL, else from the local port, never from a request', async () => {
    expect((await configWith({ PORT: '3456' })).publicUrl).toBe('http://localhost:3456')
    expect((await configWith({})).publicUrl).toBe('http://localhost:3000')
    expect((await configWith({ PUBLIC_URL: 'https://Shop.Example.com/' })).publicUrl).toBe(
      'https://shop.example.com',
    )
    await expect(configWith({ PUBLIC_URL: 'shop.example.com' })).rejects.toThrow(/PUBLIC_URL/)
    await expect(configWith({ PUBLIC_URL: 'https://shop.example.com/de' })).rejects.toThrow(/PUBLIC_URL/)
    await expect(configWith({ PUBLIC_URL: 'ftp://shop.example.com' })).rejects.toThrow(/PUBLIC_URL/)
  })

  it('marks cookies Secure when the public URL is https, unless COOKIE_SECURE says otherwise', async () => {
    expect((await configWith({ PUBLIC_URL: 'https://shop.example.com' })).secureCookies).toBe(true)
    expect((await configWith({ PUBLIC_URL: 'http://shop.example.com' })).secureCookies).toBe(false)
    expect((await configWith({})).secureCookies).toBe(false)
    expect(
      (await configWith({ PUBLIC_URL: 'https://shop.example.com', COOKIE_SECURE: 'false' })).secureCookies,
    ).toBe(false)
    expect((await configWith({ COOKIE_SECURE: 'true' })).secureCookies).toBe(true)
  })
})
