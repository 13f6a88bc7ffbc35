/**
 * The texts of a new user's invitation mail (issue 35) in the shop's five languages, beside the common texts
 * of texts.ts. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'
import type { PasswordLinkTexts } from './texts'

/** A password-link mail's texts (it is sent as one); its `expiry` fills `{days}`: how long the link works. */
export type InvitationTexts = PasswordLinkTexts

export const INVITATION_TEXTS: Record<Locale, InvitationTexts> = {
  en_US: {
    subject: 'Your invitation to the Ironbridge Supply online shop',
    intro: 'Your company has invited you to order in the Ironbridge Supply online shop.',
    login: 'Your user name: {login}',
    action:
      "To accept the invitation, open this link: you then sign in with your company's account, or choose a password for the shop.",
    button: 'Accept invitation',
    expiry: 'The link can be used once and is valid for {days} days.',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  de_DE: {
    subject: 'Ihre Einladung in den Online-Shop von Ironbridge Supply',
    intro: 'Ihr Unternehmen hat Sie eingeladen, im Online-Shop von Ironbridge Supply zu bestellen.',
    login: 'Ihr Benutzername: {login}',
    action:
      'Um die Einladung anzunehmen, öffnen Sie diesen Link: Sie melden sich dann mit dem Konto Ihres Unternehmens an oder legen ein Passwort für den Shop fest.',
    button: 'Einladung annehmen',
    expiry: 'Der Link kann einmal verwendet werden und ist {days} Tage gültig.',
    ignore: 'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  fr_FR: {
    subject: 'Votre invitation à la boutique en ligne Ironbridge Supply',
    intro: 'Votre entreprise vous invite à commander dans la boutique en ligne Ironbridge Supply.',
    login: "Votre nom d'utilisateur : {login}",
    action:
      'Pour accepter l’invitation, ouvrez ce lien : vous vous connectez ensuite avec le compte de votre entreprise, ou vous choisissez un mot de passe pour la boutique.',
    button: 'Accepter l’invitation',
    expiry: 'Le lien ne peut être utilisé qu’une seule fois et reste valable {days} jours.',
    ignore: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.',
  },
  pl_PL: {
    subject: 'Zaproszenie do sklepu internetowego Ironbridge Supply',
    intro: 'Twoja firma zaprasza Cię do składania zamówień w sklepie internetowym Ironbridge Supply.',
    login: 'Twoja nazwa użytkownika: {login}',
    action:
      'Aby przyjąć zaproszenie, otwórz ten link: zalogujesz się kontem swojej firmy albo ustawisz hasło do sklepu.',
    button: 'Przyjmij zaproszenie',
    expiry: 'Link można użyć tylko raz i jest ważny przez {days} dni.',
    ignore: 'Jeśli nie spodziewałeś się tego zaproszenia, zignoruj tę wiadomość.',
  },
  ro_RO: {
    subject: 'Invitația dumneavoastră în magazinul online Ironbridge Supply',
    intro: 'Compania dumneavoastră vă invită să comandați în magazinul online Ironbridge Supply.',
    login: 'Numele dumneavoastră de utilizator: {login}',
    action:
      'Pentru a accepta invitația, deschideți acest link: vă veți autentifica apoi cu contul companiei sau veți alege o parolă pentru magazin.',
    button: 'Acceptați invitația',
    expiry: 'Linkul poate fi folosit o singură dată și este valabil {days} zile.',
    ignore: 'Dacă nu vă așteptați la această invitație, puteți ignora acest e-mail.',
  },
}
