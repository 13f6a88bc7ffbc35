import { redirect } from '@remix-run/node'
import { commitSession, type ShopSession, type Toast } from './session.server'

/** Post/redirect/get with a one-shot message shown as a toast on the next page. */
export async function redirectWithToast(session: ShopSession, url: string, toast: Toast, status = 303) {
  session.flash('toast', toast)
  return redirect(url, { status, headers: { 'Set-Cookie': await commitSession(session) } })
}
