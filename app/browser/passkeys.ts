/**
 * The browser's side of passkeys (issue 35, ADR 0039): WebAuthn's ceremonies through @simplewebauthn/browser,
 * which is imported only when a ceremony starts (a chunk of its own, no weight on any page before). The
 * options come from the storefront's resource routes, which relay them from the commerce API; the answer goes
 * back in a form post, so the server decides as for any other form.
 */
import { isIpHost } from '~/models/passkeys'

/** Why a ceremony did not give an answer, as the pages say it. */
export type CeremonyFailure = 'cancelled' | 'duplicate' | 'unavailable' | 'failed'

export class PasskeyCeremonyError extends Error {
  constructor(readonly failure: CeremonyFailure) {
    super(failure)
  }
}

/**
 * Whether this browser can make and use passkeys here: WebAuthn there, a secure context (https or localhost),
 * and a host name, since WebAuthn refuses IP addresses as relying party.
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    window.isSecureContext &&
    !isIpHost(window.location.hostname)
  )
}

/** Whether the browser offers passkeys in the login field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false
  const check = (
    window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> }
  ).isConditionalMediationAvailable
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false
}

type Start = { challengeId: string; options: Record<string, unknown> }

/** A ceremony's options from a resource route of the storefront (a same-origin form post). */
async function optionsFrom(url: string): Promise<Start> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      credentials: 'same-origin',
    })
  } catch {
    throw new PasskeyCeremonyError('failed')
  }
  if (response.status === 404) throw new PasskeyCeremonyError('unavailable')
  if (!response.ok) throw new PasskeyCeremonyError('failed')
  return (await response.json()) as Start
}

function failureOf(error: unknown): CeremonyFailure {
  if (error instanceof PasskeyCeremonyError) return error.failure
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled'
  if (name === 'InvalidStateError') return 'duplicate'
  if (name === 'SecurityError') return 'unavailable'
  return 'failed'
}

/** Makes a new passkey: the challenge's id and the authenticator's answer as JSON. */
export async function createPasskey(optionsUrl: string): Promise<{ challengeId: string; response: string }> {
  try {
    const [{ startRegistration }, start] = await Promise.all([
      import('@simplewebauthn/browser'),
      optionsFrom(optionsUrl),
    ])
    const response = await startRegistration({ optionsJSON: start.options as never })
    return { challengeId: start.challengeId, response: JSON.stringify(response) }
  } catch (error) {
    throw new PasskeyCeremonyError(failureOf(error))
  }
}

/**
 * Signs in with a passkey: the challenge's id and the authenticator's answer as JSON. `autofill` waits for the
 * shopper to pick a passkey in the login field's suggestions (conditional mediation) instead of asking now;
 * a new ceremony (the button) ends a waiting one.
 */
export async function passkeyAssertion(
  optionsUrl: string,
  autofill = false,
): Promise<{ challengeId: string; assertion: string }> {
  try {
    const [{ startAuthentication }, start] = await Promise.all([
      import('@simplewebauthn/browser'),
      optionsFrom(optionsUrl),
    ])
    const assertion = await startAuthentication({
      optionsJSON: start.options as never,
      useBrowserAutofill: autofill,
    })
    return { challengeId: start.challengeId, assertion: JSON.stringify(assertion) }
  } catch (error) {
    throw new PasskeyCeremonyError(failureOf(error))
  }
}

/** Ends a ceremony still waiting (the login field's suggestions when the shopper leaves the login page). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser')
  WebAuthnAbortService.cancelCeremony()
}
