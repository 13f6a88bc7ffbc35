/**
 * Static catalog data for the demo seed: category taxonomy, brands and text templates in all shop locales.
 * The generator in ./generate.ts combines these into products, variations, bundles and prices.
 */

export type Loc = { en_US: string; de_DE: string; fr_FR: string; pl_PL: string; ro_RO: string }
export type IconName = 'drill' | 'saw' | 'grinder' | 'hammer' | 'wrench' | 'screwdriver' | 'pliers' | 'tape' | 'screw' | 'bolt' | 'nut' | 'anchor' | 'nail' | 'helmet' | 'glove' | 'glasses' | 'boot' | 'vest' | 'brick' | 'bag' | 'pipe' | 'board' | 'cable' | 'plug' | 'lamp' | 'switch' | 'box' // prettier-ignore
export type NumberAttr = { key: string; name: Loc; kind: 'number'; unit: string; values: number[] }
export type TextAttr = { key: string; name: Loc; kind: 'text'; values: Loc[] }
export type AttrDef = NumberAttr | TextAttr
export type VariationDef = { id: string; name: Loc; values: { value: string; names: Loc }[] }
export type LeafDef = {
  /** URL-safe id segment, PascalCase words joined with '-', e.g. 'Cordless-Drills' */
  id: string
  /** Category name */
  name: Loc
  /** One sentence */
  description: Loc
  /** Singular product noun used in product names */
  noun: Loc
  icon: IconName
  /** Typical net price range in EUR */
  priceRange: [number, number]
  /** '' for pieces, or e.g. 'box' for fasteners sold in boxes */
  packingUnit: string
  /** 3 to 5 attributes typical for this kind of product */
  attributes: AttrDef[]
  /** The dimension along which masters vary (size, length, colour, voltage...) */
  variation?: VariationDef
}
export type SubDef = { id: string; name: Loc; description: Loc; children: LeafDef[] }
export type TopDef = { id: string; name: Loc; description: Loc; children: SubDef[] }

// ---------------------------------------------------------------------------------------------------------------
// Helpers and shared values
// ---------------------------------------------------------------------------------------------------------------

const num = (key: string, name: Loc, unit: string, values: number[]): NumberAttr => ({
  key,
  name,
  kind: 'number',
  unit,
  values,
})
const text = (key: string, name: Loc, values: Loc[]): TextAttr => ({ key, name, kind: 'text', values })

/** A value that reads the same in every language (norms, codes, dimensions without decimals). */
const same = (value: string): Loc => ({
  en_US: value,
  de_DE: value,
  fr_FR: value,
  pl_PL: value,
  ro_RO: value,
})

/** A value with decimal numbers: point in English, comma in the other languages. */
const decimal = (value: string): Loc => {
  const comma = value.replace(/(\d)\.(\d)/g, '$1,$2')
  return { en_US: value, de_DE: comma, fr_FR: comma, pl_PL: comma, ro_RO: comma }
}

/** Variation values whose names are a localized word followed by the size, e.g. 'size XL' / 'Größe XL'. */
const sized = (word: Loc, sizes: (string | [value: string, label: string])[]): VariationDef['values'] =>
  sizes.map((size) => {
    const [value, label] = typeof size === 'string' ? [size, size] : size
    return {
      value,
      names: {
        en_US: `${word.en_US} ${label}`,
        de_DE: `${word.de_DE} ${label}`,
        fr_FR: `${word.fr_FR} ${label}`,
        pl_PL: `${word.pl_PL} ${label}`,
        ro_RO: `${word.ro_RO} ${label}`,
      },
    }
  })

/** Variation values that read the same in every language, e.g. 'M8' or '450 g'. */
const plain = (values: [value: string, label: string][]): VariationDef['values'] =>
  values.map(([value, label]) => ({ value, names: decimal(label) }))

const YES: Loc = { en_US: 'yes', de_DE: 'ja', fr_FR: 'oui', pl_PL: 'tak', ro_RO: 'da' }
const NO: Loc = { en_US: 'no', de_DE: 'nein', fr_FR: 'non', pl_PL: 'nie', ro_RO: 'nu' }

const SIZE_WORD: Loc = { en_US: 'size', de_DE: 'Größe', fr_FR: 'taille', pl_PL: 'rozmiar', ro_RO: 'mărimea' }

/** Attribute names used by several leaves. */
const N = {
  weight: { en_US: 'Weight', de_DE: 'Gewicht', fr_FR: 'Poids', pl_PL: 'Waga', ro_RO: 'Greutate' },
  voltage: { en_US: 'Voltage', de_DE: 'Spannung', fr_FR: 'Tension', pl_PL: 'Napięcie', ro_RO: 'Tensiune' },
  power: {
    en_US: 'Rated power',
    de_DE: 'Nennleistung',
    fr_FR: 'Puissance nominale',
    pl_PL: 'Moc znamionowa',
    ro_RO: 'Putere nominală',
  },
  noLoadSpeed: {
    en_US: 'No-load speed',
    de_DE: 'Leerlaufdrehzahl',
    fr_FR: 'Vitesse à vide',
    pl_PL: 'Prędkość obrotowa bez obciążenia',
    ro_RO: 'Turație în gol',
  },
  maxTorque: {
    en_US: 'Max. torque',
    de_DE: 'Max. Drehmoment',
    fr_FR: 'Couple max.',
    pl_PL: 'Maks. moment obrotowy',
    ro_RO: 'Cuplu maxim',
  },
  strokeLength: { en_US: 'Stroke length', de_DE: 'Hublänge', fr_FR: 'Course', pl_PL: 'Skok', ro_RO: 'Cursă' },
  length: { en_US: 'Length', de_DE: 'Länge', fr_FR: 'Longueur', pl_PL: 'Długość', ro_RO: 'Lungime' },
  overallLength: {
    en_US: 'Overall length',
    de_DE: 'Gesamtlänge',
    fr_FR: 'Longueur totale',
    pl_PL: 'Długość całkowita',
    ro_RO: 'Lungime totală',
  },
  width: { en_US: 'Width', de_DE: 'Breite', fr_FR: 'Largeur', pl_PL: 'Szerokość', ro_RO: 'Lățime' },
  thickness: { en_US: 'Thickness', de_DE: 'Dicke', fr_FR: 'Épaisseur', pl_PL: 'Grubość', ro_RO: 'Grosime' },
  diameter: {
    en_US: 'Diameter',
    de_DE: 'Durchmesser',
    fr_FR: 'Diamètre',
    pl_PL: 'Średnica',
    ro_RO: 'Diametru',
  },
  innerDiameter: {
    en_US: 'Inner diameter',
    de_DE: 'Innendurchmesser',
    fr_FR: 'Diamètre intérieur',
    pl_PL: 'Średnica wewnętrzna',
    ro_RO: 'Diametru interior',
  },
  outerDiameter: {
    en_US: 'Outer diameter',
    de_DE: 'Außendurchmesser',
    fr_FR: 'Diamètre extérieur',
    pl_PL: 'Średnica zewnętrzna',
    ro_RO: 'Diametru exterior',
  },
  wallThickness: {
    en_US: 'Wall thickness',
    de_DE: 'Wandstärke',
    fr_FR: 'Épaisseur de paroi',
    pl_PL: 'Grubość ścianki',
    ro_RO: 'Grosimea peretelui',
  },
  threadDiameter: {
    en_US: 'Thread diameter',
    de_DE: 'Gewindedurchmesser',
    fr_FR: 'Diamètre du filetage',
    pl_PL: 'Średnica gwintu',
    ro_RO: 'Diametrul filetului',
  },
  threadSize: { en_US: 'Thread size', de_DE: 'Gewinde', fr_FR: 'Filetage', pl_PL: 'Gwint', ro_RO: 'Filet' },
  material: { en_US: 'Material', de_DE: 'Material', fr_FR: 'Matériau', pl_PL: 'Materiał', ro_RO: 'Material' },
  color: { en_US: 'Color', de_DE: 'Farbe', fr_FR: 'Couleur', pl_PL: 'Kolor', ro_RO: 'Culoare' },
  quantity: {
    en_US: 'Pieces per box',
    de_DE: 'Stück pro Packung',
    fr_FR: 'Pièces par boîte',
    pl_PL: 'Sztuk w opakowaniu',
    ro_RO: 'Bucăți per cutie',
  },
  handleMaterial: {
    en_US: 'Handle material',
    de_DE: 'Stielmaterial',
    fr_FR: 'Matériau du manche',
    pl_PL: 'Materiał trzonka',
    ro_RO: 'Materialul cozii',
  },
  handle: { en_US: 'Handle', de_DE: 'Griff', fr_FR: 'Manche', pl_PL: 'Rękojeść', ro_RO: 'Mâner' },
  driveSize: {
    en_US: 'Drive size',
    de_DE: 'Antrieb',
    fr_FR: "Carré d'entraînement",
    pl_PL: 'Zabierak',
    ro_RO: 'Antrenare',
  },
  coating: {
    en_US: 'Coating',
    de_DE: 'Beschichtung',
    fr_FR: 'Enduction',
    pl_PL: 'Powłoka',
    ro_RO: 'Acoperire',
  },
  compressiveStrength: {
    en_US: 'Compressive strength',
    de_DE: 'Druckfestigkeit',
    fr_FR: 'Résistance à la compression',
    pl_PL: 'Wytrzymałość na ściskanie',
    ro_RO: 'Rezistență la compresiune',
  },
  fabricWeight: {
    en_US: 'Fabric weight',
    de_DE: 'Stoffgewicht',
    fr_FR: 'Grammage',
    pl_PL: 'Gramatura',
    ro_RO: 'Gramaj',
  },
  ipRating: {
    en_US: 'Protection rating',
    de_DE: 'Schutzart',
    fr_FR: 'Indice de protection',
    pl_PL: 'Stopień ochrony',
    ro_RO: 'Grad de protecție',
  },
  ratedCurrent: {
    en_US: 'Rated current',
    de_DE: 'Nennstrom',
    fr_FR: 'Courant nominal',
    pl_PL: 'Prąd znamionowy',
    ro_RO: 'Curent nominal',
  },
  mounting: { en_US: 'Mounting', de_DE: 'Montageart', fr_FR: 'Pose', pl_PL: 'Montaż', ro_RO: 'Montaj' },
  luminousFlux: {
    en_US: 'Luminous flux',
    de_DE: 'Lichtstrom',
    fr_FR: 'Flux lumineux',
    pl_PL: 'Strumień świetlny',
    ro_RO: 'Flux luminos',
  },
  colorTemperature: {
    en_US: 'Color temperature',
    de_DE: 'Farbtemperatur',
    fr_FR: 'Température de couleur',
    pl_PL: 'Temperatura barwowa',
    ro_RO: 'Temperatura de culoare',
  },
  powerSource: {
    en_US: 'Power source',
    de_DE: 'Stromversorgung',
    fr_FR: 'Alimentation',
    pl_PL: 'Zasilanie',
    ro_RO: 'Alimentare',
  },
} satisfies Record<string, Loc>

/** Attribute values used by several leaves. */
const V = {
  crvSteel: {
    en_US: 'chrome vanadium steel',
    de_DE: 'Chrom-Vanadium-Stahl',
    fr_FR: 'acier chrome-vanadium',
    pl_PL: 'stal chromowo-wanadowa',
    ro_RO: 'oțel crom-vanadiu',
  },
  zincSteel: {
    en_US: 'zinc-plated steel',
    de_DE: 'Stahl verzinkt',
    fr_FR: 'acier zingué',
    pl_PL: 'stal ocynkowana',
    ro_RO: 'oțel zincat',
  },
  yellowZincSteel: {
    en_US: 'yellow zinc-plated steel',
    de_DE: 'Stahl gelb verzinkt',
    fr_FR: 'acier zingué jaune',
    pl_PL: 'stal ocynkowana na żółto',
    ro_RO: 'oțel zincat galben',
  },
  hotDipSteel: {
    en_US: 'hot-dip galvanized steel',
    de_DE: 'Stahl feuerverzinkt',
    fr_FR: 'acier galvanisé à chaud',
    pl_PL: 'stal ocynkowana ogniowo',
    ro_RO: 'oțel zincat termic',
  },
  steel88: {
    en_US: 'steel, grade 8.8, zinc-plated',
    de_DE: 'Stahl 8.8, verzinkt',
    fr_FR: 'acier classe 8.8, zingué',
    pl_PL: 'stal klasy 8.8, ocynkowana',
    ro_RO: 'oțel clasa 8.8, zincat',
  },
  steel129: {
    en_US: 'steel, grade 12.9, black oxide',
    de_DE: 'Stahl 12.9, brüniert',
    fr_FR: 'acier classe 12.9, bruni',
    pl_PL: 'stal klasy 12.9, czerniona',
    ro_RO: 'oțel clasa 12.9, brunat',
  },
  stainlessA2: {
    en_US: 'stainless steel A2',
    de_DE: 'Edelstahl A2',
    fr_FR: 'acier inoxydable A2',
    pl_PL: 'stal nierdzewna A2',
    ro_RO: 'oțel inoxidabil A2',
  },
  stainlessA4: {
    en_US: 'stainless steel A4',
    de_DE: 'Edelstahl A4',
    fr_FR: 'acier inoxydable A4',
    pl_PL: 'stal nierdzewna A4',
    ro_RO: 'oțel inoxidabil A4',
  },
  steel: { en_US: 'steel', de_DE: 'Stahl', fr_FR: 'acier', pl_PL: 'stal', ro_RO: 'oțel' },
  fiberglass: {
    en_US: 'fiberglass',
    de_DE: 'Glasfaser',
    fr_FR: 'fibre de verre',
    pl_PL: 'włókno szklane',
    ro_RO: 'fibră de sticlă',
  },
  hickory: {
    en_US: 'hickory wood',
    de_DE: 'Hickoryholz',
    fr_FR: 'bois de hickory',
    pl_PL: 'drewno hikorowe',
    ro_RO: 'lemn de hickory',
  },
  ash: {
    en_US: 'ash wood',
    de_DE: 'Eschenholz',
    fr_FR: 'bois de frêne',
    pl_PL: 'drewno jesionowe',
    ro_RO: 'lemn de frasin',
  },
  plastic: {
    en_US: 'plastic',
    de_DE: 'Kunststoff',
    fr_FR: 'plastique',
    pl_PL: 'tworzywo sztuczne',
    ro_RO: 'plastic',
  },
  metal: { en_US: 'metal', de_DE: 'Metall', fr_FR: 'métal', pl_PL: 'metal', ro_RO: 'metal' },
  polyamide: {
    en_US: 'polyamide (nylon)',
    de_DE: 'Polyamid (Nylon)',
    fr_FR: 'polyamide (nylon)',
    pl_PL: 'poliamid (nylon)',
    ro_RO: 'poliamidă (nailon)',
  },
  polypropylene: {
    en_US: 'polypropylene',
    de_DE: 'Polypropylen',
    fr_FR: 'polypropylène',
    pl_PL: 'polipropylen',
    ro_RO: 'polipropilenă',
  },
  nitrile: { en_US: 'nitrile', de_DE: 'Nitril', fr_FR: 'nitrile', pl_PL: 'nitryl', ro_RO: 'nitril' },
  latex: { en_US: 'latex', de_DE: 'Latex', fr_FR: 'latex', pl_PL: 'lateks', ro_RO: 'latex' },
  polyurethane: {
    en_US: 'polyurethane',
    de_DE: 'Polyurethan',
    fr_FR: 'polyuréthane',
    pl_PL: 'poliuretan',
    ro_RO: 'poliuretan',
  },
  polyester: {
    en_US: 'polyester',
    de_DE: 'Polyester',
    fr_FR: 'polyester',
    pl_PL: 'poliester',
    ro_RO: 'poliester',
  },
  twoComponentHandle: {
    en_US: 'two-component',
    de_DE: 'Zweikomponenten',
    fr_FR: 'bi-matière',
    pl_PL: 'dwukomponentowa',
    ro_RO: 'bicomponent',
  },
  vdeHandle: {
    en_US: 'VDE-insulated, 1000 V',
    de_DE: 'VDE-isoliert, 1000 V',
    fr_FR: 'isolé VDE, 1000 V',
    pl_PL: 'izolowana VDE, 1000 V',
    ro_RO: 'izolat VDE, 1000 V',
  },
  mains: { en_US: 'mains', de_DE: 'Netz', fr_FR: 'secteur', pl_PL: 'sieciowe', ro_RO: 'de la rețea' },
  battery: {
    en_US: 'battery',
    de_DE: 'Akku',
    fr_FR: 'batterie',
    pl_PL: 'akumulatorowe',
    ro_RO: 'cu acumulator',
  },
  flush: {
    en_US: 'flush-mounted',
    de_DE: 'Unterputz',
    fr_FR: 'encastrée',
    pl_PL: 'podtynkowy',
    ro_RO: 'încastrat',
  },
  surface: {
    en_US: 'surface-mounted',
    de_DE: 'Aufputz',
    fr_FR: 'en saillie',
    pl_PL: 'natynkowy',
    ro_RO: 'aparent',
  },
} satisfies Record<string, Loc>

/** Colour names as attribute values (the colour itself, not agreeing with a product noun). */
const C = {
  white: { en_US: 'white', de_DE: 'Weiß', fr_FR: 'blanc', pl_PL: 'biały', ro_RO: 'alb' },
  black: { en_US: 'black', de_DE: 'Schwarz', fr_FR: 'noir', pl_PL: 'czarny', ro_RO: 'negru' },
  gray: { en_US: 'gray', de_DE: 'Grau', fr_FR: 'gris', pl_PL: 'szary', ro_RO: 'gri' },
  anthracite: {
    en_US: 'anthracite',
    de_DE: 'Anthrazit',
    fr_FR: 'anthracite',
    pl_PL: 'antracytowy',
    ro_RO: 'antracit',
  },
  navy: {
    en_US: 'navy blue',
    de_DE: 'Marineblau',
    fr_FR: 'bleu marine',
    pl_PL: 'granatowy',
    ro_RO: 'bleumarin',
  },
  olive: { en_US: 'olive', de_DE: 'Oliv', fr_FR: 'olive', pl_PL: 'oliwkowy', ro_RO: 'verde oliv' },
  orange: { en_US: 'orange', de_DE: 'Orange', fr_FR: 'orange', pl_PL: 'pomarańczowy', ro_RO: 'portocaliu' },
  red: { en_US: 'red', de_DE: 'Rot', fr_FR: 'rouge', pl_PL: 'czerwony', ro_RO: 'roșu' },
  fluoYellow: {
    en_US: 'fluorescent yellow',
    de_DE: 'Leuchtgelb',
    fr_FR: 'jaune fluo',
    pl_PL: 'żółty fluorescencyjny',
    ro_RO: 'galben fluorescent',
  },
  fluoOrange: {
    en_US: 'fluorescent orange',
    de_DE: 'Leuchtorange',
    fr_FR: 'orange fluo',
    pl_PL: 'pomarańczowy fluorescencyjny',
    ro_RO: 'portocaliu fluorescent',
  },
} satisfies Record<string, Loc>

const handleMaterial = text('handleMaterial', N.handleMaterial, [V.fiberglass, V.hickory, V.ash, V.steel])
const quantityPerBox = (values: number[]) => num('quantityPerBox', N.quantity, '', values)
const ipRating = (codes: string[]) => text('ipRating', N.ipRating, codes.map(same))
const mounting = text('mounting', N.mounting, [V.flush, V.surface])

// ---------------------------------------------------------------------------------------------------------------
// Taxonomy: 6 top categories × 3 sub-categories × 3 leaves
// ---------------------------------------------------------------------------------------------------------------

