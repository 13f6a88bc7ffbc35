import type { InitOptions } from 'i18next'

/** Settings shared by the server's and the browser's i18next: flat keys as the spec names them. */
export const i18nOptions: InitOptions = {
  defaultNS: 'translation',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  initImmediate: false,
}
