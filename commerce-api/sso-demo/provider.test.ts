/**
 * The development OpenID provider as the storefront uses it, over HTTP on loopback: the authorization code
 * flow with PKCE through its own sign-in and consent pages (plain forms), the token endpoint with the client
 * secret, refresh tokens, `prompt=create`, RP-initiated logout; and its id tokens verified by the commerce
 * API's verifier through the provider's discovery document.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IdTokenVerifier } from '../domain/id-tokens'
import { DEMO_IDENTITIES } from './identities'
import { createDemoProvider, DEMO_CLIENT_ID } from './provider'

const SECRET = 'a-client-secret-of-the-test-run-0123456789'
const CALLBACK = 'http://localhost:3999/sso/callback/demo'
const AFTER_LOGOUT = 'http://localhost:3999/'

let server: Server
let issuer: string

beforeAll(async () => {
  let handle: (request: IncomingMessage, response: ServerResponse) => unknown = (_, response) =>
    response.end()
  server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  ;({ handle } = await createDemoProvider({
    issuer,
    clientSecret: SECRET,
    redirectUris: [CALLBACK],
    postLogoutRedirectUris: [AFTER_LOGOUT],
  }))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A browser without JavaScript: cookies of the provider, redirects seen one by one. */
class Browser {
  private cookies = new Map<string, string>()

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const response = await fetch(new URL(url, issuer), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    }
  }

  /** Follows redirects on the provider until it leaves for the client (or shows a page). */
  async follow(first: { status: number; location: string | null; html: string }) {
    let answer = first
    while (answer.status >= 300 && answer.status < 400 && answer.location) {
      const next = new URL(answer.location, issuer)
      if (next.origin !== issuer) break
      answer = await this.request(next.toString())
    }
    return answer
  }
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authorizationUrl(params: Record<string, string>) {
  const url = new URL('/auth', issuer)
  for (const [name, value] of Object.entries({
    client_id: DEMO_CLIENT_ID,
    response_type: 'code',
    redirect_uri: CALLBACK,
    scope: 'openid email profile offline_access',
    code_challenge_method: 'S256',
    ...params,
  }))
    url.searchParams.set(name, value)
  return url.toString()
}

const formAction = (html: string, step: string) =>
  new RegExp(`action="(/interaction/[\\w-]+/${step})"`).exec(html)![1]!

async function exchange(code: string, verifier: string) {
  const response = await fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
      client_id: DEMO_CLIENT_ID,
      client_secret: SECRET,
    }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, string> }
}