const powerTools: TopDef = {
  id: 'Power-Tools',
  name: {
    en_US: 'Power Tools',
    de_DE: 'Elektrowerkzeuge',
    fr_FR: 'Outillage électroportatif',
    pl_PL: 'Elektronarzędzia',
    ro_RO: 'Scule electrice',
  },
  description: {
    en_US:
      'Corded and cordless power tools for drilling, sawing and grinding on the job site and in the workshop.',
    de_DE:
      'Netz- und Akku-Elektrowerkzeuge zum Bohren, Sägen und Schleifen auf der Baustelle und in der Werkstatt.',
    fr_FR:
      "Outils électroportatifs filaires et sans fil pour percer, scier et poncer sur le chantier et à l'atelier.",
    pl_PL:
      'Elektronarzędzia sieciowe i akumulatorowe do wiercenia, cięcia i szlifowania na budowie i w warsztacie.',
    ro_RO:
      'Scule electrice cu fir și cu acumulator pentru găurire, tăiere și șlefuire pe șantier și în atelier.',
  },
  children: [
    {
      id: 'Drilling-And-Screwdriving',
      name: {
        en_US: 'Drilling & Screwdriving',
        de_DE: 'Bohren & Schrauben',
        fr_FR: 'Perçage et vissage',
        pl_PL: 'Wiercenie i wkręcanie',
        ro_RO: 'Găurire și înșurubare',
      },
      description: {
        en_US: 'Drill drivers, hammer drills and impact drivers for wood, metal and masonry.',
        de_DE: 'Bohrschrauber, Schlagbohrmaschinen und Schlagschrauber für Holz, Metall und Mauerwerk.',
        fr_FR:
          'Perceuses-visseuses, perceuses à percussion et visseuses à chocs pour le bois, le métal et la maçonnerie.',
        pl_PL: 'Wiertarko-wkrętarki, wiertarki udarowe i zakrętarki udarowe do drewna, metalu i muru.',
        ro_RO:
          'Mașini de găurit și înșurubat, mașini cu percuție și mașini de înșurubat cu impact pentru lemn, metal și zidărie.',
      },
      children: [
        {
          id: 'Cordless-Drills',
          name: {
            en_US: 'Cordless Drills',
            de_DE: 'Akku-Bohrschrauber',
            fr_FR: 'Perceuses-visseuses sans fil',
            pl_PL: 'Wiertarko-wkrętarki akumulatorowe',
            ro_RO: 'Mașini de găurit și înșurubat cu acumulator',
          },
          description: {
            en_US: 'Cordless drill drivers for screwdriving and drilling without a power cable.',
            de_DE: 'Akku-Bohrschrauber zum Schrauben und Bohren ohne lästiges Netzkabel.',
            fr_FR: "Perceuses-visseuses sans fil pour visser et percer sans câble d'alimentation.",
            pl_PL: 'Akumulatorowe wiertarko-wkrętarki do wkręcania i wiercenia bez przewodu zasilającego.',
            ro_RO: 'Mașini de găurit și înșurubat cu acumulator, pentru lucru fără cablu de alimentare.',
          },
          noun: {
            en_US: 'Cordless Drill',
            de_DE: 'Akku-Bohrschrauber',
            fr_FR: 'Perceuse-visseuse sans fil',
            pl_PL: 'Wiertarko-wkrętarka akumulatorowa',
            ro_RO: 'Mașină de găurit și înșurubat cu acumulator',
          },
          icon: 'drill',
          priceRange: [59, 399],
          packingUnit: '',
          attributes: [
            num('voltage', N.voltage, 'V', [10.8, 12, 18]),
            num('maxTorque', N.maxTorque, 'Nm', [30, 40, 55, 60, 80, 95]),
            num(
              'chuckCapacity',
              {
                en_US: 'Chuck capacity',
                de_DE: 'Bohrfutter-Spannweite',
                fr_FR: 'Capacité du mandrin',
                pl_PL: 'Zakres uchwytu',
                ro_RO: 'Capacitatea mandrinei',
              },
              'mm',
              [10, 13],
            ),
            num('noLoadSpeed', N.noLoadSpeed, '1/min', [1500, 1700, 1900, 2100]),
            num('weight', N.weight, 'kg', [1.0, 1.3, 1.5, 1.8]),
          ],
          variation: {
            id: 'batteryKit',
            name: {
              en_US: 'Battery kit',
              de_DE: 'Akku-Ausstattung',
              fr_FR: 'Équipement batterie',
              pl_PL: 'Zestaw akumulatorów',
              ro_RO: 'Set acumulatori',
            },
            values: [
              {
                value: 'solo',
                names: {
                  en_US: 'without battery',
                  de_DE: 'ohne Akku',
                  fr_FR: 'sans batterie',
                  pl_PL: 'bez akumulatora',
                  ro_RO: 'fără acumulator',
                },
              },
              {
                value: '1x2Ah',
                names: {
                  en_US: 'with 1 × 2.0 Ah battery',
                  de_DE: 'mit 1 Akku 2,0 Ah',
                  fr_FR: 'avec 1 batterie 2,0 Ah',
                  pl_PL: 'z 1 akumulatorem 2,0 Ah',
                  ro_RO: 'cu 1 acumulator 2,0 Ah',
                },
              },
              {
                value: '2x2Ah',
                names: {
                  en_US: 'with 2 × 2.0 Ah batteries',
                  de_DE: 'mit 2 Akkus 2,0 Ah',
                  fr_FR: 'avec 2 batteries 2,0 Ah',
                  pl_PL: 'z 2 akumulatorami 2,0 Ah',
                  ro_RO: 'cu 2 acumulatori 2,0 Ah',
                },
              },
              {
                value: '2x4Ah',
                names: {
                  en_US: 'with 2 × 4.0 Ah batteries',
                  de_DE: 'mit 2 Akkus 4,0 Ah',
                  fr_FR: 'avec 2 batteries 4,0 Ah',
                  pl_PL: 'z 2 akumulatorami 4,0 Ah',
                  ro_RO: 'cu 2 acumulatori 4,0 Ah',
                },
              },
              {
                value: '2x5Ah',
                names: {
                  en_US: 'with 2 × 5.0 Ah batteries',
                  de_DE: 'mit 2 Akkus 5,0 Ah',
                  fr_FR: 'avec 2 batteries 5,0 Ah',
                  pl_PL: 'z 2 akumulatorami 5,0 Ah',
                  ro_RO: 'cu 2 acumulatori 5,0 Ah',
                },
              },
            ],
          },
        },
        {
          id: 'Hammer-Drills',
          name: {
            en_US: 'Hammer Drills',
            de_DE: 'Schlagbohrmaschinen',
            fr_FR: 'Perceuses à percussion',
            pl_PL: 'Wiertarki udarowe',
            ro_RO: 'Mașini de găurit cu percuție',
          },
          description: {
            en_US: 'Corded hammer drills for drilling into concrete, brick and stone.',
            de_DE: 'Netzbetriebene Schlagbohrmaschinen zum Bohren in Beton, Ziegel und Stein.',
            fr_FR: 'Perceuses à percussion filaires pour percer le béton, la brique et la pierre.',
            pl_PL: 'Sieciowe wiertarki udarowe do wiercenia w betonie, cegle i kamieniu.',
            ro_RO: 'Mașini de găurit cu percuție, cu fir, pentru găurirea betonului, cărămizii și pietrei.',
          },
          noun: {
            en_US: 'Hammer Drill',
            de_DE: 'Schlagbohrmaschine',
            fr_FR: 'Perceuse à percussion',
            pl_PL: 'Wiertarka udarowa',
            ro_RO: 'Mașină de găurit cu percuție',
          },
          icon: 'drill',
          priceRange: [49, 279],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [600, 710, 850, 1010, 1100]),
            num('noLoadSpeed', N.noLoadSpeed, '1/min', [2800, 3000, 3100]),
            num(
              'maxDrillDiameterConcrete',
              {
                en_US: 'Max. drilling diameter in concrete',
                de_DE: 'Max. Bohrdurchmesser in Beton',
                fr_FR: 'Diamètre de perçage max. dans le béton',
                pl_PL: 'Maks. średnica wiercenia w betonie',
                ro_RO: 'Diametru max. de găurire în beton',
              },
              'mm',
              [13, 16, 18, 20],
            ),
            text(
              'chuckType',
              { en_US: 'Chuck', de_DE: 'Bohrfutter', fr_FR: 'Mandrin', pl_PL: 'Uchwyt', ro_RO: 'Mandrină' },
              [
                {
                  en_US: 'keyless',
                  de_DE: 'Schnellspannbohrfutter',
                  fr_FR: 'autoserrant',
                  pl_PL: 'szybkozaciskowy',
                  ro_RO: 'rapidă, fără cheie',
                },
                {
                  en_US: 'keyed',
                  de_DE: 'Zahnkranzbohrfutter',
                  fr_FR: 'à clé',
                  pl_PL: 'kluczykowy',
                  ro_RO: 'cu cheie',
                },
              ],
            ),
            num('weight', N.weight, 'kg', [1.8, 2.1, 2.4, 2.8]),
          ],
        },
        {
          id: 'Impact-Drivers',
          name: {
            en_US: 'Impact Drivers',
            de_DE: 'Akku-Schlagschrauber',
            fr_FR: 'Visseuses à chocs',
            pl_PL: 'Zakrętarki udarowe',
            ro_RO: 'Mașini de înșurubat cu impact',
          },
          description: {
            en_US: 'Compact cordless impact drivers for driving long screws and loosening stubborn bolts.',
            de_DE: 'Kompakte Akku-Schlagschrauber für lange Schrauben und festsitzende Verbindungen.',
            fr_FR: 'Visseuses à chocs compactes sans fil pour les longues vis et les assemblages grippés.',
            pl_PL: 'Kompaktowe akumulatorowe zakrętarki udarowe do długich wkrętów i zapieczonych połączeń.',
            ro_RO:
              'Mașini compacte de înșurubat cu impact, cu acumulator, pentru șuruburi lungi și îmbinări blocate.',
          },
          noun: {
            en_US: 'Impact Driver',
            de_DE: 'Akku-Schlagschrauber',
            fr_FR: 'Visseuse à chocs',
            pl_PL: 'Zakrętarka udarowa',
            ro_RO: 'Mașină de înșurubat cu impact',
          },
          icon: 'drill',
          priceRange: [79, 349],
          packingUnit: '',
          attributes: [
            num('voltage', N.voltage, 'V', [12, 18]),
            num('maxTorque', N.maxTorque, 'Nm', [150, 180, 200, 220, 300]),
            num(
              'impactRate',
              {
                en_US: 'Impact rate',
                de_DE: 'Schlagzahl',
                fr_FR: 'Fréquence de frappe',
                pl_PL: 'Liczba udarów',
                ro_RO: 'Frecvența impacturilor',
              },
              '1/min',
              [3200, 3400, 3600, 3800],
            ),
            text(
              'toolHolder',
              {
                en_US: 'Tool holder',
                de_DE: 'Werkzeugaufnahme',
                fr_FR: 'Porte-outil',
                pl_PL: 'Uchwyt narzędziowy',
                ro_RO: 'Prindere',
              },
              [
                {
                  en_US: '1/4" hex',
                  de_DE: '1/4"-Innensechskant',
                  fr_FR: '6 pans 1/4"',
                  pl_PL: 'sześciokątny 1/4"',
                  ro_RO: 'hexagonală 1/4"',
                },
                {
                  en_US: '1/2" square',
                  de_DE: '1/2"-Vierkant',
                  fr_FR: 'carré 1/2"',
                  pl_PL: 'kwadratowy 1/2"',
                  ro_RO: 'pătrată 1/2"',
                },
              ],
            ),
            num('weight', N.weight, 'kg', [1.0, 1.2, 1.4]),
          ],
        },
      ],
    },
    {
      id: 'Sawing-And-Cutting',
      name: {
        en_US: 'Sawing & Cutting',
        de_DE: 'Sägen & Trennen',
        fr_FR: 'Sciage et découpe',
        pl_PL: 'Piłowanie i cięcie',
        ro_RO: 'Tăiere și debitare',
      },
      description: {
        en_US: 'Circular saws, jigsaws and reciprocating saws for straight, curved and demolition cuts.',
        de_DE:
          'Handkreissägen, Stichsägen und Säbelsägen für gerade Schnitte, Kurvenschnitte und Abbrucharbeiten.',
        fr_FR:
          'Scies circulaires, scies sauteuses et scies sabres pour les coupes droites, les découpes courbes et la démolition.',
        pl_PL:
          'Pilarki tarczowe, wyrzynarki i piły szablaste do cięć prostych, krzywoliniowych i prac rozbiórkowych.',
        ro_RO: 'Ferăstraie circulare, pendulare și sabie pentru tăieri drepte, curbe și lucrări de demolare.',
      },
      children: [
        {
          id: 'Circular-Saws',
          name: {
            en_US: 'Circular Saws',
            de_DE: 'Handkreissägen',
            fr_FR: 'Scies circulaires',
            pl_PL: 'Pilarki tarczowe',
            ro_RO: 'Ferăstraie circulare',
          },
          description: {
            en_US: 'Hand-held circular saws for fast, straight cuts in timber and panels.',
            de_DE: 'Handkreissägen für schnelle, gerade Schnitte in Holz und Plattenwerkstoffen.',
            fr_FR:
              'Scies circulaires portatives pour des coupes rapides et droites dans le bois et les panneaux.',
            pl_PL: 'Ręczne pilarki tarczowe do szybkiego, prostego cięcia drewna i płyt.',
            ro_RO: 'Ferăstraie circulare de mână pentru tăieri rapide și drepte în lemn și plăci.',
          },
          noun: {
            en_US: 'Circular Saw',
            de_DE: 'Handkreissäge',
            fr_FR: 'Scie circulaire',
            pl_PL: 'Pilarka tarczowa',
            ro_RO: 'Ferăstrău circular',
          },
          icon: 'saw',
          priceRange: [79, 429],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [1200, 1400, 1600, 1800]),
            num(
              'bladeDiameter',
              {
                en_US: 'Blade diameter',
                de_DE: 'Sägeblattdurchmesser',
                fr_FR: 'Diamètre de lame',
                pl_PL: 'Średnica tarczy',
                ro_RO: 'Diametrul pânzei',
              },
              'mm',
              [165, 184, 190, 210, 235],
            ),
            num(
              'maxCuttingDepth',
              {
                en_US: 'Max. cutting depth',
                de_DE: 'Max. Schnitttiefe',
                fr_FR: 'Profondeur de coupe max.',
                pl_PL: 'Maks. głębokość cięcia',
                ro_RO: 'Adâncime max. de tăiere',
              },
              'mm',
              [55, 62, 66, 70, 85],
            ),
            num('weight', N.weight, 'kg', [3.4, 4.0, 4.6, 5.2]),
          ],
        },
        {
          id: 'Jigsaws',
          name: {
            en_US: 'Jigsaws',
            de_DE: 'Stichsägen',
            fr_FR: 'Scies sauteuses',
            pl_PL: 'Wyrzynarki',
            ro_RO: 'Ferăstraie pendulare',
          },
          description: {
            en_US: 'Jigsaws for curved and straight cuts in wood, plastic and sheet metal.',
            de_DE: 'Stichsägen für Kurven- und Geradschnitte in Holz, Kunststoff und Blech.',
            fr_FR: 'Scies sauteuses pour découpes courbes et droites dans le bois, le plastique et la tôle.',
            pl_PL: 'Wyrzynarki do cięć krzywoliniowych i prostych w drewnie, tworzywach sztucznych i blasze.',
            ro_RO: 'Ferăstraie pendulare pentru tăieri curbe și drepte în lemn, plastic și tablă.',
          },
          noun: {
            en_US: 'Jigsaw',
            de_DE: 'Stichsäge',
            fr_FR: 'Scie sauteuse',
            pl_PL: 'Wyrzynarka',
            ro_RO: 'Ferăstrău pendular',
          },
          icon: 'saw',
          priceRange: [49, 279],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [500, 650, 720, 800]),
            num('strokeLength', N.strokeLength, 'mm', [18, 20, 26]),
            num(
              'maxCuttingDepthWood',
              {
                en_US: 'Max. cutting depth in wood',
                de_DE: 'Max. Schnitttiefe in Holz',
                fr_FR: 'Profondeur de coupe max. dans le bois',
                pl_PL: 'Maks. głębokość cięcia w drewnie',
                ro_RO: 'Adâncime max. de tăiere în lemn',
              },
              'mm',
              [70, 90, 110, 120, 135],
            ),
            text(
              'bladeShank',
              {
                en_US: 'Blade shank',
                de_DE: 'Sägeblattaufnahme',
                fr_FR: 'Fixation de lame',
                pl_PL: 'Mocowanie brzeszczotu',
                ro_RO: 'Prinderea pânzei',
              },
              [
                {
                  en_US: 'T-shank',
                  de_DE: 'T-Schaft',
                  fr_FR: 'emmanchement en T',
                  pl_PL: 'chwyt typu T',
                  ro_RO: 'coadă tip T',
                },
                {
                  en_US: 'U-shank',
                  de_DE: 'U-Schaft',
                  fr_FR: 'emmanchement en U',
                  pl_PL: 'chwyt typu U',
                  ro_RO: 'coadă tip U',
                },
              ],
            ),
          ],
        },
        {
          id: 'Reciprocating-Saws',
          name: {
            en_US: 'Reciprocating Saws',
            de_DE: 'Säbelsägen',
            fr_FR: 'Scies sabres',
            pl_PL: 'Piły szablaste',
            ro_RO: 'Ferăstraie sabie',
          },
          description: {
            en_US: 'Reciprocating saws for demolition, renovation and cutting pipes.',
            de_DE: 'Säbelsägen für Abbruch, Renovierung und das Trennen von Rohren.',
            fr_FR: 'Scies sabres pour la démolition, la rénovation et la découpe de tuyaux.',
            pl_PL: 'Piły szablaste do rozbiórek, remontów i cięcia rur.',
            ro_RO: 'Ferăstraie sabie pentru demolări, renovări și tăierea țevilor.',
          },
          noun: {
            en_US: 'Reciprocating Saw',
            de_DE: 'Säbelsäge',
            fr_FR: 'Scie sabre',
            pl_PL: 'Piła szablasta',
            ro_RO: 'Ferăstrău sabie',
          },
          icon: 'saw',
          priceRange: [89, 369],
          packingUnit: '',
          attributes: [
            text('powerSource', N.powerSource, [V.mains, V.battery]),
            num('strokeLength', N.strokeLength, 'mm', [20, 28, 32]),
            num(
              'strokeRate',
              {
                en_US: 'Stroke rate',
                de_DE: 'Hubzahl',
                fr_FR: 'Cadence de coupe',
                pl_PL: 'Liczba skoków',
                ro_RO: 'Număr de curse',
              },
              '1/min',
              [2700, 2900, 3000, 3200],
            ),
            num('weight', N.weight, 'kg', [2.8, 3.2, 3.6, 4.1]),
          ],
        },
      ],
    },
    {
      id: 'Grinding-And-Sanding',
      name: {
        en_US: 'Grinding & Sanding',
        de_DE: 'Schleifen',
        fr_FR: 'Meulage et ponçage',
        pl_PL: 'Szlifowanie',
        ro_RO: 'Polizare și șlefuire',
      },
      description: {
        en_US: 'Angle grinders and sanders for cutting, grinding and surface preparation.',
        de_DE:
          'Winkelschleifer und Schleifmaschinen zum Trennen, Schleifen und für die Oberflächenvorbereitung.',
        fr_FR: 'Meuleuses et ponceuses pour tronçonner, meuler et préparer les surfaces.',
        pl_PL: 'Szlifierki kątowe i szlifierki do cięcia, szlifowania i przygotowania powierzchni.',
        ro_RO:
          'Polizoare unghiulare și mașini de șlefuit pentru debitare, polizare și pregătirea suprafețelor.',
      },
      children: [
        {
          id: 'Angle-Grinders',
          name: {
            en_US: 'Angle Grinders',
            de_DE: 'Winkelschleifer',
            fr_FR: "Meuleuses d'angle",
            pl_PL: 'Szlifierki kątowe',
            ro_RO: 'Polizoare unghiulare',
          },
          description: {
            en_US: 'Angle grinders for cutting and grinding metal, stone and tiles.',
            de_DE: 'Winkelschleifer zum Trennen und Schleifen von Metall, Stein und Fliesen.',
            fr_FR: "Meuleuses d'angle pour tronçonner et meuler le métal, la pierre et le carrelage.",
            pl_PL: 'Szlifierki kątowe do cięcia i szlifowania metalu, kamienia i płytek.',
            ro_RO:
              'Polizoare unghiulare pentru tăierea și polizarea metalului, pietrei și plăcilor ceramice.',
          },
          noun: {
            en_US: 'Angle Grinder',
            de_DE: 'Winkelschleifer',
            fr_FR: "Meuleuse d'angle",
            pl_PL: 'Szlifierka kątowa',
            ro_RO: 'Polizor unghiular',
          },
          icon: 'grinder',
          priceRange: [39, 289],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [750, 900, 1200, 1400, 2200]),
            num(
              'discDiameter',
              {
                en_US: 'Disc diameter',
                de_DE: 'Scheibendurchmesser',
                fr_FR: 'Diamètre du disque',
                pl_PL: 'Średnica tarczy',
                ro_RO: 'Diametrul discului',
              },
              'mm',
              [115, 125, 150, 230],
            ),
            num('noLoadSpeed', N.noLoadSpeed, '1/min', [6500, 8500, 11000, 12000]),
            num('weight', N.weight, 'kg', [1.9, 2.2, 2.6, 5.2]),
          ],
        },
        {
          id: 'Orbital-Sanders',
          name: {
            en_US: 'Random Orbital Sanders',
            de_DE: 'Exzenterschleifer',
            fr_FR: 'Ponceuses excentriques',
            pl_PL: 'Szlifierki mimośrodowe',
            ro_RO: 'Mașini de șlefuit cu excentric',
          },
          description: {
            en_US: 'Random orbital sanders for a smooth, swirl-free finish on wood and paint.',
            de_DE: 'Exzenterschleifer für glatte, riefenfreie Oberflächen auf Holz und Lack.',
            fr_FR:
              'Ponceuses excentriques pour une finition lisse et sans rayures sur le bois et la peinture.',
            pl_PL: 'Szlifierki mimośrodowe do gładkiego wykańczania drewna i powłok lakierniczych bez rys.',
            ro_RO:
              'Mașini de șlefuit cu excentric pentru finisaje netede, fără zgârieturi, pe lemn și vopsea.',
          },
          noun: {
            en_US: 'Random Orbital Sander',
            de_DE: 'Exzenterschleifer',
            fr_FR: 'Ponceuse excentrique',
            pl_PL: 'Szlifierka mimośrodowa',
            ro_RO: 'Mașină de șlefuit cu excentric',
          },
          icon: 'grinder',
          priceRange: [59, 349],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [250, 310, 350, 400, 450]),
            num(
              'padDiameter',
              {
                en_US: 'Sanding pad diameter',
                de_DE: 'Schleiftellerdurchmesser',
                fr_FR: 'Diamètre du plateau',
                pl_PL: 'Średnica talerza szlifierskiego',
                ro_RO: 'Diametrul talerului',
              },
              'mm',
              [125, 150],
            ),
            num(
              'orbitDiameter',
              {
                en_US: 'Orbit diameter',
                de_DE: 'Schwingkreisdurchmesser',
                fr_FR: "Diamètre d'orbite",
                pl_PL: 'Średnica oscylacji',
                ro_RO: 'Diametrul orbitei',
              },
              'mm',
              [2.5, 3, 5],
            ),
            num('weight', N.weight, 'kg', [1.3, 1.6, 2.0, 2.3]),
          ],
        },
        {
          id: 'Belt-Sanders',
          name: {
            en_US: 'Belt Sanders',
            de_DE: 'Bandschleifer',
            fr_FR: 'Ponceuses à bande',
            pl_PL: 'Szlifierki taśmowe',
            ro_RO: 'Mașini de șlefuit cu bandă',
          },
          description: {
            en_US: 'Belt sanders for fast stock removal on large, flat surfaces.',
            de_DE: 'Bandschleifer für hohen Materialabtrag auf großen, ebenen Flächen.',
            fr_FR: 'Ponceuses à bande pour un enlèvement de matière rapide sur les grandes surfaces planes.',
            pl_PL: 'Szlifierki taśmowe do szybkiego zbierania materiału z dużych, płaskich powierzchni.',
            ro_RO:
              'Mașini de șlefuit cu bandă pentru îndepărtarea rapidă a materialului de pe suprafețe mari și plane.',
          },
          noun: {
            en_US: 'Belt Sander',
            de_DE: 'Bandschleifer',
            fr_FR: 'Ponceuse à bande',
            pl_PL: 'Szlifierka taśmowa',
            ro_RO: 'Mașină de șlefuit cu bandă',
          },
          icon: 'grinder',
          priceRange: [79, 329],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [650, 750, 900, 1010]),
            num(
              'beltWidth',
              {
                en_US: 'Belt width',
                de_DE: 'Bandbreite',
                fr_FR: 'Largeur de bande',
                pl_PL: 'Szerokość taśmy',
                ro_RO: 'Lățimea benzii',
              },
              'mm',
              [75, 100],
            ),
            num(
              'beltLength',
              {
                en_US: 'Belt length',
                de_DE: 'Bandlänge',
                fr_FR: 'Longueur de bande',
                pl_PL: 'Długość taśmy',
                ro_RO: 'Lungimea benzii',
              },
              'mm',
              [457, 533, 610],
            ),
            num(
              'beltSpeed',
              {
                en_US: 'Belt speed',
                de_DE: 'Bandgeschwindigkeit',
                fr_FR: 'Vitesse de bande',
                pl_PL: 'Prędkość taśmy',
                ro_RO: 'Viteza benzii',
              },
              'm/min',
              [200, 270, 350, 380],
            ),
            num('weight', N.weight, 'kg', [2.9, 3.4, 4.4]),
          ],
        },
      ],
    },
  ],
}

