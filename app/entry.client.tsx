import { RemixBrowser } from '@remix-run/react'
import { createInstance } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { i18nOptions } from '~/i18n'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'

// Each language's texts are a separate chunk: the browser loads only the one the page is in.
const bundles = import.meta.glob<{ default: Record<string, string> }>('../locales/*.json')

async function hydrate() {
  const locale = localeByLang(window.location.pathname.split('/')[1]) ?? DEFAULT_LOCALE
  const load = bundles[`../locales/${locale.id}.json`] ?? bundles['../locales/en_US.json']!
  const texts = (await load()).default
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    lng: locale.id,
    resources: { [locale.id]: { translation: texts } },
  })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
