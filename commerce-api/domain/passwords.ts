import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>
const KEY_LENGTH = 32

/** scrypt with a random salt, stored as `scrypt$<salt>$<hash>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, KEY_LENGTH)
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length)
  return timingSafeEqual(actual, expected)
}

/**
 * A hash of a random password, made once at start with the same parameters as every stored one: a login
 * for an unknown user is checked against it, so that it costs what a known user's costs and its answer
 * time does not tell which accounts exist.
 */
const dummyHash = hashPassword(randomBytes(16).toString('base64url'))

/** Checks a password against a stored hash, or against the dummy hash when there is no user. */
export async function verifyPasswordOf(password: string, stored: string | undefined): Promise<boolean> {
  const matched = await verifyPassword(password, stored ?? (await dummyHash))
  return matched && stored !== undefined
}
