/**
 * Passkeys (issue 35, ADR 0039): the commerce API's answers (an extension outside ICM's contract), the account
 * page's forms, and the one rule the browser and the server share: WebAuthn refuses IP addresses as relying
 * party, so a shop reached by one offers no passkeys.
 */
import { z } from 'zod'

/** The token grant of a passkey sign-in (the commerce API's routes/token.ts). */
export const PASSKEY_GRANT = 'urn:ironbridge:params:oauth:grant-type:passkey'

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  creationDate: z.string(),
  lastUsedDate: z.string().optional(),
})
export type ListedPasskey = z.infer<typeof PasskeySchema>
export const PasskeyListSchema = z.object({ data: z.array(PasskeySchema) })

/** A ceremony's start: the challenge's id and WebAuthn's options as @simplewebauthn/browser takes them. */
export const CeremonyStartSchema = z.object({
  challengeId: z.string().min(1),
  options: z.object({ challenge: z.string().min(1) }).passthrough(),
})
export type CeremonyStart = z.infer<typeof CeremonyStartSchema>

export const MAX_PASSKEY_NAME_LENGTH = 60
/** Largest WebAuthn answer (JSON) a form carries: real ones are a few KB. */
export const MAX_CEREMONY_ANSWER_LENGTH = 8 * 1024

/** The login page's passkey post, made by the browser after the ceremony. */
export const passkeyLoginSchema = z.object({
  intent: z.literal('passkey'),
  challengeId: z.string().min(1).max(100),
  assertion: z.string().min(1).max(MAX_CEREMONY_ANSWER_LENGTH),
  returnUrl: z.string().max(2048).optional(),
})

/** Whether a host is an IP address (v4, or v6 in brackets or bare): no relying party WebAuthn takes. */
export function isIpHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '')
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')
}