const handTools: TopDef = {
  id: 'Hand-Tools',
  name: {
    en_US: 'Hand Tools',
    de_DE: 'Handwerkzeuge',
    fr_FR: 'Outillage à main',
    pl_PL: 'Narzędzia ręczne',
    ro_RO: 'Scule de mână',
  },
  description: {
    en_US: 'Hammers, wrenches, screwdrivers and pliers for every trade.',
    de_DE: 'Hämmer, Schraubenschlüssel, Schraubendreher und Zangen für jedes Gewerk.',
    fr_FR: 'Marteaux, clés, tournevis et pinces pour tous les corps de métier.',
    pl_PL: 'Młotki, klucze, wkrętaki i szczypce dla każdej branży.',
    ro_RO: 'Ciocane, chei, șurubelnițe și clești pentru orice meserie.',
  },
  children: [
    {
      id: 'Hammers-And-Chisels',
      name: {
        en_US: 'Hammers & Chisels',
        de_DE: 'Hämmer & Meißel',
        fr_FR: 'Marteaux et burins',
        pl_PL: 'Młotki i przecinaki',
        ro_RO: 'Ciocane și dălți',
      },
      description: {
        en_US: 'Striking tools for carpentry, masonry and demolition work.',
        de_DE: 'Schlagwerkzeuge für Zimmerei, Maurerarbeiten und Abbruch.',
        fr_FR: 'Outils de frappe pour la charpente, la maçonnerie et la démolition.',
        pl_PL: 'Narzędzia udarowe do prac ciesielskich, murarskich i rozbiórkowych.',
        ro_RO: 'Scule de lovire pentru dulgherie, zidărie și demolări.',
      },
      children: [
        {
          id: 'Claw-Hammers',
          name: {
            en_US: 'Claw Hammers',
            de_DE: 'Klauenhämmer',
            fr_FR: 'Marteaux de coffreur',
            pl_PL: 'Młotki ciesielskie',
            ro_RO: 'Ciocane cu gheară',
          },
          description: {
            en_US: 'Claw hammers for driving and pulling nails in carpentry and construction.',
            de_DE: 'Klauenhämmer zum Einschlagen und Ziehen von Nägeln im Holz- und Innenausbau.',
            fr_FR:
              'Marteaux de coffreur pour enfoncer et arracher les clous en charpente et sur le chantier.',
            pl_PL:
              'Młotki ciesielskie do wbijania i wyciągania gwoździ w pracach ciesielskich i budowlanych.',
            ro_RO: 'Ciocane cu gheară pentru baterea și scoaterea cuielor în dulgherie și construcții.',
          },
          noun: {
            en_US: 'Claw Hammer',
            de_DE: 'Klauenhammer',
            fr_FR: 'Marteau de coffreur',
            pl_PL: 'Młotek ciesielski',
            ro_RO: 'Ciocan cu gheară',
          },
          icon: 'hammer',
          priceRange: [12, 59],
          packingUnit: '',
          attributes: [
            handleMaterial,
            text(
              'strikingFace',
              {
                en_US: 'Striking face',
                de_DE: 'Bahn',
                fr_FR: 'Face de frappe',
                pl_PL: 'Powierzchnia obucha',
                ro_RO: 'Fața de lovire',
              },
              [
                { en_US: 'smooth', de_DE: 'glatt', fr_FR: 'lisse', pl_PL: 'gładka', ro_RO: 'netedă' },
                {
                  en_US: 'milled',
                  de_DE: 'geraut',
                  fr_FR: 'quadrillée',
                  pl_PL: 'ryflowana',
                  ro_RO: 'striată',
                },
              ],
            ),
            num('overallLength', N.overallLength, 'mm', [330, 340, 360, 400]),
          ],
          variation: {
            id: 'headWeight',
            name: {
              en_US: 'Head weight',
              de_DE: 'Kopfgewicht',
              fr_FR: 'Poids de la tête',
              pl_PL: 'Waga obucha',
              ro_RO: 'Greutatea capului',
            },
            values: plain([
              ['450g', '450 g'],
              ['570g', '570 g'],
              ['680g', '680 g'],
              ['800g', '800 g'],
            ]),
          },
        },
        {
          id: 'Sledgehammers',
          name: {
            en_US: 'Sledgehammers',
            de_DE: 'Vorschlaghämmer',
            fr_FR: 'Masses',
            pl_PL: 'Młoty dwuręczne',
            ro_RO: 'Barose',
          },
          description: {
            en_US: 'Heavy sledgehammers for demolition, driving stakes and breaking up masonry.',
            de_DE:
              'Schwere Vorschlaghämmer für Abbruch, das Einschlagen von Pfählen und das Aufbrechen von Mauerwerk.',
            fr_FR: "Masses lourdes pour la démolition, l'enfoncement de piquets et le cassage de maçonnerie.",
            pl_PL: 'Ciężkie młoty dwuręczne do rozbiórek, wbijania palików i kruszenia muru.',
            ro_RO: 'Barose grele pentru demolări, baterea țărușilor și spargerea zidăriei.',
          },
          noun: {
            en_US: 'Sledgehammer',
            de_DE: 'Vorschlaghammer',
            fr_FR: 'Masse',
            pl_PL: 'Młot dwuręczny',
            ro_RO: 'Baros',
          },
          icon: 'hammer',
          priceRange: [19, 89],
          packingUnit: '',
          attributes: [
            num(
              'headWeight',
              {
                en_US: 'Head weight',
                de_DE: 'Kopfgewicht',
                fr_FR: 'Poids de la tête',
                pl_PL: 'Waga obucha',
                ro_RO: 'Greutatea capului',
              },
              'kg',
              [3, 4, 5, 6, 8, 10],
            ),
            num(
              'handleLength',
              {
                en_US: 'Handle length',
                de_DE: 'Stiellänge',
                fr_FR: 'Longueur du manche',
                pl_PL: 'Długość trzonka',
                ro_RO: 'Lungimea cozii',
              },
              'mm',
              [600, 700, 800, 900],
            ),
            handleMaterial,
          ],
        },
        {
          id: 'Cold-Chisels',
          name: {
            en_US: 'Cold Chisels',
            de_DE: 'Flachmeißel',
            fr_FR: 'Burins de maçon',
            pl_PL: 'Przecinaki',
            ro_RO: 'Dălți pentru zidărie',
          },
          description: {
            en_US: 'Flat chisels for working masonry, concrete and plaster by hand.',
            de_DE: 'Flachmeißel zum Stemmen von Mauerwerk, Beton und Putz von Hand.',
            fr_FR: "Burins plats pour travailler à la main la maçonnerie, le béton et l'enduit.",
            pl_PL: 'Płaskie przecinaki do ręcznego kucia muru, betonu i tynku.',
            ro_RO: 'Dălți plate pentru lucrul manual în zidărie, beton și tencuială.',
          },
          noun: {
            en_US: 'Cold Chisel',
            de_DE: 'Flachmeißel',
            fr_FR: 'Burin',
            pl_PL: 'Przecinak',
            ro_RO: 'Daltă',
          },
          icon: 'hammer',
          priceRange: [6, 39],
          packingUnit: '',
          attributes: [
            num('overallLength', N.overallLength, 'mm', [200, 250, 300, 400]),
            num(
              'bladeWidth',
              {
                en_US: 'Blade width',
                de_DE: 'Schneidenbreite',
                fr_FR: 'Largeur de lame',
                pl_PL: 'Szerokość ostrza',
                ro_RO: 'Lățimea lamei',
              },
              'mm',
              [16, 20, 26, 30],
            ),
            text('material', N.material, [
              V.crvSteel,
              {
                en_US: 'hardened tool steel',
                de_DE: 'gehärteter Werkzeugstahl',
                fr_FR: 'acier à outils trempé',
                pl_PL: 'hartowana stal narzędziowa',
                ro_RO: 'oțel de scule călit',
              },
            ]),
            text(
              'handGuard',
              {
                en_US: 'Hand guard',
                de_DE: 'Handschutz',
                fr_FR: 'Protège-main',
                pl_PL: 'Osłona dłoni',
                ro_RO: 'Protecție pentru mână',
              },
              [YES, NO],
            ),
          ],
        },
      ],
    },
    {
      id: 'Wrenches-And-Sockets',
      name: {
        en_US: 'Wrenches & Sockets',
        de_DE: 'Schraubenschlüssel & Steckschlüssel',
        fr_FR: 'Clés et douilles',
        pl_PL: 'Klucze i nasadki',
        ro_RO: 'Chei și capete tubulare',
      },
      description: {
        en_US: 'Combination wrenches, socket sets and torque wrenches for bolted connections.',
        de_DE: 'Ring-Maulschlüssel, Steckschlüsselsätze und Drehmomentschlüssel für Schraubverbindungen.',
        fr_FR: 'Clés mixtes, coffrets de douilles et clés dynamométriques pour les assemblages vissés.',
        pl_PL:
          'Klucze płasko-oczkowe, zestawy kluczy nasadowych i klucze dynamometryczne do połączeń śrubowych.',
        ro_RO: 'Chei combinate, truse de chei tubulare și chei dinamometrice pentru îmbinări filetate.',
      },
      children: [
        {
          id: 'Combination-Wrenches',
          name: {
            en_US: 'Combination Wrenches',
            de_DE: 'Ring-Maulschlüssel',
            fr_FR: 'Clés mixtes',
            pl_PL: 'Klucze płasko-oczkowe',
            ro_RO: 'Chei combinate',
          },
          description: {
            en_US: 'Combination wrenches with an open end and a box end in metric sizes.',
            de_DE: 'Ring-Maulschlüssel mit Maul- und Ringseite in metrischen Größen.',
            fr_FR: 'Clés mixtes à fourche et à œil en dimensions métriques.',
            pl_PL: 'Klucze z końcówką płaską i oczkową w rozmiarach metrycznych.',
            ro_RO: 'Chei combinate cu capăt fix și capăt inelar, în dimensiuni metrice.',
          },
          noun: {
            en_US: 'Combination Wrench',
            de_DE: 'Ring-Maulschlüssel',
            fr_FR: 'Clé mixte',
            pl_PL: 'Klucz płasko-oczkowy',
            ro_RO: 'Cheie combinată',
          },
          icon: 'wrench',
          priceRange: [4, 29],
          packingUnit: '',
          attributes: [
            text('material', N.material, [V.crvSteel]),
            text(
              'finish',
              {
                en_US: 'Finish',
                de_DE: 'Oberfläche',
                fr_FR: 'Finition',
                pl_PL: 'Wykończenie',
                ro_RO: 'Finisaj',
              },
              [
                {
                  en_US: 'polished chrome',
                  de_DE: 'hochglanzverchromt',
                  fr_FR: 'chrome poli',
                  pl_PL: 'chrom polerowany',
                  ro_RO: 'crom lustruit',
                },
                {
                  en_US: 'satin chrome',
                  de_DE: 'mattverchromt',
                  fr_FR: 'chrome satiné',
                  pl_PL: 'chrom satynowy',
                  ro_RO: 'crom satinat',
                },
              ],
            ),
            num(
              'boxEndOffset',
              {
                en_US: 'Box end offset',
                de_DE: 'Ringkröpfung',
                fr_FR: "Déport de l'œil",
                pl_PL: 'Odgięcie oczka',
                ro_RO: 'Unghiul de cotire a inelului',
              },
              '°',
              [0, 15],
            ),
          ],
          variation: {
            id: 'wrenchSize',
            name: {
              en_US: 'Size',
              de_DE: 'Schlüsselweite',
              fr_FR: 'Ouverture',
              pl_PL: 'Rozmiar',
              ro_RO: 'Deschidere',
            },
            values: plain([
              ['8mm', '8 mm'],
              ['10mm', '10 mm'],
              ['13mm', '13 mm'],
              ['17mm', '17 mm'],
              ['19mm', '19 mm'],
              ['22mm', '22 mm'],
            ]),
          },
        },
        {
          id: 'Socket-Sets',
          name: {
            en_US: 'Socket Sets',
            de_DE: 'Steckschlüsselsätze',
            fr_FR: 'Coffrets de douilles',
            pl_PL: 'Zestawy kluczy nasadowych',
            ro_RO: 'Truse de chei tubulare',
          },
          description: {
            en_US: 'Socket sets with ratchet, extensions and sockets in a sturdy case.',
            de_DE: 'Steckschlüsselsätze mit Knarre, Verlängerungen und Nüssen im robusten Koffer.',
            fr_FR: 'Coffrets de douilles avec cliquet, rallonges et douilles dans une mallette robuste.',
            pl_PL: 'Zestawy kluczy nasadowych z grzechotką, przedłużkami i nasadkami w solidnej walizce.',
            ro_RO:
              'Truse de chei tubulare cu clichet, prelungitoare și capete tubulare într-o cutie robustă.',
          },
          noun: {
            en_US: 'Socket Set',
            de_DE: 'Steckschlüsselsatz',
            fr_FR: 'Coffret de douilles',
            pl_PL: 'Zestaw kluczy nasadowych',
            ro_RO: 'Trusă de chei tubulare',
          },
          icon: 'wrench',
          priceRange: [25, 249],
          packingUnit: '',
          attributes: [
            num(
              'pieceCount',
              {
                en_US: 'Number of pieces',
                de_DE: 'Anzahl Teile',
                fr_FR: 'Nombre de pièces',
                pl_PL: 'Liczba elementów',
                ro_RO: 'Număr de piese',
              },
              '',
              [24, 46, 82, 94, 108, 172],
            ),
            text('driveSize', N.driveSize, ['1/4"', '3/8"', '1/2"', '1/4" + 1/2"'].map(same)),
            text('material', N.material, [V.crvSteel]),
            text(
              'case',
              { en_US: 'Case', de_DE: 'Koffer', fr_FR: 'Mallette', pl_PL: 'Walizka', ro_RO: 'Cutie' },
              [V.plastic, V.metal],
            ),
          ],
        },
        {
          id: 'Torque-Wrenches',
          name: {
            en_US: 'Torque Wrenches',
            de_DE: 'Drehmomentschlüssel',
            fr_FR: 'Clés dynamométriques',
            pl_PL: 'Klucze dynamometryczne',
            ro_RO: 'Chei dinamometrice',
          },
          description: {
            en_US: 'Click-type torque wrenches for tightening bolts to a precise, repeatable torque.',
            de_DE: 'Auslösende Drehmomentschlüssel zum präzisen und wiederholgenauen Anziehen von Schrauben.',
            fr_FR: 'Clés dynamométriques à déclenchement pour un serrage précis et reproductible.',
            pl_PL:
              'Klucze dynamometryczne z sygnalizacją kliknięcia do precyzyjnego i powtarzalnego dokręcania śrub.',
            ro_RO: 'Chei dinamometrice cu declanșare pentru strângerea precisă și repetabilă a șuruburilor.',
          },
          noun: {
            en_US: 'Torque Wrench',
            de_DE: 'Drehmomentschlüssel',
            fr_FR: 'Clé dynamométrique',
            pl_PL: 'Klucz dynamometryczny',
            ro_RO: 'Cheie dinamometrică',
          },
          icon: 'wrench',
          priceRange: [39, 329],
          packingUnit: '',
          attributes: [
            num(
              'minTorque',
              {
                en_US: 'Min. torque',
                de_DE: 'Min. Drehmoment',
                fr_FR: 'Couple min.',
                pl_PL: 'Min. moment obrotowy',
                ro_RO: 'Cuplu minim',
              },
              'Nm',
              [5, 20, 40, 60],
            ),
            num('maxTorque', N.maxTorque, 'Nm', [25, 110, 210, 340]),
            text('driveSize', N.driveSize, ['1/4"', '3/8"', '1/2"'].map(same)),
            num(
              'accuracy',
              {
                en_US: 'Accuracy',
                de_DE: 'Genauigkeit',
                fr_FR: 'Précision',
                pl_PL: 'Dokładność',
                ro_RO: 'Precizie',
              },
              '%',
              [3, 4],
            ),
          ],
        },
      ],
    },
    {
      id: 'Screwdrivers-And-Pliers',
      name: {
        en_US: 'Screwdrivers & Pliers',
        de_DE: 'Schraubendreher & Zangen',
        fr_FR: 'Tournevis et pinces',
        pl_PL: 'Wkrętaki i szczypce',
        ro_RO: 'Șurubelnițe și clești',
      },
      description: {
        en_US: 'Screwdrivers, combination pliers and diagonal cutters for assembly and electrical work.',
        de_DE: 'Schraubendreher, Kombizangen und Seitenschneider für Montage- und Elektroarbeiten.',
        fr_FR:
          'Tournevis, pinces universelles et pinces coupantes pour le montage et les travaux électriques.',
        pl_PL: 'Wkrętaki, szczypce uniwersalne i szczypce tnące do prac montażowych i elektrycznych.',
        ro_RO: 'Șurubelnițe, clești universali și clești de tăiat pentru montaj și lucrări electrice.',
      },
      children: [
        {
          id: 'Screwdrivers',
          name: {
            en_US: 'Screwdrivers',
            de_DE: 'Schraubendreher',
            fr_FR: 'Tournevis',
            pl_PL: 'Wkrętaki',
            ro_RO: 'Șurubelnițe',
          },
          description: {
            en_US: 'Screwdrivers with ergonomic handles for slotted, Phillips, Pozidriv and Torx screws.',
            de_DE:
              'Schraubendreher mit ergonomischem Griff für Schlitz-, Phillips-, Pozidriv- und Torx-Schrauben.',
            fr_FR: 'Tournevis à manche ergonomique pour vis à fente, Phillips, Pozidriv et Torx.',
            pl_PL: 'Wkrętaki z ergonomiczną rękojeścią do wkrętów płaskich, Phillips, Pozidriv i Torx.',
            ro_RO: 'Șurubelnițe cu mâner ergonomic pentru șuruburi cu cap drept, Phillips, Pozidriv și Torx.',
          },
          noun: {
            en_US: 'Screwdriver',
            de_DE: 'Schraubendreher',
            fr_FR: 'Tournevis',
            pl_PL: 'Wkrętak',
            ro_RO: 'Șurubelniță',
          },
          icon: 'screwdriver',
          priceRange: [3, 25],
          packingUnit: '',
          attributes: [
            num(
              'bladeLength',
              {
                en_US: 'Blade length',
                de_DE: 'Klingenlänge',
                fr_FR: 'Longueur de lame',
                pl_PL: 'Długość grotu',
                ro_RO: 'Lungimea lamei',
              },
              'mm',
              [75, 100, 125, 150, 200],
            ),
            text('handle', N.handle, [V.twoComponentHandle, V.vdeHandle]),
            text(
              'bladeMaterial',
              {
                en_US: 'Blade material',
                de_DE: 'Klingenmaterial',
                fr_FR: 'Matériau de la lame',
                pl_PL: 'Materiał grotu',
                ro_RO: 'Materialul lamei',
              },
              [
                V.crvSteel,
                {
                  en_US: 'chrome molybdenum vanadium steel',
                  de_DE: 'Chrom-Molybdän-Vanadium-Stahl',
                  fr_FR: 'acier chrome-molybdène-vanadium',
                  pl_PL: 'stal chromowo-molibdenowo-wanadowa',
                  ro_RO: 'oțel crom-molibden-vanadiu',
                },
              ],
            ),
          ],
          variation: {
            id: 'tipSize',
            name: {
              en_US: 'Tip size',
              de_DE: 'Klingenprofil',
              fr_FR: 'Empreinte',
              pl_PL: 'Końcówka',
              ro_RO: 'Vârf',
            },
            values: [
              {
                value: 'SL4',
                names: {
                  en_US: 'slotted 4 mm',
                  de_DE: 'Schlitz 4 mm',
                  fr_FR: 'plat 4 mm',
                  pl_PL: 'płaski 4 mm',
                  ro_RO: 'drept 4 mm',
                },
              },
              {
                value: 'SL5.5',
                names: {
                  en_US: 'slotted 5.5 mm',
                  de_DE: 'Schlitz 5,5 mm',
                  fr_FR: 'plat 5,5 mm',
                  pl_PL: 'płaski 5,5 mm',
                  ro_RO: 'drept 5,5 mm',
                },
              },
              ...plain([
                ['PH1', 'PH1'],
                ['PH2', 'PH2'],
                ['PZ2', 'PZ2'],
                ['TX25', 'TX25'],
              ]),
            ],
          },
        },
        {
          id: 'Combination-Pliers',
          name: {
            en_US: 'Combination Pliers',
            de_DE: 'Kombizangen',
            fr_FR: 'Pinces universelles',
            pl_PL: 'Szczypce uniwersalne',
            ro_RO: 'Clești universali',
          },
          description: {
            en_US: 'Combination pliers for gripping, bending and cutting wire.',
            de_DE: 'Kombizangen zum Greifen, Biegen und Schneiden von Draht.',
            fr_FR: 'Pinces universelles pour saisir, plier et couper les fils.',
            pl_PL: 'Szczypce uniwersalne do chwytania, gięcia i cięcia drutu.',
            ro_RO: 'Clești universali pentru prinderea, îndoirea și tăierea sârmei.',
          },
          noun: {
            en_US: 'Combination Pliers',
            de_DE: 'Kombizange',
            fr_FR: 'Pince universelle',
            pl_PL: 'Szczypce uniwersalne',
            ro_RO: 'Clește universal',
          },
          icon: 'pliers',
          priceRange: [8, 45],
          packingUnit: '',
          attributes: [
            num('overallLength', N.overallLength, 'mm', [160, 180, 200, 220]),
            text('handle', N.handle, [V.twoComponentHandle, V.vdeHandle]),
            text('material', N.material, [V.crvSteel]),
          ],
        },
        {
          id: 'Diagonal-Cutters',
          name: {
            en_US: 'Diagonal Cutters',
            de_DE: 'Seitenschneider',
            fr_FR: 'Pinces coupantes diagonales',
            pl_PL: 'Szczypce tnące boczne',
            ro_RO: 'Clești cu tăiere laterală',
          },
          description: {
            en_US: 'Diagonal cutters for clean cuts in copper wire, cable ties and soft metal.',
            de_DE: 'Seitenschneider für saubere Schnitte in Kupferdraht, Kabelbindern und weichem Metall.',
            fr_FR:
              'Pinces coupantes diagonales pour couper proprement le fil de cuivre, les colliers et les métaux tendres.',
            pl_PL:
              'Szczypce tnące boczne do czystego cięcia drutu miedzianego, opasek kablowych i miękkiego metalu.',
            ro_RO:
              'Clești cu tăiere laterală pentru tăierea curată a sârmei de cupru, a colierelor și a metalelor moi.',
          },
          noun: {
            en_US: 'Diagonal Cutters',
            de_DE: 'Seitenschneider',
            fr_FR: 'Pince coupante diagonale',
            pl_PL: 'Szczypce tnące boczne',
            ro_RO: 'Clește cu tăiere laterală',
          },
          icon: 'pliers',
          priceRange: [9, 49],
          packingUnit: '',
          attributes: [
            num('overallLength', N.overallLength, 'mm', [140, 160, 180]),
            num(
              'maxCuttingCapacity',
              {
                en_US: 'Max. cutting capacity (soft wire)',
                de_DE: 'Max. Schneidleistung (weicher Draht)',
                fr_FR: 'Capacité de coupe max. (fil doux)',
                pl_PL: 'Maks. średnica cięcia (drut miękki)',
                ro_RO: 'Capacitate max. de tăiere (sârmă moale)',
              },
              'mm',
              [2.5, 3, 3.5, 4],
            ),
            text('handle', N.handle, [V.twoComponentHandle, V.vdeHandle]),
          ],
        },
      ],
    },
  ],
}

