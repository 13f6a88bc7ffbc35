/**
 * Countries the channel ships to, with their main divisions (regions), tax rates and postal code formats.
 * Names are localized; a division without a name in a language uses its own (native) name.
 */
import { localize, type Locale } from './channel'

type Names = Partial<Record<Locale, string>> & { en_US: string }

export type Country = {
  code: string
  names: Names
  /** Sales tax in percent applied to goods shipped to this country (ADR 0010). */
  taxRate: number
  /** The postal code's format, when simple enough to check. */
  postalCode?: RegExp
  /** Regions; an address in a country with regions must name one. */
  divisions?: { code: string; names: Names }[]
}

const same = (name: string): Names => ({ en_US: name })

const states = (list: [string, string][]) => list.map(([code, name]) => ({ code, names: same(name) }))

export const COUNTRIES: Country[] = [
  {
    code: 'DE',
    names: { en_US: 'Germany', de_DE: 'Deutschland', fr_FR: 'Allemagne', pl_PL: 'Niemcy', ro_RO: 'Germania' },
    taxRate: 19,
    postalCode: /^\d{5}$/,
    divisions: [
      {
        code: 'BW',
        names: {
          en_US: 'Baden-Württemberg',
          ro_RO: 'Baden-Württemberg',
          pl_PL: 'Badenia-Wirtembergia',
          fr_FR: 'Bade-Wurtemberg',
          de_DE: 'Baden-Württemberg',
        },
      },
      {
        code: 'BY',
        names: { en_US: 'Bavaria', de_DE: 'Bayern', fr_FR: 'Bavière', pl_PL: 'Bawaria', ro_RO: 'Bavaria' },
      },
      {
        code: 'BE',
        names: { en_US: 'Berlin', de_DE: 'Berlin', fr_FR: 'Berlin', pl_PL: 'Berlin', ro_RO: 'Berlin' },
      },
      {
        code: 'BB',
        names: {
          en_US: 'Brandenburg',
          de_DE: 'Brandenburg',
          fr_FR: 'Brandebourg',
          pl_PL: 'Brandenburgia',
          ro_RO: 'Brandenburg',
        },
      },
      {
        code: 'HB',
        names: { en_US: 'Bremen', de_DE: 'Bremen', fr_FR: 'Brême', pl_PL: 'Brema', ro_RO: 'Bremen' },
      },
      {
        code: 'HH',
        names: { en_US: 'Hamburg', de_DE: 'Hamburg', fr_FR: 'Hambourg', pl_PL: 'Hamburg', ro_RO: 'Hamburg' },
      },
      {
        code: 'HE',
        names: { en_US: 'Hesse', de_DE: 'Hessen', fr_FR: 'Hesse', pl_PL: 'Hesja', ro_RO: 'Hessa' },
      },
      {
        code: 'MV',
        names: {
          en_US: 'Mecklenburg-Western Pomerania',
          de_DE: 'Mecklenburg-Vorpommern',
          fr_FR: 'Mecklembourg-Poméranie-Occidentale',
          pl_PL: 'Meklemburgia-Pomorze Przednie',
          ro_RO: 'Mecklenburg-Pomerania Inferioară',
        },
      },
      {
        code: 'NI',
        names: {
          en_US: 'Lower Saxony',
          de_DE: 'Niedersachsen',
          fr_FR: 'Basse-Saxe',
          pl_PL: 'Dolna Saksonia',
          ro_RO: 'Saxonia Inferioară',
        },
      },
      {
        code: 'NW',
        names: {
          en_US: 'North Rhine-Westphalia',
          de_DE: 'Nordrhein-Westfalen',
          fr_FR: 'Rhénanie-du-Nord-Westphalie',
          pl_PL: 'Nadrenia Północna-Westfalia',
          ro_RO: 'Renania de Nord-Westfalia',
        },
      },
      {
        code: 'RP',
        names: {
          en_US: 'Rhineland-Palatinate',
          de_DE: 'Rheinland-Pfalz',
          fr_FR: 'Rhénanie-Palatinat',
          pl_PL: 'Nadrenia-Palatynat',
          ro_RO: 'Renania-Palatinat',
        },
      },
      {
        code: 'SL',
        names: { en_US: 'Saarland', de_DE: 'Saarland', fr_FR: 'Sarre', pl_PL: 'Saara', ro_RO: 'Saarland' },
      },
      {
        code: 'SN',
        names: { en_US: 'Saxony', de_DE: 'Sachsen', fr_FR: 'Saxe', pl_PL: 'Saksonia', ro_RO: 'Saxonia' },
      },
      {
        code: 'ST',
        names: {
          en_US: 'Saxony-Anhalt',
          de_DE: 'Sachsen-Anhalt',
          fr_FR: 'Saxe-Anhalt',
          pl_PL: 'Saksonia-Anhalt',
          ro_RO: 'Saxonia-Anhalt',
        },
      },
      {
        code: 'SH',
        names: {
          en_US: 'Schleswig-Holstein',
          de_DE: 'Schleswig-Holstein',
          fr_FR: 'Schleswig-Holstein',
          pl_PL: 'Szlezwik-Holsztyn',
          ro_RO: 'Schleswig-Holstein',
        },
      },
      {
        code: 'TH',
        names: {
          en_US: 'Thuringia',
          de_DE: 'Thüringen',
          fr_FR: 'Thuringe',
          pl_PL: 'Turyngia',
          ro_RO: 'Turingia',
        },
      },
    ],
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
    divisions: [
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
    divisions: [
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
    divisions: states([
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

export const countryName = (code: string, locale: Locale) => localize(countryOf(code)?.names, locale) || code

export function divisionName(countryCode: string, division: string | null | undefined, locale: Locale) {
  if (!division) return undefined
  const found = countryOf(countryCode)?.divisions?.find((d) => d.code === division)
  return found ? localize(found.names, locale) : undefined
}

/** `GET countries`, sorted by the localized name. */
export function countriesJson(locale: Locale) {
  return {
    data: COUNTRIES.map((c) => ({ id: c.code, name: localize(c.names, locale) })).sort((a, b) =>
      a.name.localeCompare(b.name, locale.replace('_', '-')),
    ),
  }
}

/** `GET countries/{code}/main-divisions`, or undefined for an unknown country. */
export function mainDivisionsJson(code: string, locale: Locale) {
  const country = countryOf(code)
  if (!country) return undefined
  return {
    data: (country.divisions ?? [])
      .map((d) => ({ id: d.code, name: localize(d.names, locale) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale.replace('_', '-'))),
  }
}
