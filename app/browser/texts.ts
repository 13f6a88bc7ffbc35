import type { TextPart } from '~/i18n'
import { DEFAULT_LOCALE, localeByLang } from '~/models/locale'

type Texts = Record<string, string>
const PARTS: Record<TextPart, Record<string, () => Promise<Texts>>> = {
  // One chunk per language and part (vite.config.ts `textParts`): a page loads its language's only.
  shop: import.meta.glob<Texts>('../../locales/*.json', { query: '?texts=shop', import: 'default' }),
  account: import.meta.glob<Texts>('../../locales/*.json', { query: '?texts=account', import: 'default' }),
}

/** The page's language (a language switch loads a new page). */
export const pageLocale = () => localeByLang(window.location.pathname.split('/')[1]) ?? DEFAULT_LOCALE

/** The texts of the page's language loaded so far; the browser's translator reads them as they come. */
export const loadedTexts: Texts = {}

const loading = new Map<TextPart, Promise<void>>()

/** Loads a part of the page language's texts once. */
export function loadTexts(part: TextPart): Promise<void> {
  const pending =
    loading.get(part) ??
    (async () => {
      const parts = PARTS[part]
      const load =
        parts[`../../locales/${pageLocale().id}.json`] ?? parts[`../../locales/${DEFAULT_LOCALE.id}.json`]!
      Object.assign(loadedTexts, await load())
    })()
  loading.set(part, pending)
  return pending
}