const fasteners: TopDef = {
  id: 'Fasteners',
  name: {
    en_US: 'Fasteners',
    de_DE: 'Befestigungstechnik',
    fr_FR: 'Fixations',
    pl_PL: 'Elementy złączne',
    ro_RO: 'Elemente de fixare',
  },
  description: {
    en_US: 'Screws, bolts, nuts, anchors and nails in trade quantities.',
    de_DE: 'Schrauben, Muttern, Dübel und Nägel in Gewerbemengen.',
    fr_FR: 'Vis, boulons, écrous, chevilles et clous en conditionnements professionnels.',
    pl_PL: 'Wkręty, śruby, nakrętki, kołki i gwoździe w opakowaniach dla profesjonalistów.',
    ro_RO: 'Șuruburi, buloane, piulițe, dibluri și cuie în ambalaje pentru profesioniști.',
  },
  children: [
    {
      id: 'Screws',
      name: { en_US: 'Screws', de_DE: 'Schrauben', fr_FR: 'Vis', pl_PL: 'Wkręty i śruby', ro_RO: 'Șuruburi' },
      description: {
        en_US: 'Wood, drywall and machine screws in many sizes and materials.',
        de_DE: 'Holz-, Schnellbau- und Maschinenschrauben in vielen Größen und Materialien.',
        fr_FR:
          'Vis à bois, vis pour plaques de plâtre et vis à métaux dans de nombreuses dimensions et matières.',
        pl_PL: 'Wkręty do drewna i płyt g-k oraz śruby maszynowe w wielu rozmiarach i materiałach.',
        ro_RO: 'Șuruburi pentru lemn, gips-carton și metal, în numeroase dimensiuni și materiale.',
      },
      children: [
        {
          id: 'Wood-Screws',
          name: {
            en_US: 'Wood Screws',
            de_DE: 'Holzschrauben',
            fr_FR: 'Vis à bois',
            pl_PL: 'Wkręty do drewna',
            ro_RO: 'Șuruburi pentru lemn',
          },
          description: {
            en_US: 'Wood and chipboard screws with partial thread for solid timber and panels.',
            de_DE: 'Holz- und Spanplattenschrauben mit Teilgewinde für Massivholz und Holzwerkstoffe.',
            fr_FR: 'Vis à bois et vis pour aggloméré à filetage partiel pour le bois massif et les panneaux.',
            pl_PL:
              'Wkręty do drewna i płyt wiórowych z częściowym gwintem do drewna litego i płyt drewnopochodnych.',
            ro_RO: 'Șuruburi pentru lemn și PAL, cu filet parțial, pentru lemn masiv și plăci.',
          },
          noun: {
            en_US: 'Wood Screw',
            de_DE: 'Holzschraube',
            fr_FR: 'Vis à bois',
            pl_PL: 'Wkręt do drewna',
            ro_RO: 'Șurub pentru lemn',
          },
          icon: 'screw',
          priceRange: [4, 39],
          packingUnit: 'box',
          attributes: [
            text('material', N.material, [V.yellowZincSteel, V.zincSteel, V.stainlessA2]),
            text(
              'headType',
              {
                en_US: 'Head type',
                de_DE: 'Kopfform',
                fr_FR: 'Forme de tête',
                pl_PL: 'Rodzaj łba',
                ro_RO: 'Tip cap',
              },
              [
                {
                  en_US: 'countersunk',
                  de_DE: 'Senkkopf',
                  fr_FR: 'tête fraisée',
                  pl_PL: 'łeb stożkowy',
                  ro_RO: 'cap înecat',
                },
                {
                  en_US: 'washer head',
                  de_DE: 'Tellerkopf',
                  fr_FR: 'tête large',
                  pl_PL: 'łeb talerzowy',
                  ro_RO: 'cap taler',
                },
              ],
            ),
            text(
              'drive',
              { en_US: 'Drive', de_DE: 'Antrieb', fr_FR: 'Empreinte', pl_PL: 'Gniazdo', ro_RO: 'Locaș' },
              ['Pozidriv', 'Torx'].map(same),
            ),
            quantityPerBox([100, 200, 500, 1000]),
          ],
          variation: {
            id: 'screwSize',
            name: {
              en_US: 'Dimensions',
              de_DE: 'Abmessung',
              fr_FR: 'Dimensions',
              pl_PL: 'Wymiar',
              ro_RO: 'Dimensiune',
            },
            values: plain([
              ['3.5x30', '3.5 × 30 mm'],
              ['4x40', '4 × 40 mm'],
              ['4x50', '4 × 50 mm'],
              ['5x60', '5 × 60 mm'],
              ['5x80', '5 × 80 mm'],
              ['6x100', '6 × 100 mm'],
            ]),
          },
        },
        {
          id: 'Drywall-Screws',
          name: {
            en_US: 'Drywall Screws',
            de_DE: 'Schnellbauschrauben',
            fr_FR: 'Vis pour plaques de plâtre',
            pl_PL: 'Wkręty do płyt gipsowo-kartonowych',
            ro_RO: 'Șuruburi pentru gips-carton',
          },
          description: {
            en_US: 'Phosphated drywall screws for fixing plasterboard to timber and metal studs.',
            de_DE:
              'Phosphatierte Schnellbauschrauben zur Befestigung von Gipskartonplatten auf Holz- und Metallprofilen.',
            fr_FR: 'Vis phosphatées pour fixer les plaques de plâtre sur ossature bois ou métallique.',
            pl_PL:
              'Fosforanowane wkręty do mocowania płyt gipsowo-kartonowych do profili drewnianych i stalowych.',
            ro_RO: 'Șuruburi fosfatate pentru fixarea plăcilor de gips-carton pe profile din lemn și metal.',
          },
          noun: {
            en_US: 'Drywall Screw',
            de_DE: 'Schnellbauschraube',
            fr_FR: 'Vis pour plaque de plâtre',
            pl_PL: 'Wkręt do płyt g-k',
            ro_RO: 'Șurub pentru gips-carton',
          },
          icon: 'screw',
          priceRange: [5, 29],
          packingUnit: 'box',
          attributes: [
            num('diameter', N.diameter, 'mm', [3.5, 3.9, 4.2]),
            num('length', N.length, 'mm', [25, 35, 45, 55, 70]),
            text(
              'threadType',
              { en_US: 'Thread', de_DE: 'Gewinde', fr_FR: 'Filetage', pl_PL: 'Gwint', ro_RO: 'Filet' },
              [
                { en_US: 'fine', de_DE: 'Feingewinde', fr_FR: 'fin', pl_PL: 'gęsty', ro_RO: 'des' },
                { en_US: 'coarse', de_DE: 'Grobgewinde', fr_FR: 'gros', pl_PL: 'rzadki', ro_RO: 'rar' },
              ],
            ),
            quantityPerBox([500, 1000]),
          ],
        },
        {
          id: 'Socket-Cap-Screws',
          name: {
            en_US: 'Socket Head Cap Screws',
            de_DE: 'Zylinderschrauben mit Innensechskant',
            fr_FR: 'Vis à tête cylindrique six pans creux',
            pl_PL: 'Śruby z łbem walcowym z gniazdem sześciokątnym',
            ro_RO: 'Șuruburi cu cap cilindric și locaș hexagonal',
          },
          description: {
            en_US: 'Metric socket head cap screws to DIN 912 for machine building and steel construction.',
            de_DE: 'Metrische Zylinderschrauben mit Innensechskant nach DIN 912 für Maschinen- und Stahlbau.',
            fr_FR:
              'Vis métriques à tête cylindrique six pans creux selon DIN 912 pour la construction mécanique et métallique.',
            pl_PL:
              'Metryczne śruby z łbem walcowym z gniazdem sześciokątnym wg DIN 912 do budowy maszyn i konstrukcji stalowych.',
            ro_RO:
              'Șuruburi metrice cu cap cilindric și locaș hexagonal conform DIN 912, pentru construcții de mașini și structuri metalice.',
          },
          noun: {
            en_US: 'Socket Cap Screw',
            de_DE: 'Zylinderschraube',
            fr_FR: 'Vis CHC',
            pl_PL: 'Śruba imbusowa',
            ro_RO: 'Șurub cu cap cilindric',
          },
          icon: 'screw',
          priceRange: [6, 49],
          packingUnit: 'box',
          attributes: [
            num('threadDiameter', N.threadDiameter, 'mm', [4, 5, 6, 8, 10, 12]),
            num('length', N.length, 'mm', [10, 16, 20, 25, 30, 40, 50]),
            text('material', N.material, [V.steel88, V.steel129, V.stainlessA2]),
            quantityPerBox([50, 100, 200]),
          ],
        },
      ],
    },
    {
      id: 'Bolts-Nuts-And-Washers',
      name: {
        en_US: 'Bolts, Nuts & Washers',
        de_DE: 'Sechskantschrauben, Muttern & Scheiben',
        fr_FR: 'Boulonnerie et rondelles',
        pl_PL: 'Śruby, nakrętki i podkładki',
        ro_RO: 'Buloane, piulițe și șaibe',
      },
      description: {
        en_US: 'Hex bolts, nuts and washers for secure bolted joints in steel and timber.',
        de_DE: 'Sechskantschrauben, Muttern und Scheiben für sichere Schraubverbindungen in Stahl und Holz.',
        fr_FR: "Vis, écrous et rondelles pour des assemblages boulonnés sûrs dans l'acier et le bois.",
        pl_PL: 'Śruby sześciokątne, nakrętki i podkładki do pewnych połączeń śrubowych w stali i drewnie.',
        ro_RO: 'Buloane, piulițe și șaibe pentru îmbinări sigure în oțel și lemn.',
      },
      children: [
        {
          id: 'Hex-Bolts',
          name: {
            en_US: 'Hex Bolts',
            de_DE: 'Sechskantschrauben',
            fr_FR: 'Vis à tête hexagonale',
            pl_PL: 'Śruby z łbem sześciokątnym',
            ro_RO: 'Buloane cu cap hexagonal',
          },
          description: {
            en_US: 'Fully threaded hex bolts to DIN 933 in strength class 8.8 and stainless steel.',
            de_DE: 'Sechskantschrauben mit Vollgewinde nach DIN 933 in Festigkeitsklasse 8.8 und Edelstahl.',
            fr_FR: 'Vis à tête hexagonale entièrement filetées selon DIN 933, en classe 8.8 et en inox.',
            pl_PL:
              'Śruby z łbem sześciokątnym z pełnym gwintem wg DIN 933 w klasie 8.8 i ze stali nierdzewnej.',
            ro_RO: 'Buloane cu cap hexagonal, filetate complet, conform DIN 933, în clasa 8.8 și din inox.',
          },
          noun: {
            en_US: 'Hex Bolt',
            de_DE: 'Sechskantschraube',
            fr_FR: 'Vis à tête hexagonale',
            pl_PL: 'Śruba z łbem sześciokątnym',
            ro_RO: 'Bulon cu cap hexagonal',
          },
          icon: 'bolt',
          priceRange: [7, 59],
          packingUnit: 'box',
          attributes: [
            num('length', N.length, 'mm', [30, 40, 50, 60, 80, 100, 120]),
            text('material', N.material, [V.steel88, V.hotDipSteel, V.stainlessA2]),
            quantityPerBox([25, 50, 100]),
          ],
          variation: {
            id: 'threadSize',
            name: N.threadSize,
            values: plain([
              ['M6', 'M6'],
              ['M8', 'M8'],
              ['M10', 'M10'],
              ['M12', 'M12'],
              ['M16', 'M16'],
            ]),
          },
        },
        {
          id: 'Hex-Nuts',
          name: {
            en_US: 'Hex Nuts',
            de_DE: 'Sechskantmuttern',
            fr_FR: 'Écrous hexagonaux',
            pl_PL: 'Nakrętki sześciokątne',
            ro_RO: 'Piulițe hexagonale',
          },
          description: {
            en_US: 'Hex nuts to DIN 934 and ISO 4032 for metric bolts and threaded rods.',
            de_DE: 'Sechskantmuttern nach DIN 934 und ISO 4032 für metrische Schrauben und Gewindestangen.',
            fr_FR: 'Écrous hexagonaux selon DIN 934 et ISO 4032 pour vis et tiges filetées métriques.',
            pl_PL: 'Nakrętki sześciokątne wg DIN 934 i ISO 4032 do śrub metrycznych i prętów gwintowanych.',
            ro_RO: 'Piulițe hexagonale conform DIN 934 și ISO 4032 pentru șuruburi metrice și tije filetate.',
          },
          noun: {
            en_US: 'Hex Nut',
            de_DE: 'Sechskantmutter',
            fr_FR: 'Écrou hexagonal',
            pl_PL: 'Nakrętka sześciokątna',
            ro_RO: 'Piuliță hexagonală',
          },
          icon: 'nut',
          priceRange: [3, 29],
          packingUnit: 'box',
          attributes: [
            num('threadDiameter', N.threadDiameter, 'mm', [5, 6, 8, 10, 12, 16, 20]),
            text('material', N.material, [V.zincSteel, V.hotDipSteel, V.stainlessA2, V.stainlessA4]),
            text(
              'nutType',
              { en_US: 'Type', de_DE: 'Ausführung', fr_FR: 'Type', pl_PL: 'Rodzaj', ro_RO: 'Tip' },
              [
                {
                  en_US: 'standard',
                  de_DE: 'Standard',
                  fr_FR: 'standard',
                  pl_PL: 'zwykła',
                  ro_RO: 'standard',
                },
                {
                  en_US: 'nylon-insert lock nut',
                  de_DE: 'selbstsichernd mit Klemmteil',
                  fr_FR: 'autofreiné à bague nylon',
                  pl_PL: 'samokontrująca z wkładką nylonową',
                  ro_RO: 'autoblocantă cu inserție de nailon',
                },
              ],
            ),
            quantityPerBox([100, 200, 500]),
          ],
        },
        {
          id: 'Washers',
          name: {
            en_US: 'Washers',
            de_DE: 'Unterlegscheiben',
            fr_FR: 'Rondelles',
            pl_PL: 'Podkładki',
            ro_RO: 'Șaibe',
          },
          description: {
            en_US: 'Flat and large-diameter washers that spread the load under bolt heads and nuts.',
            de_DE: 'Unterleg- und Karosseriescheiben zur Lastverteilung unter Schraubenköpfen und Muttern.',
            fr_FR: 'Rondelles plates et larges pour répartir la charge sous les têtes de vis et les écrous.',
            pl_PL: 'Podkładki płaskie i poszerzone do rozkładania nacisku pod łbami śrub i nakrętkami.',
            ro_RO:
              'Șaibe plate și late pentru distribuirea sarcinii sub capetele șuruburilor și sub piulițe.',
          },
          noun: {
            en_US: 'Flat Washer',
            de_DE: 'Unterlegscheibe',
            fr_FR: 'Rondelle plate',
            pl_PL: 'Podkładka płaska',
            ro_RO: 'Șaibă plată',
          },
          icon: 'nut',
          priceRange: [2, 25],
          packingUnit: 'box',
          attributes: [
            num('innerDiameter', N.innerDiameter, 'mm', [5.3, 6.4, 8.4, 10.5, 13, 17]),
            num('outerDiameter', N.outerDiameter, 'mm', [10, 12, 16, 20, 24, 30]),
            num('thickness', N.thickness, 'mm', [1, 1.6, 2, 2.5, 3]),
            text('material', N.material, [V.zincSteel, V.stainlessA2, V.stainlessA4]),
            quantityPerBox([100, 200, 500]),
          ],
        },
      ],
    },
    {
      id: 'Anchors-And-Nails',
      name: {
        en_US: 'Anchors & Nails',
        de_DE: 'Dübel & Nägel',
        fr_FR: 'Chevilles et clous',
        pl_PL: 'Kołki i gwoździe',
        ro_RO: 'Dibluri și cuie',
      },
      description: {
        en_US: 'Wall plugs, heavy-duty anchors and nails for fixings in every building material.',
        de_DE: 'Dübel, Schwerlastanker und Nägel für Befestigungen in jedem Baustoff.',
        fr_FR: 'Chevilles, ancrages lourds et clous pour fixer dans tous les matériaux.',
        pl_PL:
          'Kołki rozporowe, kotwy do dużych obciążeń i gwoździe do mocowania w każdym materiale budowlanym.',
        ro_RO: 'Dibluri, ancore pentru sarcini grele și cuie pentru fixări în orice material de construcții.',
      },
      children: [
        {
          id: 'Wall-Plugs',
          name: {
            en_US: 'Wall Plugs',
            de_DE: 'Universaldübel',
            fr_FR: 'Chevilles universelles',
            pl_PL: 'Kołki rozporowe',
            ro_RO: 'Dibluri universale',
          },
          description: {
            en_US: 'Nylon wall plugs for solid and hollow masonry, concrete and drywall.',
            de_DE: 'Nylondübel für Voll- und Lochstein, Beton und Trockenbau.',
            fr_FR: 'Chevilles en nylon pour matériaux pleins et creux, béton et plaques de plâtre.',
            pl_PL: 'Nylonowe kołki rozporowe do materiałów pełnych i drążonych, betonu i płyt g-k.',
            ro_RO: 'Dibluri din nailon pentru zidărie plină și cu goluri, beton și gips-carton.',
          },
          noun: {
            en_US: 'Wall Plug',
            de_DE: 'Universaldübel',
            fr_FR: 'Cheville universelle',
            pl_PL: 'Kołek rozporowy',
            ro_RO: 'Diblu universal',
          },
          icon: 'anchor',
          priceRange: [3, 29],
          packingUnit: 'box',
          attributes: [
            num('diameter', N.diameter, 'mm', [5, 6, 8, 10, 12, 14]),
            num('length', N.length, 'mm', [25, 30, 40, 50, 60, 70]),
            text('material', N.material, [V.polyamide, V.polypropylene]),
            quantityPerBox([50, 100, 200]),
          ],
        },
        {
          id: 'Wedge-Anchors',
          name: {
            en_US: 'Wedge Anchors',
            de_DE: 'Bolzenanker',
            fr_FR: "Goujons d'ancrage",
            pl_PL: 'Kotwy opaskowe',
            ro_RO: 'Ancore metalice cu expandare',
          },
          description: {
            en_US: 'Steel wedge anchors for heavy-duty fixings in cracked and non-cracked concrete.',
            de_DE: 'Bolzenanker aus Stahl für Schwerlastbefestigungen in gerissenem und ungerissenem Beton.',
            fr_FR: "Goujons d'ancrage en acier pour fixations lourdes dans le béton fissuré et non fissuré.",
            pl_PL:
              'Stalowe kotwy opaskowe do mocowań o dużym obciążeniu w betonie zarysowanym i niezarysowanym.',
            ro_RO: 'Ancore metalice cu expandare pentru fixări grele în beton fisurat și nefisurat.',
          },
          noun: {
            en_US: 'Wedge Anchor',
            de_DE: 'Bolzenanker',
            fr_FR: "Goujon d'ancrage",
            pl_PL: 'Kotwa opaskowa',
            ro_RO: 'Ancoră metalică cu expandare',
          },
          icon: 'anchor',
          priceRange: [9, 79],
          packingUnit: 'box',
          attributes: [
            num('length', N.length, 'mm', [75, 95, 115, 140, 160]),
            num(
              'maxFixtureThickness',
              {
                en_US: 'Max. fixture thickness',
                de_DE: 'Max. Anbauteildicke',
                fr_FR: 'Épaisseur max. à fixer',
                pl_PL: 'Maks. grubość mocowanego elementu',
                ro_RO: 'Grosimea max. a piesei fixate',
              },
              'mm',
              [10, 20, 30, 50],
            ),
            text('material', N.material, [V.zincSteel, V.hotDipSteel, V.stainlessA4]),
            quantityPerBox([10, 25, 50]),
          ],
          variation: {
            id: 'threadSize',
            name: N.threadSize,
            values: plain([
              ['M8', 'M8'],
              ['M10', 'M10'],
              ['M12', 'M12'],
              ['M16', 'M16'],
            ]),
          },
        },
        {
          id: 'Wire-Nails',
          name: {
            en_US: 'Wire Nails',
            de_DE: 'Drahtstifte',
            fr_FR: 'Pointes',
            pl_PL: 'Gwoździe budowlane',
            ro_RO: 'Cuie pentru construcții',
          },
          description: {
            en_US: 'Round wire nails with flat heads for carpentry, formwork and general construction.',
            de_DE: 'Drahtstifte mit Flachkopf für Zimmerei, Schalung und allgemeinen Bau.',
            fr_FR: 'Pointes à tête plate pour la charpente, le coffrage et les travaux courants.',
            pl_PL: 'Gwoździe okrągłe z płaskim łbem do prac ciesielskich, szalunkowych i ogólnobudowlanych.',
            ro_RO: 'Cuie rotunde cu cap plat pentru dulgherie, cofraje și construcții generale.',
          },
          noun: {
            en_US: 'Wire Nail',
            de_DE: 'Drahtstift',
            fr_FR: 'Pointe',
            pl_PL: 'Gwóźdź budowlany',
            ro_RO: 'Cui',
          },
          icon: 'nail',
          priceRange: [4, 35],
          packingUnit: 'box',
          attributes: [
            num('diameter', N.diameter, 'mm', [2, 2.5, 2.8, 3.1, 3.4, 4]),
            num('length', N.length, 'mm', [40, 50, 60, 70, 80, 100, 120]),
            text('material', N.material, [
              {
                en_US: 'bright steel',
                de_DE: 'Stahl blank',
                fr_FR: 'acier brut',
                pl_PL: 'stal niepowlekana',
                ro_RO: 'oțel neacoperit',
              },
              V.hotDipSteel,
            ]),
            num(
              'netWeight',
              {
                en_US: 'Net weight',
                de_DE: 'Nettogewicht',
                fr_FR: 'Poids net',
                pl_PL: 'Waga netto',
                ro_RO: 'Greutate netă',
              },
              'kg',
              [1, 2.5, 5],
            ),
          ],
        },
      ],
    },
  ],
}

