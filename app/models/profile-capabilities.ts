/**
 * What a user may edit of their own account, by how they signed in (spec shell §4.7 "Profile capabilities"):
 * the shop's own login and punchout allow all three; an OpenID provider and co-browse none (the provider keeps
 * those data; a sales representative acting for a customer must not change them). Shared by the profile pages
 * and their actions, which refuse what the user may not edit.
 */
export type ProfileCapabilities = { editPassword: boolean; editEmail: boolean; editProfile: boolean }

const ALL: ProfileCapabilities = { editPassword: true, editEmail: true, editProfile: true }
const NONE: ProfileCapabilities = { editPassword: false, editEmail: false, editProfile: false }

export function profileCapabilities(user: { signIn?: string } | undefined): ProfileCapabilities {
  return user?.signIn === 'sso' || user?.signIn === 'cobrowse' ? NONE : ALL
}
