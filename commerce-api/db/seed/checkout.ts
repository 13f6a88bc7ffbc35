/**
 * What checkout needs from the demo shop: shipping and payment methods (ADR 0010), an address book for each
 * demo customer and a saved bank account for two demo users. Fixed ids, so that the same rows come out every
 * time and an older database gets them without a reseed (`ensureCheckoutData`).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { EXCHANGE_RATES, CURRENCIES } from '../../domain/channel'
import { maskIban } from '../../domain/payment-methods'
import type { Db } from '../client'
import * as t from '../schema'
import { demoUsers } from './people'

/** An amount in EUR minor units, in every currency of the channel (rounded to whole minor units). */
const perCurrency = (eur: number) =>
  Object.fromEntries(CURRENCIES.map((c) => [c, Math.round(eur * EXCHANGE_RATES[c])]))

export const shippingMethodRows: (typeof t.shippingMethods.$inferInsert)[] = [
  {
    id: 'STD_GROUND',
    position: 1,
    names: {
      en_US: 'Standard delivery',
      de_DE: 'Standardversand',
      fr_FR: 'Livraison standard',
      pl_PL: 'Dostawa standardowa',
      ro_RO: 'Livrare standard',
    },
    descriptions: {
      en_US: 'Parcel service, free from an item total of 100.00',
      de_DE: 'Paketdienst, versandkostenfrei ab einem Warenwert von 100,00',
      fr_FR: 'Colis, gratuit à partir de 100,00 d’articles',
      pl_PL: 'Przesyłka kurierska, bezpłatna od wartości towarów 100,00',
      ro_RO: 'Curier, gratuit de la o valoare a produselor de 100,00',
    },
    costs: perCurrency(495),
    freeFrom: perCurrency(10000),
    deliveryTimeMin: 'P3D',
    deliveryTimeMax: 'P5D',
    countries: null,
  },
  {
    id: 'EXP_EXPRESS',
    position: 2,
    names: {
      en_US: 'Express delivery',
      de_DE: 'Expressversand',
      fr_FR: 'Livraison express',
      pl_PL: 'Dostawa ekspresowa',
      ro_RO: 'Livrare expres',
    },
    descriptions: {
      en_US: 'Delivered within one to two working days',
      de_DE: 'Zustellung in ein bis zwei Werktagen',
      fr_FR: 'Livré en un à deux jours ouvrés',
      pl_PL: 'Doręczenie w ciągu jednego do dwóch dni roboczych',
      ro_RO: 'Livrare în una până la două zile lucrătoare',
    },
    costs: perCurrency(1290),
    freeFrom: null,
    deliveryTimeMin: 'P1D',
    deliveryTimeMax: 'P2D',
    countries: null,
  },
  {
    id: 'PICKUP',
    position: 3,
    names: {
      en_US: 'Click and collect',
      de_DE: 'Abholung im Markt',
      fr_FR: 'Retrait en magasin',
      pl_PL: 'Odbiór osobisty',
      ro_RO: 'Ridicare din magazin',
    },
    descriptions: {
      en_US: 'Pick up your order at one of our branches in Germany',
      de_DE: 'Holen Sie Ihre Bestellung in einer unserer Filialen in Deutschland ab',
      fr_FR: 'Retirez votre commande dans l’une de nos agences en Allemagne',
      pl_PL: 'Odbierz zamówienie w jednym z naszych oddziałów w Niemczech',
      ro_RO: 'Ridicați comanda din una dintre filialele noastre din Germania',
    },
    costs: perCurrency(0),
    freeFrom: null,
    deliveryTimeMin: 'P1D',
    deliveryTimeMax: 'P2D',
    countries: ['DE'],
  },
]

const required = {
  en_US: 'Please enter a value.',
  de_DE: 'Bitte geben Sie einen Wert ein.',
  fr_FR: 'Veuillez saisir une valeur.',
  pl_PL: 'Proszę podać wartość.',
  ro_RO: 'Vă rugăm să introduceți o valoare.',
}