const safety: TopDef = {
  id: 'Safety-And-Workwear',
  name: {
    en_US: 'Safety & Workwear',
    de_DE: 'Arbeitsschutz & Berufsbekleidung',
    fr_FR: 'Sécurité et vêtements de travail',
    pl_PL: 'BHP i odzież robocza',
    ro_RO: 'Protecția muncii și îmbrăcăminte de lucru',
  },
  description: {
    en_US: 'Personal protective equipment and durable workwear for working safely on site.',
    de_DE: 'Persönliche Schutzausrüstung und strapazierfähige Berufsbekleidung für sicheres Arbeiten.',
    fr_FR:
      'Équipements de protection individuelle et vêtements de travail résistants pour travailler en sécurité.',
    pl_PL: 'Środki ochrony indywidualnej i wytrzymała odzież robocza do bezpiecznej pracy.',
    ro_RO:
      'Echipamente individuale de protecție și îmbrăcăminte de lucru rezistentă pentru lucrul în siguranță.',
  },
  children: [
    {
      id: 'Head-And-Eye-Protection',
      name: {
        en_US: 'Head & Eye Protection',
        de_DE: 'Kopf- & Augenschutz',
        fr_FR: 'Protection de la tête et des yeux',
        pl_PL: 'Ochrona głowy i oczu',
        ro_RO: 'Protecția capului și a ochilor',
      },
      description: {
        en_US: 'Safety helmets, safety glasses and hearing protection to EN standards.',
        de_DE: 'Schutzhelme, Schutzbrillen und Gehörschutz nach EN-Normen.',
        fr_FR: 'Casques, lunettes de protection et protections auditives conformes aux normes EN.',
        pl_PL: 'Kaski, okulary ochronne i ochronniki słuchu zgodne z normami EN.',
        ro_RO: 'Căști de protecție, ochelari de protecție și antifoane conforme cu standardele EN.',
      },
      children: [
        {
          id: 'Safety-Helmets',
          name: {
            en_US: 'Safety Helmets',
            de_DE: 'Schutzhelme',
            fr_FR: 'Casques de chantier',
            pl_PL: 'Kaski ochronne',
            ro_RO: 'Căști de protecție',
          },
          description: {
            en_US: 'Industrial safety helmets to EN 397 with an adjustable headband.',
            de_DE: 'Industrieschutzhelme nach EN 397 mit verstellbarer Innenausstattung.',
            fr_FR: 'Casques de protection industriels selon EN 397 avec serre-tête réglable.',
            pl_PL: 'Przemysłowe kaski ochronne wg EN 397 z regulowaną więźbą.',
            ro_RO: 'Căști de protecție industriale conform EN 397, cu bandă de fixare reglabilă.',
          },
          noun: {
            en_US: 'Safety Helmet',
            de_DE: 'Schutzhelm',
            fr_FR: 'Casque de chantier',
            pl_PL: 'Kask ochronny',
            ro_RO: 'Cască de protecție',
          },
          icon: 'helmet',
          priceRange: [9, 79],
          packingUnit: '',
          attributes: [
            text(
              'shellMaterial',
              {
                en_US: 'Shell material',
                de_DE: 'Schalenmaterial',
                fr_FR: 'Matériau de la coque',
                pl_PL: 'Materiał skorupy',
                ro_RO: 'Materialul calotei',
              },
              [
                same('ABS'),
                {
                  en_US: 'polyethylene (HDPE)',
                  de_DE: 'Polyethylen (HDPE)',
                  fr_FR: 'polyéthylène (PEHD)',
                  pl_PL: 'polietylen (HDPE)',
                  ro_RO: 'polietilenă (HDPE)',
                },
                {
                  en_US: 'polycarbonate',
                  de_DE: 'Polycarbonat',
                  fr_FR: 'polycarbonate',
                  pl_PL: 'poliwęglan',
                  ro_RO: 'policarbonat',
                },
              ],
            ),
            text(
              'sizeAdjustment',
              {
                en_US: 'Size adjustment',
                de_DE: 'Größenverstellung',
                fr_FR: 'Réglage de taille',
                pl_PL: 'Regulacja rozmiaru',
                ro_RO: 'Reglarea mărimii',
              },
              [
                {
                  en_US: 'ratchet wheel',
                  de_DE: 'Drehrad',
                  fr_FR: 'molette',
                  pl_PL: 'pokrętło',
                  ro_RO: 'rotiță cu clichet',
                },
                {
                  en_US: 'pin lock',
                  de_DE: 'Steckverschluss',
                  fr_FR: 'système à crans',
                  pl_PL: 'zatrzaski',
                  ro_RO: 'sistem cu știfturi',
                },
              ],
            ),
            num('weight', N.weight, 'g', [310, 340, 380, 420]),
          ],
          variation: {
            id: 'color',
            name: N.color,
            values: [
              {
                value: 'white',
                names: { en_US: 'white', de_DE: 'weiß', fr_FR: 'blanc', pl_PL: 'biały', ro_RO: 'albă' },
              },
              {
                value: 'yellow',
                names: { en_US: 'yellow', de_DE: 'gelb', fr_FR: 'jaune', pl_PL: 'żółty', ro_RO: 'galbenă' },
              },
              {
                value: 'red',
                names: { en_US: 'red', de_DE: 'rot', fr_FR: 'rouge', pl_PL: 'czerwony', ro_RO: 'roșie' },
              },
              {
                value: 'blue',
                names: { en_US: 'blue', de_DE: 'blau', fr_FR: 'bleu', pl_PL: 'niebieski', ro_RO: 'albastră' },
              },
              {
                value: 'orange',
                names: {
                  en_US: 'orange',
                  de_DE: 'orange',
                  fr_FR: 'orange',
                  pl_PL: 'pomarańczowy',
                  ro_RO: 'portocalie',
                },
              },
              {
                value: 'green',
                names: { en_US: 'green', de_DE: 'grün', fr_FR: 'vert', pl_PL: 'zielony', ro_RO: 'verde' },
              },
            ],
          },
        },
        {
          id: 'Safety-Glasses',
          name: {
            en_US: 'Safety Glasses',
            de_DE: 'Schutzbrillen',
            fr_FR: 'Lunettes de protection',
            pl_PL: 'Okulary ochronne',
            ro_RO: 'Ochelari de protecție',
          },
          description: {
            en_US: 'Impact-resistant safety glasses to EN 166 with UV protection.',
            de_DE: 'Schlagfeste Schutzbrillen nach EN 166 mit UV-Schutz.',
            fr_FR: 'Lunettes de protection résistantes aux chocs selon EN 166, avec protection UV.',
            pl_PL: 'Odporne na uderzenia okulary ochronne wg EN 166 z filtrem UV.',
            ro_RO: 'Ochelari de protecție rezistenți la impact, conform EN 166, cu protecție UV.',
          },
          noun: {
            en_US: 'Safety Glasses',
            de_DE: 'Schutzbrille',
            fr_FR: 'Lunettes de protection',
            pl_PL: 'Okulary ochronne',
            ro_RO: 'Ochelari de protecție',
          },
          icon: 'glasses',
          priceRange: [4, 39],
          packingUnit: '',
          attributes: [
            text(
              'lensTint',
              {
                en_US: 'Lens tint',
                de_DE: 'Scheibentönung',
                fr_FR: "Teinte de l'oculaire",
                pl_PL: 'Barwa soczewek',
                ro_RO: 'Nuanța lentilei',
              },
              [
                { en_US: 'clear', de_DE: 'klar', fr_FR: 'incolore', pl_PL: 'bezbarwna', ro_RO: 'incoloră' },
                { en_US: 'gray', de_DE: 'grau', fr_FR: 'grise', pl_PL: 'szara', ro_RO: 'gri' },
                { en_US: 'yellow', de_DE: 'gelb', fr_FR: 'jaune', pl_PL: 'żółta', ro_RO: 'galbenă' },
              ],
            ),
            text(
              'lensCoating',
              {
                en_US: 'Lens coating',
                de_DE: 'Beschichtung',
                fr_FR: 'Traitement',
                pl_PL: 'Powłoka',
                ro_RO: 'Tratament',
              },
              [
                {
                  en_US: 'anti-fog',
                  de_DE: 'beschlagfrei',
                  fr_FR: 'antibuée',
                  pl_PL: 'przeciwmgielna',
                  ro_RO: 'antiaburire',
                },
                {
                  en_US: 'anti-scratch',
                  de_DE: 'kratzfest',
                  fr_FR: 'anti-rayures',
                  pl_PL: 'odporna na zarysowania',
                  ro_RO: 'antizgâriere',
                },
                {
                  en_US: 'anti-fog and anti-scratch',
                  de_DE: 'beschlagfrei und kratzfest',
                  fr_FR: 'antibuée et anti-rayures',
                  pl_PL: 'przeciwmgielna i odporna na zarysowania',
                  ro_RO: 'antiaburire și antizgâriere',
                },
              ],
            ),
            num('weight', N.weight, 'g', [24, 28, 32, 45]),
          ],
        },
        {
          id: 'Hearing-Protection',
          name: {
            en_US: 'Hearing Protection',
            de_DE: 'Gehörschutz',
            fr_FR: 'Protection auditive',
            pl_PL: 'Ochronniki słuchu',
            ro_RO: 'Protecție auditivă',
          },
          description: {
            en_US: 'Earmuffs with high sound attenuation for noisy job sites and workshops.',
            de_DE: 'Kapselgehörschutz mit hoher Schalldämmung für laute Baustellen und Werkstätten.',
            fr_FR: 'Casques antibruit à forte atténuation pour les chantiers et ateliers bruyants.',
            pl_PL: 'Nauszniki przeciwhałasowe o wysokim tłumieniu na głośne budowy i do warsztatów.',
            ro_RO: 'Antifoane tip cască, cu atenuare ridicată, pentru șantiere și ateliere zgomotoase.',
          },
          noun: {
            en_US: 'Earmuffs',
            de_DE: 'Kapselgehörschutz',
            fr_FR: 'Casque antibruit',
            pl_PL: 'Nauszniki przeciwhałasowe',
            ro_RO: 'Antifoane tip cască',
          },
          icon: 'helmet',
          priceRange: [12, 69],
          packingUnit: '',
          attributes: [
            num(
              'snr',
              {
                en_US: 'Noise reduction (SNR)',
                de_DE: 'Dämmwert (SNR)',
                fr_FR: 'Atténuation (SNR)',
                pl_PL: 'Tłumienie (SNR)',
                ro_RO: 'Atenuare (SNR)',
              },
              'dB',
              [25, 28, 30, 33, 35, 37],
            ),
            text(
              'wearingStyle',
              {
                en_US: 'Wearing style',
                de_DE: 'Trageweise',
                fr_FR: 'Port',
                pl_PL: 'Sposób noszenia',
                ro_RO: 'Mod de purtare',
              },
              [
                {
                  en_US: 'headband',
                  de_DE: 'Kopfbügel',
                  fr_FR: 'serre-tête',
                  pl_PL: 'pałąk nagłowny',
                  ro_RO: 'bandă peste cap',
                },
                {
                  en_US: 'neckband',
                  de_DE: 'Nackenbügel',
                  fr_FR: 'serre-nuque',
                  pl_PL: 'pałąk nakarkowy',
                  ro_RO: 'bandă la ceafă',
                },
                {
                  en_US: 'helmet-mounted',
                  de_DE: 'Helmbefestigung',
                  fr_FR: 'fixation sur casque',
                  pl_PL: 'mocowanie do kasku',
                  ro_RO: 'montare pe cască',
                },
              ],
            ),
            num('weight', N.weight, 'g', [180, 220, 260, 310]),
          ],
        },
      ],
    },
    {
      id: 'Hand-And-Foot-Protection',
      name: {
        en_US: 'Hand & Foot Protection',
        de_DE: 'Hand- & Fußschutz',
        fr_FR: 'Protection des mains et des pieds',
        pl_PL: 'Ochrona rąk i stóp',
        ro_RO: 'Protecția mâinilor și a picioarelor',
      },
      description: {
        en_US: 'Work gloves and safety footwear for a secure grip, cut protection and toe protection.',
        de_DE: 'Arbeitshandschuhe und Sicherheitsschuhe für sicheren Griff, Schnitt- und Zehenschutz.',
        fr_FR:
          "Gants de travail et chaussures de sécurité pour l'adhérence et la protection contre les coupures et les chocs.",
        pl_PL:
          'Rękawice robocze i obuwie ochronne zapewniające pewny chwyt, ochronę przed przecięciem i ochronę palców.',
        ro_RO:
          'Mănuși de lucru și încălțăminte de protecție pentru aderență, protecție la tăiere și protecția degetelor.',
      },
      children: [
        {
          id: 'Work-Gloves',
          name: {
            en_US: 'Work Gloves',
            de_DE: 'Arbeitshandschuhe',
            fr_FR: 'Gants de travail',
            pl_PL: 'Rękawice robocze',
            ro_RO: 'Mănuși de lucru',
          },
          description: {
            en_US: 'Coated general-purpose work gloves for assembly, handling and construction work.',
            de_DE: 'Beschichtete Allzweck-Arbeitshandschuhe für Montage, Transport und Bau.',
            fr_FR: 'Gants de travail enduits polyvalents pour le montage, la manutention et le bâtiment.',
            pl_PL:
              'Powlekane rękawice robocze ogólnego przeznaczenia do montażu, prac transportowych i budowlanych.',
            ro_RO: 'Mănuși de lucru universale, cu acoperire, pentru montaj, manipulare și construcții.',
          },
          noun: {
            en_US: 'Work Gloves',
            de_DE: 'Arbeitshandschuh',
            fr_FR: 'Gants de travail',
            pl_PL: 'Rękawice robocze',
            ro_RO: 'Mănuși de lucru',
          },
          icon: 'glove',
          priceRange: [2, 15],
          packingUnit: 'pair',
          attributes: [
            text('coating', N.coating, [V.nitrile, V.latex, V.polyurethane]),
            text(
              'liner',
              {
                en_US: 'Liner',
                de_DE: 'Trägermaterial',
                fr_FR: 'Support',
                pl_PL: 'Materiał bazowy',
                ro_RO: 'Suport textil',
              },
              [
                { en_US: 'nylon', de_DE: 'Nylon', fr_FR: 'nylon', pl_PL: 'nylon', ro_RO: 'nailon' },
                V.polyester,
                { en_US: 'cotton', de_DE: 'Baumwolle', fr_FR: 'coton', pl_PL: 'bawełna', ro_RO: 'bumbac' },
              ],
            ),
            num(
              'abrasionLevel',
              {
                en_US: 'Abrasion resistance (EN 388)',
                de_DE: 'Abriebfestigkeit (EN 388)',
                fr_FR: "Résistance à l'abrasion (EN 388)",
                pl_PL: 'Odporność na ścieranie (EN 388)',
                ro_RO: 'Rezistență la abraziune (EN 388)',
              },
              '',
              [2, 3, 4],
            ),
          ],
          variation: {
            id: 'gloveSize',
            name: {
              en_US: 'Glove size',
              de_DE: 'Handschuhgröße',
              fr_FR: 'Taille de gant',
              pl_PL: 'Rozmiar rękawic',
              ro_RO: 'Mărimea mănușilor',
            },
            values: sized(SIZE_WORD, [
              ['S', '7 (S)'],
              ['M', '8 (M)'],
              ['L', '9 (L)'],
              ['XL', '10 (XL)'],
              ['XXL', '11 (XXL)'],
            ]),
          },
        },
        {
          id: 'Cut-Resistant-Gloves',
          name: {
            en_US: 'Cut-Resistant Gloves',
            de_DE: 'Schnittschutzhandschuhe',
            fr_FR: 'Gants anti-coupure',
            pl_PL: 'Rękawice antyprzecięciowe',
            ro_RO: 'Mănuși anti-tăiere',
          },
          description: {
            en_US: 'Cut-resistant gloves tested to EN 388 for handling sheet metal, glass and sharp parts.',
            de_DE:
              'Schnittschutzhandschuhe nach EN 388 für den Umgang mit Blech, Glas und scharfkantigen Teilen.',
            fr_FR:
              'Gants anti-coupure testés selon EN 388 pour manipuler la tôle, le verre et les pièces coupantes.',
            pl_PL:
              'Rękawice antyprzecięciowe badane wg EN 388 do pracy z blachą, szkłem i ostrymi elementami.',
            ro_RO:
              'Mănuși anti-tăiere testate conform EN 388 pentru manipularea tablei, a sticlei și a pieselor ascuțite.',
          },
          noun: {
            en_US: 'Cut-Resistant Gloves',
            de_DE: 'Schnittschutzhandschuh',
            fr_FR: 'Gants anti-coupure',
            pl_PL: 'Rękawice antyprzecięciowe',
            ro_RO: 'Mănuși anti-tăiere',
          },
          icon: 'glove',
          priceRange: [6, 29],
          packingUnit: 'pair',
          attributes: [
            text(
              'cutLevel',
              {
                en_US: 'Cut level (ISO 13997)',
                de_DE: 'Schnittschutzstufe (ISO 13997)',
                fr_FR: 'Niveau de coupe (ISO 13997)',
                pl_PL: 'Poziom ochrony przed przecięciem (ISO 13997)',
                ro_RO: 'Nivel de protecție la tăiere (ISO 13997)',
              },
              ['B', 'C', 'D', 'E', 'F'].map(same),
            ),
            text('coating', N.coating, [V.nitrile, V.polyurethane]),
            num(
              'knitGauge',
              {
                en_US: 'Knit gauge',
                de_DE: 'Strickfeinheit',
                fr_FR: 'Jauge de tricotage',
                pl_PL: 'Gęstość splotu',
                ro_RO: 'Finețea tricotului',
              },
              '',
              [13, 15, 18],
            ),
          ],
        },
        {
          id: 'Safety-Boots',
          name: {
            en_US: 'Safety Boots',
            de_DE: 'Sicherheitsschuhe',
            fr_FR: 'Chaussures de sécurité',
            pl_PL: 'Obuwie ochronne',
            ro_RO: 'Încălțăminte de protecție',
          },
          description: {
            en_US: 'Safety boots to EN ISO 20345 with a protective toe cap and slip-resistant sole.',
            de_DE: 'Sicherheitsschuhe nach EN ISO 20345 mit Zehenschutzkappe und rutschhemmender Sohle.',
            fr_FR:
              'Chaussures de sécurité selon EN ISO 20345 avec embout de protection et semelle antidérapante.',
            pl_PL: 'Obuwie ochronne wg EN ISO 20345 z podnoskiem ochronnym i antypoślizgową podeszwą.',
            ro_RO:
              'Încălțăminte de protecție conform EN ISO 20345, cu bombeu de protecție și talpă antiderapantă.',
          },
          noun: {
            en_US: 'Safety Boot',
            de_DE: 'Sicherheitsschuh',
            fr_FR: 'Chaussure de sécurité',
            pl_PL: 'Trzewik ochronny',
            ro_RO: 'Bocanc de protecție',
          },
          icon: 'boot',
          priceRange: [39, 179],
          packingUnit: 'pair',
          attributes: [
            text(
              'safetyClass',
              {
                en_US: 'Safety class',
                de_DE: 'Schutzklasse',
                fr_FR: 'Classe de protection',
                pl_PL: 'Klasa ochrony',
                ro_RO: 'Clasă de protecție',
              },
              ['S1P', 'S2', 'S3'].map(same),
            ),
            text(
              'toeCap',
              {
                en_US: 'Toe cap',
                de_DE: 'Zehenschutzkappe',
                fr_FR: 'Embout',
                pl_PL: 'Podnosek',
                ro_RO: 'Bombeu',
              },
              [
                { en_US: 'steel', de_DE: 'Stahl', fr_FR: 'acier', pl_PL: 'stalowy', ro_RO: 'metalic' },
                {
                  en_US: 'composite',
                  de_DE: 'Composite',
                  fr_FR: 'composite',
                  pl_PL: 'kompozytowy',
                  ro_RO: 'compozit',
                },
                {
                  en_US: 'aluminum',
                  de_DE: 'Aluminium',
                  fr_FR: 'aluminium',
                  pl_PL: 'aluminiowy',
                  ro_RO: 'din aluminiu',
                },
              ],
            ),
            text(
              'upperMaterial',
              {
                en_US: 'Upper material',
                de_DE: 'Obermaterial',
                fr_FR: 'Tige',
                pl_PL: 'Materiał cholewki',
                ro_RO: 'Material exterior',
              },
              [
                { en_US: 'leather', de_DE: 'Leder', fr_FR: 'cuir', pl_PL: 'skóra', ro_RO: 'piele' },
                {
                  en_US: 'suede',
                  de_DE: 'Veloursleder',
                  fr_FR: 'cuir velours',
                  pl_PL: 'skóra zamszowa',
                  ro_RO: 'piele întoarsă',
                },
                {
                  en_US: 'microfiber',
                  de_DE: 'Mikrofaser',
                  fr_FR: 'microfibre',
                  pl_PL: 'mikrofibra',
                  ro_RO: 'microfibră',
                },
              ],
            ),
            num('weight', N.weight, 'g', [550, 620, 700, 780]),
          ],
          variation: {
            id: 'shoeSize',
            name: {
              en_US: 'Shoe size (EU)',
              de_DE: 'Schuhgröße (EU)',
              fr_FR: 'Pointure (EU)',
              pl_PL: 'Rozmiar obuwia (EU)',
              ro_RO: 'Mărimea (EU)',
            },
            values: sized(
              { en_US: 'size', de_DE: 'Größe', fr_FR: 'pointure', pl_PL: 'rozmiar', ro_RO: 'mărimea' },
              ['39', '40', '41', '42', '43', '44', '45', '46', '47'],
            ),
          },
        },
      ],
    },
    {
      id: 'Workwear',
      name: {
        en_US: 'Workwear',
        de_DE: 'Berufsbekleidung',
        fr_FR: 'Vêtements de travail',
        pl_PL: 'Odzież robocza',
        ro_RO: 'Îmbrăcăminte de lucru',
      },
      description: {
        en_US: 'Hard-wearing workwear and high-visibility clothing for every season.',
        de_DE: 'Strapazierfähige Berufs- und Warnschutzkleidung für jede Jahreszeit.',
        fr_FR: 'Vêtements de travail résistants et vêtements haute visibilité pour toutes les saisons.',
        pl_PL: 'Wytrzymała odzież robocza i ostrzegawcza na każdą porę roku.',
        ro_RO: 'Îmbrăcăminte de lucru rezistentă și de semnalizare pentru orice anotimp.',
      },
      children: [
        {
          id: 'Hi-Vis-Vests',
          name: {
            en_US: 'High-Visibility Vests',
            de_DE: 'Warnwesten',
            fr_FR: 'Gilets haute visibilité',
            pl_PL: 'Kamizelki ostrzegawcze',
            ro_RO: 'Veste reflectorizante',
          },
          description: {
            en_US: 'High-visibility vests to EN ISO 20471 with retroreflective tape.',
            de_DE: 'Warnwesten nach EN ISO 20471 mit retroreflektierenden Streifen.',
            fr_FR: 'Gilets haute visibilité selon EN ISO 20471 avec bandes rétroréfléchissantes.',
            pl_PL: 'Kamizelki ostrzegawcze wg EN ISO 20471 z taśmami odblaskowymi.',
            ro_RO: 'Veste reflectorizante conform EN ISO 20471, cu benzi retroreflectorizante.',
          },
          noun: {
            en_US: 'Hi-Vis Vest',
            de_DE: 'Warnweste',
            fr_FR: 'Gilet haute visibilité',
            pl_PL: 'Kamizelka ostrzegawcza',
            ro_RO: 'Vestă reflectorizantă',
          },
          icon: 'vest',
          priceRange: [2, 19],
          packingUnit: '',
          attributes: [
            text('color', N.color, [C.fluoYellow, C.fluoOrange]),
            num(
              'visibilityClass',
              {
                en_US: 'Visibility class',
                de_DE: 'Warnschutzklasse',
                fr_FR: 'Classe de visibilité',
                pl_PL: 'Klasa widoczności',
                ro_RO: 'Clasa de vizibilitate',
              },
              '',
              [1, 2],
            ),
            text('material', N.material, [
              V.polyester,
              {
                en_US: 'polyester mesh',
                de_DE: 'Polyester-Mesh',
                fr_FR: 'maille polyester',
                pl_PL: 'siatka poliestrowa',
                ro_RO: 'plasă din poliester',
              },
            ]),
          ],
          variation: {
            id: 'size',
            name: { en_US: 'Size', de_DE: 'Größe', fr_FR: 'Taille', pl_PL: 'Rozmiar', ro_RO: 'Mărime' },
            values: sized(SIZE_WORD, ['S', 'M', 'L', 'XL', 'XXL', '3XL']),
          },
        },
        {
          id: 'Work-Pants',
          name: {
            en_US: 'Work Pants',
            de_DE: 'Arbeitshosen',
            fr_FR: 'Pantalons de travail',
            pl_PL: 'Spodnie robocze',
            ro_RO: 'Pantaloni de lucru',
          },
          description: {
            en_US: 'Durable work pants with knee pad pockets and plenty of storage.',
            de_DE: 'Robuste Arbeitshosen mit Kniepolstertaschen und viel Stauraum.',
            fr_FR: 'Pantalons de travail résistants avec poches genouillères et nombreux rangements.',
            pl_PL: 'Wytrzymałe spodnie robocze z kieszeniami na nakolanniki i wieloma schowkami.',
            ro_RO:
              'Pantaloni de lucru rezistenți, cu buzunare pentru genunchiere și mult spațiu de depozitare.',
          },
          noun: {
            en_US: 'Work Pants',
            de_DE: 'Arbeitshose',
            fr_FR: 'Pantalon de travail',
            pl_PL: 'Spodnie robocze',
            ro_RO: 'Pantaloni de lucru',
          },
          icon: 'vest',
          priceRange: [29, 89],
          packingUnit: '',
          attributes: [
            text('material', N.material, [
              {
                en_US: 'polyester/cotton 65/35',
                de_DE: 'Polyester/Baumwolle 65/35',
                fr_FR: 'polyester/coton 65/35',
                pl_PL: 'poliester/bawełna 65/35',
                ro_RO: 'poliester/bumbac 65/35',
              },
              {
                en_US: '100% cotton',
                de_DE: '100 % Baumwolle',
                fr_FR: '100 % coton',
                pl_PL: '100% bawełna',
                ro_RO: '100% bumbac',
              },
            ]),
            text('color', N.color, [C.gray, C.black, C.navy, C.olive]),
            num('fabricWeight', N.fabricWeight, 'g/m²', [245, 270, 300, 330]),
          ],
          variation: {
            id: 'size',
            name: {
              en_US: 'Size (EU)',
              de_DE: 'Konfektionsgröße',
              fr_FR: 'Taille (EU)',
              pl_PL: 'Rozmiar (EU)',
              ro_RO: 'Mărime (EU)',
            },
            values: sized(SIZE_WORD, ['46', '48', '50', '52', '54', '56', '58']),
          },
        },
        {
          id: 'Softshell-Jackets',
          name: {
            en_US: 'Softshell Jackets',
            de_DE: 'Softshelljacken',
            fr_FR: 'Vestes softshell',
            pl_PL: 'Kurtki softshell',
            ro_RO: 'Jachete softshell',
          },
          description: {
            en_US: 'Wind- and water-repellent softshell jackets for working in cool weather.',
            de_DE: 'Wind- und wasserabweisende Softshelljacken für die Arbeit bei kühlem Wetter.',
            fr_FR: 'Vestes softshell coupe-vent et déperlantes pour travailler par temps frais.',
            pl_PL: 'Wiatroodporne i wodoodpychające kurtki softshell do pracy w chłodne dni.',
            ro_RO: 'Jachete softshell rezistente la vânt și hidrofuge pentru lucrul pe vreme rece.',
          },
          noun: {
            en_US: 'Softshell Jacket',
            de_DE: 'Softshelljacke',
            fr_FR: 'Veste softshell',
            pl_PL: 'Kurtka softshell',
            ro_RO: 'Jachetă softshell',
          },
          icon: 'vest',
          priceRange: [39, 129],
          packingUnit: '',
          attributes: [
            text('color', N.color, [C.black, C.anthracite, C.navy, C.red]),
            num(
              'waterColumn',
              {
                en_US: 'Water column',
                de_DE: 'Wassersäule',
                fr_FR: "Colonne d'eau",
                pl_PL: 'Słup wody',
                ro_RO: 'Coloană de apă',
              },
              'mm',
              [5000, 8000, 10000],
            ),
            num(
              'breathability',
              {
                en_US: 'Breathability',
                de_DE: 'Atmungsaktivität',
                fr_FR: 'Respirabilité',
                pl_PL: 'Oddychalność',
                ro_RO: 'Respirabilitate',
              },
              'g/m²/24h',
              [3000, 5000, 8000],
            ),
            num('fabricWeight', N.fabricWeight, 'g/m²', [280, 320, 360]),
          ],
        },
      ],
    },
  ],
}

