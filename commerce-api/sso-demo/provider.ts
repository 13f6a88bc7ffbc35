/**
 * The development OpenID provider (issue 35; README "Single sign-on"): oidc-provider, a certified OpenID
 * provider library, with one client (the storefront: authorization code flow with PKCE, a client secret,
 * refresh tokens, RP-initiated logout) and its own pages for signing in, creating an identity (`prompt=create`,
 * the registration trigger) and consent, so that single sign-on can be tried and tested on one machine. It
 * holds everything in memory: sessions, grants and identities made with `prompt=create` go when it stops.
 * Never for production: its identities and their passwords are in the README.
 */
import { timingSafeEqual, createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, {
  interactionPolicy,
  type Account,
  type Interaction,
  type KoaContextLike,
} from 'oidc-provider'
import { DEMO_IDENTITIES, type DemoIdentity } from './identities'
import { consentPage, createPage, errorPage, loggedOutPage, loginPage, logoutPage } from './pages'

export const DEMO_CLIENT_ID = 'storefront'

export type DemoProviderSettings = {
  /** `http://127.0.0.1:<port>`: what id tokens name as `iss`. */
  issuer: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  /** Keys of the provider's signed cookies; a random one when none is given. */
  cookieKeys?: string[]
}

const SECURITY_HEADERS: Record<string, string> = {
  // Inline styles only; no scripts. No form-action: a form's answer redirects to the client.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

const MAX_FORM_BYTES = 16 * 1024

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) throw new Error('form too large')
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

const sameSecret = (given: string, expected: string) => {
  const hash = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(hash(given), hash(expected))
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' })
  response.end(html)
}

/** The provider and the request handler of its HTTP server (its pages and oidc-provider's endpoints). */
export async function createDemoProvider(settings: DemoProviderSettings) {
  const identities = new Map<string, DemoIdentity>(
    DEMO_IDENTITIES.map((identity) => [identity.subject, identity]),
  )
  const byEmail = (email: string) =>
    [...identities.values()].find((identity) => identity.email.toLowerCase() === email.trim().toLowerCase())

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: `demo-${randomUUID()}`,
    alg: 'RS256',
    use: 'sig',
  }

  // `prompt=create` (OpenID Connect Prompt Create 1.0): the registration trigger, before signing in.
  const policy = interactionPolicy.base()
  policy.add(
    new interactionPolicy.Prompt(
      { name: 'create', requestable: true },
      new interactionPolicy.Check('create_requested', 'The user asked to create an identity', (ctx) =>
        ctx.oidc.prompts.has('create') && !ctx.oidc.result?.create
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    ),
    0,
  )

  const html = (ctx: KoaContextLike, body: string) => {
    ctx.type = 'html'
    ctx.body = body
  }

  const provider = new Provider(settings.issuer, {
    clients: [
      {
        client_id: DEMO_CLIENT_ID,
        client_name: 'Ironbridge Supply',
        client_secret: settings.clientSecret,
        redirect_uris: settings.redirectUris,
        post_logout_redirect_uris: settings.postLogoutRedirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // openid-client's default for a client with a secret.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, id): Account | undefined => {
      const identity = identities.get(id)
      if (!identity) return undefined
      return {
        accountId: identity.subject,
        claims: () => ({
          sub: identity.subject,
          email: identity.email,
          email_verified: true,
          given_name: identity.givenName,
          family_name: identity.familyName,
          name: `${identity.givenName} ${identity.familyName}`,
        }),
      }
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    // The id token carries the e-mail address and names (as Entra ID, Keycloak and Okta send them), which the
    // shop reads when it makes a user; not only the userinfo endpoint.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextLike, form: string) => html(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx: KoaContextLike) => html(ctx, loggedOutPage()),
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    pkce: { required: () => true, methods: ['S256'] },
    // The storefront keeps the user signed in with refresh tokens, whether or not it asked for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // oidc-provider's defaults, stated (an hour for a sign-in's pages and tokens, two weeks for a session).
    ttl: {
      Interaction: 3600,
      Session: 14 * 86_400,
      Grant: 14 * 86_400,
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
      RefreshToken: 14 * 86_400,
    },
    cookies: { keys: settings.cookieKeys?.length ? settings.cookieKeys : [randomUUID()] },
    jwks: { keys: [signingKey] },
    renderError: (ctx, out) => {
      html(ctx, errorPage(out.error, out.error_description))
    },
  })

  const hints = [...identities.values()].map((identity) => ({
    email: identity.email,
    note: identity.shopLogin ? `linked to the shop user ${identity.shopLogin}` : 'unknown to the shop',
  }))

  /** The page an interaction asks for. */
  function interactionPage(
    interaction: Interaction,
    form: { error?: string; values?: Record<string, string> } = {},
  ) {
    const clientName = 'Ironbridge Supply'
    const { uid, prompt } = interaction
    if (prompt.name === 'create')
      return createPage({ uid, clientName, error: form.error, values: form.values })
    if (prompt.name === 'consent') {
      const scopes = [
        ...(prompt.details.missingOIDCScope ?? []),
        ...(interaction.params.scope?.split(' ') ?? []),
      ]
      return consentPage({ uid, clientName, scopes: [...new Set(scopes)] })
    }
    return loginPage({ uid, clientName, email: form.values?.email, error: form.error, identities: hints })
  }

  async function finishConsent(request: IncomingMessage, response: ServerResponse, interaction: Interaction) {
    const { details } = interaction.prompt
    const accountId = interaction.session?.accountId
    if (!accountId) throw new Error('consent without a signed-in account')
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined
    const grant = existing ?? new provider.Grant({ accountId, clientId: interaction.params.client_id })
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '))
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '))
    const grantId = await grant.save()
    await provider.interactionFinished(request, response, existing ? {} : { consent: { grantId } }, {
      mergeWithLastSubmission: true,
    })
  }

  /** Answers a POST of one of the pages' forms. */
  async function submit(
    request: IncomingMessage,
    response: ServerResponse,
    interaction: Interaction,
    action: string,
  ) {
    const form = await readForm(request)
    const text = (name: string) => form.get(name)?.trim() ?? ''
    if (action === 'abort')
      return provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The user cancelled.' },
        { mergeWithLastSubmission: false },
      )
    if (action === 'login' && interaction.prompt.name === 'login') {
      const identity = byEmail(text('email'))
      if (!identity || !sameSecret(form.get('password') ?? '', identity.password))
        return sendHtml(
          response,
          401,
          interactionPage(interaction, {
            error: 'The e-mail address or password is not correct.',
            values: { email: text('email') },
          }),
        )
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: identity.subject } },
        { mergeWithLastSubmission: false },
      )
    }
    if (action === 'create' && interaction.prompt.name === 'create') {
      const values = { givenName: text('givenName'), familyName: text('familyName'), email: text('email') }
      const password = form.get('password') ?? ''
      const error =
        !values.givenName || !values.familyName
          ? 'Please enter your first and last name.'
          : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)
            ? 'Please enter an e-mail address.'
            : byEmail(values.email)
              ? 'An identity with this e-mail address exists already: sign in instead.'
              : password.length < 8
                ? 'The password must have at least 8 characters.'
                : undefined
      if (error) return sendHtml(response, 400, interactionPage(interaction, { error, values }))
      const identity: DemoIdentity = { subject: `demo-${randomUUID()}`, password, ...values }
      identities.set(identity.subject, identity)
      return provider.interactionFinished(
        request,
        response,
        { create: { subject: identity.subject }, login: { accountId: identity.subject } },
        { mergeWithLastSubmission: false },
      )
    }
    if (action === 'consent' && interaction.prompt.name === 'consent')
      return finishConsent(request, response, interaction)
    // A form of another step (the back button): show the step the interaction is at.
    return sendHtml(response, 200, interactionPage(interaction))
  }

  const callback = provider.callback()

  /** The HTTP server's handler: the interaction pages here, everything else oidc-provider's. */
  async function handle(request: IncomingMessage, response: ServerResponse) {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|create|consent|abort))?$/.exec(
      (request.url ?? '/').split('?')[0]!,
    )
    if (!match) return callback(request, response)
    try {
      const interaction = await provider.interactionDetails(request, response)
      if (interaction.uid !== match[1])
        return sendHtml(response, 400, errorPage('invalid_request', 'Another sign-in is under way.'))
      if (request.method === 'GET' && !match[2]) return sendHtml(response, 200, interactionPage(interaction))
      if (request.method === 'POST' && match[2]) return await submit(request, response, interaction, match[2])
      return sendHtml(response, 405, errorPage('method_not_allowed'))
    } catch (error) {
      // An expired or unknown interaction (its cookie is gone): start again from the shop.
      if (!response.headersSent)
        sendHtml(
          response,
          400,
          errorPage('session_expired', 'This sign-in has expired. Please start again from the shop.'),
        )
      if (!(error instanceof Error) || !/interaction session|cookie/i.test(error.message))
        console.error('sso-demo:', error)
    }
  }

  return { provider, handle }
}