export const paymentMethodRows: (typeof t.paymentMethods.$inferInsert)[] = [
  {
    id: 'INVOICE',
    serviceId: 'Invoice',
    position: 1,
    names: { en_US: 'Invoice', de_DE: 'Rechnung', fr_FR: 'Facture', pl_PL: 'Faktura', ro_RO: 'Factură' },
    descriptions: {
      en_US: 'Pay within 14 days of receiving the invoice.',
      de_DE: 'Zahlbar innerhalb von 14 Tagen nach Erhalt der Rechnung.',
      fr_FR: 'Payable sous 14 jours à réception de la facture.',
      pl_PL: 'Płatne w ciągu 14 dni od otrzymania faktury.',
      ro_RO: 'Plătibil în 14 zile de la primirea facturii.',
    },
    capabilities: [],
    costs: perCurrency(250),
    costsThreshold: perCurrency(10000),
    maxTotal: perCurrency(500000),
    parameterDefinitions: [],
    saveAllowed: false,
  },
  {
    id: 'DIRECT_DEBIT',
    serviceId: 'DirectDebit',
    position: 2,
    names: {
      en_US: 'Direct debit',
      de_DE: 'Lastschrift',
      fr_FR: 'Prélèvement SEPA',
      pl_PL: 'Polecenie zapłaty',
      ro_RO: 'Debit direct',
    },
    descriptions: {
      en_US: 'The amount is debited from your bank account.',
      de_DE: 'Der Betrag wird von Ihrem Bankkonto abgebucht.',
      fr_FR: 'Le montant est prélevé sur votre compte bancaire.',
      pl_PL: 'Kwota zostanie pobrana z Twojego rachunku bankowego.',
      ro_RO: 'Suma este debitată din contul dumneavoastră bancar.',
    },
    capabilities: [],
    costs: null,
    costsThreshold: null,
    maxTotal: null,
    parameterDefinitions: [
      {
        name: 'IBAN',
        type: 'string',
        displayNames: { en_US: 'IBAN', de_DE: 'IBAN', fr_FR: 'IBAN', pl_PL: 'IBAN', ro_RO: 'IBAN' },
        descriptions: {
          en_US: 'e.g. DE89 3704 0044 0532 0130 00',
          de_DE: 'z. B. DE89 3704 0044 0532 0130 00',
          fr_FR: 'p. ex. DE89 3704 0044 0532 0130 00',
          pl_PL: 'np. DE89 3704 0044 0532 0130 00',
          ro_RO: 'de ex. DE89 3704 0044 0532 0130 00',
        },
        required: true,
        pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
        messages: {
          required,
          pattern: {
            en_US: 'Please enter a valid IBAN.',
            de_DE: 'Bitte geben Sie eine gültige IBAN ein.',
            fr_FR: 'Veuillez saisir un IBAN valide.',
            pl_PL: 'Proszę podać prawidłowy numer IBAN.',
            ro_RO: 'Vă rugăm să introduceți un IBAN valid.',
          },
        },
      },
      {
        name: 'accountHolder',
        type: 'string',
        displayNames: {
          en_US: 'Account holder',
          de_DE: 'Kontoinhaber',
          fr_FR: 'Titulaire du compte',
          pl_PL: 'Właściciel rachunku',
          ro_RO: 'Titularul contului',
        },
        required: true,
        size: { min: 2, max: 70 },
        messages: {
          required,
          size: {
            en_US: 'The account holder has 2 to 70 characters.',
            de_DE: 'Der Kontoinhaber hat 2 bis 70 Zeichen.',
            fr_FR: 'Le titulaire du compte comporte 2 à 70 caractères.',
            pl_PL: 'Właściciel rachunku ma od 2 do 70 znaków.',
            ro_RO: 'Titularul contului are între 2 și 70 de caractere.',
          },
        },
      },
    ],
    saveAllowed: true,
  },
  {
    id: 'CREDIT_CARD',
    serviceId: 'IronbridgePay_CreditCard',
    position: 3,
    names: {
      en_US: 'Credit card',
      de_DE: 'Kreditkarte',
      fr_FR: 'Carte de crédit',
      pl_PL: 'Karta kredytowa',
      ro_RO: 'Card de credit',
    },
    descriptions: {
      en_US: 'You enter your card on our payment provider’s page after placing the order.',
      de_DE: 'Sie geben Ihre Karte nach der Bestellung auf der Seite unseres Zahlungsdienstleisters ein.',
      fr_FR: 'Vous saisissez votre carte sur la page de notre prestataire de paiement après la commande.',
      pl_PL: 'Dane karty podajesz po złożeniu zamówienia na stronie naszego operatora płatności.',
      ro_RO: 'Introduceți cardul pe pagina furnizorului nostru de plăți după plasarea comenzii.',
    },
    capabilities: ['RedirectAfterCheckout'],
    costs: null,
    costsThreshold: null,
    maxTotal: null,
    parameterDefinitions: [],
    saveAllowed: false,
  },
  {
    id: 'WALLET',
    serviceId: 'IronbridgePay_Wallet',
    position: 4,
    names: {
      en_US: 'IronPay wallet',
      de_DE: 'IronPay-Wallet',
      fr_FR: 'Portefeuille IronPay',
      pl_PL: 'Portfel IronPay',
      ro_RO: 'Portofel IronPay',
    },
    descriptions: {
      en_US: 'You confirm the payment with your wallet before reviewing the order.',
      de_DE: 'Sie bestätigen die Zahlung mit Ihrer Wallet, bevor Sie die Bestellung prüfen.',
      fr_FR: 'Vous confirmez le paiement avec votre portefeuille avant de vérifier la commande.',
      pl_PL: 'Płatność potwierdzasz portfelem przed sprawdzeniem zamówienia.',
      ro_RO: 'Confirmați plata cu portofelul înainte de a verifica comanda.',
    },
    capabilities: ['RedirectBeforeCheckout'],
    costs: null,
    costsThreshold: null,
    maxTotal: null,
    parameterDefinitions: [],
    saveAllowed: false,
  },
  {
    id: 'GIFT_CARD',
    serviceId: 'GiftCard',
    position: 5,
    names: {
      en_US: 'Gift card',
      de_DE: 'Geschenkkarte',
      fr_FR: 'Carte cadeau',
      pl_PL: 'Karta podarunkowa',
      ro_RO: 'Card cadou',
    },
    descriptions: {
      en_US: 'Pays part of the order.',
      de_DE: 'Bezahlt einen Teil der Bestellung.',
      fr_FR: 'Paie une partie de la commande.',
      pl_PL: 'Opłaca część zamówienia.',
      ro_RO: 'Plătește o parte din comandă.',
    },
    capabilities: ['LimitedTender'],
    costs: null,
    costsThreshold: null,
    maxTotal: null,
    parameterDefinitions: [],
    saveAllowed: false,
  },
]

