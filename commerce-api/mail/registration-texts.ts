/**
 * The texts of the registration mails in the shop's five languages, beside the common texts of texts.ts.
 * Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'

export type RegistrationTexts = {
  /** To the shop: a customer registered and waits for approval. */
  approvalRequest: { subject: string; intro: string; details: string; action: string }
  /** To the customer: the registration was received and waits for approval. */
  received: { subject: string; intro: string }
  /** To the customer: the shop approved the account. */
  approved: { subject: string; intro: string; login: string; button: string }
}

export const REGISTRATION_TEXTS: Record<Locale, RegistrationTexts> = {
  en_US: {
    approvalRequest: {
      subject: 'New registration {customerNo} waits for approval',
      intro: 'A customer registered in the online shop and waits for your approval.',
      details: 'Customer: {customerNo}, {company}\nContact: {person}, {email}\nTax ID: {taxationID}',
      action: 'Approve it in the back office: npm run customers -- approve {customerNo}',
    },
    received: {
      subject: 'Your registration at Ironbridge Supply',
      intro:
        'Thank you for registering. We check new business accounts before the first login; we will write to you as soon as your account has been approved.',
    },
    approved: {
      subject: 'Your Ironbridge Supply account has been approved',
      intro: 'Your account has been approved. You can log in now.',
      login: 'Your user name: {login}',
      button: 'Log in',
    },
  },
  de_DE: {
    approvalRequest: {
      subject: 'Neue Registrierung {customerNo} wartet auf Freigabe',
      intro: 'Ein Kunde hat sich im Online-Shop registriert und wartet auf Ihre Freigabe.',
      details:
        'Kunde: {customerNo}, {company}\nAnsprechpartner: {person}, {email}\nSteuernummer: {taxationID}',
      action: 'Freigabe im Backoffice: npm run customers -- approve {customerNo}',
    },
    received: {
      subject: 'Ihre Registrierung bei Ironbridge Supply',
      intro:
        'vielen Dank für Ihre Registrierung. Neue Geschäftskonten prüfen wir vor der ersten Anmeldung; wir schreiben Ihnen, sobald Ihr Konto freigegeben ist.',
    },
    approved: {
      subject: 'Ihr Konto bei Ironbridge Supply ist freigegeben',
      intro: 'Ihr Konto wurde freigegeben. Sie können sich jetzt anmelden.',
      login: 'Ihr Benutzername: {login}',
      button: 'Anmelden',
    },
  },
  fr_FR: {
    approvalRequest: {
      subject: 'Nouvelle inscription {customerNo} en attente de validation',
      intro: 'Un client s’est inscrit dans la boutique en ligne et attend votre validation.',
      details: 'Client : {customerNo}, {company}\nContact : {person}, {email}\nNuméro fiscal : {taxationID}',
      action: 'Validez-la dans le back-office : npm run customers -- approve {customerNo}',
    },
    received: {
      subject: 'Votre inscription chez Ironbridge Supply',
      intro:
        'Merci pour votre inscription. Nous vérifions les nouveaux comptes professionnels avant la première connexion ; nous vous écrirons dès que votre compte aura été validé.',
    },
    approved: {
      subject: 'Votre compte Ironbridge Supply a été validé',
      intro: 'Votre compte a été validé. Vous pouvez vous connecter dès maintenant.',
      login: 'Votre nom d’utilisateur : {login}',
      button: 'Se connecter',
    },
  },
  pl_PL: {
    approvalRequest: {
      subject: 'Nowa rejestracja {customerNo} czeka na zatwierdzenie',
      intro: 'Klient zarejestrował się w sklepie internetowym i czeka na zatwierdzenie.',
      details: 'Klient: {customerNo}, {company}\nOsoba kontaktowa: {person}, {email}\nNIP: {taxationID}',
      action: 'Zatwierdź w zapleczu: npm run customers -- approve {customerNo}',
    },
    received: {
      subject: 'Twoja rejestracja w Ironbridge Supply',
      intro:
        'Dziękujemy za rejestrację. Nowe konta firmowe sprawdzamy przed pierwszym logowaniem; napiszemy do Ciebie, gdy tylko Twoje konto zostanie zatwierdzone.',
    },
    approved: {
      subject: 'Twoje konto w Ironbridge Supply zostało zatwierdzone',
      intro: 'Twoje konto zostało zatwierdzone. Możesz się teraz zalogować.',
      login: 'Twoja nazwa użytkownika: {login}',
      button: 'Zaloguj się',
    },
  },
  ro_RO: {
    approvalRequest: {
      subject: 'Înregistrarea nouă {customerNo} așteaptă aprobarea',
      intro: 'Un client s-a înregistrat în magazinul online și așteaptă aprobarea dumneavoastră.',
      details:
        'Client: {customerNo}, {company}\nPersoană de contact: {person}, {email}\nCod fiscal: {taxationID}',
      action: 'Aprobați-o în back-office: npm run customers -- approve {customerNo}',
    },
    received: {
      subject: 'Înregistrarea dumneavoastră la Ironbridge Supply',
      intro:
        'Vă mulțumim pentru înregistrare. Verificăm conturile noi de firmă înainte de prima autentificare; vă vom scrie imediat ce contul dumneavoastră a fost aprobat.',
    },
    approved: {
      subject: 'Contul dumneavoastră Ironbridge Supply a fost aprobat',
      intro: 'Contul dumneavoastră a fost aprobat. Vă puteți autentifica acum.',
      login: 'Numele dumneavoastră de utilizator: {login}',
      button: 'Autentificare',
    },
  },
}
