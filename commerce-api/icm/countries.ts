import { localize, type Locale } from '../domain/channel'
import type { Country, Region } from '../domain/countries'

const byName = (locale: Locale) => (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, locale.replace('_', '-'))

/** `GET countries` (`…country.v1+json`): id and localized name, sorted by the name. */
export function countriesJson(countries: readonly Country[], locale: Locale) {
  return {
    data: countries.map((c) => ({ id: c.code, name: localize(c.names, locale) })).sort(byName(locale)),
  }
}

/** `GET countries/{code}/main-divisions`: the country's address regions, sorted by the localized name. */
export function mainDivisionsJson(regions: readonly Region[], locale: Locale) {
  return { data: regions.map((r) => ({ id: r.code, name: localize(r.names, locale) })).sort(byName(locale)) }
}
