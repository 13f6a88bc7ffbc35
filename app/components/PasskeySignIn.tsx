import { useActionData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import {
  autofillSupported,
  cancelPasskeyCeremony,
  passkeyAssertion,
  PasskeyCeremonyError,
  passkeysSupported,
  type CeremonyFailure,
} from '~/browser/passkeys'

/**
 * "Sign in with a passkey" on the login page (issue 35): shown only with JavaScript and a browser that can use
 * passkeys here (progressive: the password form stays the page's first way in). The button asks the
 * authenticator now; where the browser offers passkeys in the login field's suggestions (conditional
 * mediation, `autocomplete="username webauthn"`), picking one there signs in too. Either posts the answer to
 * the login action, which makes the session a password login makes.
 */
export function PasskeySignIn({ lang, returnUrl }: { lang: string; returnUrl: string }) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const navigation = useNavigation()
  const refused = useActionData<{ passkeyError?: string }>()?.passkeyError
  const [supported, setSupported] = useState(false)
  const [failure, setFailure] = useState<CeremonyFailure | null>(null)
  const [running, setRunning] = useState(false)
  const optionsUrl = `/${lang}/login/passkey-options`
  const post = useRef<(answer: { challengeId: string; assertion: string }) => void>(() => undefined)
  post.current = (answer) => submit({ intent: 'passkey', ...answer, returnUrl }, { method: 'post' })

  useEffect(() => {
    setSupported(passkeysSupported())
    let live = true
    let waiting = false
    // The login field's suggestions: waits in the background until a passkey is picked there or the button
    // starts a ceremony of its own (which ends this one); leaving the page ends it too.
    void autofillSupported().then(async (available) => {
      if (!available || !live) return
      waiting = true
      try {
        const answer = await passkeyAssertion(optionsUrl, true)
        if (live) post.current(answer)
      } catch {
        // Ended by the button, or the shopper chose otherwise: the page offers both ways still.
      }
    })
    return () => {
      live = false
      if (waiting) void cancelPasskeyCeremony()
    }
  }, [optionsUrl])

  if (!supported) return null
  const onClick = async () => {
    setFailure(null)
    setRunning(true)
    try {
      post.current(await passkeyAssertion(optionsUrl))
    } catch (error) {
      // A sign-in has no duplicate: whatever else went wrong is a failure to try again.
      const reason = error instanceof PasskeyCeremonyError ? error.failure : 'failed'
      setFailure(reason === 'duplicate' ? 'failed' : reason)
    } finally {
      setRunning(false)
    }
  }
  const busy = running || navigation.state !== 'idle'
  const message = failure ? t(`account.login.passkey.error.${failure}`) : (refused ?? null)
  return (
    <section className="passkey-sign-in" aria-labelledby="passkey-sign-in-heading">
      <h2 id="passkey-sign-in-heading">{t('account.login.passkey.heading')}</h2>
      <button type="button" onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
        {t('account.login.passkey.button')}
      </button>
      {message ? (
        <p className="error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  )
}