describe('the development OpenID provider', () => {
  let idToken: string

  it('signs a demo identity in through its pages (code flow with PKCE) and issues tokens the API accepts', async () => {
    const browser = new Browser()
    const { verifier, challenge } = pkce()
    const start = await browser.request(
      authorizationUrl({ code_challenge: challenge, nonce: 'n-1', state: 's-1' }),
    )
    const login = await browser.follow(start)
    expect(login.status).toBe(200)
    expect(login.html).toContain('<label for="email">E-mail address</label>')
    expect(login.html).toContain('lang="en"')

    const known = DEMO_IDENTITIES.find((identity) => identity.shopLogin)!
    const wrong = await browser.request(formAction(login.html, 'login'), {
      form: { email: known.email, password: 'wrong-password' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.html).toContain('role="alert"')

    const consent = await browser.follow(
      await browser.request(formAction(login.html, 'login'), {
        form: { email: known.email, password: known.password },
      }),
    )
    expect(consent.status).toBe(200)
    expect(consent.html).toContain('Allow')
    const back = await browser.follow(
      await browser.request(formAction(consent.html, 'consent'), { form: {} }),
    )
    expect(back.status).toBe(303)
    const callback = new URL(back.location!)
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK)
    expect(callback.searchParams.get('state')).toBe('s-1')

    const tokens = await exchange(callback.searchParams.get('code')!, verifier)
    expect(tokens.status).toBe(200)
    expect(tokens.json.refresh_token).toBeTruthy()
    idToken = tokens.json.id_token!

    // The commerce API's verifier finds the provider's keys through its discovery document.
    const verified = await new IdTokenVerifier([{ issuer, audience: DEMO_CLIENT_ID }]).verify(idToken, {
      nonce: 'n-1',
    })
    expect(verified).toMatchObject({
      issuer,
      subject: known.subject,
      email: known.email,
      givenName: known.givenName,
      familyName: known.familyName,
    })

    const refreshed = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.json.refresh_token!,
        client_id: DEMO_CLIENT_ID,
        client_secret: SECRET,
      }),
    })
    expect(refreshed.status).toBe(200)

    // While its session lives, a silent sign-in (prompt=none) needs no page.
    const silent = pkce()
    const again = await browser.follow(
      await browser.request(
        authorizationUrl({ code_challenge: silent.challenge, nonce: 'n-2', prompt: 'none' }),
      ),
    )
    expect(new URL(again.location!).searchParams.get('code')).toBeTruthy()

    // RP-initiated logout: a confirmation page (a form), then back to the shop.
    const logout = await browser.request(
      `/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: AFTER_LOGOUT, state: 'bye' })}`,
    )
    expect(logout.status).toBe(200)
    expect(logout.html).toContain('Yes, sign me out')
    const action =
      /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"/.exec(logout.html)?.[1] ??
      /<form[^>]*action="([^"]+)"[^>]*id="op.logoutForm"/.exec(logout.html)![1]!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.html)![1]!
    const done = await browser.request(new URL(action, issuer).toString(), { form: { xsrf, logout: 'yes' } })
    const returned = await browser.follow(done)
    expect(returned.location).toBe(`${AFTER_LOGOUT}?state=bye`)
    // Signed out: a silent sign-in needs a login now.
    const after = await browser.follow(
      await browser.request(
        authorizationUrl({ code_challenge: silent.challenge, nonce: 'n-3', prompt: 'none' }),
      ),
    )
    expect(new URL(after.location!).searchParams.get('error')).toBe('login_required')
  })

  it('creates an identity with prompt=create, the registration trigger', async () => {
    const browser = new Browser()
    const { verifier, challenge } = pkce()
    const create = await browser.follow(
      await browser.request(authorizationUrl({ code_challenge: challenge, nonce: 'n-c', prompt: 'create' })),
    )
    expect(create.status).toBe(200)
    expect(create.html).toContain('<label for="givenName">First name</label>')
    const incomplete = await browser.request(formAction(create.html, 'create'), {
      form: { givenName: 'Clara', familyName: '', email: 'clara@example.test', password: 'long-enough' },
    })
    expect(incomplete.status).toBe(400)
    const consent = await browser.follow(
      await browser.request(formAction(create.html, 'create'), {
        form: { givenName: 'Clara', familyName: 'Neu', email: 'clara@example.test', password: 'long-enough' },
      }),
    )
    const back = await browser.follow(
      await browser.request(formAction(consent.html, 'consent'), { form: {} }),
    )
    const tokens = await exchange(new URL(back.location!).searchParams.get('code')!, verifier)
    const verified = await new IdTokenVerifier([{ issuer, audience: DEMO_CLIENT_ID }]).verify(
      tokens.json.id_token!,
    )
    expect(verified).toMatchObject({ email: 'clara@example.test', givenName: 'Clara', familyName: 'Neu' })
    expect(verified.subject).toMatch(/^demo-/)
  })

  it('refuses a client without PKCE, and a wrong client secret', async () => {
    const noPkce = await new Browser().request(authorizationUrl({ nonce: 'n' }))
    expect(new URL(noPkce.location!).searchParams.get('error')).toBe('invalid_request')
    const wrong = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: DEMO_CLIENT_ID,
        client_secret: 'not-the-secret',
      }),
    })
    expect(wrong.status).toBe(401)
  })
})
