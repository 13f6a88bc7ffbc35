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
    rememberTexts(instance)
    return [locale.id, instance]
  }),
)

/** Answers of one language's `t` kept, at most this many; then they start over. */
export const REMEMBERED_TEXTS = 20_000

/**
 * The options of a `t` call as part of a cache key, or null when one is not a plain value (then the call
 * is not remembered). Texts do not change while the process runs, so the same key and options give the
 * same text; options holding objects (a formatter's argument) are rare and simply not remembered.
 */
function optionsKey(options: unknown): string | null {
  if (options === undefined) return ''
  if (typeof options === 'string') return `\u0001${options}`
  if (options === null || typeof options !== 'object') return null
  let key = ''
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name]
    // Typed, so that 1 and "1" or an absent, undefined and null value never share a key (i18next leaves a
    // placeholder without a value as it is, and empties one given as undefined or null).
    if (value === undefined || value === null) key += `\u0001${name}\u0002${value}`
    else if (typeof value === 'string') key += `\u0001${name}\u0002s${value}`
    else if (typeof value === 'number' || typeof value === 'boolean')
      key += `\u0001${name}\u0002${typeof value}${value}`
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      key += `\u0001${name}\u0003${value.join('\u0003')}`
    } else return null
  }
  return key
}

/**
 * A page asks for a few hundred texts, and i18next resolves each one again (key lookup, fallbacks,
 * plural forms, interpolation): a twentieth of a rendered page's CPU (ADR 0047). The texts a language
 * answered are remembered per key and options; `getFixedT` (react-i18next's `useTranslation`) calls `t`.
 */
function rememberTexts(instance: i18n) {
  const translate = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown
  const remembered = new Map<string, unknown>()
  const t = (key: unknown, options?: unknown) => {
    const rest = typeof key === 'string' ? optionsKey(options) : null
    if (rest === null) return translate(key, options)
    const cacheKey = `${key}${rest}`
    let text = remembered.get(cacheKey)
    if (text === undefined) {
      text = translate(key, options)
      if (typeof text === 'string') {
        if (remembered.size >= REMEMBERED_TEXTS) remembered.clear()
        remembered.set(cacheKey, text)
      }
    }
    return text
  }
  instance.t = t as i18n['t']
  // Every component's `useTranslation()` asks for the language's own texts: i18next made a new function
  // for each, which copied the options of every call and added the language and namespace to them (so to
  // the cache key above). That one case gets `t` itself; any other (a language, namespace or key prefix of
  // its own) is i18next's.
  const getFixedT = instance.getFixedT.bind(instance)
  const own = Object.assign((key: unknown, options?: unknown) => t(key, options), {
    lng: undefined,
    lngs: null,
    ns: i18nOptions.defaultNS,
    keyPrefix: undefined,
  })
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) =>
    (lng === null || lng === undefined) && isDefaultNamespace(ns) && !keyPrefix
      ? own
      : getFixedT(lng as string, ns as string, keyPrefix as string)) as i18n['getFixedT']
}

/** No namespace, or only the default one (react-i18next names it alone or in a list). */
const isDefaultNamespace = (ns: unknown) =>
  ns === undefined ||
  ns === i18nOptions.defaultNS ||
  (Array.isArray(ns) && ns.length === 1 && ns[0] === i18nOptions.defaultNS)

export function i18nFor(locale: LocaleId): i18n {
  return instances.get(locale) ?? instances.get('en_US')!
}

export const fixedT = (locale: LocaleId) => i18nFor(locale).t
