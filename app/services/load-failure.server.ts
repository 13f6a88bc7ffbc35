import { notFound } from './http.server'
import { IcmError } from './icm.server'

/**
 * Category, product, listing, search and content page load failures are 404s (spec §8): an ICM error answer
 * (4xx, or a 5xx other than 503 / an unreadable answer, both 502 here). ICM down (503, maintenance) and ICM
 * too slow (504) stay what they are: the shop as a whole is failing, not this page.
 */
export const notFoundOnLoadFailure = (error: unknown): never => {
  if (error instanceof IcmError || (error instanceof Response && error.status === 502)) throw notFound()
  throw error
}
