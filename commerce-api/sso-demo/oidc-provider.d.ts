/**
 * The part of oidc-provider 8 (which ships no types) that the development provider uses, written from its
 * documentation (docs/README.md of the package) and lib/.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type KoaContextLike = {
    body: unknown
    type: string
    status: number
    host: string
    oidc: {
      prompts: Set<string>
      result?: Record<string, unknown>
      client?: { clientId: string; clientName?: string }
    }
  }

  export type AccountClaims = Record<string, unknown> & { sub: string }
  export type Account = {
    accountId: string
    claims: (use: string, scope: string) => AccountClaims | Promise<AccountClaims>
  }

  export type ClientMetadata = {
    client_id: string
    client_secret?: string
    client_name?: string
    redirect_uris: string[]
    post_logout_redirect_uris?: string[]
    grant_types?: string[]
    response_types?: string[]
    token_endpoint_auth_method?: string
  }

  export type PromptDetail = {
    name: string
    reasons: string[]
    details: {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
  }

  export type Interaction = {
    uid: string
    prompt: PromptDetail
    params: Record<string, string | undefined> & { client_id: string }
    session?: { accountId?: string }
    grantId?: string
  }

  export type InteractionResult = Record<string, unknown>

  export type Configuration = {
    clients: ClientMetadata[]
    findAccount: (ctx: KoaContextLike, id: string) => Account | undefined | Promise<Account | undefined>
    claims?: Record<string, string[]>
    scopes?: string[]
    conformIdTokenClaims?: boolean
    features?: Record<string, Record<string, unknown>>
    interactions?: {
      url?: (ctx: KoaContextLike, interaction: Interaction) => string
      policy?: unknown[]
    }
    pkce?: { required?: () => boolean; methods?: string[] }
    issueRefreshToken?: (
      ctx: KoaContextLike,
      client: { grantTypeAllowed: (type: string) => boolean },
      code: unknown,
    ) => boolean | Promise<boolean>
    cookies?: { keys?: string[] }
    jwks?: { keys: object[] }
    ttl?: Record<string, number>
    renderError?: (
      ctx: KoaContextLike,
      out: { error: string; error_description?: string },
      error: Error,
    ) => void | Promise<void>
  }

  export class Grant {
    constructor(options: { accountId: string; clientId: string })
    static find(id: string): Promise<Grant | undefined>
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(indicator: string, scope: string): void
    save(): Promise<string>
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration)
    proxy: boolean
    readonly Grant: typeof Grant
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export class Check {
    constructor(reason: string, description: string, check: (ctx: KoaContextLike) => boolean)
    static REQUEST_PROMPT: true
    static NO_NEED_TO_PROMPT: false
  }
  export class Prompt {
    constructor(options: { name: string; requestable: boolean }, ...checks: Check[])
  }
  export type Policy = Prompt[] & { add(prompt: Prompt, at?: number): void; get(name: string): Prompt }

  export const interactionPolicy: {
    base(): Policy
    Prompt: typeof Prompt
    Check: typeof Check
  }

  export default Provider
}
