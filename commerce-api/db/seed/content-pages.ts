import type { Currency, Locale } from '../../domain/channel'
import type { CmsPagelet } from '../schema'
import type { Loc } from './catalog-data'
import { paymentMethodRows, shippingMethodRows } from './checkout'

/**
 * Content pages of the demo shop in two page trees: "Service" (about us, shipping, returns, payment methods)
 * and "Legal information" (imprint, privacy policy, terms and conditions). Links between pages use ICM's
 * `page://{id}` form, which the storefront turns into page URLs.
 *
 * The pages promise only what the shop does: the shipping and payment pages are written from the shop's
 * shipping and payment methods (seed/checkout.ts), so their costs are the ones checkout charges.
 */
type PageDef = { id: string; parent: string | null; names: Loc; body: Loc }

export const SERVICE_ROOT = 'service'
export const LEGAL_ROOT = 'legal'

export const pageNames = {
  service: {
    en_US: 'Service',
    de_DE: 'Service',
    fr_FR: 'Service client',
    pl_PL: 'Obsługa klienta',
    ro_RO: 'Serviciu clienți',
  },
  aboutUs: {
    en_US: 'About us',
    de_DE: 'Über uns',
    fr_FR: 'À propos de nous',
    pl_PL: 'O nas',
    ro_RO: 'Despre noi',
  },
  shipping: {
    en_US: 'Shipping and delivery',
    de_DE: 'Versand und Lieferung',
    fr_FR: 'Expédition et livraison',
    pl_PL: 'Wysyłka i dostawa',
    ro_RO: 'Livrare',
  },
  returns: { en_US: 'Returns', de_DE: 'Rücksendungen', fr_FR: 'Retours', pl_PL: 'Zwroty', ro_RO: 'Retururi' },
  paymentMethods: {
    en_US: 'Payment methods',
    de_DE: 'Zahlungsarten',
    fr_FR: 'Moyens de paiement',
    pl_PL: 'Metody płatności',
    ro_RO: 'Metode de plată',
  },
  legal: {
    en_US: 'Legal information',
    de_DE: 'Rechtliches',
    fr_FR: 'Informations légales',
    pl_PL: 'Informacje prawne',
    ro_RO: 'Informații legale',
  },
  imprint: {
    en_US: 'Imprint',
    de_DE: 'Impressum',
    fr_FR: 'Mentions légales',
    pl_PL: 'Nota prawna',
    ro_RO: 'Date legale',
  },
  privacy: {
    en_US: 'Privacy policy',
    de_DE: 'Datenschutzerklärung',
    fr_FR: 'Politique de confidentialité',
    pl_PL: 'Polityka prywatności',
    ro_RO: 'Politica de confidențialitate',
  },
  terms: {
    en_US: 'Terms and conditions',
    de_DE: 'Allgemeine Geschäftsbedingungen',
    fr_FR: 'Conditions générales de vente',
    pl_PL: 'Regulamin',
    ro_RO: 'Termeni și condiții',
  },
} satisfies Record<string, Loc>

const LOCALES = ['en_US', 'de_DE', 'fr_FR', 'pl_PL', 'ro_RO'] as const satisfies readonly Locale[]

/** The currency the storefront shows with each language: the pages quote amounts in it. */
const PAGE_CURRENCY: Record<Locale, Currency> = {
  en_US: 'USD',
  de_DE: 'EUR',
  fr_FR: 'EUR',
  pl_PL: 'PLN',
  ro_RO: 'RON',
}

/** A net amount in minor units of the language's currency, written as the language writes money. */
function amount(locale: Locale, perCurrency: Record<string, number> | null | undefined): string | undefined {
  const currency = PAGE_CURRENCY[locale]
  const minor = perCurrency?.[currency]
  if (minor === undefined) return undefined
  const format = new Intl.NumberFormat(locale.replace('_', '-'), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  })
  return format.format(minor / 100)
}

const text = (names: Record<string, string>, locale: Locale) => names[locale] ?? names.en_US ?? ''

/** What follows a term that a text explains: French sets a space before the colon. */
const colon = (locale: Locale) => (locale === 'fr_FR' ? ' : ' : ': ')

/** An ISO duration of whole days (`P3D`) as a number of days. */
const days = (duration: string) => Number(/^P(\d+)D$/.exec(duration)?.[1] ?? NaN)

/** A range of working days in each language, with the plural its last number takes. */
const WORKING_DAYS: Record<Locale, (min: number, max: number) => string> = {
  en_US: (min, max) => `${min === max ? max : `${min}–${max}`} working day${max === 1 ? '' : 's'}`,
  de_DE: (min, max) => `${min === max ? max : `${min}–${max}`} Werktag${max === 1 ? '' : 'e'}`,
  fr_FR: (min, max) =>
    `${min === max ? max : `${min} à ${max}`} jour${max === 1 ? '' : 's'} ouvré${max === 1 ? '' : 's'}`,
  pl_PL: (min, max) => {
    const form = new Intl.PluralRules('pl-PL').select(max)
    const words = form === 'one' ? 'dzień roboczy' : form === 'few' ? 'dni robocze' : 'dni roboczych'
    return `${min === max ? max : `${min}–${max}`} ${words}`
  },
  ro_RO: (min, max) => {
    const form = new Intl.PluralRules('ro-RO').select(max)
    const words = form === 'one' ? 'zi lucrătoare' : form === 'few' ? 'zile lucrătoare' : 'de zile lucrătoare'
    return `${min === max ? max : `${min}–${max}`} ${words}`
  },
}

const SHIPPING_TEXTS: Record<
  Locale,
  { intro: string; head: [string, string, string]; free: string; freeFrom: string; outro: string }
