/**
 * The texts of the mails about a user's own account changes (domain/profile.ts), in the shop's five languages:
 * the old address hears that the e-mail address was changed, the user that the password was changed. Both
 * tell what to do when it was not them. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'

export type AccountMailTexts = {
  emailChanged: { subject: string; intro: string; newAddress: string; notYou: string }
  passwordChanged: { subject: string; intro: string; notYou: string }
}

export const ACCOUNT_MAIL_TEXTS: Record<Locale, AccountMailTexts> = {
  en_US: {
    emailChanged: {
      subject: 'Your e-mail address at Ironbridge Supply was changed',
      intro: 'The e-mail address of your Ironbridge Supply account was changed on {date}.',
      newAddress: 'From now on we write to: {email}',
      notYou: 'If you did not make this change, please contact us right away.',
    },
    passwordChanged: {
      subject: 'Your password at Ironbridge Supply was changed',
      intro: 'The password of your Ironbridge Supply account was changed on {date}.',
      notYou: 'If you did not make this change, please reset your password and contact us right away.',
    },
  },
  de_DE: {
    emailChanged: {
      subject: 'Ihre E-Mail-Adresse bei Ironbridge Supply wurde geändert',
      intro: 'die E-Mail-Adresse Ihres Kontos bei Ironbridge Supply wurde am {date} geändert.',
      newAddress: 'Ab jetzt schreiben wir an: {email}',
      notYou: 'Falls Sie diese Änderung nicht vorgenommen haben, wenden Sie sich bitte sofort an uns.',
    },
    passwordChanged: {
      subject: 'Ihr Passwort bei Ironbridge Supply wurde geändert',
      intro: 'das Passwort Ihres Kontos bei Ironbridge Supply wurde am {date} geändert.',
      notYou:
        'Falls Sie diese Änderung nicht vorgenommen haben, setzen Sie bitte Ihr Passwort zurück und wenden Sie sich sofort an uns.',
    },
  },
  fr_FR: {
    emailChanged: {
      subject: 'Votre adresse e-mail chez Ironbridge Supply a été modifiée',
      intro: "L'adresse e-mail de votre compte Ironbridge Supply a été modifiée le {date}.",
      newAddress: 'Désormais, nous vous écrivons à : {email}',
      notYou: "Si vous n'êtes pas à l'origine de cette modification, contactez-nous immédiatement.",
    },
    passwordChanged: {
      subject: 'Votre mot de passe chez Ironbridge Supply a été modifié',
      intro: 'Le mot de passe de votre compte Ironbridge Supply a été modifié le {date}.',
      notYou:
        "Si vous n'êtes pas à l'origine de cette modification, réinitialisez votre mot de passe et contactez-nous immédiatement.",
    },
  },
  pl_PL: {
    emailChanged: {
      subject: 'Twój adres e-mail w Ironbridge Supply został zmieniony',
      intro: 'Adres e-mail Twojego konta w Ironbridge Supply został zmieniony dnia {date}.',
      newAddress: 'Od teraz piszemy na adres: {email}',
      notYou: 'Jeśli to nie Ty wprowadziłeś tę zmianę, skontaktuj się z nami natychmiast.',
    },
    passwordChanged: {
      subject: 'Twoje hasło w Ironbridge Supply zostało zmienione',
      intro: 'Hasło Twojego konta w Ironbridge Supply zostało zmienione dnia {date}.',
      notYou: 'Jeśli to nie Ty wprowadziłeś tę zmianę, zresetuj hasło i skontaktuj się z nami natychmiast.',
    },
  },
  ro_RO: {
    emailChanged: {
      subject: 'Adresa dumneavoastră de e-mail la Ironbridge Supply a fost schimbată',
      intro: 'Adresa de e-mail a contului dumneavoastră Ironbridge Supply a fost schimbată la {date}.',
      newAddress: 'De acum vă scriem la: {email}',
      notYou: 'Dacă nu dumneavoastră ați făcut această modificare, vă rugăm să ne contactați imediat.',
    },
    passwordChanged: {
      subject: 'Parola dumneavoastră la Ironbridge Supply a fost schimbată',
      intro: 'Parola contului dumneavoastră Ironbridge Supply a fost schimbată la {date}.',
      notYou:
        'Dacă nu dumneavoastră ați făcut această modificare, vă rugăm să vă resetați parola și să ne contactați imediat.',
    },
  },
}
