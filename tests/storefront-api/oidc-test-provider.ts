import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'

/** An identity the test provider signs in: its subject and the claims its id tokens carry. */
export type TestIdentity = { sub: string; email: string; given_name: string; family_name: string }

/** The little of oidc-provider's Provider (a Koa app; the package ships no types) that this file drives. */
type OidcProvider = {
  callback: () => (req: IncomingMessage, res: ServerResponse) => void
  use: (middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>) => void
  interactionDetails: (req: IncomingMessage, res: ServerResponse) => Promise<{ uid: string }>
  interactionFinished: (
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ) => Promise<void>
  Grant: new (properties: { clientId: string; accountId: string }) => {
    addOIDCScope: (scope: string) => void
    save: () => Promise<string>
  }
}
type KoaContext = {
  path: string
  req: IncomingMessage
  res: ServerResponse
  respond: boolean
  oidc: { client: { clientId: string }; session: { accountId: string } }
}

const SCOPES = 'openid email profile offline_access'

/**
 * A real OpenID provider (oidc-provider 8, the certified library the development provider also uses) on a
 * loopback port, for the storefront's relying-party tests: authorization code flow with PKCE required,
 * refresh tokens, revocation, RP-initiated logout. Its "login page" signs in whoever `signInAs` named, so a
 * test walks the browser's redirects (`authorize`) without HTML.
 */
export async function startTestProvider(client: {
  clientId: string
  clientSecret: string
  redirectUri: string
  postLogoutRedirectUri: string
  identities: TestIdentity[]
}) {
  // The issuer names the port: the server listens first, the provider answers once it is made.
  const app: { handle?: (req: IncomingMessage, res: ServerResponse) => void } = {}
  const server = createServer((req, res) => app.handle?.(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const identities = new Map(client.identities.map((identity) => [identity.sub, identity]))
  // Not a static import: the package has no types of its own, and the dev provider's declarations are not ours.
  const name = 'oidc-provider'
  const { default: Provider, interactionPolicy } = (await import(/* @vite-ignore */ name)) as {
    default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider
    interactionPolicy: {
      base: () => { add: (prompt: unknown, index?: number) => void }
      Prompt: new (options: { name: string; requestable: boolean }) => unknown
    }
  }
  // A registration page (`prompt=create`, OpenID Connect Prompt Create 1.0), which here signs in as well.
  const policy = interactionPolicy.base()
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0)
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['storefront-test-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx: unknown, id: string) => {
      const identity = identities.get(id)
      return identity ? { accountId: id, claims: () => ({ ...identity, email_verified: true }) } : undefined
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      revocation: { enabled: true },
    },
    pkce: { required: () => true },
    // The id token carries the e-mail address and the names, as Entra ID and Keycloak send them: the commerce
    // API reads a new identity's data from the id token alone.
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      IdToken: 600,
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 86_400,
      Interaction: 600,
    },
    issueRefreshToken: () => true,
    // The shop's client is trusted: no consent screen.
    loadExistingGrant: async (ctx: KoaContext) => {
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      })
      grant.addOIDCScope(SCOPES)
      await grant.save()
      return grant
    },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  })
  let nextSubject: string | undefined
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next()
    await provider.interactionDetails(ctx.req, ctx.res)
    ctx.respond = false
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      nextSubject ? { login: { accountId: nextSubject } } : { error: 'access_denied' },
      { mergeWithLastSubmission: false },
    )
  })
  app.handle = provider.callback()

  return {
    issuer,
    /** The identity the next sign-in at the provider is; undefined: the shopper cancels there. */
    signInAs(subject: string | undefined) {
      nextSubject = subject
    },
    /**
     * The browser's way from the authorization URL through the provider's pages to the shop's callback:
     * answers the callback's path and query (redirects followed with the provider's cookies kept; each call
     * is a browser of its own, signing in afresh).
     */
    async authorize(authorizationUrl: string): Promise<string> {
      const cookies = new Map<string, string>()
      let url = new URL(authorizationUrl)
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([key, value]) => `${key}=${value}`).join('; ') },
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';')
          const at = pair.indexOf('=')
          cookies.set(pair.slice(0, at), pair.slice(at + 1))
        }
        const location = response.headers.get('location')
        if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`)
        const next = new URL(location, url)
        if (next.href.startsWith(client.redirectUri)) return `${next.pathname}${next.search}`
        url = next
      }
      throw new Error('the provider redirected too often')
    },
    /** Ends a refresh token at the provider (as a revoked session does). */
    async revoke(refreshToken: string) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: refreshToken,
          token_type_hint: 'refresh_token',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      })
      if (!response.ok) throw new Error(`revocation answered ${response.status}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
