/**
 * A software authenticator for tests (no browser, no network): it makes real WebAuthn answers as a platform
 * authenticator would, with attestation `none` and an ES256 key of node:crypto, so that the shop's
 * verification (SimpleWebAuthn) is exercised as it is with a real device. Each answer can be spoiled on
 * purpose (another origin, a replayed counter, a wrong signature) to see it refused.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoCBOR } from '@simplewebauthn/server/helpers'

type Credential = { privateKey: KeyObject; userHandle: string; rpId: string; counter: number }

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const uint32 = (n: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(n)
  return bytes
}

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export type CeremonyOptions = {
  challenge: string
  rpId?: string
  rp?: { id?: string }
  user?: { id: string }
}

export type Spoil = {
  /** The origin the browser names in the client data (default: the authenticator's). */
  origin?: string
  /** The relying party the authenticator data is for (default: the options'). */
  rpId?: string
  /** The challenge signed (default: the options'). */
  challenge?: string
  /** The signature counter sent instead of the next one (a cloned authenticator replays an old one). */
  counter?: number
  /** Signs something else than what is sent. */
  badSignature?: boolean
  /** The user handle sent instead of the one registered. */
  userHandle?: string
  /** A registration's credential id (base64url) instead of a new random one. */
  credentialId?: string
}

export class SoftwareAuthenticator {
  private readonly credentials = new Map<string, Credential>()

  /**
   * `origin`: where the browser runs the ceremony; `counting`: whether the signature counter grows with each
   * use (security keys) or stays 0 (synced passkeys).
   */
  constructor(
    readonly origin: string,
    private readonly counting = true,
  ) {}

  /** The credential ids made so far. */
  get credentialIds(): string[] {
    return [...this.credentials.keys()]
  }

  /** Answers registration options (`navigator.credentials.create`) with a new ES256 credential. */
  register(options: CeremonyOptions, spoil: Spoil = {}): RegistrationResponseJSON {
    const rpId = spoil.rpId ?? options.rp?.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    )
    const credentialId = spoil.credentialId ? Buffer.from(spoil.credentialId, 'base64url') : randomBytes(32)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      uint32(0),
      Buffer.alloc(16), // aaguid: none named
      idLength,
      credentialId,
      Buffer.from(coseKey),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    )
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: spoil.challenge ?? options.challenge,
      origin: spoil.origin ?? this.origin,
      crossOrigin: false,
    })
    const id = b64url(credentialId)
    this.credentials.set(id, { privateKey, userHandle: options.user?.id ?? '', rpId, counter: 0 })
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }

  /** Answers sign-in options (`navigator.credentials.get`) with a credential (default: the last made). */
  authenticate(
    options: CeremonyOptions,
    credentialId = this.credentialIds.at(-1),
    spoil: Spoil = {},
  ): AuthenticationResponseJSON {
    const credential = credentialId === undefined ? undefined : this.credentials.get(credentialId)
    if (!credential || credentialId === undefined)
      throw new Error('the authenticator holds no such credential')
    if (this.counting) credential.counter += 1
    const rpId = spoil.rpId ?? options.rpId ?? credential.rpId
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV]),
      uint32(spoil.counter ?? credential.counter),
    ])
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: spoil.challenge ?? options.challenge,
      origin: spoil.origin ?? this.origin,
      crossOrigin: false,
    })
    const signed = Buffer.concat([authData, sha256(clientDataJSON)])
    const signature = sign(
      'sha256',
      spoil.badSignature ? Buffer.concat([signed, Buffer.from([0])]) : signed,
      credential.privateKey,
    )
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: spoil.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    }
  }
}
