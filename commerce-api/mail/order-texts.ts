/**
 * The texts of the order mails (issue 30: confirmation, shipped, cancelled, delivered) in the shop's five
 * languages, beside the common texts of texts.ts. Placeholders in braces are filled by `fill`; amounts come
 * formatted in the recipient's language.
 */
import type { Locale } from '../domain/channel'

export type OrderTexts = {
  /** What the order mails share: the button to the order's page, the column heads of lines. */
  common: { viewOrder: string; product: string; sku: string; quantity: string }
  /** To the buyer: the order was placed. */
  confirmation: {
    subject: string
    intro: string
    unitPrice: string
    lineTotal: string
    /** The rows of the totals. */
    subtotal: string
    discount: string
    shipping: string
    paymentCosts: string
    /** Prices with tax: the total, and what of it is tax (or that none is charged). */
    total: string
    includesTax: string
    noTax: string
    /** Prices without tax: the net total, the tax on it, and the sum of both. */
    totalNet: string
    tax: string
    totalPayable: string
    /** A buyer whose company sees no prices in the shop (ADR 0045): the mail lists the lines without them. */
    pricesHidden: string
    invoiceAddress: string
    shipToAddress: string
    shippingMethod: string
    paymentMethod: string
    /** An order a sales representative placed for the customer through co-browse (issue 35). */
    salesRep: string
  }
  /** To the buyer: a parcel of the order left (all of it, or some lines). */
  shipped: {
    subject: string
    subjectPartly: string
    intro: string
    introPartly: string
    carrier: string
    trackingNumber: string
    track: string
  }
  /** To the buyer: the shop cancelled the order. */
  cancelled: { subject: string; intro: string; payment: string }
  /** To the buyer: the order arrived. */
  delivered: { subject: string; intro: string }
}

