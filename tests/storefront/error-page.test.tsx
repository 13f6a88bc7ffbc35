// @vitest-environment jsdom
/**
 * `/error` and `/maintenance` (spec shell §2.1, §8; org §2 Guards, §8): the right text and status for each
 * kind of error in every shop language, never indexed, always with a way home.
 */
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import ErrorRoute, { loader as errorLoader, meta as errorMeta } from '~/routes/$lang._shop.error'
import { loader as maintenanceLoader } from '~/routes/$lang.maintenance'
import { SHOP_LOCALES } from '~/models/locale'
import { i18nFor } from '~/services/i18n.server'
import { configurationData, get, icm } from './icm-mock'
import { answer, args } from './loader-args'
import './setup'

afterEach(cleanup)

const TITLES = {
  'missing-permission': {
    en: 'Access denied',
    de: 'Zugriff verweigert',
    fr: 'Accès refusé',
    pl: 'Odmowa dostępu',
    ro: 'Acces refuzat',
  },
  'feature-deactivated': {
    en: 'Function not available',
    de: 'Funktion nicht verfügbar',
    fr: 'Fonction non disponible',
    pl: 'Funkcja niedostępna',
    ro: 'Funcție indisponibilă',
  },
} as const

describe('/error', () => {
  describe.each(SHOP_LOCALES.map((l) => l.lang))('in %s', (lang) => {
    it.each(['missing-permission', 'feature-deactivated'] as const)(
      'answers %s with 404, its own title and no caching',
      async (kind) => {
        const { response, data } = await answer(
          errorLoader,
          args(`/${lang}/error?error=${kind}&value=APP_B2B_MANAGE_USERS`),
        )
        expect(response.status).toBe(404)
        expect(response.headers.get('Cache-Control')).toBe('private, no-store')
        expect(data).toEqual({ title: TITLES[kind][lang], status: 404, kind, homeUrl: `/${lang}/home` })
      },
    )
  })

  it('is the not-found page with 404 for a bare /error and for a kind it does not know', async () => {
    for (const path of ['/en/error', '/en/error?error=whatever&value=x', '/en/error?error[0]=']) {
      const { response, data } = await answer(errorLoader, args(path))
      expect(response.status).toBe(404)
      expect(data).toMatchObject({ kind: null, title: 'Page not found' })
    }
  })

  it('answers 404 for a path without a shop language', async () => {
    expect((await answer(errorLoader, args('/xx/error'))).response.status).toBe(404)
  })

  it('keeps every kind out of search indexes, under its title', () => {
    const meta = errorMeta({ data: { title: 'Zugriff verweigert' } } as Parameters<typeof errorMeta>[0])
    expect(meta).toEqual([{ title: 'Zugriff verweigert' }, { name: 'robots', content: 'noindex' }])
  })

  it('shows the text of the kind in the page language and a link home', async () => {
    const Stub = createRemixStub([{ path: '/:lang/error', Component: ErrorRoute, loader: errorLoader }])
    render(
      <I18nextProvider i18n={i18nFor('de_DE')}>
        <Stub initialEntries={['/de/error?error=missing-permission&value=APP_B2B_MANAGE_USERS']} />
      </I18nextProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeTruthy()
    expect(screen.getByText(/nicht die Berechtigung/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/de/home')
  })
})

describe('/maintenance', () => {
  it('answers 503 while the commerce API cannot be reached', async () => {
    icm.use(http.get(/.*/, () => HttpResponse.error()))
    const { response } = await answer(maintenanceLoader, args('/en/maintenance'))
    expect(response.status).toBe(503)
  })

  it('sends the shopper home while the shop works', async () => {
    icm.use(get('configurations', configurationData))
    const { response } = await answer(maintenanceLoader, args('/de/maintenance'))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/de/home')
  })
})
