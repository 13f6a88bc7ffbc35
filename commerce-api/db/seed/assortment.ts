/**
 * How the demo catalog's products read and belong together, per leaf category: which attributes a product's
 * name states, which attributes grow with the product's size, what a bigger variation costs, and which
 * products are sold together as bundles and retail sets. The generator in ./generate.ts applies these.
 */
import type { Loc } from './catalog-data'

/** One part of a name after the noun: an attribute's value, or two of them as a size ('4 × 40 mm'). */
export type NameSpec =
  | string
  | { times: [string, string] }
  | { range: [string, string] }
  | { metric: string }
  | { thread: [string, string] }
  | { key: string; words: Record<string, Loc> }
  | { prefix: Loc; key: string }
  | { count: string }

/** After a piece count in a name: '94 pcs', '94 tlg.'. */
export const PIECE_WORD: Loc = { en_US: 'pcs', de_DE: 'tlg.', fr_FR: 'pièces', pl_PL: 'el.', ro_RO: 'piese' }
const STROKE: Loc = { en_US: 'stroke', de_DE: 'Hub', fr_FR: 'course', pl_PL: 'skok', ro_RO: 'cursă' }
/** A power source as a name says it ('cordless'), where the attribute says 'battery'. */
const POWER_SOURCE: Record<string, Loc> = {
  mains: { en_US: 'corded', de_DE: 'Netzbetrieb', fr_FR: 'filaire', pl_PL: 'sieciowa', ro_RO: 'cu fir' },
  battery: {
    en_US: 'cordless',
    de_DE: 'Akkubetrieb',
    fr_FR: 'sans fil',
    pl_PL: 'akumulatorowa',
    ro_RO: 'cu acumulator',
  },
}
const LEVEL: Loc = { en_US: 'level', de_DE: 'Stufe', fr_FR: 'niveau', pl_PL: 'poziom', ro_RO: 'nivel' }

/** What a product's name says about it, after brand and noun (leaf id → attribute keys). */
export const NAME_SPECS: Record<string, NameSpec[]> = {
  'Cordless-Drills': ['voltage', 'maxTorque'],
  'Hammer-Drills': ['power', 'maxDrillDiameterConcrete'],
  'Impact-Drivers': ['voltage', 'maxTorque'],
  'Circular-Saws': ['bladeDiameter', 'power'],
  Jigsaws: ['power', 'maxCuttingDepthWood'],
  'Reciprocating-Saws': [
    { key: 'powerSource', words: POWER_SOURCE },
    { prefix: STROKE, key: 'strokeLength' },
  ],
  'Angle-Grinders': ['discDiameter', 'power'],
  'Orbital-Sanders': ['padDiameter', 'power'],
  'Belt-Sanders': [{ times: ['beltWidth', 'beltLength'] }, 'power'],
  'Claw-Hammers': ['handleMaterial'],
  Sledgehammers: ['headWeight', 'handleMaterial'],
  'Cold-Chisels': [{ times: ['bladeWidth', 'overallLength'] }],
  'Combination-Wrenches': ['finish'],
  'Socket-Sets': ['driveSize', { count: 'pieceCount' }],
  'Torque-Wrenches': ['driveSize', { range: ['minTorque', 'maxTorque'] }],
  Screwdrivers: ['bladeLength'],
  'Combination-Pliers': ['overallLength', 'handle'],
  'Diagonal-Cutters': ['overallLength', 'handle'],
  'Wood-Screws': ['drive', 'material'],
  'Drywall-Screws': [{ times: ['diameter', 'length'] }, 'threadType'],
  'Socket-Cap-Screws': [{ thread: ['threadDiameter', 'length'] }, 'material'],
  'Hex-Bolts': ['length', 'material'],
  'Hex-Nuts': [{ metric: 'threadDiameter' }, 'nutType', 'material'],
  Washers: [{ times: ['innerDiameter', 'outerDiameter'] }, 'material'],
  'Wall-Plugs': [{ times: ['diameter', 'length'] }, 'material'],
  'Wedge-Anchors': ['length', 'material'],
  'Wire-Nails': [{ times: ['diameter', 'length'] }, 'material'],
  'Safety-Helmets': ['shellMaterial'],
  'Safety-Glasses': ['lensTint', 'lensCoating'],
  'Hearing-Protection': ['snr', 'wearingStyle'],
  'Work-Gloves': ['coating', 'liner'],
  'Cut-Resistant-Gloves': [{ prefix: LEVEL, key: 'cutLevel' }, 'coating'],
  'Safety-Boots': ['safetyClass', 'upperMaterial'],
  'Hi-Vis-Vests': ['color', 'material'],
  'Work-Pants': ['color', 'fabricWeight'],
  'Softshell-Jackets': ['color', 'waterColumn'],
  Bricks: ['format', 'compressiveStrength'],
  'Aerated-Concrete-Blocks': ['thickness', 'density'],
  'Cement-And-Mortar': ['application', 'bagWeight'],
  'Construction-Timber': ['woodSpecies', 'crossSection'],
  'OSB-Boards': ['thickness', { times: ['length', 'width'] }],
  'Drywall-Panels': ['boardType', 'thickness'],
  'Drain-Pipes': ['length'],
  'Copper-Pipes': [{ times: ['outerDiameter', 'wallThickness'] }, 'length'],
  'Pipe-Insulation': [{ times: ['innerDiameter', 'insulationThickness'] }, 'material'],
  'Installation-Cable': ['cableType', 'length'],
  'Extension-Cords': ['length', 'ipRating'],
  'Electrical-Tape': [{ times: ['width', 'length'] }],
  'Light-Switches': ['switchType', 'mounting'],
  'Wall-Outlets': ['mounting', 'ipRating'],
  'Junction-Boxes': ['mounting', 'ipRating', 'dimensions'],
  'LED-Floodlights': ['power', 'luminousFlux'],
  'LED-Bulbs': ['power', 'luminousFlux'],
  'Work-Lights': ['luminousFlux', { key: 'powerSource', words: POWER_SOURCE }],
}