> = {
  en_US: {
    intro:
      '<p>We ship from our warehouse in Brandenburg. Orders placed on working days before 2 pm leave the warehouse the same day.</p>',
    head: ['Shipping method', 'Delivery time', 'Cost'],
    free: 'free of charge',
    freeFrom: 'free from a net item total of {amount}',
    outro:
      '<p>Shipping costs are given without VAT; your basket shows them with the VAT of your delivery country before you order. Products that are out of stock can be ordered again once they are back; the product page shows how soon a product is ready for shipment.</p>',
  },
  de_DE: {
    intro:
      '<p>Wir versenden aus unserem Lager in Brandenburg. Bestellungen, die werktags vor 14 Uhr eingehen, verlassen das Lager noch am selben Tag.</p>',
    head: ['Versandart', 'Lieferzeit', 'Kosten'],
    free: 'kostenlos',
    freeFrom: 'versandkostenfrei ab {amount} Netto-Warenwert',
    outro:
      '<p>Die Versandkosten sind ohne Mehrwertsteuer angegeben; Ihr Warenkorb zeigt sie vor der Bestellung mit der Mehrwertsteuer Ihres Lieferlands. Nicht vorrätige Artikel können wieder bestellt werden, sobald sie eingetroffen sind; die Produktseite zeigt, wann ein Artikel versandbereit ist.</p>',
  },
  fr_FR: {
    intro:
      "<p>Nous expédions depuis notre entrepôt du Brandebourg. Les commandes passées un jour ouvré avant 14 h quittent l'entrepôt le jour même.</p>",
    head: ["Mode d'expédition", 'Délai de livraison', 'Frais'],
    free: 'gratuit',
    freeFrom: "offerte dès {amount} HT d'articles",
    outro:
      '<p>Les frais de livraison sont indiqués hors TVA ; votre panier les affiche avant la commande avec la TVA de votre pays de livraison. Les articles en rupture de stock peuvent de nouveau être commandés dès leur retour en stock ; la page produit indique sous quel délai un article est prêt à être expédié.</p>',
  },
  pl_PL: {
    intro:
      '<p>Wysyłamy z naszego magazynu w Brandenburgii. Zamówienia złożone w dni robocze przed godziną 14:00 opuszczają magazyn tego samego dnia.</p>',
    head: ['Sposób wysyłki', 'Czas dostawy', 'Koszt'],
    free: 'bezpłatnie',
    freeFrom: 'bezpłatnie od wartości towarów netto {amount}',
    outro:
      '<p>Koszty wysyłki podano bez podatku VAT; koszyk pokazuje je przed złożeniem zamówienia z VAT kraju dostawy. Produkty niedostępne w magazynie można ponownie zamówić, gdy tylko się pojawią; strona produktu pokazuje, kiedy produkt będzie gotowy do wysyłki.</p>',
  },
  ro_RO: {
    intro:
      '<p>Expediem din depozitul nostru din Brandenburg. Comenzile plasate în zilele lucrătoare înainte de ora 14 părăsesc depozitul în aceeași zi.</p>',
    head: ['Metodă de livrare', 'Termen de livrare', 'Cost'],
    free: 'gratuit',
    freeFrom: 'gratuită de la o valoare netă a produselor de {amount}',
    outro:
      '<p>Costurile de livrare sunt indicate fără TVA; coșul le afișează înainte de comandă cu TVA-ul țării de livrare. Produsele care nu sunt în stoc pot fi comandate din nou imediat ce revin în stoc; pagina produsului arată când este gata de expediere un produs.</p>',
  },
}

/** The shipping page: a table of the shop's shipping methods with their delivery times and net costs. */
function shippingPage(): Loc {
  const page = (locale: Locale) => {
    const t = SHIPPING_TEXTS[locale]
    const rows = shippingMethodRows.map((method) => {
      const cost = amount(locale, method.costs)
      const freeFrom = amount(locale, method.freeFrom)
      const costText = !cost || method.costs[PAGE_CURRENCY[locale]] === 0 ? t.free : cost
      const time = WORKING_DAYS[locale](days(method.deliveryTimeMin), days(method.deliveryTimeMax))
      const costCell = freeFrom ? `${costText}, ${t.freeFrom.replace('{amount}', freeFrom)}` : costText
      return `<tr><td>${text(method.names, locale)}</td><td>${time}</td><td>${costCell}</td></tr>`
    })
    // A method for some countries only says so in its description (click and collect at German branches).
    const limited = shippingMethodRows
      .filter((method) => method.countries)
      .map(
        (method) =>
          `<p>${text(method.names, locale)}${colon(locale)}${text(method.descriptions, locale)}.</p>`,
      )
    return (
      t.intro +
      `<table><thead><tr>${t.head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>` +
      limited.join('') +
      t.outro
    )
  }
  return Object.fromEntries(LOCALES.map((locale) => [locale, page(locale)])) as Loc
}

const PAYMENT_TEXTS: Record<
  Locale,
  { intro: string; costs: string; costsBelow: string; upTo: string; outro: string }
> = {
  en_US: {
    intro: '<p>You can pay for your order in the following ways:</p>',
    costs: 'A fee of {costs} plus VAT applies.',
    costsBelow: 'A fee of {costs} plus VAT applies below a net item total of {threshold}.',
    upTo: 'Available up to a net item total of {max}.',
    outro:
      '<p>Checkout shows every payment method with its costs before you order. All payment data is transmitted encrypted.</p>',
  },
  de_DE: {
    intro: '<p>Sie können Ihre Bestellung auf folgende Arten bezahlen:</p>',
    costs: 'Wir berechnen {costs} zzgl. MwSt.',
    costsBelow: 'Unter einem Netto-Warenwert von {threshold} berechnen wir {costs} zzgl. MwSt.',
    upTo: 'Möglich bis zu einem Netto-Warenwert von {max}.',
    outro:
      '<p>Der Checkout zeigt jede Zahlungsart vor der Bestellung mit ihren Kosten. Alle Zahlungsdaten werden verschlüsselt übertragen.</p>',
  },
  fr_FR: {
    intro: '<p>Vous pouvez régler votre commande de plusieurs façons :</p>',
    costs: "Des frais de {costs} HT s'appliquent.",
    costsBelow: "Des frais de {costs} HT s'appliquent en dessous de {threshold} HT d'articles.",
    upTo: "Disponible jusqu'à {max} HT d'articles.",
    outro:
      '<p>Lors de la commande, chaque moyen de paiement est affiché avec ses frais. Toutes les données de paiement sont transmises de façon chiffrée.</p>',
  },
  pl_PL: {
    intro: '<p>Za zamówienie możesz zapłacić w następujący sposób:</p>',
    costs: 'Pobieramy opłatę {costs} netto.',
    costsBelow: 'Poniżej wartości towarów netto {threshold} pobieramy opłatę {costs} netto.',
    upTo: 'Dostępne do wartości towarów netto {max}.',
    outro:
      '<p>Przy składaniu zamówienia każda metoda płatności jest wyświetlana wraz z kosztami. Wszystkie dane płatności są przesyłane w formie zaszyfrowanej.</p>',
  },
  ro_RO: {
    intro: '<p>Vă puteți plăti comanda în următoarele moduri:</p>',
    costs: 'Se percepe o taxă de {costs} fără TVA.',
    costsBelow: 'Sub o valoare netă a produselor de {threshold} se percepe o taxă de {costs} fără TVA.',
    upTo: 'Disponibil până la o valoare netă a produselor de {max}.',
    outro:
      '<p>La finalizarea comenzii, fiecare metodă de plată este afișată împreună cu costurile ei. Toate datele de plată sunt transmise criptat.</p>',
  },
}

