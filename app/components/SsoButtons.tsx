import { useTranslation } from '~/components/useTranslation'

/** A configured identity provider as pages show it (id for the form's address, the name on the button). */
export type SsoProviderView = { id: string; displayName: string }

/**
 * "Sign in with …" / "Register with …" per identity provider (spec shell §2.1, ADR 0037): each a plain form
 * post to `/{lang}/sso/{id}`, a document navigation with or without JavaScript, which leads to the provider.
 */
export function SsoButtons({
  providers,
  lang,
  intent,
  returnUrl,
}: {
  providers: SsoProviderView[]
  lang: string
  intent: 'login' | 'register'
  returnUrl: string
}) {
  const { t } = useTranslation()
  if (!providers.length) return null
  const heading = intent === 'register' ? 'account.sso.register.heading' : 'account.sso.login.heading'
  return (
    <section className="sso-providers" aria-labelledby={`sso-${intent}-heading`}>
      <h2 id={`sso-${intent}-heading`}>{t(heading)}</h2>
      {providers.map((provider) => (
        <form key={provider.id} method="post" action={`/${lang}/sso/${provider.id}`}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="returnUrl" value={returnUrl} />
          <button type="submit" className="sso-button">
            {t(intent === 'register' ? 'account.sso.register.button' : 'account.sso.login.button', {
              provider: provider.displayName,
            })}
          </button>
        </form>
      ))}
    </section>
  )
}
