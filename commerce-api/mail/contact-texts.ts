/**
 * The texts of the contact form's mails (issue 36) in the shop's five languages, beside the common texts of
 * texts.ts. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'

export type ContactTexts = {
  /** To the shop: the message, with who sent it. */
  request: {
    subject: string
    intro: string
    reply: string
    labels: {
      reference: string
      subject: string
      name: string
      email: string
      phone: string
      order: string
      customer: string
      language: string
      message: string
    }
    anonymous: string
  }
  /** To the sender: the message was received (its subject and reference). */
  confirmation: { subject: string; intro: string; ignore: string }
}

export const CONTACT_TEXTS: Record<Locale, ContactTexts> = {
  en_US: {
    request: {
      subject: 'Contact form: {subject} ({name})',
      intro: 'A message arrived through the contact form of the online shop.',
      reply: 'Please answer the sender at {email}.',
      labels: {
        reference: 'Reference',
        subject: 'Subject',
        name: 'Name',
        email: 'E-mail',
        phone: 'Phone',
        order: 'Order number',
        customer: 'Customer',
        language: 'Language',
        message: 'Message',
      },
      anonymous: 'not logged in',
    },
    confirmation: {
      subject: 'Ironbridge Supply: we have received your message',
      intro:
        'thank you for your message. Our customer service will answer you as soon as possible, usually within two working days.',
      ignore: 'If you did not write to us, you can ignore this e-mail.',
    },
  },
  de_DE: {
    request: {
      subject: 'Kontaktformular: {subject} ({name})',
      intro: 'Über das Kontaktformular des Online-Shops ist eine Nachricht eingegangen.',
      reply: 'Bitte antworten Sie dem Absender an {email}.',
      labels: {
        reference: 'Vorgang',
        subject: 'Betreff',
        name: 'Name',
        email: 'E-Mail',
        phone: 'Telefon',
        order: 'Bestellnummer',
        customer: 'Kunde',
        language: 'Sprache',
        message: 'Nachricht',
      },
      anonymous: 'nicht angemeldet',
    },
    confirmation: {
      subject: 'Ironbridge Supply: Wir haben Ihre Nachricht erhalten',
      intro:
        'vielen Dank für Ihre Nachricht. Unser Kundenservice antwortet Ihnen so bald wie möglich, in der Regel innerhalb von zwei Werktagen.',
      ignore: 'Falls Sie uns nicht geschrieben haben, können Sie diese E-Mail ignorieren.',
    },
  },
  fr_FR: {
    request: {
      subject: 'Formulaire de contact : {subject} ({name})',
      intro: 'Un message est arrivé par le formulaire de contact de la boutique en ligne.',
      reply: 'Veuillez répondre à l’expéditeur à l’adresse {email}.',
      labels: {
        reference: 'Référence',
        subject: 'Objet',
        name: 'Nom',
        email: 'E-mail',
        phone: 'Téléphone',
        order: 'Numéro de commande',
        customer: 'Client',
        language: 'Langue',
        message: 'Message',
      },
      anonymous: 'non connecté',
    },
    confirmation: {
      subject: 'Ironbridge Supply : nous avons bien reçu votre message',
      intro:
        'merci pour votre message. Notre service client vous répondra dès que possible, en général sous deux jours ouvrés.',
      ignore: 'Si vous ne nous avez pas écrit, vous pouvez ignorer cet e-mail.',
    },
  },
  pl_PL: {
    request: {
      subject: 'Formularz kontaktowy: {subject} ({name})',
      intro: 'Przez formularz kontaktowy sklepu internetowego wpłynęła wiadomość.',
      reply: 'Prosimy odpowiedzieć nadawcy na adres {email}.',
      labels: {
        reference: 'Numer sprawy',
        subject: 'Temat',
        name: 'Imię i nazwisko',
        email: 'E-mail',
        phone: 'Telefon',
        order: 'Numer zamówienia',
        customer: 'Klient',
        language: 'Język',
        message: 'Wiadomość',
      },
      anonymous: 'niezalogowany',
    },
    confirmation: {
      subject: 'Ironbridge Supply: otrzymaliśmy Twoją wiadomość',
      intro:
        'dziękujemy za wiadomość. Nasz dział obsługi klienta odpowie najszybciej, jak to możliwe, zwykle w ciągu dwóch dni roboczych.',
      ignore: 'Jeśli to nie Ty do nas napisałeś, zignoruj tę wiadomość.',
    },
  },
  ro_RO: {
    request: {
      subject: 'Formular de contact: {subject} ({name})',
      intro: 'Prin formularul de contact al magazinului online a sosit un mesaj.',
      reply: 'Vă rugăm să îi răspundeți expeditorului la {email}.',
      labels: {
        reference: 'Referință',
        subject: 'Subiect',
        name: 'Nume',
        email: 'E-mail',
        phone: 'Telefon',
        order: 'Număr comandă',
        customer: 'Client',
        language: 'Limbă',
        message: 'Mesaj',
      },
      anonymous: 'neautentificat',
    },
    confirmation: {
      subject: 'Ironbridge Supply: am primit mesajul dumneavoastră',
      intro:
        'vă mulțumim pentru mesaj. Serviciul nostru pentru clienți vă va răspunde cât mai curând, de obicei în două zile lucrătoare.',
      ignore: 'Dacă nu ne-ați scris, puteți ignora acest e-mail.',
    },
  },
}
