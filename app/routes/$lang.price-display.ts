import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { messageText } from '~/models/messages'
import { safeReturnUrl } from '~/models/url'
import { configuration } from '~/services/configuration.server'
import { parseSubmission, readForm } from '~/services/form.server'
import { loginAgainIfRefused } from '~/services/guards.server'
import { fixedT } from '~/services/i18n.server'
import { ownUser, updateOwnUser } from '~/services/profile.server'
import { shopperOf } from '~/services/shopper.server'
import { redirectWithToast } from '~/services/toast.server'

/** The display-type switch's post: the display chosen and the page to go back to. */
const DisplaySchema = z.object({
  display: z.enum(['gross', 'net']),
  returnUrl: z.string().max(2048).optional(),
})

/** A GET changes nothing: back to the page named, or home. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale } = await shopperOf({ request, params, context })
  throw redirect(safeReturnUrl(new URL(request.url).searchParams.get('returnUrl'), `/${locale.lang}/home`))
}

/**
 * The display-type switch (spec §1, shell §2.7), when the configuration enables it: gross (B2C) or net (B2B)
 * prices everywhere. A logged-in user's choice is kept as their user attribute `preferredPriceDisplayType` in
 * ICM (the whole user PUT back with it) and in the session user; an anonymous shopper's in the session. A
 * plain form post: it works without JavaScript.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const shopper = await shopperOf({ request, params, context })
  const { locale, session, scope } = shopper
  const t = fixedT(locale.id)
  const submission = parseSubmission(form, { schema: DisplaySchema, t })
  if (submission.status !== 'success') throw new Response(null, { status: 400, statusText: 'Bad Request' })
  if (!(await configuration(scope)).displaySwitch) throw new Response(null, { status: 404 })
  const { display, returnUrl } = submission.value
  const back = safeReturnUrl(returnUrl, `/${locale.lang}/home`)
  const user = session.get('user')
  if (!user || session.get('isAnonymous')) {
    session.set('priceDisplay', display)
    return redirect(back, { status: 303 })
  }
  const loggedIn = { ...shopper, user }
  const stored = await loginAgainIfRefused(request, loggedIn, ownUser(scope, user))
  const result = await loginAgainIfRefused(
    request,
    loggedIn,
    updateOwnUser(scope, user, stored, {}, { display }),
  )
  if (!result.ok)
    return redirectWithToast(session, back, {
      key: 'error.api.refused',
      type: 'error',
      details: result.errors.map((problem) => messageText(t, problem)),
    })
  session.set('user', { ...user, preferredDisplay: display })
  return redirect(back, { status: 303 })
}
