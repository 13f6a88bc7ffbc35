/**
 * The development OpenID provider's demo identities (README "Single sign-on"): one of a shop user, whom the
 * API links at start when SSO_DEMO_ISSUER names the provider (`linkDemoIdentities`), and one the shop does
 * not know, whose first sign-in makes a new user who then completes the registration (`/register/sso`).
 * Their passwords are the provider's, not the shop's (the shop user keeps `Demo!2026` for the shop's form).
 */
import type { Db } from '../db/client'
import { linkIdentity } from '../domain/identities'

export type DemoIdentity = {
  /** The provider's subject (`sub`): stable, so that the link survives restarts of both. */
  subject: string
  /** What the provider's login page asks for, with the password. */
  email: string
  password: string
  givenName: string
  familyName: string
  /** The shop user this identity is linked to at the API's start; none: unknown to the shop. */
  shopLogin?: string
}

export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  {
    subject: 'demo-bernhard-boldner',
    email: 'bbuyer@brightline.test',
    password: 'SsoDemo!2026',
    givenName: 'Bernhard',
    familyName: 'Boldner',
    shopLogin: 'bbuyer',
  },
  {
    subject: 'demo-nora-neumann',
    email: 'nora.neumann@example.test',
    password: 'SsoDemo!2026',
    givenName: 'Nora',
    familyName: 'Neumann',
  },
]

/** Links the demo identities that name a shop user to that user, for the provider of `issuer`. */
export async function linkDemoIdentities(db: Db, issuer: string): Promise<void> {
  for (const identity of DEMO_IDENTITIES) {
    if (!identity.shopLogin) continue
    const linked = await linkIdentity(db, { issuer, subject: identity.subject, login: identity.shopLogin })
    if (!linked)
      console.warn(
        `commerce-api: the demo identity ${identity.email} could not be linked to '${identity.shopLogin}'`,
      )
  }
}