export const ORDER_TEXTS: Record<Locale, OrderTexts> = {
  en_US: {
    common: { viewOrder: 'View order', product: 'Product', sku: 'SKU', quantity: 'Quantity' },
    confirmation: {
      subject: 'Your order {no} at Ironbridge Supply',
      intro: 'Thank you for your order {no}. We will let you know as soon as it ships.',
      unitPrice: 'Unit price',
      lineTotal: 'Total',
      subtotal: 'Subtotal',
      discount: 'Order discount',
      shipping: 'Shipping',
      paymentCosts: 'Payment costs',
      total: 'Total',
      includesTax: 'incl. {tax} tax',
      noTax: 'No tax is charged for this delivery address.',
      pricesHidden:
        'Your company sees no prices in our shop: the order is invoiced at the prices agreed with you.',
      totalNet: 'Total (net)',
      tax: 'plus tax',
      totalPayable: 'Total to pay',
      invoiceAddress: 'Invoice address',
      shipToAddress: 'Shipping address',
      shippingMethod: 'Shipping method: {name}',
      paymentMethod: 'Payment method: {name}',
      salesRep: 'Your sales representative {name} ({id}) placed this order for you.',
    },
    shipped: {
      subject: 'Your order {no} has shipped',
      subjectPartly: 'Part of your order {no} has shipped',
      intro: 'Your order {no} is on its way:',
      introPartly: 'These items of your order {no} are on their way; the others follow separately:',
      carrier: 'Carrier: {carrier}',
      trackingNumber: 'Tracking number: {number}',
      track: 'Track parcel',
    },
    cancelled: {
      subject: 'Your order {no} was cancelled',
      intro: 'We have cancelled your order {no}. Nothing of it will be shipped or charged.',
      payment: 'An amount already paid for it will be refunded with the payment method you used.',
    },
    delivered: {
      subject: 'Your order {no} was delivered',
      intro: 'Your order {no} has been delivered. Thank you for shopping with us.',
    },
  },
  de_DE: {
    common: { viewOrder: 'Bestellung ansehen', product: 'Artikel', sku: 'Artikelnummer', quantity: 'Menge' },
    confirmation: {
      subject: 'Ihre Bestellung {no} bei Ironbridge Supply',
      intro: 'vielen Dank für Ihre Bestellung {no}. Wir benachrichtigen Sie, sobald sie versandt wird.',
      unitPrice: 'Einzelpreis',
      lineTotal: 'Summe',
      subtotal: 'Zwischensumme',
      discount: 'Bestellrabatt',
      shipping: 'Versand',
      paymentCosts: 'Zahlungsgebühr',
      total: 'Gesamtsumme',
      includesTax: 'inkl. {tax} MwSt.',
      noTax: 'Für diese Lieferadresse wird keine Steuer berechnet.',
      pricesHidden:
        'Ihr Unternehmen sieht in unserem Shop keine Preise: Die Bestellung wird zu den mit Ihnen vereinbarten Preisen berechnet.',
      totalNet: 'Gesamtsumme (netto)',
      tax: 'zzgl. MwSt.',
      totalPayable: 'Zu zahlender Betrag',
      invoiceAddress: 'Rechnungsadresse',
      shipToAddress: 'Lieferadresse',
      shippingMethod: 'Versandart: {name}',
      paymentMethod: 'Zahlungsart: {name}',
      salesRep:
        'Ihr Vertriebsmitarbeiter/Ihre Vertriebsmitarbeiterin {name} ({id}) hat diese Bestellung für Sie aufgegeben.',
    },
    shipped: {
      subject: 'Ihre Bestellung {no} wurde versandt',
      subjectPartly: 'Ein Teil Ihrer Bestellung {no} wurde versandt',
      intro: 'Ihre Bestellung {no} ist unterwegs:',
      introPartly: 'Diese Artikel Ihrer Bestellung {no} sind unterwegs, die übrigen folgen separat:',
      carrier: 'Versanddienstleister: {carrier}',
      trackingNumber: 'Sendungsnummer: {number}',
      track: 'Sendung verfolgen',
    },
    cancelled: {
      subject: 'Ihre Bestellung {no} wurde storniert',
      intro: 'wir haben Ihre Bestellung {no} storniert. Davon wird nichts versandt und nichts berechnet.',
      payment: 'Einen bereits gezahlten Betrag erstatten wir über die von Ihnen gewählte Zahlungsart.',
    },
    delivered: {
      subject: 'Ihre Bestellung {no} wurde zugestellt',
      intro: 'Ihre Bestellung {no} wurde zugestellt. Vielen Dank für Ihren Einkauf.',
    },
  },
  fr_FR: {
    common: { viewOrder: 'Voir la commande', product: 'Article', sku: 'Référence', quantity: 'Quantité' },
    confirmation: {
      subject: 'Votre commande {no} chez Ironbridge Supply',
      intro: 'Merci pour votre commande {no}. Nous vous préviendrons dès son expédition.',
      unitPrice: 'Prix unitaire',
      lineTotal: 'Total',
      subtotal: 'Sous-total',
      discount: 'Remise sur la commande',
      shipping: 'Livraison',
      paymentCosts: 'Frais de paiement',
      total: 'Total',
      includesTax: 'dont {tax} de TVA',
      noTax: 'Aucune taxe n’est facturée pour cette adresse de livraison.',
      pricesHidden:
        'Votre entreprise ne voit pas de prix dans notre boutique : la commande est facturée aux prix convenus avec vous.',
      totalNet: 'Total (HT)',
      tax: 'TVA en sus',
      totalPayable: 'Total à payer (TTC)',
      invoiceAddress: 'Adresse de facturation',
      shipToAddress: 'Adresse de livraison',
      shippingMethod: 'Mode de livraison : {name}',
      paymentMethod: 'Mode de paiement : {name}',
      salesRep: 'Votre commercial {name} ({id}) a passé cette commande pour vous.',
    },
    shipped: {
      subject: 'Votre commande {no} a été expédiée',
      subjectPartly: 'Une partie de votre commande {no} a été expédiée',
      intro: 'Votre commande {no} est en route :',
      introPartly: 'Ces articles de votre commande {no} sont en route ; les autres suivront séparément :',
      carrier: 'Transporteur : {carrier}',
      trackingNumber: 'Numéro de suivi : {number}',
      track: 'Suivre le colis',
    },
    cancelled: {
      subject: 'Votre commande {no} a été annulée',
      intro: 'Nous avons annulé votre commande {no}. Rien ne sera expédié ni facturé.',
      payment: 'Un montant déjà payé vous sera remboursé par le moyen de paiement utilisé.',
    },
    delivered: {
      subject: 'Votre commande {no} a été livrée',
      intro: 'Votre commande {no} a été livrée. Merci de votre confiance.',
    },
  },
  pl_PL: {
    common: { viewOrder: 'Zobacz zamówienie', product: 'Produkt', sku: 'Numer artykułu', quantity: 'Ilość' },
    confirmation: {
      subject: 'Twoje zamówienie {no} w Ironbridge Supply',
      intro: 'Dziękujemy za zamówienie {no}. Powiadomimy Cię, gdy zostanie wysłane.',
      unitPrice: 'Cena jednostkowa',
      lineTotal: 'Razem',
      subtotal: 'Suma częściowa',
      discount: 'Rabat na zamówienie',
      shipping: 'Wysyłka',
      paymentCosts: 'Opłata za płatność',
      total: 'Razem',
      includesTax: 'w tym {tax} VAT',
      noTax: 'Dla tego adresu dostawy nie nalicza się podatku.',
      pricesHidden:
        'Twoja firma nie widzi cen w naszym sklepie: zamówienie zostanie rozliczone według uzgodnionych z Państwem cen.',
      totalNet: 'Razem (netto)',
      tax: 'plus VAT',
      totalPayable: 'Do zapłaty (brutto)',
      invoiceAddress: 'Adres do faktury',
      shipToAddress: 'Adres dostawy',
      shippingMethod: 'Sposób wysyłki: {name}',
      paymentMethod: 'Sposób płatności: {name}',
      salesRep: 'Twój przedstawiciel handlowy {name} ({id}) złożył to zamówienie w Twoim imieniu.',
    },
    shipped: {
      subject: 'Twoje zamówienie {no} zostało wysłane',
      subjectPartly: 'Część Twojego zamówienia {no} została wysłana',
      intro: 'Twoje zamówienie {no} jest w drodze:',
      introPartly: 'Te produkty z zamówienia {no} są w drodze, pozostałe zostaną wysłane osobno:',
      carrier: 'Przewoźnik: {carrier}',
      trackingNumber: 'Numer przesyłki: {number}',
      track: 'Śledź przesyłkę',
    },
    cancelled: {
      subject: 'Twoje zamówienie {no} zostało anulowane',
      intro: 'Anulowaliśmy Twoje zamówienie {no}. Nic z niego nie zostanie wysłane ani naliczone.',
      payment: 'Kwotę już zapłaconą zwrócimy przy użyciu wybranego sposobu płatności.',
    },
    delivered: {
      subject: 'Twoje zamówienie {no} zostało dostarczone',
      intro: 'Twoje zamówienie {no} zostało dostarczone. Dziękujemy za zakupy.',
    },
  },
  ro_RO: {
    common: { viewOrder: 'Vezi comanda', product: 'Produs', sku: 'Cod articol', quantity: 'Cantitate' },
    confirmation: {
      subject: 'Comanda dumneavoastră {no} la Ironbridge Supply',
      intro: 'Vă mulțumim pentru comanda {no}. Vă anunțăm imediat ce este expediată.',
      unitPrice: 'Preț unitar',
      lineTotal: 'Total',
      subtotal: 'Subtotal',
      discount: 'Reducere la comandă',
      shipping: 'Livrare',
      paymentCosts: 'Taxă de plată',
      total: 'Total',
      includesTax: 'inclusiv {tax} TVA',
      noTax: 'Pentru această adresă de livrare nu se percepe taxă.',
      pricesHidden:
        'Compania dumneavoastră nu vede prețuri în magazinul nostru: comanda se facturează la prețurile convenite cu dumneavoastră.',
      totalNet: 'Total (fără TVA)',
      tax: 'plus TVA',
      totalPayable: 'Total de plată (cu TVA)',
      invoiceAddress: 'Adresa de facturare',
      shipToAddress: 'Adresa de livrare',
      shippingMethod: 'Modalitate de livrare: {name}',
      paymentMethod: 'Modalitate de plată: {name}',
      salesRep:
        'Reprezentantul dumneavoastră de vânzări {name} ({id}) a plasat această comandă pentru dumneavoastră.',
    },
    shipped: {
      subject: 'Comanda dumneavoastră {no} a fost expediată',
      subjectPartly: 'O parte din comanda dumneavoastră {no} a fost expediată',
      intro: 'Comanda dumneavoastră {no} este pe drum:',
      introPartly: 'Aceste articole din comanda {no} sunt pe drum; celelalte urmează separat:',
      carrier: 'Curier: {carrier}',
      trackingNumber: 'Număr de urmărire: {number}',
      track: 'Urmărește coletul',
    },
    cancelled: {
      subject: 'Comanda dumneavoastră {no} a fost anulată',
      intro: 'Am anulat comanda dumneavoastră {no}. Nimic din ea nu va fi expediat sau facturat.',
      payment: 'O sumă deja plătită vă va fi rambursată prin modalitatea de plată folosită.',
    },
    delivered: {
      subject: 'Comanda dumneavoastră {no} a fost livrată',
      intro: 'Comanda dumneavoastră {no} a fost livrată. Vă mulțumim pentru cumpărături.',
    },
  },
}
