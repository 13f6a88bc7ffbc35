import { DomainError } from './errors'

/** For domain tests: how a call is refused (`kind:code`); fails when it is not refused or throws otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}:${error.code}`
    throw error
  }
  throw new Error('the call was not refused')
}