/** The payment page: the shop's payment methods with their descriptions, costs and limits. */
function paymentMethodsPage(): Loc {
  const page = (locale: Locale) => {
    const t = PAYMENT_TEXTS[locale]
    const items = paymentMethodRows.map((method) => {
      const costs = amount(locale, method.costs)
      const threshold = amount(locale, method.costsThreshold)
      const max = amount(locale, method.maxTotal)
      const terms = [
        costs &&
          (threshold ? t.costsBelow.replace('{threshold}', threshold) : t.costs).replace('{costs}', costs),
        max && t.upTo.replace('{max}', max),
      ].filter(Boolean)
      const details = [text(method.descriptions ?? {}, locale), ...terms].join(' ')
      return `<li><strong>${text(method.names, locale)}</strong>${colon(locale)}${details}</li>`
    })
    return `${t.intro}<ul>${items.join('')}</ul>${t.outro}`
  }
  return Object.fromEntries(LOCALES.map((locale) => [locale, page(locale)])) as Loc
}

const pages: PageDef[] = [
  {
    id: SERVICE_ROOT,
    parent: null,
    names: pageNames.service,
    body: {
      en_US:
        '<p>Questions about an order, a delivery or a return? Our service team in Berlin answers Monday to Friday from 7 am to 6 pm at +49 30 1234 5678 and at service@ironbridge.test.</p>' +
        '<ul><li><a href="page://shipping">Shipping and delivery</a>: delivery times and costs</li><li><a href="page://returns">Returns</a>: 30 days to send goods back</li><li><a href="page://payment-methods">Payment methods</a>: invoice, direct debit, credit card, IronPay wallet and gift card</li><li><a href="page://about-us">About us</a>: who we are</li></ul>',
      de_DE:
        '<p>Fragen zu einer Bestellung, einer Lieferung oder einer Rücksendung? Unser Serviceteam in Berlin ist montags bis freitags von 7 bis 18 Uhr unter +49 30 1234 5678 und per E-Mail an service@ironbridge.test für Sie da.</p>' +
        '<ul><li><a href="page://shipping">Versand und Lieferung</a>: Lieferzeiten und Versandkosten</li><li><a href="page://returns">Rücksendungen</a>: 30 Tage Rückgaberecht</li><li><a href="page://payment-methods">Zahlungsarten</a>: Rechnung, Lastschrift, Kreditkarte, IronPay-Wallet und Geschenkkarte</li><li><a href="page://about-us">Über uns</a>: wer wir sind</li></ul>',
      fr_FR:
        '<p>Une question sur une commande, une livraison ou un retour ? Notre équipe à Berlin vous répond du lundi au vendredi de 7 h à 18 h au +49 30 1234 5678 et à service@ironbridge.test.</p>' +
        '<ul><li><a href="page://shipping">Expédition et livraison</a> : délais et frais de livraison</li><li><a href="page://returns">Retours</a> : 30 jours pour nous renvoyer la marchandise</li><li><a href="page://payment-methods">Moyens de paiement</a> : facture, prélèvement SEPA, carte de crédit, portefeuille IronPay et carte cadeau</li><li><a href="page://about-us">À propos de nous</a> : qui nous sommes</li></ul>',
      pl_PL:
        '<p>Masz pytanie dotyczące zamówienia, dostawy lub zwrotu? Nasz zespół obsługi klienta w Berlinie odpowiada od poniedziałku do piątku w godzinach 7–18 pod numerem +49 30 1234 5678 oraz pod adresem service@ironbridge.test.</p>' +
        '<ul><li><a href="page://shipping">Wysyłka i dostawa</a>: czas i koszty dostawy</li><li><a href="page://returns">Zwroty</a>: 30 dni na odesłanie towaru</li><li><a href="page://payment-methods">Metody płatności</a>: faktura, polecenie zapłaty, karta kredytowa, portfel IronPay i karta podarunkowa</li><li><a href="page://about-us">O nas</a>: kim jesteśmy</li></ul>',
      ro_RO:
        '<p>Aveți o întrebare despre o comandă, o livrare sau un retur? Echipa noastră din Berlin vă răspunde de luni până vineri, între orele 7 și 18, la +49 30 1234 5678 și la service@ironbridge.test.</p>' +
        '<ul><li><a href="page://shipping">Livrare</a>: termene și costuri de livrare</li><li><a href="page://returns">Retururi</a>: 30 de zile pentru a returna produsele</li><li><a href="page://payment-methods">Metode de plată</a>: factură, debit direct, card de credit, portofel IronPay și card cadou</li><li><a href="page://about-us">Despre noi</a>: cine suntem</li></ul>',
    },
  },
  {
    id: 'about-us',
    parent: SERVICE_ROOT,
    names: pageNames.aboutUs,
    body: {
      en_US:
        "<p>Ironbridge Supply has equipped tradespeople and builders since 1962. What began as a small ironmonger's shop in Berlin is today a wholesaler of tools, fasteners, safety gear and building supplies with more than 40,000 articles.</p>" +
        "<p>We serve private customers as well as trade and construction businesses of every size. At a business customer, several employees order under one company account, each with a login of their own, and use the company's shared delivery addresses. Net prices, payment by invoice and the quick order form for article numbers make reordering fast.</p>" +
        '<p>Our warehouse in Brandenburg ships most orders on the day they come in.</p>',
      de_DE:
        '<p>Ironbridge Supply rüstet Handwerk und Bau seit 1962 aus. Was als kleine Eisenwarenhandlung in Berlin begann, ist heute ein Großhandel für Werkzeuge, Befestigungstechnik, Arbeitsschutz und Baubedarf mit mehr als 40.000 Artikeln.</p>' +
        '<p>Wir beliefern Privatkunden ebenso wie Handwerks- und Baubetriebe jeder Größe. Bei Geschäftskunden bestellen mehrere Mitarbeiter mit eigenem Login unter einem Firmenkonto und nutzen die gemeinsamen Lieferadressen des Unternehmens. Nettopreise, Kauf auf Rechnung und die Schnellbestellung per Artikelnummer machen das Nachbestellen einfach.</p>' +
        '<p>Unser Lager in Brandenburg verschickt die meisten Bestellungen noch am Tag des Eingangs.</p>',
      fr_FR:
        "<p>Ironbridge Supply équipe les artisans et les bâtisseurs depuis 1962. Ce qui a commencé comme une petite quincaillerie à Berlin est aujourd'hui un grossiste en outillage, fixations, équipements de sécurité et matériaux de construction proposant plus de 40 000 articles.</p>" +
        '<p>Nous servons les particuliers comme les entreprises artisanales et du bâtiment de toutes tailles. Chez un client professionnel, plusieurs collaborateurs commandent sous un même compte entreprise, chacun avec son propre identifiant, et utilisent les adresses de livraison partagées de la société. Les prix HT, le paiement sur facture et la commande rapide par référence facilitent le réassort.</p>' +
        '<p>Notre entrepôt du Brandebourg expédie la plupart des commandes le jour même de leur réception.</p>',
      pl_PL:
        '<p>Ironbridge Supply wyposaża rzemieślników i budowlańców od 1962 roku. To, co zaczęło się jako mały sklep żelazny w Berlinie, jest dziś hurtownią narzędzi, elementów złącznych, środków ochrony i materiałów budowlanych z ponad 40 000 artykułów.</p>' +
        '<p>Obsługujemy zarówno klientów prywatnych, jak i firmy rzemieślnicze i budowlane każdej wielkości. U klienta biznesowego wielu pracowników zamawia w ramach jednego konta firmowego, każdy z własnym loginem, i korzysta ze wspólnych adresów dostawy firmy. Ceny netto, płatność na fakturę i szybkie zamówienie po numerach artykułów ułatwiają ponowne zamawianie.</p>' +
        '<p>Nasz magazyn w Brandenburgii wysyła większość zamówień jeszcze w dniu ich otrzymania.</p>',
      ro_RO:
        '<p>Ironbridge Supply echipează meseriașii și constructorii din 1962. Ceea ce a început ca un mic magazin de fierărie în Berlin este astăzi un distribuitor angro de scule, elemente de fixare, echipamente de protecție și materiale de construcții, cu peste 40.000 de articole.</p>' +
        '<p>Servim atât clienți persoane fizice, cât și firme meșteșugărești și de construcții de orice mărime. La un client business, mai mulți angajați comandă în cadrul aceluiași cont de firmă, fiecare cu propriul cont de autentificare, și folosesc adresele de livrare comune ale companiei. Prețurile nete, plata pe factură și comanda rapidă după codul articolului fac repetarea comenzilor simplă.</p>' +
        '<p>Depozitul nostru din Brandenburg expediază majoritatea comenzilor chiar în ziua în care le primește.</p>',
    },
  },
  {
    id: 'shipping',
    parent: SERVICE_ROOT,
    names: pageNames.shipping,
    body: shippingPage(),
  },
  {
    id: 'returns',
    parent: SERVICE_ROOT,
    names: pageNames.returns,
    body: {
      en_US:
        '<p>You may return goods within 30 days of delivery without giving a reason. Unused items in their original packaging are refunded in full.</p>' +
        '<ol><li>Tell our service team your order number, by e-mail to service@ironbridge.test or by phone.</li><li>Print the prepaid return label we send you and attach it to the parcel.</li><li>Hand the parcel to the carrier. We refund the amount to your original payment method within 14 days of receiving it.</li></ol>' +
        '<p>Adhesives and other chemical products whose seal you have broken cannot be returned; if in doubt, please contact us before sending goods back. The details are in our <a href="page://terms">terms and conditions</a>.</p>',
      de_DE:
        '<p>Sie können Waren innerhalb von 30 Tagen nach Lieferung ohne Angabe von Gründen zurücksenden. Unbenutzte Artikel in Originalverpackung erstatten wir vollständig.</p>' +
        '<ol><li>Nennen Sie unserem Serviceteam Ihre Bestellnummer, per E-Mail an service@ironbridge.test oder telefonisch.</li><li>Drucken Sie das frankierte Rücksendeetikett aus, das wir Ihnen schicken, und kleben Sie es auf das Paket.</li><li>Geben Sie das Paket beim Versanddienstleister ab. Wir erstatten den Betrag innerhalb von 14 Tagen nach Eingang über Ihre ursprüngliche Zahlungsart.</li></ol>' +
        '<p>Klebstoffe und andere chemische Produkte mit geöffnetem Siegel sind von der Rücksendung ausgenommen; sprechen Sie uns im Zweifel vorher an. Einzelheiten finden Sie in unseren <a href="page://terms">Allgemeinen Geschäftsbedingungen</a>.</p>',
      fr_FR:
        "<p>Vous pouvez nous renvoyer la marchandise dans les 30 jours suivant la livraison sans avoir à vous justifier. Les articles non utilisés dans leur emballage d'origine sont intégralement remboursés.</p>" +
        "<ol><li>Communiquez votre numéro de commande à notre service client, par e-mail à service@ironbridge.test ou par téléphone.</li><li>Imprimez l'étiquette de retour prépayée que nous vous envoyons et collez-la sur le colis.</li><li>Remettez le colis au transporteur. Nous vous remboursons sur votre moyen de paiement d'origine dans les 14 jours suivant sa réception.</li></ol>" +
        '<p>Les colles et autres produits chimiques dont le scellé a été ouvert ne peuvent pas être retournés ; en cas de doute, contactez-nous avant tout envoi. Vous trouverez les détails dans nos <a href="page://terms">conditions générales de vente</a>.</p>',
      pl_PL:
        '<p>Możesz zwrócić towar w ciągu 30 dni od dostawy bez podawania przyczyny. Za nieużywane artykuły w oryginalnym opakowaniu zwracamy pełną kwotę.</p>' +
        '<ol><li>Podaj naszemu zespołowi obsługi klienta numer zamówienia, e-mailem na adres service@ironbridge.test lub telefonicznie.</li><li>Wydrukuj opłaconą etykietę zwrotną, którą Ci prześlemy, i naklej ją na paczkę.</li><li>Nadaj paczkę u przewoźnika. Zwrócimy pieniądze na pierwotną metodę płatności w ciągu 14 dni od otrzymania przesyłki.</li></ol>' +
        '<p>Zwrotom nie podlegają kleje i inne produkty chemiczne z naruszonym zabezpieczeniem; w razie wątpliwości prosimy o kontakt przed odesłaniem towaru. Szczegóły znajdziesz w naszym <a href="page://terms">regulaminie</a>.</p>',
      ro_RO:
        '<p>Puteți returna produsele în termen de 30 de zile de la livrare, fără a indica motivul. Articolele nefolosite, în ambalajul original, vă sunt rambursate integral.</p>' +
        '<ol><li>Comunicați echipei noastre numărul comenzii, prin e-mail la service@ironbridge.test sau telefonic.</li><li>Tipăriți eticheta de retur preplătită pe care v-o trimitem și lipiți-o pe colet.</li><li>Predați coletul curierului. Vă rambursăm suma prin metoda de plată inițială în termen de 14 zile de la primirea coletului.</li></ol>' +
        '<p>Adezivii și alte produse chimice al căror sigiliu a fost desfăcut nu pot fi returnate; dacă aveți nelămuriri, vă rugăm să ne contactați înainte de a trimite marfa înapoi. Detaliile se găsesc în <a href="page://terms">termenii și condițiile</a> noastre.</p>',
    },
  },
  {
    id: 'payment-methods',
    parent: SERVICE_ROOT,
    names: pageNames.paymentMethods,
    body: paymentMethodsPage(),
  },
  {
    id: LEGAL_ROOT,
    parent: null,
    names: pageNames.legal,
    body: {
      en_US:
        '<p>Here you find the legal information about Ironbridge Supply GmbH and the use of this shop:</p>' +
        '<ul><li><a href="page://imprint">Imprint</a></li><li><a href="page://privacy">Privacy policy</a></li><li><a href="page://terms">Terms and conditions</a></li></ul>',
      de_DE:
        '<p>Hier finden Sie die rechtlichen Informationen zur Ironbridge Supply GmbH und zur Nutzung dieses Shops:</p>' +
        '<ul><li><a href="page://imprint">Impressum</a></li><li><a href="page://privacy">Datenschutzerklärung</a></li><li><a href="page://terms">Allgemeine Geschäftsbedingungen</a></li></ul>',
      fr_FR:
        "<p>Retrouvez ici les informations légales concernant Ironbridge Supply GmbH et l'utilisation de cette boutique :</p>" +
        '<ul><li><a href="page://imprint">Mentions légales</a></li><li><a href="page://privacy">Politique de confidentialité</a></li><li><a href="page://terms">Conditions générales de vente</a></li></ul>',
      pl_PL:
        '<p>Tutaj znajdziesz informacje prawne dotyczące Ironbridge Supply GmbH i korzystania z tego sklepu:</p>' +
        '<ul><li><a href="page://imprint">Nota prawna</a></li><li><a href="page://privacy">Polityka prywatności</a></li><li><a href="page://terms">Regulamin</a></li></ul>',
      ro_RO:
        '<p>Aici găsiți informațiile legale despre Ironbridge Supply GmbH și despre utilizarea acestui magazin:</p>' +
        '<ul><li><a href="page://imprint">Date legale</a></li><li><a href="page://privacy">Politica de confidențialitate</a></li><li><a href="page://terms">Termeni și condiții</a></li></ul>',
    },
  },
  {
    id: 'imprint',
    parent: LEGAL_ROOT,
    names: pageNames.imprint,
    body: {
      en_US:
        '<p>Information according to section 5 of the German Telemedia Act (TMG).</p>' +
        '<p>Ironbridge Supply GmbH<br>Werkstraße 1<br>10115 Berlin<br>Germany</p>' +
        '<p>Phone: +49 30 1234 5678<br>E-mail: service@ironbridge.test</p>' +
        '<p>Managing directors: Katharina Vogel, Thomas Brandt<br>Registered at the local court of Berlin-Charlottenburg, HRB 123456 B<br>VAT identification number: DE123456789</p>' +
        '<p>Responsible for the content: Katharina Vogel, address as above.</p>',
      de_DE:
        '<p>Angaben gemäß § 5 Telemediengesetz (TMG).</p>' +
        '<p>Ironbridge Supply GmbH<br>Werkstraße 1<br>10115 Berlin<br>Deutschland</p>' +
        '<p>Telefon: +49 30 1234 5678<br>E-Mail: service@ironbridge.test</p>' +
        '<p>Geschäftsführung: Katharina Vogel, Thomas Brandt<br>Registergericht: Amtsgericht Berlin-Charlottenburg, HRB 123456 B<br>Umsatzsteuer-Identifikationsnummer: DE123456789</p>' +
        '<p>Verantwortlich für den Inhalt: Katharina Vogel, Anschrift wie oben.</p>',
      fr_FR:
        "<p>Informations conformément à l'article 5 de la loi allemande sur les télémédias (TMG).</p>" +
        '<p>Ironbridge Supply GmbH<br>Werkstraße 1<br>10115 Berlin<br>Allemagne</p>' +
        '<p>Téléphone : +49 30 1234 5678<br>E-mail : service@ironbridge.test</p>' +
        "<p>Gérants : Katharina Vogel, Thomas Brandt<br>Immatriculée au tribunal d'instance de Berlin-Charlottenburg, HRB 123456 B<br>Numéro de TVA intracommunautaire : DE123456789</p>" +
        '<p>Responsable du contenu : Katharina Vogel, adresse ci-dessus.</p>',
      pl_PL:
        '<p>Informacje zgodnie z § 5 niemieckiej ustawy o telemediach (TMG).</p>' +
        '<p>Ironbridge Supply GmbH<br>Werkstraße 1<br>10115 Berlin<br>Niemcy</p>' +
        '<p>Telefon: +49 30 1234 5678<br>E-mail: service@ironbridge.test</p>' +
        '<p>Zarząd: Katharina Vogel, Thomas Brandt<br>Sąd rejestrowy: Sąd Rejonowy Berlin-Charlottenburg, HRB 123456 B<br>Numer identyfikacji podatkowej VAT: DE123456789</p>' +
        '<p>Odpowiedzialna za treść: Katharina Vogel, adres jak wyżej.</p>',
      ro_RO:
        '<p>Informații conform § 5 din Legea germană privind telemedia (TMG).</p>' +
        '<p>Ironbridge Supply GmbH<br>Werkstraße 1<br>10115 Berlin<br>Germania</p>' +
        '<p>Telefon: +49 30 1234 5678<br>E-mail: service@ironbridge.test</p>' +
        '<p>Administratori: Katharina Vogel, Thomas Brandt<br>Înregistrată la Judecătoria Berlin-Charlottenburg, HRB 123456 B<br>Cod de identificare în scopuri de TVA: DE123456789</p>' +
        '<p>Responsabil pentru conținut: Katharina Vogel, adresa de mai sus.</p>',
    },
  },
  {
    id: 'privacy',
    parent: LEGAL_ROOT,
    names: pageNames.privacy,
    body: {
      en_US:
        '<p>We process your personal data only as far as it is needed to run this shop, to process your orders and to meet our legal obligations. The controller is Ironbridge Supply GmbH, Werkstraße 1, 10115 Berlin.</p>' +
        "<h2>What we store</h2><p>When you order, we store your name, your addresses, your e-mail address and the order details. Business customers' user accounts also hold the user's role in the company.</p>" +
        '<h2>Cookies</h2><p>The shop sets a single cookie, apiToken. It keeps your session: your login, your basket, the products you compare and the products you viewed recently. It is deleted at the latest seven days after your last visit. The shop cannot work without it; we set no cookies for statistics or advertising.</p>' +
        '<h2>Your rights</h2><p>You may ask us at any time what data we hold about you, and have it corrected or deleted. Write to privacy@ironbridge.test.</p>',
      de_DE:
        '<p>Wir verarbeiten Ihre personenbezogenen Daten nur, soweit dies für den Betrieb dieses Shops, die Abwicklung Ihrer Bestellungen und die Erfüllung gesetzlicher Pflichten erforderlich ist. Verantwortlich ist die Ironbridge Supply GmbH, Werkstraße 1, 10115 Berlin.</p>' +
        '<h2>Was wir speichern</h2><p>Wenn Sie bestellen, speichern wir Ihren Namen, Ihre Adressen, Ihre E-Mail-Adresse und die Bestelldaten. Benutzerkonten von Geschäftskunden enthalten zusätzlich die Rolle des Benutzers im Unternehmen.</p>' +
        '<h2>Cookies</h2><p>Der Shop setzt ein einziges Cookie, apiToken. Es hält Ihre Sitzung: Ihre Anmeldung, Ihren Warenkorb, die Produkte, die Sie vergleichen, und die Produkte, die Sie zuletzt angesehen haben. Es wird spätestens sieben Tage nach Ihrem letzten Besuch gelöscht. Ohne dieses Cookie funktioniert der Shop nicht; Cookies für Statistik oder Werbung setzen wir nicht.</p>' +
        '<h2>Ihre Rechte</h2><p>Sie können jederzeit Auskunft über Ihre gespeicherten Daten verlangen und diese berichtigen oder löschen lassen. Schreiben Sie an privacy@ironbridge.test.</p>',
      fr_FR:
        '<p>Nous ne traitons vos données personnelles que dans la mesure nécessaire au fonctionnement de cette boutique, au traitement de vos commandes et au respect de nos obligations légales. Le responsable du traitement est Ironbridge Supply GmbH, Werkstraße 1, 10115 Berlin.</p>' +
        "<h2>Ce que nous enregistrons</h2><p>Lorsque vous commandez, nous enregistrons votre nom, vos adresses, votre adresse e-mail et le détail de la commande. Les comptes utilisateurs des clients professionnels contiennent en outre le rôle de l'utilisateur dans l'entreprise.</p>" +
        "<h2>Cookies</h2><p>La boutique ne dépose qu'un seul cookie, apiToken. Il conserve votre session : votre connexion, votre panier, les produits que vous comparez et ceux que vous avez consultés récemment. Il est supprimé au plus tard sept jours après votre dernière visite. La boutique ne peut pas fonctionner sans lui ; nous ne déposons aucun cookie de mesure d'audience ni de publicité.</p>" +
        '<h2>Vos droits</h2><p>Vous pouvez à tout moment nous demander quelles données nous détenons à votre sujet, et les faire rectifier ou supprimer. Écrivez à privacy@ironbridge.test.</p>',
      pl_PL:
        '<p>Przetwarzamy Twoje dane osobowe wyłącznie w zakresie niezbędnym do prowadzenia tego sklepu, realizacji zamówień i wypełniania obowiązków prawnych. Administratorem danych jest Ironbridge Supply GmbH, Werkstraße 1, 10115 Berlin.</p>' +
        '<h2>Jakie dane przechowujemy</h2><p>Przy zamówieniu zapisujemy Twoje imię i nazwisko, adresy, adres e-mail oraz szczegóły zamówienia. Konta użytkowników klientów biznesowych zawierają dodatkowo rolę użytkownika w firmie.</p>' +
        '<h2>Pliki cookie</h2><p>Sklep zapisuje tylko jeden plik cookie, apiToken. Przechowuje on Twoją sesję: logowanie, koszyk, porównywane produkty oraz ostatnio oglądane produkty. Jest usuwany najpóźniej siedem dni po Twojej ostatniej wizycie. Bez niego sklep nie działa; nie używamy plików cookie do statystyk ani reklamy.</p>' +
        '<h2>Twoje prawa</h2><p>W każdej chwili możesz zażądać informacji o przechowywanych danych oraz ich sprostowania lub usunięcia. Napisz do nas na adres privacy@ironbridge.test.</p>',
      ro_RO:
        '<p>Prelucrăm datele dumneavoastră cu caracter personal doar în măsura în care este necesar pentru funcționarea acestui magazin, pentru procesarea comenzilor și pentru respectarea obligațiilor legale. Operatorul de date este Ironbridge Supply GmbH, Werkstraße 1, 10115 Berlin.</p>' +
        '<h2>Ce date stocăm</h2><p>Când comandați, stocăm numele, adresele, adresa de e-mail și detaliile comenzii. Conturile de utilizator ale clienților business conțin în plus rolul utilizatorului în cadrul companiei.</p>' +
        '<h2>Cookie-uri</h2><p>Magazinul setează un singur cookie, apiToken. Acesta păstrează sesiunea dumneavoastră: autentificarea, coșul, produsele pe care le comparați și produsele vizualizate recent. Este șters cel târziu la șapte zile după ultima vizită. Magazinul nu poate funcționa fără el; nu setăm cookie-uri pentru statistici sau publicitate.</p>' +
        '<h2>Drepturile dumneavoastră</h2><p>Ne puteți solicita oricând informații despre datele stocate, precum și rectificarea sau ștergerea acestora. Scrieți-ne la privacy@ironbridge.test.</p>',
    },
  },
  {
    id: 'terms',
    parent: LEGAL_ROOT,
    names: pageNames.terms,
    body: {
      en_US:
        '<p>These terms and conditions apply to all orders placed with Ironbridge Supply GmbH through this shop.</p>' +
        '<h2>1. Contract</h2><p>The products shown in the shop are not a binding offer. By placing an order you make an offer to buy; the contract is concluded when we confirm the order or ship the goods.</p>' +
        '<h2>2. Prices and payment</h2><p>Prices for private customers include statutory VAT; business customers see net prices. Shipping costs are shown in the basket before you order. The accepted <a href="page://payment-methods">payment methods</a> are described on their own page.</p>' +
        '<h2>3. Delivery</h2><p>Delivery times and costs are described under <a href="page://shipping">shipping and delivery</a>. Goods remain our property until paid in full.</p>' +
        '<h2>4. Returns and warranty</h2><p>Private customers have a 30-day right of return as described under <a href="page://returns">returns</a>. The statutory warranty rights apply.</p>' +
        '<h2>5. Governing law</h2><p>German law applies. For business customers the place of jurisdiction is Berlin.</p>',
      de_DE:
        '<p>Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen, die über diesen Shop bei der Ironbridge Supply GmbH aufgegeben werden.</p>' +
        '<h2>1. Vertragsschluss</h2><p>Die Darstellung der Produkte im Shop ist kein verbindliches Angebot. Mit Ihrer Bestellung geben Sie ein Kaufangebot ab; der Vertrag kommt zustande, wenn wir die Bestellung bestätigen oder die Ware versenden.</p>' +
        '<h2>2. Preise und Zahlung</h2><p>Preise für Privatkunden enthalten die gesetzliche Mehrwertsteuer; Geschäftskunden sehen Nettopreise. Versandkosten werden vor der Bestellung im Warenkorb angezeigt. Die möglichen <a href="page://payment-methods">Zahlungsarten</a> sind auf einer eigenen Seite beschrieben.</p>' +
        '<h2>3. Lieferung</h2><p>Lieferzeiten und Versandkosten finden Sie unter <a href="page://shipping">Versand und Lieferung</a>. Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.</p>' +
        '<h2>4. Rückgabe und Gewährleistung</h2><p>Privatkunden haben ein 30-tägiges Rückgaberecht, wie unter <a href="page://returns">Rücksendungen</a> beschrieben. Es gelten die gesetzlichen Gewährleistungsrechte.</p>' +
        '<h2>5. Anwendbares Recht</h2><p>Es gilt deutsches Recht. Gerichtsstand für Geschäftskunden ist Berlin.</p>',
      fr_FR:
        "<p>Les présentes conditions générales de vente s'appliquent à toutes les commandes passées auprès d'Ironbridge Supply GmbH sur cette boutique.</p>" +
        "<h2>1. Conclusion du contrat</h2><p>La présentation des produits dans la boutique ne constitue pas une offre ferme. En passant commande, vous faites une offre d'achat ; le contrat est conclu lorsque nous confirmons la commande ou expédions la marchandise.</p>" +
        '<h2>2. Prix et paiement</h2><p>Les prix pour les particuliers incluent la TVA légale ; les clients professionnels voient des prix HT. Les frais de livraison sont indiqués dans le panier avant la commande. Les <a href="page://payment-methods">moyens de paiement</a> acceptés sont décrits sur une page dédiée.</p>' +
        '<h2>3. Livraison</h2><p>Les délais et frais de livraison sont décrits à la page <a href="page://shipping">expédition et livraison</a>. La marchandise reste notre propriété jusqu\'à son paiement intégral.</p>' +
        '<h2>4. Retours et garantie</h2><p>Les particuliers disposent d\'un droit de retour de 30 jours, décrit à la page <a href="page://returns">retours</a>. Les garanties légales s\'appliquent.</p>' +
        "<h2>5. Droit applicable</h2><p>Le droit allemand s'applique. Pour les clients professionnels, le tribunal compétent est celui de Berlin.</p>",
      pl_PL:
        '<p>Niniejszy regulamin dotyczy wszystkich zamówień składanych w Ironbridge Supply GmbH za pośrednictwem tego sklepu.</p>' +
        '<h2>1. Zawarcie umowy</h2><p>Prezentacja produktów w sklepie nie stanowi wiążącej oferty. Składając zamówienie, składasz ofertę zakupu; umowa zostaje zawarta, gdy potwierdzimy zamówienie lub wyślemy towar.</p>' +
        '<h2>2. Ceny i płatność</h2><p>Ceny dla klientów prywatnych zawierają podatek VAT; klienci biznesowi widzą ceny netto. Koszty wysyłki są widoczne w koszyku przed złożeniem zamówienia. Dostępne <a href="page://payment-methods">metody płatności</a> opisano na osobnej stronie.</p>' +
        '<h2>3. Dostawa</h2><p>Czas i koszty dostawy opisano na stronie <a href="page://shipping">wysyłka i dostawa</a>. Towar pozostaje naszą własnością do chwili pełnej zapłaty.</p>' +
        '<h2>4. Zwroty i rękojmia</h2><p>Klientom prywatnym przysługuje 30-dniowe prawo zwrotu opisane na stronie <a href="page://returns">zwroty</a>. Obowiązują ustawowe prawa z tytułu rękojmi.</p>' +
        '<h2>5. Prawo właściwe</h2><p>Obowiązuje prawo niemieckie. Dla klientów biznesowych sądem właściwym jest sąd w Berlinie.</p>',
      ro_RO:
        '<p>Acești termeni și condiții se aplică tuturor comenzilor plasate la Ironbridge Supply GmbH prin acest magazin.</p>' +
        '<h2>1. Încheierea contractului</h2><p>Prezentarea produselor în magazin nu constituie o ofertă fermă. Prin plasarea comenzii faceți o ofertă de cumpărare; contractul se încheie când confirmăm comanda sau expediem marfa.</p>' +
        '<h2>2. Prețuri și plată</h2><p>Prețurile pentru persoane fizice includ TVA-ul legal; clienții business văd prețuri nete. Costurile de livrare sunt afișate în coș înainte de comandă. <a href="page://payment-methods">Metodele de plată</a> acceptate sunt descrise pe o pagină separată.</p>' +
        '<h2>3. Livrare</h2><p>Termenele și costurile de livrare sunt descrise la <a href="page://shipping">livrare</a>. Marfa rămâne proprietatea noastră până la plata integrală.</p>' +
        '<h2>4. Retururi și garanție</h2><p>Persoanele fizice au un drept de retur de 30 de zile, descris la <a href="page://returns">retururi</a>. Se aplică drepturile legale de garanție.</p>' +
        '<h2>5. Legea aplicabilă</h2><p>Se aplică legea germană. Pentru clienții business, instanța competentă este cea din Berlin.</p>',
    },
  },
]