/**
 * Number attributes that do not grow with a product's size. Every other number attribute of a leaf follows
 * the product's size along its list of values, so that a product's values fit together (a 230 mm disc on the
 * 2,200 W grinder, a 17 mm washer with a 30 mm outer diameter) and its price follows.
 */
export const INDEPENDENT_ATTRIBUTES = new Set([
  'noLoadSpeed',
  'colorTemperature',
  'quantityPerBox',
  'moistureContent',
  'accuracy',
  'knitGauge',
  'abrasionLevel',
  'visibilityClass',
  'netWeight',
  'orbitDiameter',
  'impactRate',
  'strokeRate',
  'maxTemperature',
  'Copper-Pipes.length',
  'Drain-Pipes.length',
  'OSB-Boards.length',
  'OSB-Boards.width',
  'Drywall-Panels.length',
  'Drywall-Panels.width',
])

/** Text attributes whose values are listed from small to big, so that they follow the product's size too. */
export const SIZED_TEXT_ATTRIBUTES = new Set(['Torque-Wrenches.driveSize', 'Socket-Sets.driveSize'])

/** Number attributes whose values are listed from small to big but fall as the product grows. */
export const FALLING_ATTRIBUTES = new Set(['Angle-Grinders.noLoadSpeed'])

/**
 * What each further step of a variation adds to the price of the first, as a share of it: a bigger size
 * costs more, a colour or a tip shape costs the same. Steps count along the variation's list of values.
 */
export const VARIATION_PRICE_STEPS: Record<string, number> = {
  batteryKit: 0.3,
  headWeight: 0.08,
  wrenchSize: 0.12,
  tipSize: 0,
  screwSize: 0.18,
  threadSize: 0.22,
  color: 0,
  gloveSize: 0,
  shoeSize: 0,
  size: 0.02,
  length: 0.2,
  nominalDiameter: 0.3,
  coresCrossSection: 0.3,
  lampBase: 0,
}

/** How a variation's value joins the master's name: battery kits read "… with 2 × 4.0 Ah batteries". */
export const VARIATION_NAME_JOINERS: Record<string, string> = { batteryKit: ' ' }

