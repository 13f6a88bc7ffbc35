/**
 * Imported by every module that shows texts of the account part (`ACCOUNT_TEXTS` in app/i18n.ts, checked by
 * app/browser/texts.test.ts). In the browser this module waits until they are loaded (top-level await), so
 * neither hydration nor a client-side navigation renders those screens before their texts are there. The
 * server has every text from the start.
 */
import { loadTexts } from './texts'

if (!import.meta.env.SSR) await loadTexts('account')
