import type { i18n as I18n } from 'i18next'
import { i18nOptions } from '~/i18n'
import type { Translate } from '~/models/messages'

type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown }

/** `{{name}}` or `{{- name}}`, as i18next's interpolation finds them. */
const PLACEHOLDER = /{{(.+?)}}/g

/**
 * The browser's translator (ADR 0024): the page's texts with i18next's rules for what the dictionaries use,
 * in about a kilobyte instead of i18next's sixteen. The server renders with i18next itself; a test checks
 * that this gives the same text for every key of every language, with and without counts and values, so
 * hydration never meets another sentence.
 *
 * - A key with a `count` (not a string) looks for `key_zero` (count 0), then `key_<plural form of the language>`, then `key`.
 * - A missing key gives `defaultValue`, else the key.
 * - `{{name}}` takes the value of `name`: an option set to undefined or null gives "", an option not
 *   given leaves the placeholder as it is (i18next's `skipOnVariables`).
 */
export function createTranslate(lng: string, texts: Record<string, string>): Translate {
  const plurals = new Intl.PluralRules(lng.replace('_', '-'))
  const lookup = (key: string, count: unknown) => {
    // i18next takes any count but a string for a number (null counts as 0).
    if (count !== undefined && typeof count !== 'string') {
      const zero = count === 0 ? texts[`${key}_zero`] : undefined
      const form = zero ?? texts[`${key}_${plurals.select(count as number)}`]
      if (form !== undefined) return form
    }
    return texts[key]
  }
  return (key: string, options?: Options) => {
    const text =
      lookup(key, options?.count) ?? (typeof options?.defaultValue === 'string' ? options.defaultValue : key)
    if (!options) return text
    return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
      const name = inner.replace(/^-/, '').trim()
      if (!Object.hasOwn(options, name)) return placeholder
      const value = options[name]
      return value === undefined || value === null ? '' : String(value)
    })
  }
}

/**
 * What react-i18next's `useTranslation` asks of an i18next instance, around `createTranslate`: initialised,
 * one language and namespace, always loaded, never changing (a language switch loads a new page).
 */
export function browserI18n(lng: string, texts: Record<string, string>): I18n {
  const t = createTranslate(lng, texts)
  const instance = {
    language: lng,
    languages: [lng],
    isInitialized: true,
    options: i18nOptions,
    t,
    getFixedT: () => t,
    hasLoadedNamespace: () => true,
    on: () => instance,
    off: () => instance,
    store: { on: () => undefined, off: () => undefined },
  }
  return instance as unknown as I18n
}
