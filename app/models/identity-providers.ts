import { z } from 'zod'

/**
 * An OpenID Connect provider the shop signs users in with (spec shell §3 `identityProviders`, §4.7): the
 * storefront is its relying party, with the client registered there for the redirect URI
 * `{PUBLIC_URL}/sso/callback/{id}` and the post-logout redirect URI `{PUBLIC_URL}/`.
 */
export type IdentityProvider = {
  /** Short name in URLs (`/sso/callback/{id}`): lower-case letters, digits and dashes. */
  id: string
  /** The name shoppers know it by: "Sign in with {displayName}". */
  displayName: string
  /** Issuer identifier; its `/.well-known/openid-configuration` is read on first use. */
  issuer: string
  clientId: string
  /** Absent for a public client (PKCE only, no client authentication). */
  clientSecret?: string
  /** Space-separated scopes; `openid` is always among them. */
  scopes: string
  /** The provider offers registration (`prompt=create`): the register page's button asks for it. */
  registration: boolean
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

const ProviderSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'lower-case letters, digits and dashes, at most 32 characters'),
    displayName: z.string().trim().min(1).max(60),
    issuer: z
      .string()
      .url()
      .refine((value) => {
        const url = new URL(value)
        return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
      }, 'must be an https URL (http only on the loopback address, for development)'),
    clientId: z.string().min(1).max(256),
    clientSecret: z.string().min(1).max(512).optional(),
    scopes: z
      .string()
      .trim()
      .default('openid email profile')
      .transform((value) => {
        const scopes = value.split(/\s+/).filter(Boolean)
        return (scopes.includes('openid') ? scopes : ['openid', ...scopes]).join(' ')
      }),
    registration: z.boolean().default(false),
  })
  .strict()

/**
 * IDENTITY_PROVIDERS: a JSON array of providers. Unset or empty: none, the shop's own login only. Anything
 * malformed stops the start with a message naming the provider and the field.
 */
export function parseIdentityProviders(value: string | undefined): IdentityProvider[] {
  if (!value?.trim()) return []
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch (error) {
    throw new Error(`IDENTITY_PROVIDERS must be a JSON array of providers: ${(error as Error).message}`)
  }
  if (!Array.isArray(json)) throw new Error('IDENTITY_PROVIDERS must be a JSON array of providers.')
  const providers = json.map((entry, index) => {
    const parsed = ProviderSchema.safeParse(entry)
    if (parsed.success) return parsed.data
    const name = (entry as { id?: unknown })?.id
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'provider'}: ${issue.message}`)
      .join('; ')
    throw new Error(
      `IDENTITY_PROVIDERS: provider ${typeof name === 'string' ? `"${name}"` : `#${index + 1}`} is invalid (${problems}).`,
    )
  })
  const ids = providers.map((provider) => provider.id)
  const twice = ids.find((id, index) => ids.indexOf(id) !== index)
  if (twice) throw new Error(`IDENTITY_PROVIDERS: the id "${twice}" is used twice.`)
  return providers
}
