import { DomainError, type DomainErrorKind } from '../domain/errors'
import { ApiError } from '../http'

/** The HTTP status ICM answers for each kind of domain refusal. */
const STATUS: Record<DomainErrorKind, number> = {
  'not-found': 404,
  invalid: 400,
  refused: 422,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  'too-many': 429,
}

/** A domain error as ICM renders it: `{errors:[{status, code, message, causes}]}` with the `error-key` header. */
export function icmErrorOf(error: DomainError): ApiError {
  return new ApiError(STATUS[error.kind], error.code, error.message, error.causes)
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError
