import { CURRENCIES, EXCHANGE_RATES, type Currency } from '../../domain/channel'
import type { LocalizedText, PromotionRule } from '../schema'
import type { Catalog } from './generate'
import { createRandom } from './random'

/** Top category whose tools are sold with extended warranties. */
export const WARRANTY_CATEGORY = 'Power-Tools'
/** Tools from this net EUR price (in cents) on are also offered the longest warranty. */
const LONG_WARRANTY_FROM = 10000

export type PromotionRow = {
  id: string
  titles: LocalizedText
  longTitles: LocalizedText
  ruleDescriptions: LocalizedText
  legalContent: LocalizedText
  code: string | null
  rule: PromotionRule
  icon: string
  startsAt: Date | null
  endsAt: Date | null
  active: boolean
}

export type WarrantyRow = {
  id: string
  names: LocalizedText
  descriptions: LocalizedText
  years: number
  prices: Record<string, number>
}

export type ProductExtras = {
  /** About 1 % of the simple products: no price rows, so they show "price on request" and cannot be ordered. */
  unpricedSkus: Set<string>
  promotions: PromotionRow[]
  productPromotions: { sku: string; promotionId: string }[]
  warranties: WarrantyRow[]
  productWarranties: { sku: string; warrantyId: string; position: number }[]
}

type PromotionSeed = Omit<PromotionRow, 'startsAt' | 'endsAt' | 'active'> & {
  /** Item promotions: the top category whose products carry it, and the share of all sellable products. */
  linkTo?: { topCategory: string; share: number }
  endsAt?: Date
  active?: boolean
}

const AUTOMATIC_RULE: LocalizedText = {
  en_US: 'The discount is deducted automatically in your basket; no code needed.',
  de_DE: 'Der Rabatt wird im Warenkorb automatisch abgezogen; kein Code nötig.',
  fr_FR: 'La remise est déduite automatiquement dans votre panier ; aucun code n’est nécessaire.',
  pl_PL: 'Rabat jest automatycznie odejmowany w koszyku; kod nie jest potrzebny.',
  ro_RO: 'Reducerea se scade automat în coș; nu este nevoie de cod.',
}

const MARKED_PRODUCTS_ONLY: LocalizedText = {
  en_US: 'While stocks last. Only for the products marked with this promotion.',
  de_DE: 'Solange der Vorrat reicht. Nur für Produkte, die mit dieser Aktion gekennzeichnet sind.',
  fr_FR: 'Dans la limite des stocks disponibles. Uniquement pour les produits signalés par cette promotion.',
  pl_PL: 'Do wyczerpania zapasów. Dotyczy tylko produktów oznaczonych tą promocją.',
  ro_RO: 'În limita stocului disponibil. Doar pentru produsele marcate cu această promoție.',
}

const ONE_CODE_PER_ORDER: LocalizedText = {
  en_US: 'Valid while the promotion runs. One code per order. Not valid on previous orders.',
  de_DE:
    'Gültig während der Aktionslaufzeit. Ein Code pro Bestellung. Nicht auf frühere Bestellungen anrechenbar.',
  fr_FR:
    'Valable pendant la durée de l’opération. Un code par commande. Non applicable aux commandes antérieures.',
  pl_PL: 'Ważne w czasie trwania promocji. Jeden kod na zamówienie. Nie dotyczy wcześniejszych zamówień.',
  ro_RO: 'Valabil pe durata promoției. Un singur cod per comandă. Nu se aplică comenzilor anterioare.',
}

