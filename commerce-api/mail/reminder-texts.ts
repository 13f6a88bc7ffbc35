/**
 * The texts of the password reminder mail (issue 33) in the shop's five languages, beside the common texts
 * of texts.ts. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'
import type { PasswordLinkTexts } from './texts'

export const REMINDER_TEXTS: Record<Locale, PasswordLinkTexts> = {
  en_US: {
    subject: 'Ironbridge Supply: choose a new password',
    intro:
      'We have received a request to reset the password of your account in the Ironbridge Supply online shop.',
    login: 'Your user name: {login}',
    action: 'To choose a new password, please open this link:',
    button: 'Choose new password',
    expiry:
      'The link can be used once and is valid for {hours} hours. If you ask for another link, this one stops working.',
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
  de_DE: {
    subject: 'Ironbridge Supply: Neues Passwort festlegen',
    intro:
      'wir haben eine Anfrage erhalten, das Passwort Ihres Kontos im Online-Shop von Ironbridge Supply zurückzusetzen.',
    login: 'Ihr Benutzername: {login}',
    action: 'Um ein neues Passwort festzulegen, öffnen Sie bitte diesen Link:',
    button: 'Neues Passwort festlegen',
    expiry:
      'Der Link kann einmal verwendet werden und ist {hours} Stunden gültig. Wenn Sie einen weiteren Link anfordern, wird dieser ungültig.',
    ignore:
      'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
  },
  fr_FR: {
    subject: 'Ironbridge Supply : choisissez un nouveau mot de passe',
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte sur la boutique en ligne Ironbridge Supply.',
    login: "Votre nom d'utilisateur : {login}",
    action: 'Pour choisir un nouveau mot de passe, veuillez ouvrir ce lien :',
    button: 'Choisir un nouveau mot de passe',
    expiry:
      'Le lien ne peut être utilisé qu’une seule fois et reste valable {hours} heures. Si vous demandez un autre lien, celui-ci ne fonctionnera plus.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.',
  },
  pl_PL: {
    subject: 'Ironbridge Supply: ustaw nowe hasło',
    intro:
      'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta w sklepie internetowym Ironbridge Supply.',
    login: 'Twoja nazwa użytkownika: {login}',
    action: 'Aby ustawić nowe hasło, otwórz ten link:',
    button: 'Ustaw nowe hasło',
    expiry:
      'Link można użyć tylko raz i jest ważny przez {hours} godz. Jeśli poprosisz o kolejny link, ten przestanie działać.',
    ignore: 'Jeśli to nie Ty wysłałeś tę prośbę, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
  },
  ro_RO: {
    subject: 'Ironbridge Supply: alegeți o parolă nouă',
    intro:
      'Am primit o solicitare de resetare a parolei contului dumneavoastră din magazinul online Ironbridge Supply.',
    login: 'Numele dumneavoastră de utilizator: {login}',
    action: 'Pentru a alege o parolă nouă, vă rugăm să deschideți acest link:',
    button: 'Alegeți o parolă nouă',
    expiry:
      'Linkul poate fi folosit o singură dată și este valabil {hours} ore. Dacă solicitați un alt link, acesta nu va mai funcționa.',
    ignore:
      'Dacă nu ați solicitat acest lucru, puteți ignora acest e-mail: parola dumneavoastră rămâne neschimbată.',
  },
}
