import { storeFromData, StoresSchema, type Store } from '~/models/stores'
import { icmCall, IcmError, type IcmScope } from './icm.server'

/** What the store finder's form asks: ICM's filters and, as this shop's extension, a place to sort by. */
export type StoreSearch = {
  countryCode?: string
  city?: string
  /** A postal code or place name (ICM extension `near`, ADR 0043). */
  near?: string
  /** The country `near` most likely lies in, where a postal code exists in several. */
  nearCountryCode?: string
}

/** Why ICM listed no stores for a search: the place is unknown or needs its country, or the search is malformed. */
export type StoreSearchProblem = { code: string; message: string }

/**
 * `GET stores` (spec §7 store locator, icm-contract `stores?countryCode&postalCode&city`): the shop's stores,
 * the same for everyone, cached `short`. A refusal (400) is answered as the problem, for the page to say.
 */
export async function findStores(
  scope: IcmScope,
  search: StoreSearch,
): Promise<{ stores: Store[]; problem?: undefined } | { stores: []; problem: StoreSearchProblem }> {
  try {
    const data = await icmCall(scope, {
      path: 'stores',
      schema: StoresSchema,
      cache: 'short',
      query: {
        countryCode: search.countryCode || undefined,
        city: search.city || undefined,
        near: search.near || undefined,
        nearCountryCode: search.near ? search.nearCountryCode || undefined : undefined,
      },
    })
    return { stores: data.elements.map(storeFromData) }
  } catch (error) {
    if (error instanceof IcmError && error.status === 400)
      return { stores: [], problem: { code: error.code ?? 'error.api.refused', message: error.message } }
    throw error
  }
}

/** Every store's country and city, for the form's choices (one cached call, whatever the search). */
export async function storePlaces(scope: IcmScope) {
  const { stores } = await findStores(scope, {})
  const countries = new Map<string, { code: string; name: string; cities: Set<string> }>()
  for (const store of stores) {
    const entry = countries.get(store.countryCode) ?? {
      code: store.countryCode,
      name: store.country,
      cities: new Set<string>(),
    }
    if (store.city) entry.cities.add(store.city)
    countries.set(store.countryCode, entry)
  }
  const collator = new Intl.Collator(scope.locale.tag)
  return [...countries.values()]
    .map((entry) => ({
      code: entry.code,
      name: entry.name,
      cities: [...entry.cities].sort(collator.compare),
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
}