/** Demo address ids: 00000000-0000-4000-8000-0000000001nn. */
const demoId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const DEMO_ADDRESS_IDS = {
  patriciaHome: demoId(101),
  pierreHome: demoId(102),
  brightlineHeadOffice: demoId(103),
  brightlineSite: demoId(104),
}

/**
 * The demo address books. A private customer's addresses are owned by its one user (`ownerLogin`); the
 * Brightline head office and site office have no owner: they are the company's shared addresses, which
 * every Brightline user may use and only an account owner changes.
 */
export const demoAddressRows: (typeof t.addresses.$inferInsert & { ownerLogin?: string })[] = [
  {
    id: DEMO_ADDRESS_IDS.patriciaHome,
    customerNo: 'PC-100001',
    ownerLogin: 'patricia@ironbridge.test',
    title: 'Ms.',
    firstName: 'Patricia',
    lastName: 'Miller',
    addressLine1: 'Friedrichstraße 123',
    postalCode: '10117',
    city: 'Berlin',
    mainDivision: 'BE',
    countryCode: 'DE',
    phoneHome: '+49 30 1234567',
    email: 'patricia@ironbridge.test',
  },
  {
    id: DEMO_ADDRESS_IDS.pierreHome,
    customerNo: 'PC-100002',
    ownerLogin: 'pierre@ironbridge.test',
    title: 'M.',
    firstName: 'Pierre',
    lastName: 'Durand',
    addressLine1: '12 rue de Rivoli',
    postalCode: '75004',
    city: 'Paris',
    countryCode: 'FR',
    phoneHome: '+33 1 23 45 67 89',
    email: 'pierre@ironbridge.test',
  },
  {
    id: DEMO_ADDRESS_IDS.brightlineHeadOffice,
    customerNo: 'BC-200001',
    addressName: 'Head office',
    companyName1: 'Brightline Construction GmbH',
    firstName: 'Jack',
    lastName: 'Link',
    addressLine1: 'Leopoldstraße 50',
    postalCode: '80802',
    city: 'München',
    mainDivision: 'BY',
    countryCode: 'DE',
    phoneBusiness: '+49 89 7654321',
    email: 'jlink@brightline.test',
  },
  {
    id: DEMO_ADDRESS_IDS.brightlineSite,
    customerNo: 'BC-200001',
    addressName: 'Site office Hamburg',
    companyName1: 'Brightline Construction GmbH',
    companyName2: 'Baustelle Hafencity',
    firstName: 'Bernhard',
    lastName: 'Boldner',
    addressLine1: 'Am Sandtorkai 1',
    postalCode: '20457',
    city: 'Hamburg',
    mainDivision: 'HH',
    countryCode: 'DE',
    phoneBusiness: '+49 40 555000',
  },
]

