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

  it('answers an empty object when no key has the prefix (the PWA asks for pwa-)', async () => {
    const response = await call(api.url('localizations?searchKeys=pwa-', ';loc=en_US'))
    expect(response.status).toBe(200)
    expect(response.json).toEqual({})
  })

  it('answers every text of the locale without searchKeys', async () => {
    const response = await call(api.url('localizations', ';loc=pl_PL'))
    expect(response.json).toEqual(texts('pl_PL'))
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
