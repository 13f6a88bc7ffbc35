/**
 * The texts of the data-protection request mail (issue 33) in the shop's five languages, beside the common
 * texts of texts.ts. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'

type RequestTexts = { subject: string; intro: string; button: string }

export type PrivacyTexts = {
  copy: RequestTexts
  deletion: RequestTexts
  /** How long the link works, and what to do when the request was not the reader's. */
  expiry: string
  ignore: string
}

export const PRIVACY_TEXTS: Record<Locale, PrivacyTexts> = {
  en_US: {
    copy: {
      subject: 'Please confirm your request for a copy of your data',
      intro:
        'You asked for a copy of the personal data Ironbridge Supply keeps about you. Once you confirm, the copy is ready in your account under "Data protection" for seven days.',
      button: 'Confirm request for a copy',
    },
    deletion: {
      subject: 'Please confirm the deletion of your account data',
      intro:
        'You asked us to delete your personal data. Once you confirm, your account is closed and your name, e-mail address, phone numbers and addresses are deleted. Orders you placed are kept with their invoice data, as the law requires.',
      button: 'Confirm deletion',
    },
    expiry: 'The link is valid for {hours} hours.',
    ignore: 'If you did not ask for this, ignore this e-mail: nothing happens without your confirmation.',
  },
  de_DE: {
    copy: {
      subject: 'Bitte bestätigen Sie Ihre Anfrage nach einer Kopie Ihrer Daten',
      intro:
        'Sie haben eine Kopie der personenbezogenen Daten angefordert, die Ironbridge Supply über Sie speichert. Nach Ihrer Bestätigung liegt die Kopie sieben Tage lang in Ihrem Konto unter „Datenschutz“ bereit.',
      button: 'Anfrage nach einer Kopie bestätigen',
    },
    deletion: {
      subject: 'Bitte bestätigen Sie die Löschung Ihrer Kontodaten',
      intro:
        'Sie haben uns gebeten, Ihre personenbezogenen Daten zu löschen. Nach Ihrer Bestätigung wird Ihr Konto geschlossen, und Ihr Name, Ihre E-Mail-Adresse, Telefonnummern und Adressen werden gelöscht. Ihre Bestellungen bleiben mit ihren Rechnungsdaten erhalten, wie es das Gesetz verlangt.',
      button: 'Löschung bestätigen',
    },
    expiry: 'Der Link ist {hours} Stunden gültig.',
    ignore:
      'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne Ihre Bestätigung geschieht nichts.',
  },
  fr_FR: {
    copy: {
      subject: 'Veuillez confirmer votre demande de copie de vos données',
      intro:
        'Vous avez demandé une copie des données personnelles qu’Ironbridge Supply conserve à votre sujet. Après votre confirmation, la copie est disponible pendant sept jours dans votre compte, sous « Protection des données ».',
      button: 'Confirmer la demande de copie',
    },
    deletion: {
      subject: 'Veuillez confirmer la suppression des données de votre compte',
      intro:
        'Vous nous avez demandé de supprimer vos données personnelles. Après votre confirmation, votre compte est fermé et vos nom, adresse e-mail, numéros de téléphone et adresses sont supprimés. Vos commandes sont conservées avec leurs données de facturation, comme la loi l’exige.',
      button: 'Confirmer la suppression',
    },
    expiry: 'Le lien est valable {hours} heures.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne se passe sans votre confirmation.',
  },
  pl_PL: {
    copy: {
      subject: 'Potwierdź prośbę o kopię swoich danych',
      intro:
        'Poprosiłeś o kopię danych osobowych, które Ironbridge Supply przechowuje na Twój temat. Po potwierdzeniu kopia będzie dostępna przez siedem dni na Twoim koncie w sekcji „Ochrona danych”.',
      button: 'Potwierdź prośbę o kopię',
    },
    deletion: {
      subject: 'Potwierdź usunięcie danych swojego konta',
      intro:
        'Poprosiłeś nas o usunięcie Twoich danych osobowych. Po potwierdzeniu Twoje konto zostanie zamknięte, a imię i nazwisko, adres e-mail, numery telefonów i adresy zostaną usunięte. Złożone zamówienia pozostaną wraz z danymi do faktury, jak wymaga tego prawo.',
      button: 'Potwierdź usunięcie',
    },
    expiry: 'Link jest ważny przez {hours} godz.',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: bez Twojego potwierdzenia nic się nie stanie.',
  },
  ro_RO: {
    copy: {
      subject: 'Vă rugăm să confirmați cererea pentru o copie a datelor dvs.',
      intro:
        'Ați cerut o copie a datelor personale pe care Ironbridge Supply le păstrează despre dvs. După confirmare, copia este disponibilă timp de șapte zile în contul dvs., la „Protecția datelor”.',
      button: 'Confirmați cererea de copie',
    },
    deletion: {
      subject: 'Vă rugăm să confirmați ștergerea datelor contului dvs.',
      intro:
        'Ne-ați cerut să ștergem datele dvs. personale. După confirmare, contul dvs. este închis, iar numele, adresa de e-mail, numerele de telefon și adresele sunt șterse. Comenzile plasate se păstrează împreună cu datele de facturare, așa cum cere legea.',
      button: 'Confirmați ștergerea',
    },
    expiry: 'Linkul este valabil {hours} ore.',
    ignore:
      'Dacă nu ați cerut acest lucru, ignorați acest e-mail: nu se întâmplă nimic fără confirmarea dvs.',
  },
}