/**
 * Rows of `cms_pages`: each page has a `staticPage` layout with the navigation of its tree as the first
 * pagelet, and its text after it (the commerce API nests the text into the layout's content slot).
 */
export function contentPages() {
  const positions = new Map<string | null, number>()
  return pages.map((page) => {
    const position = positions.get(page.parent) ?? 0
    positions.set(page.parent, position + 1)
    const root = page.parent ?? page.id
    const pagelets: CmsPagelet[] = [
      {
        id: `${page.id}-layout`,
        definitionQualifiedName: 'app_sf_base_cm:component.shopping.staticPage.pagelet2-Component',
        configurationParameters: {
          ShowNavigation: { type: 'bc_pmc:types.pagelet2-Boolean', value: true },
          NavigationRoot: { type: 'bc_pmc:types.pagelet2-PageRef', value: root },
          NavigationDepth: { type: 'bc_pmc:types.pagelet2-Integer', value: 1 },
        },
      },
      {
        id: `${page.id}-text`,
        definitionQualifiedName: 'app_sf_base_cm:component.common.text.pagelet2-Component',
        configurationParameters: { HTMLText: { type: 'bc_pmc:types.pagelet2-HTML', value: page.body } },
      },
    ]
    return {
      id: page.id,
      parentId: page.parent,
      position,
      definitionQualifiedName: 'app_sf_base_cm:page.staticPage.pagelet2-Page',
      displayNames: page.names,
      pagelets,
    }
  })
}

