import '~/browser/account-texts'
import type { ActionFunctionArgs } from '@remix-run/node'
import { newsletterSchema } from '~/models/newsletter'
import { safeReturnUrl } from '~/models/url'
import { configuration } from '~/services/configuration.server'
import { readForm } from '~/services/form.server'
import { requireLogin } from '~/services/guards.server'
import { IcmError } from '~/services/icm.server'
import { ownEmail, subscribe, unsubscribe } from '~/services/newsletter.server'
import { redirectWithToast } from '~/services/toast.server'

/** Only the newsletter form posts here (`NewsletterForm`); there is no page to show. */
export function loader() {
  throw new Response(null, { status: 405, statusText: 'Method Not Allowed', headers: { Allow: 'POST' } })
}

/**
 * Subscribes or unsubscribes the logged-in user's own address (spec §7 Subscriptions), then returns to the
 * page the form was on (a same-origin `returnUrl`, default the profile) with a message (post/redirect/get).
 */
export async function action(args: ActionFunctionArgs) {
  const { locale, session, scope, user } = await requireLogin(args)
  const form = await readForm(args.request)
  const parsed = newsletterSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) throw new Response(null, { status: 400, statusText: 'Bad Request' })
  if (!(await configuration(scope)).newsletter)
    throw new Response(null, { status: 404, statusText: 'Not Found' })
  const back = safeReturnUrl(parsed.data.returnUrl, `/${locale.lang}/account/profile`)
  const subscribing = parsed.data.intent === 'subscribe'
  try {
    const email = await ownEmail(scope, user.customerType)
    await (subscribing ? subscribe(scope, email) : unsubscribe(scope, email))
  } catch (error) {
    if (!(error instanceof IcmError) || error.status >= 500) throw error
    return redirectWithToast(session, back, { key: 'account.newsletter.error.message', type: 'error' })
  }
  return redirectWithToast(session, back, {
    key: subscribing ? 'account.newsletter.subscribed.message' : 'account.newsletter.unsubscribed.message',
    type: 'success',
  })
}
