/**
 * What a business rule can refuse, without any HTTP: domain functions throw these, and the ICM layer
 * (`commerce-api/icm/errors.ts`) turns each kind into ICM's error body and status. A domain file never
 * imports `http.ts` and never names a status code.
 */
import type { MessageCode } from './message-codes'

export type DomainErrorKind =
  /** The thing asked for does not exist, or is not visible to this caller (never reveal which). */
  | 'not-found'
  /** The input breaks a rule of its form (a quantity below 1, a malformed date). */
  | 'invalid'
  /** Well-formed, but the shop's rules refuse it now (out of stock, budget exceeded, order already placed). */
  | 'refused'
  /** Another change got there first (a duplicate id, a requisition already decided). */
  | 'conflict'
  /** The caller is known but lacks the permission. */
  | 'forbidden'
  /** The caller must log in (again) first. */
  | 'unauthenticated'
  /** Too many attempts; `retryAfterSeconds` says when to come back. */
  | 'too-many'

export type DomainErrorCause = { code: MessageCode; message: string; paths?: string[] }

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** The ICM error key (`basket.line_item.quantity.invalid`): stable, and what clients translate. */
    readonly code: MessageCode,
    message: string,
    readonly causes: DomainErrorCause[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export const notFoundError = (code: MessageCode, message: string) =>
  new DomainError('not-found', code, message)
export const invalidError = (code: MessageCode, message: string, causes: DomainErrorCause[] = []) =>
  new DomainError('invalid', code, message, causes)
export const refusedError = (code: MessageCode, message: string, causes: DomainErrorCause[] = []) =>
  new DomainError('refused', code, message, causes)
export const conflictError = (code: MessageCode, message: string, causes: DomainErrorCause[] = []) =>
  new DomainError('conflict', code, message, causes)
export const forbiddenError = (code: MessageCode, message: string) =>
  new DomainError('forbidden', code, message)