/** Saved bank accounts of two demo users (logins), for checkout with a saved instrument. */
export const demoInstruments = [
  {
    id: demoId(201),
    login: 'patricia@ironbridge.test',
    iban: 'DE89370400440532013000',
    holder: 'Patricia Miller',
  },
  { id: demoId(202), login: 'jlink', iban: 'DE02120300000000202051', holder: 'Brightline Construction GmbH' },
]

/** Inserts the checkout rows that are missing (each has a fixed id); rows already there stay as they are. */
export async function ensureCheckoutData(db: Db) {
  await db.insert(t.shippingMethods).values(shippingMethodRows).onConflictDoNothing()
  await db.insert(t.paymentMethods).values(paymentMethodRows).onConflictDoNothing()
  const customers = await db.select({ no: t.customers.customerNo }).from(t.customers)
  const known = new Set(customers.map((c) => c.no))
  const users = await db
    .select({ id: t.users.id, login: t.users.login, customerNo: t.users.customerNo })
    .from(t.users)
    .where(
      inArray(
        t.users.login,
        demoUsers.map((u) => u.login),
      ),
    )
  const addresses = demoAddressRows
    .filter((a) => a.customerNo && known.has(a.customerNo))
    .map(({ ownerLogin, ...row }) => ({
      ...row,
      ownerUserId: users.find((u) => ownerLogin && u.login === ownerLogin)?.id ?? null,
    }))
  if (addresses.length) await db.insert(t.addresses).values(addresses).onConflictDoNothing()
  // Addresses of private customers stored before owners were recorded belong to the customer's one user.
  await db
    .update(t.addresses)
    .set({
      ownerUserId: sql`(select u.id from users u where u.customer_no = addresses.customer_no order by u.id limit 1)`,
    })
    .where(
      and(
        isNull(t.addresses.ownerUserId),
        inArray(
          t.addresses.customerNo,
          db
            .select({ no: t.customers.customerNo })
            .from(t.customers)
            .where(eq(t.customers.type, 'PrivateCustomer')),
        ),
      ),
    )
  const rows = demoInstruments.flatMap((i) => {
    const user = users.find((u) => u.login === i.login)
    return user
      ? [
          {
            id: i.id,
            paymentMethodId: 'DIRECT_DEBIT',
            userId: user.id,
            customerNo: user.customerNo,
            parameters: [
              { name: 'IBAN', value: i.iban },
              { name: 'accountHolder', value: i.holder },
            ],
            accountIdentifier: maskIban(i.iban),
          },
        ]
      : []
  })
  if (rows.length) await db.insert(t.paymentInstruments).values(rows).onConflictDoNothing()
}
