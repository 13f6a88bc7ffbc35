import { Form } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import '~/browser/account-texts'
import { SubmitButton } from '~/components/form-controls'

/**
 * The newsletter subscription of the logged-in user (spec §3, §7 Subscriptions): the current state and one
 * button that changes it, posting to `/{lang}/account/newsletter`, which returns to `returnUrl` (default
 * the profile) with a message. A plain form: it works without JavaScript.
 */
export function NewsletterForm({
  lang,
  subscribed,
  returnUrl,
}: {
  lang: string
  subscribed: boolean
  /** The page to come back to (this page's path); the route checks it for the same origin. */
  returnUrl?: string
}) {
  const { t } = useTranslation()
  const action = `/${lang}/account/newsletter`
  const intent = subscribed ? 'unsubscribe' : 'subscribe'
  return (
    <section className="newsletter-form" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('account.newsletter.title')}</h2>
      <p>{t(subscribed ? 'account.newsletter.state.subscribed' : 'account.newsletter.state.unsubscribed')}</p>
      <Form method="post" action={action}>
        {returnUrl ? <input type="hidden" name="returnUrl" value={returnUrl} /> : null}
        <SubmitButton action={action} intent={intent}>
          {t(subscribed ? 'account.newsletter.unsubscribe' : 'account.newsletter.subscribe')}
        </SubmitButton>
      </Form>
    </section>
  )
}