const building: TopDef = {
  id: 'Building-Supplies',
  name: {
    en_US: 'Building Supplies',
    de_DE: 'Baustoffe',
    fr_FR: 'Matériaux de construction',
    pl_PL: 'Materiały budowlane',
    ro_RO: 'Materiale de construcții',
  },
  description: {
    en_US: 'Building materials for masonry, drywall, timber construction and plumbing.',
    de_DE: 'Baustoffe für Mauerwerk, Trockenbau, Holzbau und Sanitärinstallation.',
    fr_FR: 'Matériaux pour la maçonnerie, la plaque de plâtre, la construction bois et la plomberie.',
    pl_PL: 'Materiały do murowania, suchej zabudowy, konstrukcji drewnianych i instalacji sanitarnych.',
    ro_RO: 'Materiale pentru zidărie, gips-carton, construcții din lemn și instalații sanitare.',
  },
  children: [
    {
      id: 'Masonry-And-Concrete',
      name: {
        en_US: 'Masonry & Concrete',
        de_DE: 'Mauerwerk & Beton',
        fr_FR: 'Maçonnerie et béton',
        pl_PL: 'Murowanie i beton',
        ro_RO: 'Zidărie și beton',
      },
      description: {
        en_US: 'Bricks, blocks, cement and mortar for walls and foundations.',
        de_DE: 'Ziegel, Steine, Zement und Mörtel für Wände und Fundamente.',
        fr_FR: 'Briques, blocs, ciment et mortier pour les murs et les fondations.',
        pl_PL: 'Cegły, bloczki, cement i zaprawy do ścian i fundamentów.',
        ro_RO: 'Cărămizi, blocuri, ciment și mortar pentru pereți și fundații.',
      },
      children: [
        {
          id: 'Bricks',
          name: {
            en_US: 'Bricks',
            de_DE: 'Mauerziegel',
            fr_FR: 'Briques',
            pl_PL: 'Cegły',
            ro_RO: 'Cărămizi',
          },
          description: {
            en_US: 'Solid and perforated clay bricks for load-bearing and facing masonry.',
            de_DE: 'Voll- und Lochziegel für tragendes Mauerwerk und Sichtmauerwerk.',
            fr_FR: 'Briques pleines et perforées en terre cuite pour la maçonnerie porteuse et apparente.',
            pl_PL: 'Cegły ceramiczne pełne i dziurawki do murów nośnych i licowych.',
            ro_RO: 'Cărămizi pline și cu goluri, din argilă arsă, pentru zidărie portantă și aparentă.',
          },
          noun: { en_US: 'Brick', de_DE: 'Mauerziegel', fr_FR: 'Brique', pl_PL: 'Cegła', ro_RO: 'Cărămidă' },
          icon: 'brick',
          priceRange: [1, 4],
          packingUnit: '',
          attributes: [
            text(
              'brickType',
              { en_US: 'Type', de_DE: 'Ziegelart', fr_FR: 'Type', pl_PL: 'Rodzaj', ro_RO: 'Tip' },
              [
                {
                  en_US: 'solid brick',
                  de_DE: 'Vollziegel',
                  fr_FR: 'brique pleine',
                  pl_PL: 'cegła pełna',
                  ro_RO: 'cărămidă plină',
                },
                {
                  en_US: 'perforated brick',
                  de_DE: 'Lochziegel',
                  fr_FR: 'brique perforée',
                  pl_PL: 'cegła dziurawka',
                  ro_RO: 'cărămidă cu goluri',
                },
                {
                  en_US: 'facing brick',
                  de_DE: 'Klinker',
                  fr_FR: 'brique de parement',
                  pl_PL: 'cegła licowa',
                  ro_RO: 'cărămidă aparentă',
                },
              ],
            ),
            text(
              'format',
              { en_US: 'Format', de_DE: 'Format', fr_FR: 'Format', pl_PL: 'Format', ro_RO: 'Format' },
              ['240 × 115 × 71 mm', '240 × 115 × 113 mm', '250 × 120 × 65 mm'].map(same),
            ),
            num('compressiveStrength', N.compressiveStrength, 'N/mm²', [12, 15, 20, 28]),
            num('weight', N.weight, 'kg', [2.3, 3.0, 3.6]),
          ],
        },
        {
          id: 'Aerated-Concrete-Blocks',
          name: {
            en_US: 'Aerated Concrete Blocks',
            de_DE: 'Porenbetonsteine',
            fr_FR: 'Blocs de béton cellulaire',
            pl_PL: 'Bloczki z betonu komórkowego',
            ro_RO: 'Blocuri din BCA',
          },
          description: {
            en_US:
              'Lightweight aerated concrete blocks with good thermal insulation for fast wall construction.',
            de_DE: 'Leichte Porenbetonsteine mit guter Wärmedämmung für schnellen Wandbau.',
            fr_FR:
              'Blocs légers en béton cellulaire, bons isolants thermiques, pour monter les murs rapidement.',
            pl_PL:
              'Lekkie bloczki z betonu komórkowego o dobrej izolacyjności cieplnej do szybkiego wznoszenia ścian.',
            ro_RO: 'Blocuri ușoare din BCA, cu izolare termică bună, pentru ridicarea rapidă a pereților.',
          },
          noun: {
            en_US: 'Aerated Concrete Block',
            de_DE: 'Porenbetonstein',
            fr_FR: 'Bloc de béton cellulaire',
            pl_PL: 'Bloczek z betonu komórkowego',
            ro_RO: 'Bloc BCA',
          },
          icon: 'brick',
          priceRange: [2, 9],
          packingUnit: '',
          attributes: [
            num('thickness', N.thickness, 'mm', [100, 115, 175, 240, 300]),
            num(
              'density',
              {
                en_US: 'Density',
                de_DE: 'Rohdichte',
                fr_FR: 'Masse volumique',
                pl_PL: 'Gęstość',
                ro_RO: 'Densitate',
              },
              'kg/m³',
              [350, 400, 500, 600],
            ),
            num('compressiveStrength', N.compressiveStrength, 'N/mm²', [2, 4, 5]),
            num(
              'thermalConductivity',
              {
                en_US: 'Thermal conductivity',
                de_DE: 'Wärmeleitfähigkeit',
                fr_FR: 'Conductivité thermique',
                pl_PL: 'Współczynnik przewodzenia ciepła',
                ro_RO: 'Conductivitate termică',
              },
              'W/(m·K)',
              [0.09, 0.1, 0.12, 0.14],
            ),
          ],
        },
        {
          id: 'Cement-And-Mortar',
          name: {
            en_US: 'Cement & Mortar',
            de_DE: 'Zement & Mörtel',
            fr_FR: 'Ciment et mortier',
            pl_PL: 'Cement i zaprawy',
            ro_RO: 'Ciment și mortar',
          },
          description: {
            en_US: 'Bagged cement, masonry mortar and plaster for mixing on site.',
            de_DE: 'Zement, Mauermörtel und Putz als Sackware zum Anmischen auf der Baustelle.',
            fr_FR: 'Ciment, mortier de maçonnerie et enduit en sacs, à gâcher sur le chantier.',
            pl_PL: 'Cement, zaprawy murarskie i tynki w workach do przygotowania na budowie.',
            ro_RO: 'Ciment, mortar pentru zidărie și tencuială la sac, pentru preparare pe șantier.',
          },
          noun: {
            en_US: 'Mortar Mix',
            de_DE: 'Trockenmörtel',
            fr_FR: 'Mortier sec',
            pl_PL: 'Zaprawa',
            ro_RO: 'Mortar uscat',
          },
          icon: 'bag',
          priceRange: [4, 19],
          packingUnit: 'bag',
          attributes: [
            num(
              'bagWeight',
              {
                en_US: 'Bag weight',
                de_DE: 'Sackgewicht',
                fr_FR: 'Poids du sac',
                pl_PL: 'Waga worka',
                ro_RO: 'Greutatea sacului',
              },
              'kg',
              [25, 30, 40],
            ),
            text(
              'application',
              {
                en_US: 'Application',
                de_DE: 'Anwendung',
                fr_FR: 'Application',
                pl_PL: 'Zastosowanie',
                ro_RO: 'Utilizare',
              },
              [
                {
                  en_US: 'masonry',
                  de_DE: 'Mauern',
                  fr_FR: 'maçonnerie',
                  pl_PL: 'murowanie',
                  ro_RO: 'zidărie',
                },
                {
                  en_US: 'plastering',
                  de_DE: 'Verputzen',
                  fr_FR: 'enduit',
                  pl_PL: 'tynkowanie',
                  ro_RO: 'tencuire',
                },
                { en_US: 'floor screed', de_DE: 'Estrich', fr_FR: 'chape', pl_PL: 'wylewki', ro_RO: 'șapă' },
              ],
            ),
            num('compressiveStrength', N.compressiveStrength, 'N/mm²', [5, 10, 20, 25]),
            num(
              'workingTime',
              {
                en_US: 'Working time',
                de_DE: 'Verarbeitungszeit',
                fr_FR: "Durée d'utilisation",
                pl_PL: 'Czas obróbki',
                ro_RO: 'Timp de lucru',
              },
              'min',
              [60, 120, 180],
            ),
          ],
        },
      ],
    },
    {
      id: 'Timber-And-Panels',
      name: {
        en_US: 'Timber & Panels',
        de_DE: 'Holz & Platten',
        fr_FR: 'Bois et panneaux',
        pl_PL: 'Drewno i płyty',
        ro_RO: 'Lemn și plăci',
      },
      description: {
        en_US: 'Structural timber and building boards for framing, sheathing and interior finishing.',
        de_DE: 'Konstruktionsholz und Bauplatten für Rahmenbau, Beplankung und Innenausbau.',
        fr_FR: "Bois de structure et panneaux pour l'ossature, le voligeage et l'aménagement intérieur.",
        pl_PL: 'Drewno konstrukcyjne i płyty budowlane do szkieletów, poszycia i wykończenia wnętrz.',
        ro_RO: 'Lemn de construcție și plăci pentru structuri, placări și finisaje interioare.',
      },
      children: [
        {
          id: 'Construction-Timber',
          name: {
            en_US: 'Construction Timber',
            de_DE: 'Konstruktionsvollholz',
            fr_FR: 'Bois de charpente',
            pl_PL: 'Drewno konstrukcyjne',
            ro_RO: 'Cherestea pentru construcții',
          },
          description: {
            en_US: 'Kiln-dried, strength-graded structural timber for roofs, walls and floors.',
            de_DE: 'Technisch getrocknetes, festigkeitssortiertes Bauholz für Dach, Wand und Decke.',
            fr_FR:
              'Bois de structure séché et classé mécaniquement pour les charpentes, les murs et les planchers.',
            pl_PL:
              'Suszone komorowo, sortowane wytrzymałościowo drewno konstrukcyjne na dachy, ściany i stropy.',
            ro_RO:
              'Cherestea uscată în uscător și clasată după rezistență, pentru acoperișuri, pereți și planșee.',
          },
          noun: {
            en_US: 'Timber Beam',
            de_DE: 'Kantholz',
            fr_FR: 'Bois de charpente',
            pl_PL: 'Kantówka',
            ro_RO: 'Grindă de lemn',
          },
          icon: 'board',
          priceRange: [9, 89],
          packingUnit: '',
          attributes: [
            text(
              'crossSection',
              {
                en_US: 'Cross-section',
                de_DE: 'Querschnitt',
                fr_FR: 'Section',
                pl_PL: 'Przekrój',
                ro_RO: 'Secțiune',
              },
              ['60 × 120 mm', '80 × 160 mm', '100 × 100 mm', '120 × 200 mm'].map(same),
            ),
            text(
              'woodSpecies',
              {
                en_US: 'Wood species',
                de_DE: 'Holzart',
                fr_FR: 'Essence',
                pl_PL: 'Gatunek drewna',
                ro_RO: 'Specie lemnoasă',
              },
              [
                { en_US: 'spruce', de_DE: 'Fichte', fr_FR: 'épicéa', pl_PL: 'świerk', ro_RO: 'molid' },
                { en_US: 'pine', de_DE: 'Kiefer', fr_FR: 'pin', pl_PL: 'sosna', ro_RO: 'pin' },
                { en_US: 'larch', de_DE: 'Lärche', fr_FR: 'mélèze', pl_PL: 'modrzew', ro_RO: 'larice' },
              ],
            ),
            text(
              'strengthClass',
              {
                en_US: 'Strength class',
                de_DE: 'Festigkeitsklasse',
                fr_FR: 'Classe de résistance',
                pl_PL: 'Klasa wytrzymałości',
                ro_RO: 'Clasa de rezistență',
              },
              ['C24', 'C30'].map(same),
            ),
            num(
              'moistureContent',
              {
                en_US: 'Moisture content',
                de_DE: 'Holzfeuchte',
                fr_FR: 'Humidité du bois',
                pl_PL: 'Wilgotność drewna',
                ro_RO: 'Umiditatea lemnului',
              },
              '%',
              [15, 18],
            ),
          ],
          variation: {
            id: 'length',
            name: N.length,
            values: plain([
              ['2.5m', '2.5 m'],
              ['3m', '3 m'],
              ['4m', '4 m'],
              ['5m', '5 m'],
              ['6m', '6 m'],
            ]),
          },
        },
        {
          id: 'OSB-Boards',
          name: {
            en_US: 'OSB Boards',
            de_DE: 'OSB-Platten',
            fr_FR: 'Panneaux OSB',
            pl_PL: 'Płyty OSB',
            ro_RO: 'Plăci OSB',
          },
          description: {
            en_US: 'OSB/3 boards for load-bearing use in humid conditions, for walls, roofs and floors.',
            de_DE: 'OSB/3-Platten für tragende Anwendungen im Feuchtbereich, für Wand, Dach und Boden.',
            fr_FR:
              'Panneaux OSB/3 pour un usage structurel en milieu humide, en mur, en toiture et en plancher.',
            pl_PL:
              'Płyty OSB/3 do zastosowań konstrukcyjnych w warunkach wilgotnych, na ściany, dachy i podłogi.',
            ro_RO:
              'Plăci OSB/3 pentru utilizări structurale în medii umede, la pereți, acoperișuri și pardoseli.',
          },
          noun: {
            en_US: 'OSB Board',
            de_DE: 'OSB-Platte',
            fr_FR: 'Panneau OSB',
            pl_PL: 'Płyta OSB',
            ro_RO: 'Placă OSB',
          },
          icon: 'board',
          priceRange: [9, 49],
          packingUnit: '',
          attributes: [
            num('thickness', N.thickness, 'mm', [9, 12, 15, 18, 22]),
            num('length', N.length, 'mm', [2500, 2800]),
            num('width', N.width, 'mm', [625, 1250]),
            text(
              'edgeProfile',
              {
                en_US: 'Edge profile',
                de_DE: 'Kantenausführung',
                fr_FR: 'Chant',
                pl_PL: 'Krawędź',
                ro_RO: 'Margine',
              },
              [
                {
                  en_US: 'square edge',
                  de_DE: 'stumpf',
                  fr_FR: 'chant droit',
                  pl_PL: 'prosta',
                  ro_RO: 'dreaptă',
                },
                {
                  en_US: 'tongue and groove',
                  de_DE: 'Nut und Feder',
                  fr_FR: 'rainuré bouveté',
                  pl_PL: 'pióro-wpust',
                  ro_RO: 'nut și feder',
                },
              ],
            ),
          ],
        },
        {
          id: 'Drywall-Panels',
          name: {
            en_US: 'Drywall Panels',
            de_DE: 'Gipskartonplatten',
            fr_FR: 'Plaques de plâtre',
            pl_PL: 'Płyty gipsowo-kartonowe',
            ro_RO: 'Plăci de gips-carton',
          },
          description: {
            en_US: 'Gypsum boards for partitions, ceilings and wall linings in dry construction.',
            de_DE: 'Gipskartonplatten für Trennwände, Decken und Wandverkleidungen im Trockenbau.',
            fr_FR:
              'Plaques de plâtre pour les cloisons, les plafonds et les doublages en construction sèche.',
            pl_PL:
              'Płyty gipsowo-kartonowe do ścianek działowych, sufitów i okładzin ściennych w suchej zabudowie.',
            ro_RO: 'Plăci de gips-carton pentru pereți despărțitori, tavane și placări în sistem uscat.',
          },
          noun: {
            en_US: 'Drywall Panel',
            de_DE: 'Gipskartonplatte',
            fr_FR: 'Plaque de plâtre',
            pl_PL: 'Płyta gipsowo-kartonowa',
            ro_RO: 'Placă de gips-carton',
          },
          icon: 'board',
          priceRange: [5, 29],
          packingUnit: '',
          attributes: [
            num('thickness', N.thickness, 'mm', [9.5, 12.5, 15, 18]),
            num('length', N.length, 'mm', [2000, 2500, 2600, 3000]),
            num('width', N.width, 'mm', [1200, 1250]),
            text(
              'boardType',
              {
                en_US: 'Board type',
                de_DE: 'Plattentyp',
                fr_FR: 'Type de plaque',
                pl_PL: 'Typ płyty',
                ro_RO: 'Tip placă',
              },
              [
                {
                  en_US: 'standard (A)',
                  de_DE: 'Standard (A)',
                  fr_FR: 'standard (A)',
                  pl_PL: 'zwykła (A)',
                  ro_RO: 'standard (A)',
                },
                {
                  en_US: 'moisture-resistant (H2)',
                  de_DE: 'imprägniert (H2)',
                  fr_FR: 'hydrofuge (H2)',
                  pl_PL: 'wodoodporna (H2)',
                  ro_RO: 'rezistentă la umezeală (H2)',
                },
                {
                  en_US: 'fire-resistant (DF)',
                  de_DE: 'Feuerschutz (DF)',
                  fr_FR: 'coupe-feu (DF)',
                  pl_PL: 'ogniochronna (DF)',
                  ro_RO: 'rezistentă la foc (DF)',
                },
              ],
            ),
          ],
        },
      ],
    },
    {
      id: 'Pipes-And-Insulation',
      name: {
        en_US: 'Pipes & Insulation',
        de_DE: 'Rohre & Dämmung',
        fr_FR: 'Tubes et isolation',
        pl_PL: 'Rury i izolacje',
        ro_RO: 'Țevi și izolații',
      },
      description: {
        en_US: 'Drain pipes, copper pipes and pipe insulation for water and drainage installations.',
        de_DE: 'Abwasserrohre, Kupferrohre und Rohrisolierung für Wasser- und Abwasserinstallationen.',
        fr_FR:
          "Tubes d'évacuation, tubes en cuivre et isolants pour les installations d'eau et d'assainissement.",
        pl_PL: 'Rury kanalizacyjne, rury miedziane i otuliny do instalacji wodnych i kanalizacyjnych.',
        ro_RO: 'Țevi de canalizare, țevi de cupru și izolații pentru instalații de apă și canalizare.',
      },
      children: [
        {
          id: 'Drain-Pipes',
          name: {
            en_US: 'PVC Drain Pipes',
            de_DE: 'PVC-Abwasserrohre',
            fr_FR: "Tubes d'évacuation en PVC",
            pl_PL: 'Rury kanalizacyjne PVC',
            ro_RO: 'Țevi de canalizare din PVC',
          },
          description: {
            en_US: 'PVC-U pipes with socket and seal for indoor and underground drainage.',
            de_DE: 'PVC-U-Rohre mit Muffe und Dichtring für Hausabfluss und erdverlegte Leitungen.',
            fr_FR: "Tubes en PVC-U à emboîture et joint pour l'évacuation intérieure et enterrée.",
            pl_PL: 'Rury PVC-U z kielichem i uszczelką do kanalizacji wewnętrznej i zewnętrznej.',
            ro_RO: 'Țevi din PVC-U cu mufă și garnitură pentru canalizare interioară și îngropată.',
          },
          noun: {
            en_US: 'Drain Pipe',
            de_DE: 'Abwasserrohr',
            fr_FR: "Tube d'évacuation",
            pl_PL: 'Rura kanalizacyjna',
            ro_RO: 'Țeavă de canalizare',
          },
          icon: 'pipe',
          priceRange: [3, 49],
          packingUnit: '',
          attributes: [
            num('length', N.length, 'mm', [500, 1000, 2000, 3000]),
            num('wallThickness', N.wallThickness, 'mm', [1.8, 2.2, 3.2, 4]),
            text('color', N.color, [C.orange, C.gray]),
            num(
              'ringStiffness',
              {
                en_US: 'Ring stiffness',
                de_DE: 'Ringsteifigkeit',
                fr_FR: 'Rigidité annulaire',
                pl_PL: 'Sztywność obwodowa',
                ro_RO: 'Rigiditate inelară',
              },
              'kN/m²',
              [2, 4, 8],
            ),
          ],
          variation: {
            id: 'nominalDiameter',
            name: {
              en_US: 'Nominal diameter',
              de_DE: 'Nennweite',
              fr_FR: 'Diamètre nominal',
              pl_PL: 'Średnica nominalna',
              ro_RO: 'Diametru nominal',
            },
            values: plain([
              ['DN50', 'DN 50'],
              ['DN75', 'DN 75'],
              ['DN110', 'DN 110'],
              ['DN125', 'DN 125'],
              ['DN160', 'DN 160'],
            ]),
          },
        },
        {
          id: 'Copper-Pipes',
          name: {
            en_US: 'Copper Pipes',
            de_DE: 'Kupferrohre',
            fr_FR: 'Tubes en cuivre',
            pl_PL: 'Rury miedziane',
            ro_RO: 'Țevi de cupru',
          },
          description: {
            en_US: 'Copper pipes to EN 1057 for drinking water and heating installations.',
            de_DE: 'Kupferrohre nach EN 1057 für Trinkwasser- und Heizungsinstallationen.',
            fr_FR: "Tubes en cuivre selon EN 1057 pour les installations d'eau potable et de chauffage.",
            pl_PL: 'Rury miedziane wg EN 1057 do instalacji wody pitnej i ogrzewania.',
            ro_RO: 'Țevi de cupru conform EN 1057 pentru instalații de apă potabilă și încălzire.',
          },
          noun: {
            en_US: 'Copper Pipe',
            de_DE: 'Kupferrohr',
            fr_FR: 'Tube en cuivre',
            pl_PL: 'Rura miedziana',
            ro_RO: 'Țeavă de cupru',
          },
          icon: 'pipe',
          priceRange: [6, 119],
          packingUnit: '',
          attributes: [
            num('outerDiameter', N.outerDiameter, 'mm', [12, 15, 18, 22, 28, 35]),
            num('wallThickness', N.wallThickness, 'mm', [0.8, 1, 1.2, 1.5]),
            num('length', N.length, 'm', [2.5, 5, 25, 50]),
            text(
              'supplyForm',
              {
                en_US: 'Supply form',
                de_DE: 'Lieferform',
                fr_FR: 'Conditionnement',
                pl_PL: 'Postać',
                ro_RO: 'Formă de livrare',
              },
              [
                {
                  en_US: 'straight length (hard)',
                  de_DE: 'Stange (hart)',
                  fr_FR: 'barre (écroui)',
                  pl_PL: 'sztanga (twarda)',
                  ro_RO: 'bară (tare)',
                },
                {
                  en_US: 'coil (soft)',
                  de_DE: 'Ring (weich)',
                  fr_FR: 'couronne (recuit)',
                  pl_PL: 'krąg (miękka)',
                  ro_RO: 'colac (moale)',
                },
              ],
            ),
          ],
        },
        {
          id: 'Pipe-Insulation',
          name: {
            en_US: 'Pipe Insulation',
            de_DE: 'Rohrisolierung',
            fr_FR: 'Isolation de tuyauterie',
            pl_PL: 'Otuliny izolacyjne',
            ro_RO: 'Izolații pentru țevi',
          },
          description: {
            en_US: 'Foam pipe insulation that reduces heat loss and prevents condensation.',
            de_DE: 'Rohrisolierung aus Schaumstoff gegen Wärmeverluste und Tauwasserbildung.',
            fr_FR:
              'Manchons isolants en mousse pour limiter les pertes de chaleur et éviter la condensation.',
            pl_PL: 'Piankowe otuliny do rur ograniczające straty ciepła i zapobiegające kondensacji.',
            ro_RO: 'Izolații din spumă pentru țevi, care reduc pierderile de căldură și previn condensul.',
          },
          noun: {
            en_US: 'Pipe Insulation Sleeve',
            de_DE: 'Rohrisolierschlauch',
            fr_FR: 'Manchon isolant',
            pl_PL: 'Otulina',
            ro_RO: 'Tub izolant',
          },
          icon: 'pipe',
          priceRange: [1, 15],
          packingUnit: '',
          attributes: [
            num('innerDiameter', N.innerDiameter, 'mm', [15, 18, 22, 28, 35, 42]),
            num(
              'insulationThickness',
              {
                en_US: 'Insulation thickness',
                de_DE: 'Dämmdicke',
                fr_FR: "Épaisseur d'isolant",
                pl_PL: 'Grubość izolacji',
                ro_RO: 'Grosimea izolației',
              },
              'mm',
              [9, 13, 20, 30],
            ),
            num('length', N.length, 'm', [1, 2]),
            text('material', N.material, [
              {
                en_US: 'PE foam',
                de_DE: 'PE-Schaum',
                fr_FR: 'mousse PE',
                pl_PL: 'pianka PE',
                ro_RO: 'spumă PE',
              },
              {
                en_US: 'synthetic rubber',
                de_DE: 'Synthesekautschuk',
                fr_FR: 'caoutchouc synthétique',
                pl_PL: 'kauczuk syntetyczny',
                ro_RO: 'cauciuc sintetic',
              },
            ]),
          ],
        },
      ],
    },
  ],
}

