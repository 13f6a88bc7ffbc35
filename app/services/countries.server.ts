import { CountriesSchema, type Country, type Region } from '~/models/address'
import { configuration } from './configuration.server'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/** Countries and their regions (spec §7 `countries`): channel data, the same for everyone, cached `long`. */

/** Countries the shop delivers to, localized. */
export async function countries(scope: IcmScope): Promise<Country[]> {
  const data = await icmCall(scope, { path: 'countries', schema: CountriesSchema, cache: 'long' })
  return data.data.map((c) => ({ countryCode: c.id, name: c.name }))
}

/** The regions (main divisions) of a country; empty for a country without (DE, AT). */
export async function regions(scope: IcmScope, countryCode: string): Promise<Region[]> {
  try {
    const data = await icmCall(scope, {
      path: `countries/${encodeURIComponent(countryCode)}/main-divisions`,
      schema: CountriesSchema,
      cache: 'long',
    })
    return data.data.map((r) => ({ countryCode, regionCode: r.id, name: r.name }))
  } catch (error) {
    if (error instanceof IcmError && error.status === 404) return []
    throw error
  }
}

export type Places = {
  countries: Country[]
  regions: Record<string, Region[]>
  /** The country a new address starts in (`shopCountry`). */
  home: string
}

/**
 * All countries with their regions, for the address forms (the region select follows the country), and the
 * country a new address starts in.
 */
export async function countriesWithRegions(scope: IcmScope): Promise<Places> {
  const [list, settings] = await Promise.all([countries(scope), configuration(scope)])
  const all = await Promise.all(list.map((c) => regions(scope, c.countryCode)))
  return {
    countries: list,
    regions: Object.fromEntries(list.map((c, i) => [c.countryCode, all[i] ?? []])),
    home: shopCountry(settings.shopCountry, list),
  }
}

/**
 * The country a new address starts with: the shop's own country (the configuration's, Germany for this shop)
 * when it delivers there, else the first country of the list. Not the page language's: the English shop is
 * read by buyers in Germany as much as anywhere, and should not start them in the United States.
 */
export function shopCountry(own: string | undefined, countries: Country[]): string {
  return countries.find((c) => c.countryCode === own)?.countryCode ?? countries[0]?.countryCode ?? ''
}
