import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { i18nOptions } from '~/i18n'
import { SHOP_LOCALES, type LocaleId } from '~/models/locale'
import de_DE from '../../locales/de_DE.json'
import en_US from '../../locales/en_US.json'
import fr_FR from '../../locales/fr_FR.json'
import pl_PL from '../../locales/pl_PL.json'
import ro_RO from '../../locales/ro_RO.json'

const resources: Record<LocaleId, Record<string, string>> = { en_US, de_DE, fr_FR, pl_PL, ro_RO }

/**
 * One initialised i18next instance per language, created at start and shared by all requests:
 * creating one per request would cost more CPU than rendering the page.
 */
const instances = new Map<LocaleId, i18n>(
  SHOP_LOCALES.map((locale) => {
    const instance = createInstance()
    void instance.use(initReactI18next).init({
      ...i18nOptions,
      lng: locale.id,
      fallbackLng: 'en_US',
      resources: { [locale.id]: { translation: resources[locale.id] }, en_US: { translation: en_US } },
    })
    return [locale.id, instance]
  }),
)

export function i18nFor(locale: LocaleId): i18n {
  return instances.get(locale) ?? instances.get('en_US')!
}

export const fixedT = (locale: LocaleId) => i18nFor(locale).t
