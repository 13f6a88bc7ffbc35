/**
 * Passkeys of the logged-in user and the start of a sign-in (issue 35, ADR 0039): the commerce API keeps and
 * verifies them (an extension outside ICM's contract); the storefront relays the ceremonies between the
 * browser and the API. A real ICM without the extension answers 404, which reads as "no passkeys".
 */
import { z } from 'zod'
import {
  CeremonyStartSchema,
  PasskeyListSchema,
  PasskeySchema,
  type CeremonyStart,
  type ListedPasskey,
} from '~/models/passkeys'
import { icmCall, tryIcm, type IcmResult, type IcmScope } from './icm.server'

const own = (rest = '') => `customers/-/users/-/passkeys${rest}`
const one = (id: string) => own(`/${encodeURIComponent(id)}`)

export async function listPasskeys(scope: IcmScope): Promise<ListedPasskey[]> {
  return (await icmCall(scope, { path: own(), schema: PasskeyListSchema, cache: 'none' })).data
}

/** A new passkey's options for the logged-in user, or the API's refusal (passkeys unavailable). */
export function registrationOptions(scope: IcmScope): Promise<IcmResult<CeremonyStart>> {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: own('/registration-options'),
      schema: CeremonyStartSchema,
      cache: 'none',
    }),
  )
}

/** Keeps the passkey the browser's ceremony made (its answer as JSON), under the name the user gave it. */
export function addPasskey(
  scope: IcmScope,
  input: { challengeId: string; name: string; response: unknown },
): Promise<IcmResult<ListedPasskey>> {
  return tryIcm(
    icmCall(scope, { method: 'POST', path: own(), json: input, schema: PasskeySchema, cache: 'none' }),
  )
}

export function renamePasskey(scope: IcmScope, id: string, name: string): Promise<IcmResult<ListedPasskey>> {
  return tryIcm(
    icmCall(scope, { method: 'PATCH', path: one(id), json: { name }, schema: PasskeySchema, cache: 'none' }),
  )
}

export function deletePasskey(scope: IcmScope, id: string): Promise<IcmResult<unknown>> {
  return tryIcm(icmCall(scope, { method: 'DELETE', path: one(id), schema: z.unknown(), cache: 'none' }))
}

/** A sign-in's options (no user named: the authenticator offers its passkeys for the shop). */
export function authenticationOptions(scope: IcmScope): Promise<IcmResult<CeremonyStart>> {
  return tryIcm(
    icmCall(scope, {
      method: 'POST',
      path: 'passkeys/authentication-options',
      schema: CeremonyStartSchema,
      cache: 'none',
      token: null,
    }),
  )
}
