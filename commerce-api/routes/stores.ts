import { z } from 'zod'
import { findStores, MAX_STORES } from '../domain/stores'
import { parseInput } from '../http'
import { storesJson } from '../icm/stores'
import type { RouteModule } from './context'

/** An optional text parameter: absent or empty means no filter; a repeated one is refused. */
const optionalText = (max: number, pattern?: RegExp) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    (pattern ? z.string().trim().max(max).regex(pattern) : z.string().trim().min(1).max(max)).optional(),
  )
const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(min).max(max).optional(),
  )

const COUNTRY_CODE = /^[A-Za-z]{2}$/

/**
 * ICM's filters (`countryCode`, `postalCode`, `city`), ICM's paging of collections (`offset`, `amount`), and
 * this shop's extension (ADR 0043): `near`, a postal code or place name to order the stores by distance from,
 * with `nearCountryCode` naming its country where it names places in several. Other parameters are ignored,
 * as ICM ignores them.
 */
const StoresQuery = z.object({
  countryCode: optionalText(2, COUNTRY_CODE),
  postalCode: optionalText(12, /^[0-9A-Za-z][0-9A-Za-z -]*$/),
  city: optionalText(80),
  near: optionalText(80),
  nearCountryCode: optionalText(2, COUNTRY_CODE),
  offset: optionalInt(0, 10_000),
  amount: optionalInt(1, MAX_STORES),
})

/** `GET stores`: the shop's stores, the same for everyone (the store finder, feature storeLocator). */
export const storeRoutes: RouteModule = (app, { db }) => {
  app.get('/rest/:site/stores', { config: { access: 'public' } }, async (request) => {
    const query = parseInput(StoresQuery, request.query, 'store query')
    return storesJson(await findStores(db, query), request.scope.locale)
  })
}