/** Promotion codes (for the basket) and item promotions shown on product pages. */
const PROMOTIONS: PromotionSeed[] = [
  {
    id: 'welcome-10',
    code: 'WELCOME10',
    rule: { type: 'percentOff', value: 10, scope: 'order' },
    icon: 'gift',
    titles: {
      en_US: 'Welcome offer: 10% off',
      de_DE: 'Willkommensangebot: 10 % Rabatt',
      fr_FR: 'Offre de bienvenue : 10 % de remise',
      pl_PL: 'Oferta powitalna: 10% rabatu',
      ro_RO: 'Ofertă de bun venit: 10% reducere',
    },
    longTitles: {
      en_US: '10% off your whole order with code WELCOME10',
      de_DE: '10 % auf Ihre gesamte Bestellung mit dem Code WELCOME10',
      fr_FR: '10 % de remise sur toute votre commande avec le code WELCOME10',
      pl_PL: '10% rabatu na całe zamówienie z kodem WELCOME10',
      ro_RO: '10% reducere la întreaga comandă cu codul WELCOME10',
    },
    ruleDescriptions: {
      en_US: 'Enter the code WELCOME10 in your basket to get 10% off the item total.',
      de_DE: 'Geben Sie im Warenkorb den Code WELCOME10 ein und erhalten Sie 10 % Rabatt auf den Warenwert.',
      fr_FR:
        'Saisissez le code WELCOME10 dans votre panier pour obtenir 10 % de remise sur le montant des articles.',
      pl_PL: 'Wpisz kod WELCOME10 w koszyku, aby otrzymać 10% rabatu na wartość towarów.',
      ro_RO: 'Introduceți codul WELCOME10 în coș pentru a primi 10% reducere la valoarea produselor.',
    },
    legalContent: {
      en_US: 'One use per customer. Cannot be combined with other promotion codes. Not redeemable for cash.',
      de_DE: 'Einmal pro Kunde einlösbar. Nicht mit anderen Aktionscodes kombinierbar. Keine Barauszahlung.',
      fr_FR:
        'Utilisable une fois par client. Non cumulable avec d’autres codes promotionnels. Non échangeable contre des espèces.',
      pl_PL:
        'Jednorazowo dla każdego klienta. Nie łączy się z innymi kodami promocyjnymi. Nie podlega wymianie na gotówkę.',
      ro_RO:
        'O singură utilizare per client. Nu se cumulează cu alte coduri promoționale. Nu se poate preschimba în bani.',
    },
  },
  {
    id: 'spring-5',
    code: 'SPRING5',
    rule: { type: 'amountOff', value: 500, scope: 'order', minOrderValue: 5000 },
    icon: 'flower',
    titles: {
      en_US: 'Spring savings',
      de_DE: 'Frühlingsrabatt',
      fr_FR: 'Économies de printemps',
      pl_PL: 'Wiosenne oszczędności',
      ro_RO: 'Reduceri de primăvară',
    },
    longTitles: {
      en_US: 'A fixed discount on orders above a minimum value with code SPRING5',
      de_DE: 'Fester Rabatt auf Bestellungen ab einem Mindestwert mit dem Code SPRING5',
      fr_FR: 'Une remise fixe sur les commandes dépassant un montant minimum avec le code SPRING5',
      pl_PL: 'Stały rabat na zamówienia powyżej minimalnej wartości z kodem SPRING5',
      ro_RO: 'O reducere fixă la comenzile peste o valoare minimă cu codul SPRING5',
    },
    ruleDescriptions: {
      en_US:
        'Enter SPRING5 in your basket: €5 (or the equivalent in your currency) off once the item total reaches €50 or the equivalent.',
      de_DE:
        'Geben Sie SPRING5 im Warenkorb ein: 5 € (oder der Gegenwert in Ihrer Währung) Rabatt ab einem Warenwert von 50 € oder dem Gegenwert.',
      fr_FR:
        'Saisissez SPRING5 dans votre panier : 5 € (ou l’équivalent dans votre devise) de remise dès que le montant des articles atteint 50 € ou l’équivalent.',
      pl_PL:
        'Wpisz SPRING5 w koszyku: 5 € (lub równowartość w Twojej walucie) rabatu, gdy wartość towarów osiągnie 50 € lub równowartość.',
      ro_RO:
        'Introduceți SPRING5 în coș: 5 € (sau echivalentul în moneda dvs.) reducere de îndată ce valoarea produselor atinge 50 € sau echivalentul.',
    },
    legalContent: ONE_CODE_PER_ORDER,
  },
  {
    id: 'trade-50',
    code: 'TRADE50',
    rule: { type: 'amountOff', value: 5000, scope: 'order', minOrderValue: 100000 },
    icon: 'briefcase',
    titles: {
      en_US: 'Trade bonus',
      de_DE: 'Gewerbebonus',
      fr_FR: 'Bonus professionnel',
      pl_PL: 'Bonus dla firm',
      ro_RO: 'Bonus pentru profesioniști',
    },
    longTitles: {
      en_US: 'A fixed discount on large orders with code TRADE50',
      de_DE: 'Fester Rabatt auf Großbestellungen mit dem Code TRADE50',
      fr_FR: 'Une remise fixe sur les grosses commandes avec le code TRADE50',
      pl_PL: 'Stały rabat na duże zamówienia z kodem TRADE50',
      ro_RO: 'O reducere fixă la comenzile mari cu codul TRADE50',
    },
    ruleDescriptions: {
      en_US:
        'Enter TRADE50 in your basket: €50 (or the equivalent in your currency) off once the item total reaches €1,000 or the equivalent.',
      de_DE:
        'Geben Sie TRADE50 im Warenkorb ein: 50 € (oder der Gegenwert in Ihrer Währung) Rabatt ab einem Warenwert von 1.000 € oder dem Gegenwert.',
      fr_FR:
        'Saisissez TRADE50 dans votre panier : 50 € (ou l’équivalent dans votre devise) de remise dès que le montant des articles atteint 1 000 € ou l’équivalent.',
      pl_PL:
        'Wpisz TRADE50 w koszyku: 50 € (lub równowartość w Twojej walucie) rabatu, gdy wartość towarów osiągnie 1000 € lub równowartość.',
      ro_RO:
        'Introduceți TRADE50 în coș: 50 € (sau echivalentul în moneda dvs.) reducere de îndată ce valoarea produselor atinge 1.000 € sau echivalentul.',
    },
    legalContent: ONE_CODE_PER_ORDER,
  },
  {
    id: 'power-tool-weeks',
    code: null,
    rule: { type: 'percentOff', value: 15, scope: 'item' },
    icon: 'percent',
    linkTo: { topCategory: 'Power-Tools', share: 0.04 },
    titles: {
      en_US: 'Power tool weeks: 15% off',
      de_DE: 'Elektrowerkzeug-Wochen: 15 % Rabatt',
      fr_FR: 'Semaines de l’outillage électrique : 15 % de remise',
      pl_PL: 'Tygodnie elektronarzędzi: 15% rabatu',
      ro_RO: 'Săptămânile sculelor electrice: 15% reducere',
    },
    longTitles: {
      en_US: '15% off selected power tools, deducted in the basket',
      de_DE: '15 % auf ausgewählte Elektrowerkzeuge, abgezogen im Warenkorb',
      fr_FR: '15 % de remise sur une sélection d’outils électriques, déduite dans le panier',
      pl_PL: '15% rabatu na wybrane elektronarzędzia, naliczane w koszyku',
      ro_RO: '15% reducere la o selecție de scule electrice, aplicată în coș',
    },
    ruleDescriptions: AUTOMATIC_RULE,
    legalContent: {
      en_US: 'While stocks last. The discount applies to the item price only, not to warranties or shipping.',
      de_DE:
        'Solange der Vorrat reicht. Der Rabatt gilt nur für den Artikelpreis, nicht für Garantien oder Versand.',
      fr_FR:
        'Dans la limite des stocks disponibles. La remise s’applique uniquement au prix de l’article, pas aux garanties ni à la livraison.',
      pl_PL: 'Do wyczerpania zapasów. Rabat dotyczy wyłącznie ceny artykułu, nie gwarancji ani wysyłki.',
      ro_RO:
        'În limita stocului disponibil. Reducerea se aplică doar prețului articolului, nu și garanțiilor sau livrării.',
    },
  },
  {
    id: 'safety-first',
    code: null,
    rule: { type: 'percentOff', value: 10, scope: 'item' },
    icon: 'percent',
    linkTo: { topCategory: 'Safety-And-Workwear', share: 0.035 },
    titles: {
      en_US: 'Safety first: 10% off',
      de_DE: 'Sicherheit zuerst: 10 % Rabatt',
      fr_FR: 'La sécurité d’abord : 10 % de remise',
      pl_PL: 'Bezpieczeństwo przede wszystkim: 10% rabatu',
      ro_RO: 'Siguranța înainte de toate: 10% reducere',
    },
    longTitles: {
      en_US: '10% off selected safety gear and workwear',
      de_DE: '10 % auf ausgewählte Schutzausrüstung und Arbeitskleidung',
      fr_FR: '10 % de remise sur une sélection d’équipements de protection et de vêtements de travail',
      pl_PL: '10% rabatu na wybrany sprzęt ochronny i odzież roboczą',
      ro_RO: '10% reducere la o selecție de echipamente de protecție și îmbrăcăminte de lucru',
    },
    ruleDescriptions: AUTOMATIC_RULE,
    legalContent: MARKED_PRODUCTS_ONLY,
  },
  {
    id: 'fastener-stock-up',
    code: null,
    rule: { type: 'percentOff', value: 5, scope: 'item' },
    icon: 'percent',
    linkTo: { topCategory: 'Fasteners', share: 0.03 },
    titles: {
      en_US: 'Stock up on fasteners: 5% off',
      de_DE: 'Befestigungstechnik auf Vorrat: 5 % Rabatt',
      fr_FR: 'Faites le plein de fixations : 5 % de remise',
      pl_PL: 'Zrób zapas elementów złącznych: 5% rabatu',
      ro_RO: 'Faceți-vă stoc de elemente de fixare: 5% reducere',
    },
    longTitles: {
      en_US: '5% off selected screws, bolts and anchors',
      de_DE: '5 % auf ausgewählte Schrauben, Bolzen und Dübel',
      fr_FR: '5 % de remise sur une sélection de vis, boulons et chevilles',
      pl_PL: '5% rabatu na wybrane wkręty, śruby i kotwy',
      ro_RO: '5% reducere la o selecție de șuruburi, buloane și dibluri',
    },
    ruleDescriptions: AUTOMATIC_RULE,
    legalContent: MARKED_PRODUCTS_ONLY,
  },
  {
    // Over: still linked to products, but neither shown nor served.
    id: 'winter-clearance',
    code: null,
    rule: { type: 'percentOff', value: 20, scope: 'item' },
    icon: 'percent',
    linkTo: { topCategory: 'Building-Supplies', share: 0.02 },
    endsAt: new Date('2026-02-28T23:00:00Z'),
    active: false,
    titles: {
      en_US: 'Winter clearance: 20% off',
      de_DE: 'Winterschlussverkauf: 20 % Rabatt',
      fr_FR: 'Soldes d’hiver : 20 % de remise',
      pl_PL: 'Zimowa wyprzedaż: 20% rabatu',
      ro_RO: 'Lichidare de iarnă: 20% reducere',
    },
    longTitles: {
      en_US: '20% off selected building supplies',
      de_DE: '20 % auf ausgewählte Baustoffe',
      fr_FR: '20 % de remise sur une sélection de matériaux de construction',
      pl_PL: '20% rabatu na wybrane materiały budowlane',
      ro_RO: '20% reducere la o selecție de materiale de construcții',
    },
    ruleDescriptions: AUTOMATIC_RULE,
    legalContent: MARKED_PRODUCTS_ONLY,
  },
]

const WARRANTY_SEEDS: {
  years: number
  eurCents: number
  names: LocalizedText
  descriptions: LocalizedText
}[] = [
  {
    years: 1,
    eurCents: 999,
    names: {
      en_US: '1-year extended warranty',
      de_DE: '1 Jahr Garantieverlängerung',
      fr_FR: 'Extension de garantie 1 an',
      pl_PL: 'Przedłużona gwarancja na 1 rok',
      ro_RO: 'Garanție extinsă de 1 an',
    },
    descriptions: {
      en_US:
        'Repair or replacement for one more year after the manufacturer’s guarantee, parts and labour included.',
      de_DE:
        'Reparatur oder Ersatz für ein weiteres Jahr nach der Herstellergarantie, inklusive Teile und Arbeitszeit.',
      fr_FR:
        'Réparation ou remplacement pendant un an de plus après la garantie du fabricant, pièces et main-d’œuvre comprises.',
      pl_PL: 'Naprawa lub wymiana przez kolejny rok po gwarancji producenta, w tym części i robocizna.',
      ro_RO: 'Reparație sau înlocuire încă un an după garanția producătorului, inclusiv piese și manoperă.',
    },
  },
  {
    years: 2,
    eurCents: 1799,
    names: {
      en_US: '2-year extended warranty',
      de_DE: '2 Jahre Garantieverlängerung',
      fr_FR: 'Extension de garantie 2 ans',
      pl_PL: 'Przedłużona gwarancja na 2 lata',
      ro_RO: 'Garanție extinsă de 2 ani',
    },
    descriptions: {
      en_US:
        'Repair or replacement for two more years after the manufacturer’s guarantee, parts and labour included.',
      de_DE:
        'Reparatur oder Ersatz für zwei weitere Jahre nach der Herstellergarantie, inklusive Teile und Arbeitszeit.',
      fr_FR:
        'Réparation ou remplacement pendant deux ans de plus après la garantie du fabricant, pièces et main-d’œuvre comprises.',
      pl_PL: 'Naprawa lub wymiana przez kolejne dwa lata po gwarancji producenta, w tym części i robocizna.',
      ro_RO: 'Reparație sau înlocuire încă doi ani după garanția producătorului, inclusiv piese și manoperă.',
    },
  },
  {
    years: 3,
    eurCents: 2499,
    names: {
      en_US: '3-year extended warranty',
      de_DE: '3 Jahre Garantieverlängerung',
      fr_FR: 'Extension de garantie 3 ans',
      pl_PL: 'Przedłużona gwarancja na 3 lata',
      ro_RO: 'Garanție extinsă de 3 ani',
    },
    descriptions: {
      en_US:
        'Repair or replacement for three more years after the manufacturer’s guarantee, parts and labour included.',
      de_DE:
        'Reparatur oder Ersatz für drei weitere Jahre nach der Herstellergarantie, inklusive Teile und Arbeitszeit.',
      fr_FR:
        'Réparation ou remplacement pendant trois ans de plus après la garantie du fabricant, pièces et main-d’œuvre comprises.',
      pl_PL: 'Naprawa lub wymiana przez kolejne trzy lata po gwarancji producenta, w tym części i robocizna.',
      ro_RO:
        'Reparație sau înlocuire încă trei ani după garanția producătorului, inclusiv piese și manoperă.',
    },
  },
]

