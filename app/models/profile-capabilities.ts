/** What a user may change of their own login and profile in the shop (spec shell §4.7 profile capabilities). */
export type ProfileCapabilities = { editPassword: boolean; editEmail: boolean; editProfile: boolean }

const ALL: ProfileCapabilities = { editPassword: true, editEmail: true, editProfile: true }
const NONE: ProfileCapabilities = { editPassword: false, editEmail: false, editProfile: false }

/**
 * By how the user signed in: the shop's own login and punchout allow all three; an OpenID provider keeps
 * e-mail, password and profile itself, and a sales representative acting for a customer (co-browse) changes
 * none of the customer's. A session from before the shop kept it signed in with a password.
 */
export function profileCapabilitiesOf(user: { signIn?: string }): ProfileCapabilities {
  return user.signIn === 'sso' || user.signIn === 'cobrowse' ? NONE : ALL
}
