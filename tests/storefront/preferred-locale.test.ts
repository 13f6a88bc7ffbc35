/**
 * The remembered language (spec shell §4.5, feature saveLanguageSelection): the language switch leads
 * through `/{lang}/language`, which writes the `preferredLocale` cookie (a year, path /) only when the
 * feature is on and the shopper consented to functional cookies (ADR 0035), and goes on to the same page in
 * that language, never to another origin; `/` follows the cookie when the feature is on, with that consent.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { decideConsent, serializeConsent } from '~/models/consent'
import type * as FeaturesModule from '~/services/features.server'
import { loader as languageLoader } from '~/routes/$lang.language'
import { loader as entryLoader } from '~/routes/_index'
import { loader as shopLayoutLoader } from '~/routes/$lang._shop'
import { shellHandlers, get, icm, icmError } from './icm-mock'
import { answer, args, thrown } from './loader-args'
import './setup'

const features = vi.hoisted(() => ({ saveLanguageSelection: true }))
vi.mock('~/services/features.server', async (importOriginal) => {
  const actual = await importOriginal<typeof FeaturesModule>()
  return {
    ...actual,
    isFeatureEnabled: (feature: Parameters<typeof actual.isFeatureEnabled>[0]) =>
      feature === 'saveLanguageSelection' ? features.saveLanguageSelection : actual.isFeatureEnabled(feature),
  }
})
beforeEach(() => {
  features.saveLanguageSelection = true
})

/** The `cookieConsent` cookie of a shopper who consented to `categories`. */
const consentTo = (...categories: string[]) =>
  `cookieConsent=${serializeConsent(
    decideConsent(undefined, { categories, source: 'settings' }, 1, Date.now(), () => 'client-0001'),
  )}`
const FUNCTIONAL = consentTo('functional')

const PAGE = '/de/power-tools/drills-ctgPower-Tools.Drills?page=2'
const switchTo = (lang: string, returnUrl: string, cookie = FUNCTIONAL) =>
  answer(languageLoader, args(`/${lang}/language?returnUrl=${encodeURIComponent(returnUrl)}`, { cookie }))

describe('the language switch', () => {
  it('remembers the language for a year on the whole site and goes on to the page', async () => {
    const { response } = await switchTo('de', PAGE)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(PAGE)
    expect(response.headers.get('Set-Cookie')).toBe(
      'preferredLocale=de_DE; Max-Age=31536000; Path=/; SameSite=Lax; HttpOnly',
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('writes no cookie without consent to functional cookies, and still goes on to the page', async () => {
    for (const cookie of ['', consentTo(), consentTo('tracking')]) {
      const { response } = await switchTo('de', PAGE, cookie)
      expect(response.headers.get('Location')).toBe(PAGE)
      expect(response.headers.get('Set-Cookie')).toBeNull()
    }
  })

  it('writes no cookie when the feature is off, and still goes on to the page', async () => {
    features.saveLanguageSelection = false
    const { response } = await switchTo('de', PAGE)
    expect(response.headers.get('Location')).toBe(PAGE)
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })

  it.each([
    'https://evil.example/de/home',
    '//evil.example/de/home',
    '/\\evil.example/de/home',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/en/home',
    '/de/../en/basket',
    '/deutsch/home',
  ])('goes to the home page of the language instead of %j', async (returnUrl) => {
    const { response } = await switchTo('de', returnUrl)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/de/home')
    expect(response.headers.get('Set-Cookie')).toContain('preferredLocale=de_DE')
  })

  it('knows only the shop’s languages', async () => {
    expect((await thrown(languageLoader(args('/xx/language?returnUrl=/xx/home')))).status).toBe(404)
  })

  it('links through the cookie-setting route only when the shop remembers the language', async () => {
    icm.use(
      ...shellHandlers(),
      get('baskets/current', () => icmError(404, 'basket.not_found.error')),
    )
    const chrome = async () => (await answer(shopLayoutLoader, args('/en/home'))).data
    expect((await chrome()).rememberLanguage).toBe(true)
    features.saveLanguageSelection = false
    expect((await chrome()).rememberLanguage).toBe(false)
  })
})

describe('the entry /', () => {
  const entry = (cookie?: string) => answer(entryLoader, args('/', { params: {}, cookie }))

  it('goes to the remembered language when the feature is on', async () => {
    const { response } = await entry(`apiToken=x; preferredLocale=fr_FR; ${FUNCTIONAL}`)
    expect(response.headers.get('Location')).toBe('/fr/home')
    expect(response.headers.get('Vary')).toBe('Cookie')
  })

  it('ignores the cookie without consent to functional cookies', async () => {
    expect((await entry('preferredLocale=fr_FR')).response.headers.get('Location')).toBe('/de/home')
    expect((await entry(`preferredLocale=fr_FR; ${consentTo()}`)).response.headers.get('Location')).toBe(
      '/de/home',
    )
  })

  it('goes to the default language without a cookie, or with one naming no language of the shop', async () => {
    expect((await entry()).response.headers.get('Location')).toBe('/de/home')
    expect((await entry('preferredLocale=xx_XX')).response.headers.get('Location')).toBe('/de/home')
  })

  it('ignores the cookie when the feature is off', async () => {
    features.saveLanguageSelection = false
    expect((await entry(`preferredLocale=fr_FR; ${FUNCTIONAL}`)).response.headers.get('Location')).toBe(
      '/de/home',
    )
  })
})
