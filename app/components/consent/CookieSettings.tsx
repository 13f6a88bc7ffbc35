import { Form, useFetcher } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { useShell } from '~/components/useShell'
import { CONSENT_CATEGORIES, type CookieSettingsView } from '~/models/consent'

/**
 * The cookie settings (spec shell §4.1, §2.6): the three categories, required always on, the others as the
 * shopper chose them; the consent receipts, newest first; "withdraw" in one click. The same on the
 * `/{lang}/cookies` page (plain forms, post/redirect/get) and in the footer's dialog (`onSaved`: the forms
 * post with a fetcher and the dialog closes when the choice is stored).
 */
export function CookieSettings({
  view,
  headingLevel,
  idPrefix = 'cookies',
  onSaved,
}: {
  view: CookieSettingsView
  headingLevel: 1 | 2
  idPrefix?: string
  onSaved?: () => void
}) {
  const { t } = useTranslation()
  const { locale } = useShell()
  const { consent, receipts } = view
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const Sub = headingLevel === 1 ? 'h2' : 'h3'
  const action = `/${locale.lang}/cookies`
  const allowed = { required: true, functional: consent.functional, tracking: consent.tracking }
  const canWithdraw = !consent.locked && !consent.ask && (consent.functional || consent.tracking)
  return (
    <div className="cookie-settings">
      <Heading id={`${idPrefix}-title`}>{view.title}</Heading>
      <p>{t('cookies.intro')}</p>
      {consent.locked ? <p className="cookie-note">{t('cookies.locked')}</p> : null}
      {view.outdated ? (
        <p className="cookie-note">{t('cookies.receipts.outdated', { version: view.version })}</p>
      ) : null}
      <ConsentForm action={action} onSaved={onSaved}>
        <fieldset className="cookie-categories">
          <legend>{t('cookies.categories')}</legend>
          {CONSENT_CATEGORIES.map((category) => {
            const id = `${idPrefix}-${category}`
            return (
              <div className="cookie-category" key={category}>
                <input
                  type="checkbox"
                  id={id}
                  name={category === 'required' ? undefined : category}
                  defaultChecked={allowed[category]}
                  disabled={category === 'required' || consent.locked}
                  aria-describedby={`${id}-text`}
                />
                <label htmlFor={id}>
                  {t(`cookies.category.${category}.name`)}
                  {category === 'required' ? ` (${t('cookies.always_on')})` : ''}
                </label>
                <p id={`${id}-text`}>{t(`cookies.category.${category}.text`)}</p>
              </div>
            )
          })}
        </fieldset>
        {consent.locked ? null : (
          <button type="submit" name="intent" value="save">
            {t('cookies.save')}
          </button>
        )}
      </ConsentForm>
      <Sub>{t('cookies.receipts.title')}</Sub>
      {receipts.length === 0 ? (
        <p>{t('cookies.receipts.none')}</p>
      ) : (
        <ol className="consent-receipts">
          {receipts.map((receipt) => (
            <li key={receipt.at + receipt.source} aria-current={receipt.current ? 'true' : undefined}>
              <time dateTime={receipt.at}>{receipt.date}</time>
              {receipt.current ? <strong> ({t('cookies.receipts.current')})</strong> : null}
              <dl>
                <dt>{t('cookies.receipts.categories')}</dt>
                <dd>{receipt.categories.map((c) => t(`cookies.category.${c}.name`)).join(', ')}</dd>
                <dt>{t('cookies.receipts.version')}</dt>
                <dd>{receipt.version}</dd>
                <dt>{t('cookies.receipts.source')}</dt>
                <dd>{t(`cookies.receipt.source.${receipt.source}`)}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
      {canWithdraw ? (
        <ConsentForm action={action} onSaved={onSaved}>
          <p>{t('cookies.withdraw.text')}</p>
          <button type="submit" name="intent" value="withdraw" className="button danger">
            {t('cookies.withdraw')}
          </button>
        </ConsentForm>
      ) : null}
    </div>
  )
}

/** A form of the settings: a plain post on the page, a fetcher's in the dialog (answered with data). */
function ConsentForm({
  action,
  onSaved,
  children,
}: {
  action: string
  onSaved?: () => void
  children: ReactNode
}) {
  if (!onSaved)
    return (
      <Form method="post" action={action} className="cookie-form">
        {children}
      </Form>
    )
  return (
    <FetcherConsentForm action={action} onSaved={onSaved}>
      {children}
    </FetcherConsentForm>
  )
}

function FetcherConsentForm({
  action,
  onSaved,
  children,
}: {
  action: string
  onSaved: () => void
  children: ReactNode
}) {
  const fetcher = useFetcher<{ ok: boolean }>()
  const busy = fetcher.state !== 'idle'
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true
  useEffect(() => {
    if (saved) onSaved()
  }, [saved, onSaved])
  return (
    <fetcher.Form method="post" action={action} className="cookie-form" aria-busy={busy || undefined}>
      <input type="hidden" name="response" value="json" />
      {children}
    </fetcher.Form>
  )
}
