import type { ShopSession } from './session.server'

/**
 * Whether this session may see and change its user's passkeys (issue 35): not in a punchout session, nor
 * when the user signed in through their company's identity provider or a sales representative acts for
 * them: those identities are not the shop's to give a passkey.
 */
export function passkeysOffered(session: ShopSession): boolean {
  const signIn = session.get('user')?.signIn
  if (session.get('punchout')) return false
  return signIn === undefined || signIn === 'password'
}
