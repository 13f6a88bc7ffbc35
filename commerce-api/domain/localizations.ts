import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOCALE_NAMES, LOCALES, type Locale } from './channel'
import { invalidError, notFoundError } from './errors'

/**
 * The shop's own texts (`locales/{locale}.json` at the repository root, the storefront's texts) are the
 * localizations ICM serves: one file per channel locale, read once, with the locale names ICM clients read
 * (`clientLocaleTexts`).
 */
const localesFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales')

/** A localization key as the shop names them (`checkout.address.heading`); anything else is no key of ours. */
const KEY = /^[A-Za-z0-9_.-]{1,100}$/
/** A key prefix a caller may filter by: a key's start, as bounded as a key. */
const PREFIX = /^[A-Za-z0-9_.-]{0,100}$/

let texts: Map<Locale, ReadonlyMap<string, string>> | undefined

/**
 * What ICM clients read about the channel's locales, besides the shop's texts: the Intershop PWA asks for the
 * keys starting with `pwa-` (and drops that prefix), and its language switch names each locale by
 * `locale.{id}.long` (the name) and `locale.{id}.short` (the language, its `lang`). It ships these for en, de
 * and fr only, so every locale's answer names all of the channel's, each in its own language.
 */
export function clientLocaleTexts(): [string, string][] {
  return LOCALES.flatMap((id): [string, string][] => [
    [`pwa-locale.${id}.long`, LOCALE_NAMES[id]],
    [`pwa-locale.${id}.short`, id.split('_')[0]!],
  ])
}

/** Every text of every locale, keyed by locale; the files are part of the release, so read them once. */
function allTexts(): Map<Locale, ReadonlyMap<string, string>> {
  texts ??= new Map(
    LOCALES.map((locale) => {
      const parsed = JSON.parse(readFileSync(path.join(localesFolder, `${locale}.json`), 'utf8')) as Record<
        string,
        unknown
      >
      const entries = Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      )
      return [locale, new Map([...entries, ...clientLocaleTexts()])]
    }),
  )
  return texts
}

/**
 * `localizations?searchKeys={prefix}`: the texts of the locale whose keys start with the prefix (all of them
 * without one). A prefix no key could start with is refused, so that a stranger cannot send arbitrary text.
 */
export function localizations(locale: Locale, prefix = ''): [string, string][] {
  if (!PREFIX.test(prefix))
    throw invalidError(
      'localizations.search_keys.invalid',
      'The search keys are not a localization key prefix.',
    )
  return [...(allTexts().get(locale) ?? new Map<string, string>())].filter(([key]) => key.startsWith(prefix))
}

/** `localizations/{key}`: one text of the locale; an unknown (or impossible) key is not found. */
export function localization(locale: Locale, key: string): string {
  const text = KEY.test(key) ? allTexts().get(locale)?.get(key) : undefined
  if (text === undefined)
    throw notFoundError('localization.not_found', 'There is no localization with this key.')
  return text
}