const electrical: TopDef = {
  id: 'Electrical',
  name: {
    en_US: 'Electrical',
    de_DE: 'Elektroinstallation',
    fr_FR: 'Matériel électrique',
    pl_PL: 'Materiały elektryczne',
    ro_RO: 'Materiale electrice',
  },
  description: {
    en_US: 'Cables, switches, outlets and lighting for electrical installations.',
    de_DE: 'Kabel, Schalter, Steckdosen und Beleuchtung für die Elektroinstallation.',
    fr_FR: "Câbles, interrupteurs, prises et éclairage pour l'installation électrique.",
    pl_PL: 'Kable, łączniki, gniazda i oświetlenie do instalacji elektrycznych.',
    ro_RO: 'Cabluri, întrerupătoare, prize și iluminat pentru instalații electrice.',
  },
  children: [
    {
      id: 'Cables-And-Accessories',
      name: {
        en_US: 'Cables & Accessories',
        de_DE: 'Kabel & Zubehör',
        fr_FR: 'Câbles et accessoires',
        pl_PL: 'Kable i akcesoria',
        ro_RO: 'Cabluri și accesorii',
      },
      description: {
        en_US: 'Installation cable, extension cords and electrical tape for the job site and the building.',
        de_DE: 'Installationsleitungen, Verlängerungskabel und Isolierband für Baustelle und Gebäude.',
        fr_FR: "Câbles d'installation, rallonges et ruban isolant pour le chantier et le bâtiment.",
        pl_PL: 'Przewody instalacyjne, przedłużacze i taśmy izolacyjne na budowę i do budynków.',
        ro_RO: 'Cabluri de instalații, prelungitoare și bandă izolatoare pentru șantier și clădiri.',
      },
      children: [
        {
          id: 'Installation-Cable',
          name: {
            en_US: 'Installation Cable',
            de_DE: 'Mantelleitungen',
            fr_FR: "Câbles d'installation",
            pl_PL: 'Przewody instalacyjne',
            ro_RO: 'Cabluri de instalații',
          },
          description: {
            en_US: 'PVC-sheathed installation cable for fixed wiring in dry and damp rooms.',
            de_DE: 'PVC-Mantelleitungen für die feste Verlegung in trockenen und feuchten Räumen.',
            fr_FR: 'Câbles sous gaine PVC pour installation fixe dans les locaux secs et humides.',
            pl_PL: 'Przewody w izolacji PVC do układania na stałe w pomieszczeniach suchych i wilgotnych.',
            ro_RO: 'Cabluri cu manta din PVC pentru pozare fixă în încăperi uscate și umede.',
          },
          noun: {
            en_US: 'Sheathed Cable',
            de_DE: 'Mantelleitung',
            fr_FR: "Câble d'installation",
            pl_PL: 'Przewód instalacyjny',
            ro_RO: 'Cablu de instalații',
          },
          icon: 'cable',
          priceRange: [19, 189],
          packingUnit: 'roll',
          attributes: [
            num('length', N.length, 'm', [25, 50, 100]),
            text(
              'cableType',
              {
                en_US: 'Cable type',
                de_DE: 'Leitungstyp',
                fr_FR: 'Type de câble',
                pl_PL: 'Typ przewodu',
                ro_RO: 'Tip cablu',
              },
              ['NYM-J', 'NYY-J'].map(same),
            ),
            text(
              'conductor',
              { en_US: 'Conductor', de_DE: 'Leiter', fr_FR: 'Âme', pl_PL: 'Żyła', ro_RO: 'Conductor' },
              [
                {
                  en_US: 'solid copper',
                  de_DE: 'Kupfer, eindrähtig',
                  fr_FR: 'cuivre rigide',
                  pl_PL: 'miedziana, jednodrutowa',
                  ro_RO: 'cupru, unifilar',
                },
              ],
            ),
            text('sheathColor', N.color, [C.gray, C.white, C.black]),
          ],
          variation: {
            id: 'coresCrossSection',
            name: {
              en_US: 'Cores × cross-section',
              de_DE: 'Aderzahl × Querschnitt',
              fr_FR: 'Conducteurs × section',
              pl_PL: 'Liczba żył × przekrój',
              ro_RO: 'Conductori × secțiune',
            },
            values: plain([
              ['3x1.5', '3 × 1.5 mm²'],
              ['3x2.5', '3 × 2.5 mm²'],
              ['5x1.5', '5 × 1.5 mm²'],
              ['5x2.5', '5 × 2.5 mm²'],
              ['5x4', '5 × 4 mm²'],
            ]),
          },
        },
        {
          id: 'Extension-Cords',
          name: {
            en_US: 'Extension Cords',
            de_DE: 'Verlängerungskabel',
            fr_FR: 'Rallonges électriques',
            pl_PL: 'Przedłużacze',
            ro_RO: 'Prelungitoare',
          },
          description: {
            en_US: 'Heavy-duty extension cords with rubber cable for the workshop and the job site.',
            de_DE: 'Robuste Verlängerungskabel mit Gummileitung für Werkstatt und Baustelle.',
            fr_FR: "Rallonges robustes avec câble caoutchouc pour l'atelier et le chantier.",
            pl_PL: 'Wytrzymałe przedłużacze z przewodem gumowym do warsztatu i na budowę.',
            ro_RO: 'Prelungitoare robuste cu cablu din cauciuc pentru atelier și șantier.',
          },
          noun: {
            en_US: 'Extension Cord',
            de_DE: 'Verlängerungskabel',
            fr_FR: 'Rallonge électrique',
            pl_PL: 'Przedłużacz',
            ro_RO: 'Prelungitor',
          },
          icon: 'plug',
          priceRange: [9, 89],
          packingUnit: '',
          attributes: [
            num('length', N.length, 'm', [3, 5, 10, 25, 50]),
            num(
              'crossSection',
              {
                en_US: 'Conductor cross-section',
                de_DE: 'Leiterquerschnitt',
                fr_FR: 'Section des conducteurs',
                pl_PL: 'Przekrój żył',
                ro_RO: 'Secțiunea conductorilor',
              },
              'mm²',
              [1.5, 2.5],
            ),
            num(
              'outlets',
              {
                en_US: 'Number of outlets',
                de_DE: 'Anzahl Steckdosen',
                fr_FR: 'Nombre de prises',
                pl_PL: 'Liczba gniazd',
                ro_RO: 'Număr de prize',
              },
              '',
              [1, 3, 4],
            ),
            ipRating(['IP20', 'IP44', 'IP67']),
          ],
        },
        {
          id: 'Electrical-Tape',
          name: {
            en_US: 'Electrical Tape',
            de_DE: 'Isolierband',
            fr_FR: 'Rubans isolants',
            pl_PL: 'Taśmy izolacyjne',
            ro_RO: 'Benzi izolatoare',
          },
          description: {
            en_US: 'Self-adhesive PVC tape for insulating and color-coding cables.',
            de_DE: 'Selbstklebendes PVC-Isolierband zum Isolieren und Kennzeichnen von Leitungen.',
            fr_FR: 'Ruban adhésif isolant en PVC pour isoler et repérer les câbles.',
            pl_PL: 'Samoprzylepna taśma izolacyjna z PVC do izolowania i oznaczania przewodów.',
            ro_RO: 'Bandă izolatoare adezivă din PVC pentru izolarea și marcarea cablurilor.',
          },
          noun: {
            en_US: 'Electrical Tape',
            de_DE: 'Isolierband',
            fr_FR: 'Ruban isolant',
            pl_PL: 'Taśma izolacyjna',
            ro_RO: 'Bandă izolatoare',
          },
          icon: 'tape',
          priceRange: [1, 9],
          packingUnit: '',
          attributes: [
            num('width', N.width, 'mm', [15, 19, 25]),
            num('length', N.length, 'm', [10, 20, 25, 33]),
            num('thickness', N.thickness, 'mm', [0.13, 0.15, 0.18]),
            num(
              'maxTemperature',
              {
                en_US: 'Max. operating temperature',
                de_DE: 'Max. Einsatztemperatur',
                fr_FR: "Température d'utilisation max.",
                pl_PL: 'Maks. temperatura pracy',
                ro_RO: 'Temperatura max. de lucru',
              },
              '°C',
              [80, 90, 105],
            ),
          ],
          variation: {
            id: 'color',
            name: N.color,
            values: [
              {
                value: 'black',
                names: { en_US: 'black', de_DE: 'schwarz', fr_FR: 'noir', pl_PL: 'czarna', ro_RO: 'neagră' },
              },
              {
                value: 'red',
                names: { en_US: 'red', de_DE: 'rot', fr_FR: 'rouge', pl_PL: 'czerwona', ro_RO: 'roșie' },
              },
              {
                value: 'blue',
                names: { en_US: 'blue', de_DE: 'blau', fr_FR: 'bleu', pl_PL: 'niebieska', ro_RO: 'albastră' },
              },
              {
                value: 'green-yellow',
                names: {
                  en_US: 'green-yellow',
                  de_DE: 'grün-gelb',
                  fr_FR: 'vert-jaune',
                  pl_PL: 'żółto-zielona',
                  ro_RO: 'verde-galben',
                },
              },
              {
                value: 'white',
                names: { en_US: 'white', de_DE: 'weiß', fr_FR: 'blanc', pl_PL: 'biała', ro_RO: 'albă' },
              },
              {
                value: 'brown',
                names: { en_US: 'brown', de_DE: 'braun', fr_FR: 'marron', pl_PL: 'brązowa', ro_RO: 'maro' },
              },
            ],
          },
        },
      ],
    },
    {
      id: 'Switches-And-Outlets',
      name: {
        en_US: 'Switches & Outlets',
        de_DE: 'Schalter & Steckdosen',
        fr_FR: 'Interrupteurs et prises',
        pl_PL: 'Łączniki i gniazda',
        ro_RO: 'Întrerupătoare și prize',
      },
      description: {
        en_US: 'Switches, outlets and junction boxes for flush and surface installation.',
        de_DE: 'Schalter, Steckdosen und Abzweigdosen für Unterputz- und Aufputzmontage.',
        fr_FR: 'Interrupteurs, prises et boîtes de dérivation pour pose encastrée et en saillie.',
        pl_PL: 'Łączniki, gniazda i puszki rozgałęźne do montażu podtynkowego i natynkowego.',
        ro_RO: 'Întrerupătoare, prize și doze de derivație pentru montaj încastrat și aparent.',
      },
      children: [
        {
          id: 'Light-Switches',
          name: {
            en_US: 'Light Switches',
            de_DE: 'Lichtschalter',
            fr_FR: 'Interrupteurs',
            pl_PL: 'Łączniki oświetleniowe',
            ro_RO: 'Întrerupătoare',
          },
          description: {
            en_US: 'Rocker switches for lighting circuits in a modern, timeless design.',
            de_DE: 'Wippschalter für Lichtstromkreise in modernem, zeitlosem Design.',
            fr_FR: "Interrupteurs à bascule pour circuits d'éclairage, au design moderne et intemporel.",
            pl_PL: 'Łączniki klawiszowe do obwodów oświetleniowych w nowoczesnym, ponadczasowym wzornictwie.',
            ro_RO: 'Întrerupătoare basculante pentru circuite de iluminat, cu design modern și atemporal.',
          },
          noun: {
            en_US: 'Light Switch',
            de_DE: 'Lichtschalter',
            fr_FR: 'Interrupteur',
            pl_PL: 'Łącznik oświetleniowy',
            ro_RO: 'Întrerupător',
          },
          icon: 'switch',
          priceRange: [4, 39],
          packingUnit: '',
          attributes: [
            text(
              'switchType',
              {
                en_US: 'Switch type',
                de_DE: 'Schalterart',
                fr_FR: "Type d'interrupteur",
                pl_PL: 'Rodzaj łącznika',
                ro_RO: 'Tip întrerupător',
              },
              [
                {
                  en_US: 'single-pole',
                  de_DE: 'Ausschalter',
                  fr_FR: 'simple allumage',
                  pl_PL: 'jednobiegunowy',
                  ro_RO: 'simplu',
                },
                {
                  en_US: 'three-way',
                  de_DE: 'Wechselschalter',
                  fr_FR: 'va-et-vient',
                  pl_PL: 'schodowy',
                  ro_RO: 'cap scară',
                },
                {
                  en_US: 'four-way',
                  de_DE: 'Kreuzschalter',
                  fr_FR: 'permutateur',
                  pl_PL: 'krzyżowy',
                  ro_RO: 'cruce',
                },
                {
                  en_US: 'double',
                  de_DE: 'Serienschalter',
                  fr_FR: 'double allumage',
                  pl_PL: 'świecznikowy',
                  ro_RO: 'dublu',
                },
              ],
            ),
            num('ratedCurrent', N.ratedCurrent, 'A', [10, 16]),
            mounting,
            ipRating(['IP20', 'IP44']),
          ],
          variation: {
            id: 'color',
            name: N.color,
            values: [
              {
                value: 'white',
                names: { en_US: 'white', de_DE: 'reinweiß', fr_FR: 'blanc', pl_PL: 'biały', ro_RO: 'alb' },
              },
              {
                value: 'cream',
                names: {
                  en_US: 'cream',
                  de_DE: 'cremeweiß',
                  fr_FR: 'crème',
                  pl_PL: 'kremowy',
                  ro_RO: 'crem',
                },
              },
              {
                value: 'anthracite',
                names: {
                  en_US: 'anthracite',
                  de_DE: 'anthrazit',
                  fr_FR: 'anthracite',
                  pl_PL: 'antracytowy',
                  ro_RO: 'antracit',
                },
              },
              {
                value: 'black',
                names: { en_US: 'black', de_DE: 'schwarz', fr_FR: 'noir', pl_PL: 'czarny', ro_RO: 'negru' },
              },
              {
                value: 'aluminum',
                names: {
                  en_US: 'aluminum',
                  de_DE: 'aluminium',
                  fr_FR: 'aluminium',
                  pl_PL: 'aluminiowy',
                  ro_RO: 'aluminiu',
                },
              },
            ],
          },
        },
        {
          id: 'Wall-Outlets',
          name: {
            en_US: 'Wall Outlets',
            de_DE: 'Steckdosen',
            fr_FR: 'Prises de courant',
            pl_PL: 'Gniazda wtyczkowe',
            ro_RO: 'Prize',
          },
          description: {
            en_US: 'Grounded wall outlets with child protection for residential and commercial buildings.',
            de_DE: 'Schutzkontakt-Steckdosen mit Kinderschutz für Wohn- und Gewerbebauten.',
            fr_FR: 'Prises de courant avec terre et protection enfants pour le résidentiel et le tertiaire.',
            pl_PL:
              'Gniazda wtyczkowe z uziemieniem i zabezpieczeniem przed dziećmi do budynków mieszkalnych i komercyjnych.',
            ro_RO:
              'Prize cu împământare și protecție pentru copii, pentru clădiri rezidențiale și comerciale.',
          },
          noun: {
            en_US: 'Wall Outlet',
            de_DE: 'Steckdose',
            fr_FR: 'Prise de courant',
            pl_PL: 'Gniazdo wtyczkowe',
            ro_RO: 'Priză',
          },
          icon: 'plug',
          priceRange: [5, 45],
          packingUnit: '',
          attributes: [
            num(
              'outlets',
              {
                en_US: 'Number of outlets',
                de_DE: 'Anzahl Steckdosen',
                fr_FR: 'Nombre de prises',
                pl_PL: 'Liczba gniazd',
                ro_RO: 'Număr de prize',
              },
              '',
              [1, 2, 3],
            ),
            num('ratedCurrent', N.ratedCurrent, 'A', [16]),
            mounting,
            ipRating(['IP20', 'IP44', 'IP55']),
            text('color', N.color, [C.white, C.anthracite, C.black]),
          ],
        },
        {
          id: 'Junction-Boxes',
          name: {
            en_US: 'Junction Boxes',
            de_DE: 'Abzweigdosen',
            fr_FR: 'Boîtes de dérivation',
            pl_PL: 'Puszki rozgałęźne',
            ro_RO: 'Doze de derivație',
          },
          description: {
            en_US: 'Junction boxes for safe cable connections in walls, ceilings and outdoors.',
            de_DE: 'Abzweigdosen für sichere Leitungsverbindungen in Wand und Decke sowie im Außenbereich.',
            fr_FR: 'Boîtes de dérivation pour des connexions sûres au mur, au plafond et en extérieur.',
            pl_PL: 'Puszki rozgałęźne do bezpiecznego łączenia przewodów w ścianach, sufitach i na zewnątrz.',
            ro_RO: 'Doze de derivație pentru conexiuni sigure în pereți, tavane și la exterior.',
          },
          noun: {
            en_US: 'Junction Box',
            de_DE: 'Abzweigdose',
            fr_FR: 'Boîte de dérivation',
            pl_PL: 'Puszka rozgałęźna',
            ro_RO: 'Doză de derivație',
          },
          icon: 'box',
          priceRange: [1, 19],
          packingUnit: '',
          attributes: [
            mounting,
            ipRating(['IP20', 'IP54', 'IP65']),
            num(
              'cableEntries',
              {
                en_US: 'Cable entries',
                de_DE: 'Leitungseinführungen',
                fr_FR: 'Entrées de câble',
                pl_PL: 'Wejścia kablowe',
                ro_RO: 'Intrări de cablu',
              },
              '',
              [4, 6, 7, 10],
            ),
            text(
              'dimensions',
              {
                en_US: 'Dimensions',
                de_DE: 'Abmessungen',
                fr_FR: 'Dimensions',
                pl_PL: 'Wymiary',
                ro_RO: 'Dimensiuni',
              },
              ['Ø 68 × 45 mm', '85 × 85 × 50 mm', '100 × 100 × 50 mm', '150 × 110 × 70 mm'].map(same),
            ),
          ],
        },
      ],
    },
    {
      id: 'Lighting',
      name: {
        en_US: 'Lighting',
        de_DE: 'Beleuchtung',
        fr_FR: 'Éclairage',
        pl_PL: 'Oświetlenie',
        ro_RO: 'Iluminat',
      },
      description: {
        en_US: 'LED lighting for job sites, workshops, buildings and outdoor areas.',
        de_DE: 'LED-Beleuchtung für Baustellen, Werkstätten, Gebäude und Außenbereiche.',
        fr_FR: 'Éclairage LED pour les chantiers, les ateliers, les bâtiments et les espaces extérieurs.',
        pl_PL: 'Oświetlenie LED na budowy, do warsztatów, budynków i na zewnątrz.',
        ro_RO: 'Iluminat LED pentru șantiere, ateliere, clădiri și spații exterioare.',
      },
      children: [
        {
          id: 'LED-Floodlights',
          name: {
            en_US: 'LED Floodlights',
            de_DE: 'LED-Fluter',
            fr_FR: 'Projecteurs LED',
            pl_PL: 'Naświetlacze LED',
            ro_RO: 'Proiectoare LED',
          },
          description: {
            en_US: 'Weatherproof LED floodlights for lighting facades, yards and work areas.',
            de_DE: 'Wetterfeste LED-Fluter zur Beleuchtung von Fassaden, Höfen und Arbeitsbereichen.',
            fr_FR: 'Projecteurs LED étanches pour éclairer les façades, les cours et les zones de travail.',
            pl_PL:
              'Odporne na warunki atmosferyczne naświetlacze LED do oświetlania elewacji, podwórzy i miejsc pracy.',
            ro_RO:
              'Proiectoare LED rezistente la intemperii pentru iluminarea fațadelor, curților și zonelor de lucru.',
          },
          noun: {
            en_US: 'LED Floodlight',
            de_DE: 'LED-Fluter',
            fr_FR: 'Projecteur LED',
            pl_PL: 'Naświetlacz LED',
            ro_RO: 'Proiector LED',
          },
          icon: 'lamp',
          priceRange: [12, 149],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [10, 20, 30, 50, 100]),
            num('luminousFlux', N.luminousFlux, 'lm', [900, 1800, 2700, 4500, 9000]),
            num('colorTemperature', N.colorTemperature, 'K', [3000, 4000, 6500]),
            ipRating(['IP65', 'IP66']),
            text(
              'motionSensor',
              {
                en_US: 'Motion sensor',
                de_DE: 'Bewegungsmelder',
                fr_FR: 'Détecteur de mouvement',
                pl_PL: 'Czujnik ruchu',
                ro_RO: 'Senzor de mișcare',
              },
              [YES, NO],
            ),
          ],
        },
        {
          id: 'LED-Bulbs',
          name: {
            en_US: 'LED Bulbs',
            de_DE: 'LED-Lampen',
            fr_FR: 'Ampoules LED',
            pl_PL: 'Żarówki LED',
            ro_RO: 'Becuri LED',
          },
          description: {
            en_US: 'Energy-saving LED bulbs as a direct replacement for incandescent and halogen lamps.',
            de_DE: 'Energiesparende LED-Lampen als direkter Ersatz für Glüh- und Halogenlampen.',
            fr_FR:
              'Ampoules LED économes en énergie pour remplacer directement les lampes à incandescence et halogènes.',
            pl_PL:
              'Energooszczędne żarówki LED, bezpośrednie zamienniki żarówek tradycyjnych i halogenowych.',
            ro_RO: 'Becuri LED economice, înlocuitori direcți pentru becurile incandescente și cu halogen.',
          },
          noun: {
            en_US: 'LED Bulb',
            de_DE: 'LED-Lampe',
            fr_FR: 'Ampoule LED',
            pl_PL: 'Żarówka LED',
            ro_RO: 'Bec LED',
          },
          icon: 'lamp',
          priceRange: [2, 19],
          packingUnit: '',
          attributes: [
            num('power', N.power, 'W', [4.9, 5.5, 7, 8.5, 11, 13]),
            num('luminousFlux', N.luminousFlux, 'lm', [470, 806, 1055, 1521]),
            num('colorTemperature', N.colorTemperature, 'K', [2700, 4000, 6500]),
            text(
              'dimmable',
              {
                en_US: 'Dimmable',
                de_DE: 'Dimmbar',
                fr_FR: 'Gradable',
                pl_PL: 'Ściemnialna',
                ro_RO: 'Dimabil',
              },
              [YES, NO],
            ),
            text(
              'energyClass',
              {
                en_US: 'Energy efficiency class',
                de_DE: 'Energieeffizienzklasse',
                fr_FR: "Classe d'efficacité énergétique",
                pl_PL: 'Klasa efektywności energetycznej',
                ro_RO: 'Clasa de eficiență energetică',
              },
              ['D', 'E', 'F'].map(same),
            ),
          ],
          variation: {
            id: 'lampBase',
            name: { en_US: 'Lamp base', de_DE: 'Sockel', fr_FR: 'Culot', pl_PL: 'Trzonek', ro_RO: 'Soclu' },
            values: plain([
              ['E27', 'E27'],
              ['E14', 'E14'],
              ['GU10', 'GU10'],
              ['B22', 'B22'],
            ]),
          },
        },
        {
          id: 'Work-Lights',
          name: {
            en_US: 'Work Lights',
            de_DE: 'Arbeitsleuchten',
            fr_FR: 'Lampes de travail',
            pl_PL: 'Lampy robocze',
            ro_RO: 'Lămpi de lucru',
          },
          description: {
            en_US: 'Portable LED work lights for job sites, garages and emergencies.',
            de_DE: 'Tragbare LED-Arbeitsleuchten für Baustelle, Werkstatt und Notfall.',
            fr_FR: 'Lampes de travail LED portables pour le chantier, le garage et les dépannages.',
            pl_PL: 'Przenośne lampy robocze LED na budowę, do garażu i na sytuacje awaryjne.',
            ro_RO: 'Lămpi de lucru LED portabile pentru șantier, garaj și situații de urgență.',
          },
          noun: {
            en_US: 'Work Light',
            de_DE: 'Arbeitsleuchte',
            fr_FR: 'Lampe de travail',
            pl_PL: 'Lampa robocza',
            ro_RO: 'Lampă de lucru',
          },
          icon: 'lamp',
          priceRange: [15, 129],
          packingUnit: '',
          attributes: [
            num('luminousFlux', N.luminousFlux, 'lm', [500, 1000, 2000, 3000, 5000]),
            text('powerSource', N.powerSource, [V.mains, V.battery]),
            num('colorTemperature', N.colorTemperature, 'K', [5000, 6500]),
            ipRating(['IP54', 'IP65']),
            num('weight', N.weight, 'kg', [0.4, 0.8, 1.5, 2.5]),
          ],
        },
      ],
    },
  ],
}

