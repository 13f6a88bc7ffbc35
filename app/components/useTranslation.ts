import type { i18n as I18n, TFunction } from 'i18next'
import { useContext } from 'react'
import { getI18n, I18nContext } from 'react-i18next'

export type Translation = { t: TFunction<'translation', undefined>; i18n: I18n }

const translations = new WeakMap<I18n, Translation>()

/**
 * react-i18next's `useTranslation()` as this shop uses it: the page's one language (a language switch loads
 * a new page), the default namespace, texts that are there before the first render (the server's i18next
 * instances are made at start, the browser loads its texts before it hydrates). So there is nothing to wait
 * for, to subscribe to or to make per render: the same `t` for every component of a language. React-i18next's
 * hook did all three in each of a page's few hundred components, a fortieth of a rendered page's CPU
 * (issue 37, ADR 0064).
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  let translation = translations.get(i18n)
  if (!translation) {
    translation = { t: i18n.getFixedT(null, i18n.options.defaultNS as string), i18n } as Translation
    translations.set(i18n, translation)
  }
  return translation
}
