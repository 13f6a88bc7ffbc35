/**
 * The storefront as an OpenID Connect relying party (issue 35, ADR 0037), on `openid-client` (a certified
 * client): the provider's metadata, read lazily and kept; the authorization request with PKCE, state and
 * nonce; the code grant with its checks; the refresh that tells whether the provider's session still lives;
 * the RP-initiated logout. Nothing here knows ICM: sso.server.ts joins both.
 */
import * as oidc from 'openid-client'
import type { IdentityProvider } from '~/models/identity-providers'
import { config } from './config.server'

/** The provider answered, and refused (an OAuth error: `invalid_grant`, `access_denied`, …). */
export class ProviderRefused extends Error {
  constructor(readonly error: string) {
    super(`the identity provider refused: ${error}`)
  }
}

/** The provider could not be reached, or answered something its client cannot take. */
export class ProviderUnavailable extends Error {}

export function identityProvider(id: string | undefined): IdentityProvider | undefined {
  return config.identityProviders.find((provider) => provider.id === id)
}

/** The configured providers as the login and register pages show them. */
export const ssoProviders = () => config.identityProviders.map(({ id, displayName }) => ({ id, displayName }))

/** Where the provider sends the shopper back: one address per provider, without language (ADR 0037). */
export const callbackUrl = (provider: IdentityProvider) => `${config.publicUrl}/sso/callback/${provider.id}`

/** Where the provider's logout returns to. */
export const postLogoutUrl = () => `${config.publicUrl}/`

const discovered = new Map<string, Promise<oidc.Configuration>>()

/** Forgets every provider's metadata (tests start providers of their own). */
export function forgetProviders() {
  discovered.clear()
}

/**
 * The provider's metadata from its discovery document, read on first use and kept; a failed read is not kept,
 * so the next sign-in tries again. Gives up after the configured timeout.
 */
async function configurationOf(provider: IdentityProvider): Promise<oidc.Configuration> {
  let pending = discovered.get(provider.id)
  if (!pending) {
    const insecure = new URL(provider.issuer).protocol === 'http:'
    pending = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
      {
        timeout: config.identityProviderTimeoutSeconds,
        // Only loopback issuers may be http (identity-providers.ts): the development provider.
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    )
    discovered.set(provider.id, pending)
    pending.catch(() => discovered.delete(provider.id))
  }
  try {
    return await pending
  } catch (error) {
    throw new ProviderUnavailable(`${provider.id}: discovery failed (${(error as Error).message})`)
  }
}

/** A failure to talk to the provider at all: no connection, a timeout, a server error. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof DOMException || (error instanceof TypeError && !(error instanceof oidc.ClientError)))
    return true
  if (error instanceof oidc.ClientError)
    return error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || isUnreachable(error.cause)
  return false
}

/**
 * A failed call to the provider as ProviderUnavailable (it could not be reached) or ProviderRefused (it said
 * no, or its answer failed a check: a wrong state, nonce, signature or audience is `invalid_response`).
 */
function classified(error: unknown): Error {
  if (error instanceof ProviderRefused || error instanceof ProviderUnavailable) return error
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError)
    return new ProviderRefused(error.error)
  if (isUnreachable(error)) return new ProviderUnavailable((error as Error).message)
  return new ProviderRefused('invalid_response')
}

export type AuthorizationChecks = { state: string; nonce: string; verifier: string }

/** Fresh PKCE verifier, state and nonce for one sign-in. */
export function newChecks(): AuthorizationChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() }
}

/**
 * The provider's authorization URL for a sign-in with these checks. `prompt`: `create` asks for its
 * registration page, `login` for a fresh sign-in (accepting an invitation binds the identity named there).
 */
export async function authorizationUrl(
  provider: IdentityProvider,
  checks: AuthorizationChecks,
  options: { prompt?: 'create' | 'login'; uiLocales: string },
): Promise<string> {
  const configuration = await configurationOf(provider)
  const parameters: Record<string, string> = {
    redirect_uri: callbackUrl(provider),
    scope: provider.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
    ui_locales: options.uiLocales,
  }
  // `create` only where the provider says it knows it (some refuse a prompt they do not know).
  const prompts = configuration.serverMetadata().prompt_values_supported
  if (
    options.prompt &&
    (options.prompt !== 'create' || !Array.isArray(prompts) || prompts.includes('create'))
  )
    parameters.prompt = options.prompt
  return oidc.buildAuthorizationUrl(configuration, parameters).href
}

export type ProviderTokens = {
  idToken: string
  refreshToken?: string
  claims: { sub: string; email?: string; given_name?: string; family_name?: string }
}

/**
 * The callback's answer checked as OpenID Connect asks (state, PKCE, the id token's issuer, audience, nonce,
 * expiry and signature) and its code exchanged for tokens. `search` is the callback's query string.
 */
export async function codeGrant(
  provider: IdentityProvider,
  search: string,
  checks: AuthorizationChecks,
): Promise<ProviderTokens> {
  const configuration = await configurationOf(provider)
  // The address the provider was told, whatever Host or proxy the request came through.
  const current = new URL(`${callbackUrl(provider)}${search}`)
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (!tokens.id_token || !claims) throw new ProviderRefused('invalid_response')
    const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : undefined)
    return {
      idToken: tokens.id_token,
      refreshToken: tokens.refresh_token,
      claims: {
        sub: claims.sub,
        email: text('email'),
        given_name: text('given_name'),
        family_name: text('family_name'),
      },
    }
  } catch (error) {
    throw classified(error)
  }
}

/**
 * Whether the provider's session still lives: a refresh with its refresh token. Answers the new refresh
 * token (providers may rotate it); throws ProviderRefused when the session ended or was revoked.
 */
export async function refreshAtProvider(provider: IdentityProvider, refreshToken: string): Promise<string> {
  try {
    const configuration = await configurationOf(provider)
    const tokens = await oidc.refreshTokenGrant(configuration, refreshToken)
    return tokens.refresh_token ?? refreshToken
  } catch (error) {
    throw classified(error)
  }
}

/**
 * The provider's end-session URL (RP-initiated logout) back to the shop, or null when the provider has none
 * (or cannot be reached: the shop's own logout happened either way).
 */
export async function endSessionUrl(
  provider: IdentityProvider,
  options: { idToken?: string; uiLocales: string },
): Promise<string | null> {
  let configuration
  try {
    configuration = await configurationOf(provider)
  } catch {
    return null
  }
  if (!configuration.serverMetadata().end_session_endpoint) return null
  const parameters: Record<string, string> = {
    client_id: provider.clientId,
    post_logout_redirect_uri: postLogoutUrl(),
    ui_locales: options.uiLocales,
  }
  if (options.idToken) parameters.id_token_hint = options.idToken
  return oidc.buildEndSessionUrl(configuration, parameters).href
}
