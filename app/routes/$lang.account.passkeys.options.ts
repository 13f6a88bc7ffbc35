import type { ActionFunctionArgs } from '@remix-run/node'
import { privateHeaders } from '~/services/http.server'
import { readForm } from '~/services/form.server'
import { passkeysOffered } from '~/services/passkey-access.server'
import { registrationOptions } from '~/services/passkeys.server'
import { shopperOf } from '~/services/shopper.server'

/** Only the account page's script posts here. */
export function loader() {
  throw new Response(null, { status: 405, statusText: 'Method Not Allowed', headers: { Allow: 'POST' } })
}

/**
 * `POST /{lang}/account/passkeys/options`: a new passkey's options for the logged-in user (issue 35), relayed
 * from the commerce API as JSON for the browser's ceremony; its answer is posted to the account page. 401
 * without a user, 404 where the shop or this session has no passkeys.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await readForm(request)
  const { session, scope } = await shopperOf({ request, params, context })
  const headers = privateHeaders()
  if (!session.get('user') || session.get('isAnonymous')) return Response.json(null, { status: 401, headers })
  if (!passkeysOffered(session)) return Response.json(null, { status: 404, headers })
  const start = await registrationOptions(scope)
  if (!start.ok) return Response.json(null, { status: 404, headers })
  return Response.json(start.value, { headers })
}
