/**
 * Countries the channel sells and ships to, with their tax rates, postal code formats and, where an address
 * there names one, their regions (ICM's main divisions). Names are localized; a region without a name in a
 * language uses its own (native) name.
 */
import { localize, type Locale } from './channel'
import { notFoundError } from './errors'

type Names = Partial<Record<Locale, string>> & { en_US: string }

export type Region = { code: string; names: Names }

export type Country = {
  code: string
  names: Names
  /** Sales tax in percent applied to goods shipped to this country (ADR 0010). */
  taxRate: number
  /** The postal code's format, when simple enough to check. */
  postalCode?: RegExp
  /**
   * The regions an address in this country must name, as the country's ICM address form asks for one (US,
   * PL, RO). Absent where the form has no region field: German and Austrian addresses (and French and
   * British ones) are complete without one.
   */
  regions?: Region[]
}

const same = (name: string): Names => ({ en_US: name })

const states = (list: [string, string][]) => list.map(([code, name]) => ({ code, names: same(name) }))

export const COUNTRIES: Country[] = [
  {
    code: 'DE',
    names: { en_US: 'Germany', de_DE: 'Deutschland', fr_FR: 'Allemagne', pl_PL: 'Niemcy', ro_RO: 'Germania' },
    taxRate: 19,
    postalCode: /^\d{5}$/,
  },
  {
    code: 'AT',
    names: { en_US: 'Austria', de_DE: 'Österreich', fr_FR: 'Autriche', pl_PL: 'Austria', ro_RO: 'Austria' },
    taxRate: 20,
    postalCode: /^\d{4}$/,
  },
  {
    code: 'FR',
    names: { en_US: 'France', de_DE: 'Frankreich', fr_FR: 'France', pl_PL: 'Francja', ro_RO: 'Franța' },
    taxRate: 20,
    postalCode: /^\d{5}$/,
  },
  {
    code: 'PL',
    names: { en_US: 'Poland', de_DE: 'Polen', fr_FR: 'Pologne', pl_PL: 'Polska', ro_RO: 'Polonia' },
    taxRate: 23,
    postalCode: /^\d{2}-\d{3}$/,
    regions: [
      {
        code: '02',
        names: {
          en_US: 'Lower Silesia',
          pl_PL: 'dolnośląskie',
          de_DE: 'Niederschlesien',
          fr_FR: 'Basse-Silésie',
          ro_RO: 'Silezia Inferioară',
        },
      },
      {
        code: '04',
        names: {
          en_US: 'Kuyavia-Pomerania',
          pl_PL: 'kujawsko-pomorskie',
          de_DE: 'Kujawien-Pommern',
          fr_FR: 'Couïavie-Poméranie',
          ro_RO: 'Cuiavia-Pomerania',
        },
      },
      {
        code: '06',
        names: { en_US: 'Lublin', pl_PL: 'lubelskie', de_DE: 'Lublin', fr_FR: 'Lublin', ro_RO: 'Lublin' },
      },
      {
        code: '08',
        names: { en_US: 'Lubusz', pl_PL: 'lubuskie', de_DE: 'Lebus', fr_FR: 'Lubusz', ro_RO: 'Lubusz' },
      },
      { code: '10', names: { en_US: 'Łódź', pl_PL: 'łódzkie', de_DE: 'Łódź', fr_FR: 'Łódź', ro_RO: 'Łódź' } },
      {
        code: '12',
        names: {
          en_US: 'Lesser Poland',
          pl_PL: 'małopolskie',
          de_DE: 'Kleinpolen',
          fr_FR: 'Petite-Pologne',
          ro_RO: 'Polonia Mică',
        },
      },
      {
        code: '14',
        names: {
          en_US: 'Masovia',
          pl_PL: 'mazowieckie',
          de_DE: 'Masowien',
          fr_FR: 'Mazovie',
          ro_RO: 'Mazovia',
        },
      },
      {
        code: '16',
        names: { en_US: 'Opole', pl_PL: 'opolskie', de_DE: 'Oppeln', fr_FR: 'Opole', ro_RO: 'Opole' },
      },
      {
        code: '18',
        names: {
          en_US: 'Subcarpathia',
          pl_PL: 'podkarpackie',
          de_DE: 'Karpatenvorland',
          fr_FR: 'Basses-Carpates',
          ro_RO: 'Subcarpatia',
        },
      },
      {
        code: '20',
        names: {
          en_US: 'Podlaskie',
          pl_PL: 'podlaskie',
          de_DE: 'Podlachien',
          fr_FR: 'Podlachie',
          ro_RO: 'Podlasia',
        },
      },
      {
        code: '22',
        names: {
          en_US: 'Pomerania',
          pl_PL: 'pomorskie',
          de_DE: 'Pommern',
          fr_FR: 'Poméranie',
          ro_RO: 'Pomerania',
        },
      },
      {
        code: '24',
        names: { en_US: 'Silesia', pl_PL: 'śląskie', de_DE: 'Schlesien', fr_FR: 'Silésie', ro_RO: 'Silezia' },
      },
      {
        code: '26',
        names: {
          en_US: 'Holy Cross',
          pl_PL: 'świętokrzyskie',
          de_DE: 'Heiligkreuz',
          fr_FR: 'Sainte-Croix',
          ro_RO: 'Sfânta Cruce',
        },
      },
      {
        code: '28',
        names: {
          en_US: 'Warmia-Masuria',
          pl_PL: 'warmińsko-mazurskie',
          de_DE: 'Ermland-Masuren',
          fr_FR: 'Varmie-Mazurie',
          ro_RO: 'Warmia-Mazuria',
        },
      },
      {
        code: '30',
        names: {
          en_US: 'Greater Poland',
          pl_PL: 'wielkopolskie',
          de_DE: 'Großpolen',
          fr_FR: 'Grande-Pologne',
          ro_RO: 'Polonia Mare',
        },
      },
      {
        code: '32',
        names: {
          en_US: 'West Pomerania',
          pl_PL: 'zachodniopomorskie',
          de_DE: 'Westpommern',
          fr_FR: 'Poméranie-Occidentale',
          ro_RO: 'Pomerania Occidentală',
        },
      },
    ],
  },
  {
    code: 'RO',
    names: { en_US: 'Romania', de_DE: 'Rumänien', fr_FR: 'Roumanie', pl_PL: 'Rumunia', ro_RO: 'România' },
    taxRate: 19,
    postalCode: /^\d{6}$/,
    regions: [
      {
        code: 'B',
        names: {
          en_US: 'Bucharest',
          ro_RO: 'București',
          de_DE: 'Bukarest',
          fr_FR: 'Bucarest',
          pl_PL: 'Bukareszt',
        },
      },
      ...states([
        ['AB', 'Alba'],
        ['AR', 'Arad'],
        ['AG', 'Argeș'],
        ['BC', 'Bacău'],
        ['BH', 'Bihor'],
        ['BN', 'Bistrița-Năsăud'],
        ['BT', 'Botoșani'],
        ['BV', 'Brașov'],
        ['BR', 'Brăila'],
        ['BZ', 'Buzău'],
        ['CS', 'Caraș-Severin'],
        ['CL', 'Călărași'],
        ['CJ', 'Cluj'],
        ['CT', 'Constanța'],
        ['CV', 'Covasna'],
        ['DB', 'Dâmbovița'],
        ['DJ', 'Dolj'],
        ['GL', 'Galați'],
        ['GR', 'Giurgiu'],
        ['GJ', 'Gorj'],
        ['HR', 'Harghita'],
        ['HD', 'Hunedoara'],
        ['IL', 'Ialomița'],
        ['IS', 'Iași'],
        ['IF', 'Ilfov'],
        ['MM', 'Maramureș'],
        ['MH', 'Mehedinți'],
        ['MS', 'Mureș'],
        ['NT', 'Neamț'],
        ['OT', 'Olt'],
        ['PH', 'Prahova'],
        ['SM', 'Satu Mare'],
        ['SJ', 'Sălaj'],
        ['SB', 'Sibiu'],
        ['SV', 'Suceava'],
        ['TR', 'Teleorman'],
        ['TM', 'Timiș'],
        ['TL', 'Tulcea'],
        ['VS', 'Vaslui'],
        ['VL', 'Vâlcea'],
        ['VN', 'Vrancea'],
      ]),
    ],
  },
  {
    code: 'US',
    names: {
      en_US: 'United States',
      de_DE: 'Vereinigte Staaten',
      fr_FR: 'États-Unis',
      pl_PL: 'Stany Zjednoczone',
      ro_RO: 'Statele Unite',
    },
    taxRate: 0,
    postalCode: /^\d{5}(-\d{4})?$/,
    regions: states([
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
      ['AR', 'Arkansas'],
      ['CA', 'California'],
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['DC', 'District of Columbia'],
      ['FL', 'Florida'],
      ['GA', 'Georgia'],
      ['HI', 'Hawaii'],
      ['ID', 'Idaho'],
      ['IL', 'Illinois'],
      ['IN', 'Indiana'],
      ['IA', 'Iowa'],
      ['KS', 'Kansas'],
      ['KY', 'Kentucky'],
      ['LA', 'Louisiana'],
      ['ME', 'Maine'],
      ['MD', 'Maryland'],
      ['MA', 'Massachusetts'],
      ['MI', 'Michigan'],
      ['MN', 'Minnesota'],
      ['MS', 'Mississippi'],
      ['MO', 'Missouri'],
      ['MT', 'Montana'],
      ['NE', 'Nebraska'],
      ['NV', 'Nevada'],
      ['NH', 'New Hampshire'],
      ['NJ', 'New Jersey'],
      ['NM', 'New Mexico'],
      ['NY', 'New York'],
      ['NC', 'North Carolina'],
      ['ND', 'North Dakota'],
      ['OH', 'Ohio'],
      ['OK', 'Oklahoma'],
      ['OR', 'Oregon'],
      ['PA', 'Pennsylvania'],
      ['RI', 'Rhode Island'],
      ['SC', 'South Carolina'],
      ['SD', 'South Dakota'],
      ['TN', 'Tennessee'],
      ['TX', 'Texas'],
      ['UT', 'Utah'],
      ['VT', 'Vermont'],
      ['VA', 'Virginia'],
      ['WA', 'Washington'],
      ['WV', 'West Virginia'],
      ['WI', 'Wisconsin'],
      ['WY', 'Wyoming'],
    ]),
  },
  {
    code: 'GB',
    names: {
      en_US: 'United Kingdom',
      de_DE: 'Vereinigtes Königreich',
      fr_FR: 'Royaume-Uni',
      pl_PL: 'Wielka Brytania',
      ro_RO: 'Regatul Unit',
    },
    taxRate: 20,
    postalCode: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  },
]

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]))

export const countryOf = (code: string | null | undefined) =>
  code ? byCode.get(code.toUpperCase()) : undefined

/** Whether an address in the country must name a region (ICM's `mainDivision`). */
export const requiresRegion = (country: Country) => (country.regions?.length ?? 0) > 0

export const countryName = (code: string, locale: Locale) => localize(countryOf(code)?.names, locale) || code

export function regionName(countryCode: string, region: string | null | undefined, locale: Locale) {
  if (!region) return undefined
  const found = countryOf(countryCode)?.regions?.find((r) => r.code === region)
  return found ? localize(found.names, locale) : undefined
}

/**
 * `countries/{code}/main-divisions`: the regions an address in the country names, none where its addresses
 * have no region (so a client's address form shows no region field there). An unknown country is not found.
 */
export function addressRegions(code: string): Region[] {
  const country = countryOf(code)
  if (!country) throw notFoundError('country.not_found.error', 'The country could not be found.')
  return country.regions ?? []
}
