import type { ActionFunctionArgs } from '@remix-run/node'
import { readForm } from '~/services/form.server'
import { privateHeaders } from '~/services/http.server'
import { authenticationOptions } from '~/services/passkeys.server'
import { shopperOf } from '~/services/shopper.server'

/** Only the login page's script posts here. */
export function loader() {
  throw new Response(null, { status: 405, statusText: 'Method Not Allowed', headers: { Allow: 'POST' } })
}

/**
 * `POST /{lang}/login/passkey-options`: a sign-in's options (issue 35), relayed from the commerce API as JSON
 * for the browser's ceremony; its answer is posted to the login page. 404 where the shop has no passkeys.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await readForm(request)
  const { scope } = await shopperOf({ request, params, context })
  const start = await authenticationOptions(scope)
  if (!start.ok) return Response.json(null, { status: 404, headers: privateHeaders() })
  return Response.json(start.value, { headers: privateHeaders() })
}