// ---------------------------------------------------------------------------------------------------------------
// Exports
// ---------------------------------------------------------------------------------------------------------------

export const taxonomy: TopDef[] = [powerTools, handTools, fasteners, safety, building, electrical]

/** Invented manufacturer names. */
export const brands: string[] = [
  'Brackenforge',
  'Torqline',
  'Kraftmoor',
  'Nordvalt',
  'Ferrowick',
  'Grauzahn',
  'Hexwell',
  'Ampervale',
  'Stonebarrow',
  'Rivetta',
  'Kestrelworks',
  'Falzmann',
  'Brunnhold',
  'Tinmarsh',
  'Cobaltor',
  'Wedgefield',
  'Quarzlicht',
  'Duraknot',
  'Emberline',
  'Felsgrip',
  'Zinkhaven',
  'Strompfad',
  'Gritwald',
  'Plumbrook',
]

/** One sentence each; placeholders {brand} {noun} {name}. Worded so that no article or verb depends on the noun. */
export const shortDescriptionTemplates: Record<keyof Loc, string[]> = {
  en_US: [
    '{name} for professional everyday use on the job site.',
    'Reliable {noun} from {brand}, built for the trades and for DIY.',
    '{name}: robust, precise and ready for daily work.',
    'Quality {noun} by {brand} at a fair trade price.',
  ],
  de_DE: [
    '{name} für den professionellen Alltag auf der Baustelle.',
    '{noun} von {brand} – zuverlässig für Profis und Heimwerker.',
    'Robust, präzise und bereit für den täglichen Einsatz: {name}.',
    'Markenqualität von {brand} zu fairen Preisen: {name}.',
  ],
  fr_FR: [
    '{name} pour un usage professionnel quotidien sur le chantier.',
    '{noun} de la marque {brand} : la fiabilité pour les artisans comme pour les particuliers.',
    'Robustesse, précision et confort au quotidien : {name}.',
    'La qualité {brand} au juste prix : {name}.',
  ],
  pl_PL: [
    '{name} do codziennej pracy zawodowej na budowie.',
    '{noun} marki {brand} – niezawodność dla fachowców i majsterkowiczów.',
    'Solidność, precyzja i wygoda na co dzień: {name}.',
    'Jakość marki {brand} w uczciwej cenie: {name}.',
  ],
  ro_RO: [
    '{name} pentru utilizarea profesională zilnică pe șantier.',
    '{noun} de la {brand} – fiabilitate pentru meseriași și pasionații de bricolaj.',
    'Robustețe, precizie și confort zilnic: {name}.',
    'Calitate {brand} la un preț corect: {name}.',
  ],
}

/** Two to three sentences each; {features} is a list like 'Voltage: 18 V, Weight: 1.5 kg'. */
export const longDescriptionTemplates: Record<keyof Loc, string[]> = {
  en_US: [
    '{name}: designed for demanding daily use by professionals and ambitious DIYers. Key specifications: {features}. Every item is quality-checked before it leaves our warehouse.',
    'In this product {brand} combines durable materials with careful workmanship. Technical details at a glance: {features}. Order today and benefit from fast delivery and trade terms for business customers.',
    "Whether on the job site or in the workshop, the {name} delivers consistent results. Specifications: {features}. Backed by the manufacturer's warranty and our expert customer service.",
  ],
  de_DE: [
    '{name}: entwickelt für den anspruchsvollen täglichen Einsatz von Profis und ambitionierten Heimwerkern. Die wichtigsten technischen Daten: {features}. Jedes Produkt wird vor dem Versand in unserem Lager geprüft.',
    '{brand} verbindet bei diesem Produkt langlebige Materialien mit sorgfältiger Verarbeitung. Technische Details im Überblick: {features}. Jetzt bestellen und von schneller Lieferung sowie Sonderkonditionen für Geschäftskunden profitieren.',
    'Ob auf der Baustelle oder in der Werkstatt – {name} liefert zuverlässig gleichbleibende Ergebnisse. Technische Daten: {features}. Mit Herstellergarantie und kompetenter Beratung durch unseren Kundenservice.',
  ],
  fr_FR: [
    '{name} : un produit conçu pour un usage quotidien intensif, par les professionnels comme par les bricoleurs exigeants. Caractéristiques principales : {features}. Chaque article est contrôlé avant de quitter notre entrepôt.',
    "Avec ce produit, {brand} associe des matériaux durables à une fabrication soignée. Détails techniques : {features}. Commandez dès aujourd'hui et profitez d'une livraison rapide et de conditions spéciales pour les professionnels.",
    "Sur le chantier comme à l'atelier, {name} offre des résultats constants. Caractéristiques techniques : {features}. Garantie fabricant et conseils de notre service client inclus.",
  ],
  pl_PL: [
    '{name}: produkt do intensywnej codziennej pracy dla profesjonalistów i wymagających majsterkowiczów. Najważniejsze parametry: {features}. Każdy egzemplarz jest sprawdzany przed wysyłką z naszego magazynu.',
    'W tym produkcie marka {brand} łączy trwałe materiały ze starannym wykonaniem. Dane techniczne w skrócie: {features}. Zamów już dziś i skorzystaj z szybkiej dostawy oraz warunków handlowych dla klientów biznesowych.',
    'Na budowie i w warsztacie {name} zapewnia powtarzalne rezultaty. Specyfikacja: {features}. Produkt jest objęty gwarancją producenta, a nasz dział obsługi klienta chętnie doradzi.',
  ],
  ro_RO: [
    '{name}: un produs conceput pentru utilizarea zilnică intensivă de către profesioniști și pasionații exigenți de bricolaj. Specificații principale: {features}. Fiecare produs este verificat înainte de a părăsi depozitul nostru.',
    'Cu acest produs, {brand} îmbină materiale durabile cu o execuție atentă. Detalii tehnice pe scurt: {features}. Comandați astăzi și beneficiați de livrare rapidă și de condiții comerciale pentru clienții business.',
    'Pe șantier sau în atelier, {name} oferă rezultate constante. Specificații: {features}. Produsul beneficiază de garanția producătorului și de consultanța echipei noastre de specialiști.',
  ],
}

/** PDF attachments the generator may add to a product; the prefix starts the file name. */
export const attachmentNames: { prefix: string; descriptions: Loc }[] = [
  {
    prefix: 'Produktdatenblatt',
    descriptions: {
      en_US: 'Product data sheet',
      de_DE: 'Produktdatenblatt',
      fr_FR: 'Fiche technique du produit',
      pl_PL: 'Karta katalogowa produktu',
      ro_RO: 'Fișa tehnică a produsului',
    },
  },
  {
    prefix: 'seal_',
    descriptions: {
      en_US: 'Quality seal certificate',
      de_DE: 'Prüfsiegel-Zertifikat',
      fr_FR: 'Certificat de label qualité',
      pl_PL: 'Certyfikat znaku jakości',
      ro_RO: 'Certificatul mărcii de calitate',
    },
  },
  {
    prefix: 'logo',
    descriptions: {
      en_US: 'Manufacturer logo',
      de_DE: 'Herstellerlogo',
      fr_FR: 'Logo du fabricant',
      pl_PL: 'Logo producenta',
      ro_RO: 'Logoul producătorului',
    },
  },
  {
    prefix: 'Energieeffizienzklasse',
    descriptions: {
      en_US: 'Energy label',
      de_DE: 'Energieeffizienzklasse',
      fr_FR: 'Étiquette énergie',
      pl_PL: 'Etykieta efektywności energetycznej',
      ro_RO: 'Eticheta energetică',
    },
  },
]
