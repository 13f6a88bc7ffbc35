import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { browserI18n } from '~/browser/translator'
import { settleStreamedData } from '~/browser/settled-data'
import { loadedTexts, loadTexts, pageLocale } from '~/browser/texts'

async function hydrate() {
  // The account part of the texts, if the page shows it, is loaded by the route modules (account-texts.ts).
  await loadTexts('shop')
  const i18n = browserI18n(pageLocale().id, loadedTexts)
  await serverStateDecoded()
  // The document carries its streamed data (ADR 0051): <Await> renders it at once, as the server did.
  await settleStreamedData(remixState()?.loaderData)
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

/**
 * With single fetch, RemixBrowser's first render starts decoding the server's state and throws the promise of
 * it until it is done: React suspends the whole root on it, Preact (the browser build, ADR 0024) has no root
 * to suspend. Calling it once outside a render starts the decoding (it throws before any hook) and hands us
 * the promise, so the hydration below renders the page in one go with both.
 */
async function serverStateDecoded() {
  try {
    RemixBrowser({})
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown
    else throw thrown
  }
}

/** Remix's decoded server state (set by the decoding serverStateDecoded awaits). */
function remixState() {
  return (window as unknown as { __remixContext?: { state?: { loaderData?: unknown } } }).__remixContext
    ?.state
}

void hydrate()
