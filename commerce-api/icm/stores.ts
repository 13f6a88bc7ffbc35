import { localize, type Locale } from '../domain/channel'
import { countryOf } from '../domain/countries'
import type { StoreResult, StoreWithDistance } from '../domain/stores'

/** ICM's typed attribute (`{name, type, value}`), as its resources carry what their fixed fields do not. */
const attribute = (name: string, type: 'String' | 'Double', value: string | number) => ({ name, type, value })

/**
 * A store as ICM's `StoreData` (the Intershop PWA's `store-location.interface.ts`): `uuid`, address fields, the
 * country's name in the call's locale, `phoneBusiness`, and the position as decimal strings. What ICM's
 * resource has no field for travels as attributes: the opening hours (OpenStreetMap `opening_hours`
 * notation), the US state, and, when the call asked for stores near a place, the distance in kilometres.
 */
export function storeJson({ store, distanceKm }: StoreWithDistance, locale: Locale) {
  const country = countryOf(store.countryCode)
  const attributes = [
    ...(store.openingHours ? [attribute('openingHours', 'String', store.openingHours)] : []),
    ...(store.mainDivisionCode ? [attribute('mainDivisionCode', 'String', store.mainDivisionCode)] : []),
    ...(distanceKm !== undefined ? [attribute('distance', 'Double', Math.round(distanceKm * 10) / 10)] : []),
  ]
  return {
    type: 'Store' as const,
    uuid: store.id,
    name: store.name,
    address: store.address,
    postalCode: store.postalCode,
    city: store.city,
    country: country ? localize(country.names, locale) : store.countryCode,
    countryCode: store.countryCode,
    ...(store.phone ? { phoneBusiness: store.phone } : {}),
    ...(store.fax ? { fax: store.fax } : {}),
    ...(store.email ? { email: store.email } : {}),
    latitude: String(store.latitude),
    longitude: String(store.longitude),
    ...(attributes.length ? { attributes } : {}),
  }
}

/** `GET stores`: a ResourceCollection of stores, `total` counting every match of which this is a page. */
export function storesJson(result: StoreResult, locale: Locale) {
  return {
    type: 'ResourceCollection' as const,
    name: 'stores',
    elements: result.stores.map((entry) => storeJson(entry, locale)),
    offset: result.offset,
    amount: result.stores.length,
    total: result.total,
  }
}