/** Search terms (lower-case, in all shop languages) that lead straight to a content page. */
export function searchRedirects() {
  const targets: Record<string, string[]> = {
    service: ['service', 'customer service', 'kundenservice', 'service client', 'obsługa klienta', 'serviciu clienți', 'contact', 'kontakt'], // prettier-ignore
    'about-us': ['about us', 'über uns', 'à propos', 'o nas', 'despre noi'],
    shipping: ['shipping', 'delivery', 'shipping costs', 'delivery time', 'versand', 'lieferung', 'versandkosten', 'lieferzeit', 'livraison', 'expédition', 'frais de livraison', 'wysyłka', 'dostawa', 'koszty dostawy', 'livrare', 'costuri de livrare'], // prettier-ignore
    returns: ['returns', 'return', 'rücksendung', 'rückgabe', 'retoure', 'retour', 'retours', 'zwrot', 'zwroty', 'retur', 'retururi'], // prettier-ignore
    'payment-methods': ['payment', 'payment methods', 'zahlung', 'zahlungsarten', 'paiement', 'moyens de paiement', 'płatność', 'metody płatności', 'plată', 'metode de plată'], // prettier-ignore
    imprint: ['imprint', 'impressum', 'mentions légales', 'nota prawna', 'date legale'],
    privacy: ['privacy', 'privacy policy', 'datenschutz', 'confidentialité', 'polityka prywatności', 'confidențialitate'], // prettier-ignore
    terms: ['terms', 'terms and conditions', 'agb', 'cgv', 'conditions générales', 'regulamin', 'termeni și condiții'], // prettier-ignore
  }
  const rows = new Map<string, string>()
  for (const [page, terms] of Object.entries(targets)) {
    for (const term of terms.map((t) => t.toLowerCase())) if (!rows.has(term)) rows.set(term, `/page/${page}`)
  }
  return [...rows].map(([term, url]) => ({ term, url }))
}
