/**
 * The texts of the quoting mails (issue 36) in the shop's five languages: the buyer's (request received, quote
 * ready or request declined), the shop's (a request to answer, a quote accepted or rejected, a free-text quote
 * request) and the free-text sender's confirmation. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'

export type QuoteTexts = {
  submitted: { subject: string; intro: string; next: string }
  responded: { subject: string; intro: string; validity: string; comment: string }
  declined: { subject: string; intro: string; comment: string }
  button: string
  table: {
    product: string
    quantity: string
    note: string
    listPrice: string
    quotedPrice: string
    total: string
  }
  shop: {
    request: { subject: string; intro: string; action: string }
    accepted: { subject: string; intro: string }
    rejected: { subject: string; intro: string }
    contact: { subject: string; intro: string }
  }
  contact: { subject: string; intro: string; copy: string }
  contactFields: {
    description: string
    quantity: string
    name: string
    email: string
    phone: string
    company: string
  }
}

export const QUOTE_TEXTS: Record<Locale, QuoteTexts> = {
  en_US: {
    submitted: {
      subject: 'Your quote request {number} was received',
      intro: 'Thank you for your quote request {number} "{name}". We have received it with these items:',
      next: 'We will send you our quote by e-mail. You can follow your request in your account.',
    },
    responded: {
      subject: 'Your quote {number} is ready',
      intro: 'Here is our quote {number} for your request "{name}":',
      validity:
        'The quote is valid from {from} until {to}. Put it into your basket to order at these prices.',
      comment: 'Our comment:',
    },
    declined: {
      subject: 'Your quote request {number} cannot be offered',
      intro: 'We are sorry: we cannot make you an offer for your quote request "{name}".',
      comment: 'The reason:',
    },
    button: 'View your quotes',
    table: {
      product: 'Product',
      quantity: 'Quantity',
      note: 'Note',
      listPrice: 'List price',
      quotedPrice: 'Your price',
      total: 'Total (net)',
    },
    shop: {
      request: {
        subject: 'Quote request {number} from {company}',
        intro: '{person} ({email}) of {company} ({customerNo}) asks for a quote "{name}":',
        action: 'Answer it in the back office: npm run quotes -- respond {number} …',
      },
      accepted: {
        subject: 'Quote {number} accepted',
        intro: '{person} of {company} put quote {number} into their basket.',
      },
      rejected: {
        subject: 'Quote {number} rejected',
        intro: '{person} of {company} rejected quote {number}.',
      },
      contact: {
        subject: 'Free-text quote request from {name}',
        intro: 'A quote request came in through the shop’s form:',
      },
    },
    contact: {
      subject: 'We received your quote request',
      intro: 'Thank you for your request. We will get back to you shortly. Here is what you sent us:',
      copy: 'If you did not send this request, you can ignore this e-mail.',
    },
    contactFields: {
      description: 'Request',
      quantity: 'Quantity',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      company: 'Company',
    },
  },
  de_DE: {
    submitted: {
      subject: 'Ihre Angebotsanfrage {number} ist eingegangen',
      intro:
        'Vielen Dank für Ihre Angebotsanfrage {number} „{name}“. Wir haben sie mit diesen Artikeln erhalten:',
      next: 'Wir senden Ihnen unser Angebot per E-Mail. Sie können Ihre Anfrage in Ihrem Konto verfolgen.',
    },
    responded: {
      subject: 'Ihr Angebot {number} liegt vor',
      intro: 'Hier ist unser Angebot {number} zu Ihrer Anfrage „{name}“:',
      validity:
        'Das Angebot gilt vom {from} bis zum {to}. Legen Sie es in Ihren Warenkorb, um zu diesen Preisen zu bestellen.',
      comment: 'Unser Kommentar:',
    },
    declined: {
      subject: 'Zu Ihrer Angebotsanfrage {number} können wir kein Angebot machen',
      intro: 'Leider können wir Ihnen zu Ihrer Angebotsanfrage „{name}“ kein Angebot machen.',
      comment: 'Der Grund:',
    },
    button: 'Ihre Angebote ansehen',
    table: {
      product: 'Produkt',
      quantity: 'Menge',
      note: 'Anmerkung',
      listPrice: 'Listenpreis',
      quotedPrice: 'Ihr Preis',
      total: 'Summe (netto)',
    },
    shop: {
      request: {
        subject: 'Angebotsanfrage {number} von {company}',
        intro: '{person} ({email}) von {company} ({customerNo}) bittet um ein Angebot „{name}“:',
        action: 'Beantworten Sie sie im Backoffice: npm run quotes -- respond {number} …',
      },
      accepted: {
        subject: 'Angebot {number} angenommen',
        intro: '{person} von {company} hat das Angebot {number} in den Warenkorb gelegt.',
      },
      rejected: {
        subject: 'Angebot {number} abgelehnt',
        intro: '{person} von {company} hat das Angebot {number} abgelehnt.',
      },
      contact: {
        subject: 'Freitext-Angebotsanfrage von {name}',
        intro: 'Über das Formular des Shops ist eine Angebotsanfrage eingegangen:',
      },
    },
    contact: {
      subject: 'Wir haben Ihre Angebotsanfrage erhalten',
      intro: 'Vielen Dank für Ihre Anfrage. Wir melden uns in Kürze bei Ihnen. Das haben Sie uns gesendet:',
      copy: 'Falls Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.',
    },
    contactFields: {
      description: 'Anfrage',
      quantity: 'Menge',
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      company: 'Firma',
    },
  },
  fr_FR: {
    submitted: {
      subject: 'Votre demande de devis {number} a bien été reçue',
      intro: 'Merci pour votre demande de devis {number} « {name} ». Nous l’avons reçue avec ces articles :',
      next: 'Nous vous enverrons notre devis par e-mail. Vous pouvez suivre votre demande dans votre compte.',
    },
    responded: {
      subject: 'Votre devis {number} est prêt',
      intro: 'Voici notre devis {number} pour votre demande « {name} » :',
      validity:
        'Le devis est valable du {from} au {to}. Ajoutez-le à votre panier pour commander à ces prix.',
      comment: 'Notre commentaire :',
    },
    declined: {
      subject: 'Votre demande de devis {number} ne peut pas donner lieu à une offre',
      intro: 'Nous sommes désolés : nous ne pouvons pas vous faire d’offre pour votre demande « {name} ».',
      comment: 'La raison :',
    },
    button: 'Voir vos devis',
    table: {
      product: 'Produit',
      quantity: 'Quantité',
      note: 'Remarque',
      listPrice: 'Prix catalogue',
      quotedPrice: 'Votre prix',
      total: 'Total (HT)',
    },
    shop: {
      request: {
        subject: 'Demande de devis {number} de {company}',
        intro: '{person} ({email}) de {company} ({customerNo}) demande un devis « {name} » :',
        action: 'Répondez-y dans le back-office : npm run quotes -- respond {number} …',
      },
      accepted: {
        subject: 'Devis {number} accepté',
        intro: '{person} de {company} a ajouté le devis {number} à son panier.',
      },
      rejected: {
        subject: 'Devis {number} refusé',
        intro: '{person} de {company} a refusé le devis {number}.',
      },
      contact: {
        subject: 'Demande de devis libre de {name}',
        intro: 'Une demande de devis est arrivée par le formulaire de la boutique :',
      },
    },
    contact: {
      subject: 'Nous avons reçu votre demande de devis',
      intro:
        'Merci pour votre demande. Nous reviendrons vers vous rapidement. Voici ce que vous nous avez envoyé :',
      copy: 'Si vous n’avez pas envoyé cette demande, vous pouvez ignorer cet e-mail.',
    },
    contactFields: {
      description: 'Demande',
      quantity: 'Quantité',
      name: 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      company: 'Entreprise',
    },
  },
  pl_PL: {
    submitted: {
      subject: 'Otrzymaliśmy Twoje zapytanie ofertowe {number}',
      intro: 'Dziękujemy za zapytanie ofertowe {number} „{name}”. Otrzymaliśmy je z tymi pozycjami:',
      next: 'Wyślemy Ci naszą ofertę e-mailem. Zapytanie możesz śledzić na swoim koncie.',
    },
    responded: {
      subject: 'Twoja oferta {number} jest gotowa',
      intro: 'Oto nasza oferta {number} na Twoje zapytanie „{name}”:',
      validity: 'Oferta jest ważna od {from} do {to}. Dodaj ją do koszyka, aby zamówić po tych cenach.',
      comment: 'Nasz komentarz:',
    },
    declined: {
      subject: 'Nie możemy złożyć oferty na zapytanie {number}',
      intro: 'Przykro nam: nie możemy złożyć oferty na Twoje zapytanie „{name}”.',
      comment: 'Powód:',
    },
    button: 'Zobacz swoje oferty',
    table: {
      product: 'Produkt',
      quantity: 'Ilość',
      note: 'Uwaga',
      listPrice: 'Cena katalogowa',
      quotedPrice: 'Twoja cena',
      total: 'Suma (netto)',
    },
    shop: {
      request: {
        subject: 'Zapytanie ofertowe {number} od {company}',
        intro: '{person} ({email}) z {company} ({customerNo}) prosi o ofertę „{name}”:',
        action: 'Odpowiedz w zapleczu: npm run quotes -- respond {number} …',
      },
      accepted: {
        subject: 'Oferta {number} przyjęta',
        intro: '{person} z {company} dodał(a) ofertę {number} do koszyka.',
      },
      rejected: {
        subject: 'Oferta {number} odrzucona',
        intro: '{person} z {company} odrzucił(a) ofertę {number}.',
      },
      contact: {
        subject: 'Zapytanie ofertowe (dowolny tekst) od {name}',
        intro: 'Przez formularz sklepu wpłynęło zapytanie ofertowe:',
      },
    },
    contact: {
      subject: 'Otrzymaliśmy Twoje zapytanie ofertowe',
      intro: 'Dziękujemy za zapytanie. Wkrótce się odezwiemy. Oto, co nam wysłano:',
      copy: 'Jeśli nie wysłano tego zapytania, możesz zignorować tę wiadomość.',
    },
    contactFields: {
      description: 'Zapytanie',
      quantity: 'Ilość',
      name: 'Imię i nazwisko',
      email: 'E-mail',
      phone: 'Telefon',
      company: 'Firma',
    },
  },
  ro_RO: {
    submitted: {
      subject: 'Cererea dumneavoastră de ofertă {number} a fost primită',
      intro: 'Vă mulțumim pentru cererea de ofertă {number} „{name}”. Am primit-o cu aceste articole:',
      next: 'Vă vom trimite oferta noastră prin e-mail. Puteți urmări cererea în contul dumneavoastră.',
    },
    responded: {
      subject: 'Oferta dumneavoastră {number} este gata',
      intro: 'Iată oferta noastră {number} pentru cererea „{name}”:',
      validity:
        'Oferta este valabilă de la {from} până la {to}. Adăugați-o în coș pentru a comanda la aceste prețuri.',
      comment: 'Comentariul nostru:',
    },
    declined: {
      subject: 'Nu vă putem face o ofertă pentru cererea {number}',
      intro: 'Ne pare rău: nu vă putem face o ofertă pentru cererea „{name}”.',
      comment: 'Motivul:',
    },
    button: 'Vedeți ofertele dumneavoastră',
    table: {
      product: 'Produs',
      quantity: 'Cantitate',
      note: 'Notă',
      listPrice: 'Preț de listă',
      quotedPrice: 'Prețul dumneavoastră',
      total: 'Total (net)',
    },
    shop: {
      request: {
        subject: 'Cerere de ofertă {number} de la {company}',
        intro: '{person} ({email}) de la {company} ({customerNo}) cere o ofertă „{name}”:',
        action: 'Răspundeți în back-office: npm run quotes -- respond {number} …',
      },
      accepted: {
        subject: 'Oferta {number} a fost acceptată',
        intro: '{person} de la {company} a adăugat oferta {number} în coș.',
      },
      rejected: {
        subject: 'Oferta {number} a fost respinsă',
        intro: '{person} de la {company} a respins oferta {number}.',
      },
      contact: {
        subject: 'Cerere de ofertă liberă de la {name}',
        intro: 'Prin formularul magazinului a sosit o cerere de ofertă:',
      },
    },
    contact: {
      subject: 'Am primit cererea dumneavoastră de ofertă',
      intro: 'Vă mulțumim pentru cerere. Vă vom contacta în curând. Iată ce ne-ați trimis:',
      copy: 'Dacă nu ați trimis această cerere, puteți ignora acest e-mail.',
    },
    contactFields: {
      description: 'Cerere',
      quantity: 'Cantitate',
      name: 'Nume',
      email: 'E-mail',
      phone: 'Telefon',
      company: 'Companie',
    },
  },
}