export type KitDef = {
  /** Bundle and set name after the brand, naming what is inside. */
  name: Loc
  /** Leaf ids with quantities; the first part is the main product, whose leaf the kit is listed in. */
  parts: [leaf: string, quantity: number][]
}

const loc = (en_US: string, de_DE: string, fr_FR: string, pl_PL: string, ro_RO: string): Loc => ({
  en_US,
  de_DE,
  fr_FR,
  pl_PL,
  ro_RO,
})

/** Products sold together: a tool with what it is used with, fasteners that fit each other. */
export const KITS: KitDef[] = [
  {
    parts: [
      ['Cordless-Drills', 1],
      ['Impact-Drivers', 1],
    ],
    name: loc(
      'Cordless Drill and Impact Driver Set',
      'Set Akku-Bohrschrauber und Akku-Schlagschrauber',
      'Lot perceuse-visseuse et visseuse à chocs sans fil',
      'Zestaw wiertarko-wkrętarka i zakrętarka udarowa',
      'Set mașină de găurit și înșurubat și mașină de înșurubat cu impact',
    ),
  },
  {
    parts: [
      ['Hammer-Drills', 1],
      ['Wall-Plugs', 1],
      ['Safety-Glasses', 1],
    ],
    name: loc(
      'Hammer Drill Set with Wall Plugs and Safety Glasses',
      'Schlagbohrmaschinen-Set mit Dübeln und Schutzbrille',
      'Kit perceuse à percussion avec chevilles et lunettes de protection',
      'Zestaw wiertarka udarowa z kołkami i okularami ochronnymi',
      'Set mașină de găurit cu percuție, cu dibluri și ochelari de protecție',
    ),
  },
  {
    parts: [
      ['Circular-Saws', 1],
      ['Safety-Glasses', 1],
      ['Hearing-Protection', 1],
    ],
    name: loc(
      'Circular Saw Set with Safety Glasses and Earmuffs',
      'Handkreissägen-Set mit Schutzbrille und Kapselgehörschutz',
      'Kit scie circulaire avec lunettes de protection et casque antibruit',
      'Zestaw pilarka tarczowa z okularami ochronnymi i nausznikami',
      'Set ferăstrău circular, cu ochelari de protecție și antifoane',
    ),
  },
  {
    parts: [
      ['Jigsaws', 1],
      ['Safety-Glasses', 1],
    ],
    name: loc(
      'Jigsaw Set with Safety Glasses',
      'Stichsägen-Set mit Schutzbrille',
      'Kit scie sauteuse avec lunettes de protection',
      'Zestaw wyrzynarka z okularami ochronnymi',
      'Set ferăstrău pendular, cu ochelari de protecție',
    ),
  },
  {
    parts: [
      ['Reciprocating-Saws', 1],
      ['Work-Gloves', 1],
      ['Safety-Glasses', 1],
    ],
    name: loc(
      'Reciprocating Saw Set with Work Gloves and Safety Glasses',
      'Säbelsägen-Set mit Arbeitshandschuhen und Schutzbrille',
      'Kit scie sabre avec gants de travail et lunettes de protection',
      'Zestaw piła szablasta z rękawicami roboczymi i okularami ochronnymi',
      'Set ferăstrău sabie, cu mănuși de lucru și ochelari de protecție',
    ),
  },
  {
    parts: [
      ['Angle-Grinders', 1],
      ['Safety-Glasses', 1],
      ['Cut-Resistant-Gloves', 1],
      ['Hearing-Protection', 1],
    ],
    name: loc(
      'Angle Grinder Set with Safety Glasses, Cut-Resistant Gloves and Earmuffs',
      'Winkelschleifer-Set mit Schutzbrille, Schnittschutzhandschuhen und Kapselgehörschutz',
      "Kit meuleuse d'angle avec lunettes, gants anti-coupure et casque antibruit",
      'Zestaw szlifierka kątowa z okularami, rękawicami antyprzecięciowymi i nausznikami',
      'Set polizor unghiular, cu ochelari, mănuși anti-tăiere și antifoane',
    ),
  },
  {
    parts: [
      ['Orbital-Sanders', 1],
      ['Belt-Sanders', 1],
    ],
    name: loc(
      'Random Orbital Sander and Belt Sander Set',
      'Set Exzenterschleifer und Bandschleifer',
      'Lot ponceuse excentrique et ponceuse à bande',
      'Zestaw szlifierka mimośrodowa i szlifierka taśmowa',
      'Set mașină de șlefuit cu excentric și mașină de șlefuit cu bandă',
    ),
  },
  {
    parts: [
      ['Claw-Hammers', 1],
      ['Cold-Chisels', 1],
    ],
    name: loc(
      'Claw Hammer and Cold Chisel Set',
      'Set Klauenhammer und Flachmeißel',
      'Lot marteau arrache-clou et burin',
      'Zestaw młotek ciesielski i przecinak',
      'Set ciocan cu gheară și daltă',
    ),
  },
  {
    parts: [
      ['Sledgehammers', 1],
      ['Cold-Chisels', 2],
      ['Work-Gloves', 1],
    ],
    name: loc(
      'Sledgehammer Set with Cold Chisels and Work Gloves',
      'Vorschlaghammer-Set mit Flachmeißeln und Arbeitshandschuhen',
      'Kit masse avec burins et gants de travail',
      'Zestaw młot dwuręczny z przecinakami i rękawicami roboczymi',
      'Set baros, cu dălți și mănuși de lucru',
    ),
  },
  {
    parts: [
      ['Socket-Sets', 1],
      ['Torque-Wrenches', 1],
    ],
    name: loc(
      'Socket Set with Torque Wrench',
      'Steckschlüsselsatz mit Drehmomentschlüssel',
      'Coffret de douilles avec clé dynamométrique',
      'Zestaw kluczy nasadowych z kluczem dynamometrycznym',
      'Set de chei tubulare cu cheie dinamometrică',
    ),
  },
  {
    parts: [
      ['Screwdrivers', 2],
      ['Combination-Pliers', 1],
      ['Diagonal-Cutters', 1],
    ],
    name: loc(
      'Screwdriver Set with Combination Pliers and Diagonal Cutters',
      'Schraubendreher-Set mit Kombizange und Seitenschneider',
      'Kit tournevis avec pince universelle et pince coupante',
      'Zestaw wkrętaków ze szczypcami uniwersalnymi i obcinaczkami bocznymi',
      'Set de șurubelnițe cu clește universal și clește de tăiat lateral',
    ),
  },
  {
    parts: [
      ['Combination-Pliers', 1],
      ['Diagonal-Cutters', 1],
    ],
    name: loc(
      'Combination Pliers and Diagonal Cutters Set',
      'Set Kombizange und Seitenschneider',
      'Lot pince universelle et pince coupante',
      'Zestaw szczypce uniwersalne i obcinaczki boczne',
      'Set clește universal și clește de tăiat lateral',
    ),
  },
  {
    parts: [
      ['Wood-Screws', 1],
      ['Wall-Plugs', 1],
    ],
    name: loc(
      'Wood Screws with Wall Plugs',
      'Holzschrauben mit Dübeln',
      'Vis à bois avec chevilles',
      'Wkręty do drewna z kołkami',
      'Șuruburi pentru lemn cu dibluri',
    ),
  },
  {
    parts: [
      ['Hex-Bolts', 1],
      ['Hex-Nuts', 1],
      ['Washers', 2],
    ],
    name: loc(
      'Hex Bolts with Hex Nuts and Washers',
      'Sechskantschrauben mit Muttern und Unterlegscheiben',
      'Vis à tête hexagonale avec écrous et rondelles',
      'Śruby z łbem sześciokątnym z nakrętkami i podkładkami',
      'Șuruburi cu cap hexagonal cu piulițe și șaibe',
    ),
  },
  {
    parts: [
      ['Wedge-Anchors', 1],
      ['Washers', 1],
    ],
    name: loc(
      'Wedge Anchors with Washers',
      'Bolzenanker mit Unterlegscheiben',
      'Goujons d’ancrage avec rondelles',
      'Kotwy klinowe z podkładkami',
      'Ancore cu expansiune cu șaibe',
    ),
  },
  {
    parts: [
      ['Drywall-Panels', 10],
      ['Drywall-Screws', 1],
    ],
    name: loc(
      'Drywall Panels, 10 Pieces, with Drywall Screws',
      'Gipskartonplatten, 10 Stück, mit Schnellbauschrauben',
      'Plaques de plâtre, 10 pièces, avec vis à placo',
      'Płyty gipsowo-kartonowe, 10 sztuk, z wkrętami do płyt',
      'Plăci de gips-carton, 10 bucăți, cu șuruburi pentru gips-carton',
    ),
  },
  {
    parts: [
      ['Safety-Helmets', 1],
      ['Safety-Glasses', 1],
      ['Hearing-Protection', 1],
    ],
    name: loc(
      'Safety Helmet Set with Safety Glasses and Earmuffs',
      'Schutzhelm-Set mit Schutzbrille und Kapselgehörschutz',
      'Kit casque de chantier avec lunettes de protection et casque antibruit',
      'Zestaw kask ochronny z okularami ochronnymi i nausznikami',
      'Set cască de protecție, cu ochelari de protecție și antifoane',
    ),
  },
  {
    parts: [
      ['Work-Gloves', 2],
      ['Cut-Resistant-Gloves', 1],
    ],
    name: loc(
      'Work Gloves and Cut-Resistant Gloves Set',
      'Set Arbeitshandschuhe und Schnittschutzhandschuhe',
      'Lot gants de travail et gants anti-coupure',
      'Zestaw rękawice robocze i rękawice antyprzecięciowe',
      'Set mănuși de lucru și mănuși anti-tăiere',
    ),
  },
  {
    parts: [
      ['Safety-Boots', 1],
      ['Work-Gloves', 1],
    ],
    name: loc(
      'Safety Boots with Work Gloves',
      'Sicherheitsschuhe mit Arbeitshandschuhen',
      'Chaussures de sécurité avec gants de travail',
      'Buty robocze z rękawicami roboczymi',
      'Bocanci de protecție cu mănuși de lucru',
    ),
  },
  {
    parts: [
      ['Hi-Vis-Vests', 1],
      ['Safety-Helmets', 1],
    ],
    name: loc(
      'Hi-Vis Vest and Safety Helmet Set',
      'Set Warnweste und Schutzhelm',
      'Lot gilet haute visibilité et casque de chantier',
      'Zestaw kamizelka odblaskowa i kask ochronny',
      'Set vestă reflectorizantă și cască de protecție',
    ),
  },
  {
    parts: [
      ['Work-Pants', 1],
      ['Softshell-Jackets', 1],
    ],
    name: loc(
      'Work Pants and Softshell Jacket Set',
      'Set Arbeitshose und Softshelljacke',
      'Lot pantalon de travail et veste softshell',
      'Zestaw spodnie robocze i kurtka softshell',
      'Set pantaloni de lucru și geacă softshell',
    ),
  },
  {
    parts: [
      ['Bricks', 50],
      ['Cement-And-Mortar', 2],
    ],
    name: loc(
      'Bricks, 50 Pieces, with Mortar Mix',
      'Mauerziegel, 50 Stück, mit Mauermörtel',
      'Briques, 50 pièces, avec mortier',
      'Cegły, 50 sztuk, z zaprawą',
      'Cărămizi, 50 de bucăți, cu mortar',
    ),
  },
  {
    parts: [
      ['Aerated-Concrete-Blocks', 20],
      ['Cement-And-Mortar', 1],
    ],
    name: loc(
      'Aerated Concrete Blocks, 20 Pieces, with Mortar Mix',
      'Porenbetonsteine, 20 Stück, mit Mörtel',
      'Blocs de béton cellulaire, 20 pièces, avec mortier',
      'Bloczki z betonu komórkowego, 20 sztuk, z zaprawą',
      'Blocuri de BCA, 20 de bucăți, cu mortar',
    ),
  },
  {
    parts: [
      ['OSB-Boards', 5],
      ['Wood-Screws', 1],
    ],
    name: loc(
      'OSB Boards, 5 Pieces, with Wood Screws',
      'OSB-Platten, 5 Stück, mit Holzschrauben',
      'Panneaux OSB, 5 pièces, avec vis à bois',
      'Płyty OSB, 5 sztuk, z wkrętami do drewna',
      'Plăci OSB, 5 bucăți, cu șuruburi pentru lemn',
    ),
  },
  {
    parts: [
      ['Copper-Pipes', 1],
      ['Pipe-Insulation', 4],
    ],
    name: loc(
      'Copper Pipe with Pipe Insulation',
      'Kupferrohr mit Rohrisolierung',
      'Tube cuivre avec manchons isolants',
      'Rura miedziana z otuliną',
      'Țeavă de cupru cu izolație',
    ),
  },
  {
    parts: [
      ['Installation-Cable', 1],
      ['Junction-Boxes', 5],
      ['Electrical-Tape', 1],
    ],
    name: loc(
      'Sheathed Cable Set with Junction Boxes and Electrical Tape',
      'Mantelleitung-Set mit Abzweigdosen und Isolierband',
      'Kit câble avec boîtes de dérivation et ruban isolant',
      'Zestaw przewód z puszkami rozgałęźnymi i taśmą izolacyjną',
      'Set cablu cu doze de derivație și bandă izolatoare',
    ),
  },
  {
    parts: [
      ['Light-Switches', 1],
      ['Junction-Boxes', 1],
    ],
    name: loc(
      'Light Switch with Junction Box',
      'Lichtschalter mit Abzweigdose',
      'Interrupteur avec boîte de dérivation',
      'Łącznik oświetleniowy z puszką',
      'Întrerupător cu doză de derivație',
    ),
  },
  {
    parts: [
      ['Wall-Outlets', 2],
      ['Junction-Boxes', 2],
    ],
    name: loc(
      'Wall Outlets with Junction Boxes, 2 Each',
      'Steckdosen mit Abzweigdosen, je 2 Stück',
      'Prises murales avec boîtes de dérivation, 2 de chaque',
      'Gniazda wtykowe z puszkami, po 2 sztuki',
      'Prize cu doze de derivație, câte 2 bucăți',
    ),
  },
  {
    parts: [
      ['LED-Bulbs', 3],
      ['Light-Switches', 1],
    ],
    name: loc(
      'LED Bulbs, 3 Pieces, with Light Switch',
      'LED-Lampen, 3 Stück, mit Lichtschalter',
      'Ampoules LED, 3 pièces, avec interrupteur',
      'Żarówki LED, 3 sztuki, z łącznikiem oświetleniowym',
      'Becuri LED, 3 bucăți, cu întrerupător',
    ),
  },
  {
    parts: [
      ['LED-Floodlights', 1],
      ['Junction-Boxes', 1],
    ],
    name: loc(
      'LED Floodlight with Junction Box',
      'LED-Strahler mit Abzweigdose',
      'Projecteur LED avec boîte de dérivation',
      'Naświetlacz LED z puszką',
      'Proiector LED cu doză de derivație',
    ),
  },
  {
    parts: [
      ['Work-Lights', 1],
      ['Extension-Cords', 1],
    ],
    name: loc(
      'Work Light with Extension Cord',
      'Arbeitsleuchte mit Verlängerungskabel',
      'Projecteur de chantier avec rallonge',
      'Lampa robocza z przedłużaczem',
      'Lampă de lucru cu prelungitor',
    ),
  },
]