const warrantyId = (years: number) => `W-${years}Y`
const topCategoryOf = (categoryId: string) => categoryId.split('.')[0] ?? categoryId

/**
 * Promotions, warranties and the few products sold on request, derived deterministically from the generated
 * catalog with a random stream of their own, so that the catalog itself stays exactly as generated.
 */
export function productExtras(catalog: Catalog, seed = 4711): ProductExtras {
  const random = createRandom(seed)
  const partSkus = new Set(catalog.productParts.map((p) => p.partSku))
  const positionInDefault = new Map<string, number>()
  const defaultCategory = new Map(catalog.products.map((p) => [p.sku, p.defaultCategoryId]))
  for (const row of catalog.productCategories) {
    if (defaultCategory.get(row.sku) === row.categoryId) positionInDefault.set(row.sku, row.position)
  }

  // Never a part of a bundle or set (those are priced from their parts), never one of the first products of
  // its category (the home page and category pages open with those).
  const simple = catalog.products.filter((p) => p.kind === 'product')
  const onRequestCandidates = simple.filter(
    (p) => !partSkus.has(p.sku) && (positionInDefault.get(p.sku) ?? 0) >= 3,
  )
  const unpricedSkus = new Set(
    random.sample(onRequestCandidates, Math.max(1, Math.round(simple.length * 0.01))).map((p) => p.sku),
  )

  const eurListPrice = new Map(
    catalog.prices.filter((p) => p.currency === 'EUR').map((p) => [p.sku, p.listNet]),
  )
  const sellable = catalog.products.filter(
    (p) =>
      (p.kind === 'product' || p.kind === 'variation' || p.kind === 'bundle') &&
      !unpricedSkus.has(p.sku) &&
      eurListPrice.has(p.sku),
  )

  const promotions: PromotionRow[] = []
  const productPromotions: ProductExtras['productPromotions'] = []
  for (const { linkTo, endsAt, active, ...promotion } of PROMOTIONS) {
    promotions.push({ ...promotion, startsAt: null, endsAt: endsAt ?? null, active: active ?? true })
    if (!linkTo) continue
    const pool = sellable.filter((p) => topCategoryOf(p.defaultCategoryId) === linkTo.topCategory)
    const count = Math.min(pool.length, Math.max(1, Math.round(sellable.length * linkTo.share)))
    for (const product of random.sample(pool, count)) {
      productPromotions.push({ sku: product.sku, promotionId: promotion.id })
    }
  }

  const warranties: WarrantyRow[] = WARRANTY_SEEDS.map((w) => ({
    id: warrantyId(w.years),
    names: w.names,
    descriptions: w.descriptions,
    years: w.years,
    prices: Object.fromEntries(
      CURRENCIES.map((currency: Currency) => [currency, Math.round(w.eurCents * EXCHANGE_RATES[currency])]),
    ),
  }))
  const productWarranties: ProductExtras['productWarranties'] = []
  for (const product of sellable) {
    if (product.kind === 'bundle' || topCategoryOf(product.defaultCategoryId) !== WARRANTY_CATEGORY) continue
    const long = (eurListPrice.get(product.sku) ?? 0) >= LONG_WARRANTY_FROM
    WARRANTY_SEEDS.filter((w) => w.years < 3 || long).forEach((w, position) =>
      productWarranties.push({ sku: product.sku, warrantyId: warrantyId(w.years), position }),
    )
  }

  return { unpricedSkus, promotions, productPromotions, warranties, productWarranties }
}
