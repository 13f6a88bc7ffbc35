import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startApi, type Api } from './harness'

let api: Api
beforeAll(async () => {
  api = await startApi({ products: 20 })
})
afterAll(async () => {
  await api?.close()
})

const texts = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >

describe('localizations', () => {
  it('answers the texts of the locale whose keys start with searchKeys, as a flat object', async () => {
    const de = await call(api.url('localizations?searchKeys=header.', ';loc=de_DE'))
    expect(de.status).toBe(200)
    const expected = Object.fromEntries(
      Object.entries(texts('de_DE')).filter(([key]) => key.startsWith('header.')),
    )
    expect(Object.keys(expected).length).toBeGreaterThan(1)
    expect(de.json).toEqual(expected)

    const fr = await call(api.url('localizations?searchKeys=shop.name', ';loc=fr_FR'))
    expect(fr.json).toEqual({ 'shop.name': texts('fr_FR')['shop.name'] })
  })

  it('gives ICM clients (which ask for pwa-) the names of every locale of the channel, in every locale', async () => {
    // The Intershop PWA's language switch reads locale.{id}.long and .short; it ships texts for en, de and fr
    // only, so ICM's answer has to name Polish and Romanian, in the language of every locale.
    const names = {
      'pwa-locale.en_US.long': 'English (United States)',
      'pwa-locale.en_US.short': 'en',
      'pwa-locale.de_DE.long': 'Deutsch (Deutschland)',
      'pwa-locale.de_DE.short': 'de',
      'pwa-locale.fr_FR.long': 'Français (France)',
      'pwa-locale.fr_FR.short': 'fr',
      'pwa-locale.pl_PL.long': 'Polski (Polska)',
      'pwa-locale.pl_PL.short': 'pl',
      'pwa-locale.ro_RO.long': 'Română (România)',
      'pwa-locale.ro_RO.short': 'ro',
    }
    for (const locale of ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO']) {
      const response = await call(api.url('localizations?searchKeys=pwa-', `;loc=${locale}`))
      expect(response.status).toBe(200)
      expect(response.json, locale).toEqual(names)
    }
    const one = await call(api.url('localizations/pwa-locale.ro_RO.long', ';loc=de_DE'))
    expect(one.json).toBe('Română (România)')
    expect((await call(api.url('localizations?searchKeys=pwa-nothing'))).json).toEqual({})
  })

  it('answers every text of the locale without searchKeys', async () => {
    const response = await call(api.url('localizations', ';loc=pl_PL'))
    const own = Object.fromEntries(
      Object.entries(response.json as Record<string, string>).filter(([key]) => !key.startsWith('pwa-')),
    )
    expect(own).toEqual(texts('pl_PL'))
    expect(response.json['pwa-locale.pl_PL.long']).toBe('Polski (Polska)')
  })

  it('answers one key as its text', async () => {
    const response = await call(api.url('localizations/header.skip_to_main', ';loc=ro_RO'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(response.json).toBe(texts('ro_RO')['header.skip_to_main'])
  })

  it('answers an unknown or impossible key with a 404 ICM error', async () => {
    for (const key of ['no.such.key', 'a%20b', 'x'.repeat(101)]) {
      const response = await call(api.url(`localizations/${key}`))
      expect(response.status, key).toBe(404)
      expect(response.json.errors[0], key).toMatchObject({ status: '404' })
    }
    const unknown = await call(api.url('localizations/no.such.key'))
    expect(unknown.headers.get('error-key')).toBe('localization.not_found')
  })

  it('refuses a searchKeys prefix that no key could start with, and more than one', async () => {
    const bad = await call(api.url(`localizations?searchKeys=${'a'.repeat(101)}`))
    expect(bad.status).toBe(400)
    expect(bad.headers.get('error-key')).toBe('localizations.search_keys.invalid')
    const odd = await call(api.url('localizations?searchKeys=%3Cscript%3E'))
    expect(odd.status).toBe(400)
    const twice = await call(api.url('localizations?searchKeys=a&searchKeys=b'))
    expect(twice.status).toBe(400)
  })
})