/** What a product of a leaf is used with, offered as its accessories (leaf id → leaf ids). */
export const ACCESSORY_LEAVES: Record<string, string[]> = {
  'Cordless-Drills': ['Wood-Screws', 'Wall-Plugs', 'Safety-Glasses'],
  'Hammer-Drills': ['Wall-Plugs', 'Wedge-Anchors', 'Safety-Glasses', 'Hearing-Protection'],
  'Impact-Drivers': ['Wood-Screws', 'Hex-Bolts', 'Work-Gloves'],
  'Circular-Saws': ['Safety-Glasses', 'Hearing-Protection', 'Work-Gloves'],
  Jigsaws: ['Safety-Glasses', 'Work-Gloves'],
  'Reciprocating-Saws': ['Safety-Glasses', 'Cut-Resistant-Gloves'],
  'Angle-Grinders': ['Safety-Glasses', 'Cut-Resistant-Gloves', 'Hearing-Protection'],
  'Orbital-Sanders': ['Safety-Glasses', 'Hearing-Protection'],
  'Belt-Sanders': ['Safety-Glasses', 'Hearing-Protection'],
  'Claw-Hammers': ['Wire-Nails', 'Work-Gloves'],
  Sledgehammers: ['Cold-Chisels', 'Work-Gloves', 'Safety-Glasses'],
  'Cold-Chisels': ['Safety-Glasses', 'Work-Gloves'],
  'Combination-Wrenches': ['Hex-Bolts', 'Hex-Nuts'],
  'Socket-Sets': ['Torque-Wrenches', 'Hex-Bolts'],
  'Torque-Wrenches': ['Socket-Sets'],
  Screwdrivers: ['Wood-Screws'],
  'Combination-Pliers': ['Electrical-Tape', 'Installation-Cable'],
  'Diagonal-Cutters': ['Electrical-Tape', 'Installation-Cable'],
  'Wood-Screws': ['Wall-Plugs', 'Screwdrivers'],
  'Drywall-Screws': ['Drywall-Panels'],
  'Socket-Cap-Screws': ['Washers', 'Hex-Nuts'],
  'Hex-Bolts': ['Hex-Nuts', 'Washers'],
  'Hex-Nuts': ['Washers', 'Combination-Wrenches'],
  Washers: ['Hex-Nuts'],
  'Wall-Plugs': ['Wood-Screws'],
  'Wedge-Anchors': ['Washers', 'Hammer-Drills'],
  'Wire-Nails': ['Claw-Hammers'],
  'Safety-Helmets': ['Hearing-Protection', 'Safety-Glasses'],
  'Safety-Glasses': ['Hearing-Protection'],
  'Hearing-Protection': ['Safety-Glasses'],
  'Work-Gloves': ['Safety-Glasses'],
  'Cut-Resistant-Gloves': ['Safety-Glasses'],
  'Safety-Boots': ['Work-Pants', 'Work-Gloves'],
  'Hi-Vis-Vests': ['Safety-Helmets'],
  'Work-Pants': ['Safety-Boots', 'Softshell-Jackets'],
  'Softshell-Jackets': ['Work-Pants', 'Hi-Vis-Vests'],
  Bricks: ['Cement-And-Mortar'],
  'Aerated-Concrete-Blocks': ['Cement-And-Mortar'],
  'Cement-And-Mortar': ['Work-Gloves'],
  'Construction-Timber': ['Wood-Screws', 'Wire-Nails'],
  'OSB-Boards': ['Wood-Screws'],
  'Drywall-Panels': ['Drywall-Screws'],
  'Copper-Pipes': ['Pipe-Insulation'],
  'Pipe-Insulation': ['Copper-Pipes'],
  'Installation-Cable': ['Junction-Boxes', 'Electrical-Tape'],
  'Extension-Cords': ['Work-Lights'],
  'Electrical-Tape': ['Installation-Cable'],
  'Light-Switches': ['Junction-Boxes'],
  'Wall-Outlets': ['Junction-Boxes'],
  'Junction-Boxes': ['Installation-Cable'],
  'LED-Floodlights': ['Junction-Boxes', 'Installation-Cable'],
  'LED-Bulbs': ['Light-Switches'],
  'Work-Lights': ['Extension-Cords'],
}

/** Starts a bundle's or set's short description, which lists its parts. */
export const SET_CONTENTS: Loc = {
  en_US: 'In the set:',
  de_DE: 'Im Set enthalten:',
  fr_FR: 'Contenu du lot :',
  pl_PL: 'W zestawie:',
  ro_RO: 'Setul conține:',
}

/** Product lines that tell two otherwise equal names apart, like a manufacturer's series. */
export const PRODUCT_LINES = [
  'Pro',
  'Compact',
  'Flex',
  'Prime',
  'Max',
  'Eco',
  'Plus',
  'Core',
  'Ultra',
  'Vario',
]
