/**
 * The texts of every mail, in the shop's five languages. Placeholders in braces (`{name}`) are filled by
 * `fill` with plain values; the renderer escapes them for HTML. A mail is written in its recipient's
 * preferred language; an unknown language falls back to the shop's default (German, spec §9).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/channel'

/** The texts of a mail whose button leads to the set-password page (the welcome and the reminder mail). */
export type PasswordLinkTexts = {
  subject: string
  intro: string
  login: string
  action: string
  button: string
  expiry: string
  ignore: string
}

export type MailTexts = {
  /** What every mail shares: greeting, signature, the automatic-mail note. */
  common: {
    greeting: string
    /** The greeting of a mail to someone whose name the shop does not know. */
    greetingNoName: string
    signature: string
    automatic: string
    linkHint: string
  }
  /** A new user's "set your password" mail. */
  welcome: PasswordLinkTexts
}

export const MAIL_TEXTS: Record<Locale, MailTexts> = {
  en_US: {
    common: {
      greeting: 'Hello {name},',
      greetingNoName: 'Hello,',
      signature: 'Kind regards,\nyour Ironbridge Supply team',
      automatic: 'This e-mail was sent automatically. Please do not reply to it.',
      linkHint: 'If the button does not work, copy this address into your browser:',
    },
    welcome: {
      subject: 'Welcome to Ironbridge Supply: please set your password',
      intro: 'An account has been created for you in the Ironbridge Supply online shop.',
      login: 'Your user name: {login}',
      action: 'To start, please choose your password:',
      button: 'Set password',
      expiry: 'The link can be used once and is valid for {hours} hours.',
      ignore: 'If you did not expect this e-mail, you can ignore it.',
    },
  },
  de_DE: {
    common: {
      greeting: 'Hallo {name},',
      greetingNoName: 'Hallo,',
      signature: 'Mit freundlichen Grüßen\nIhr Team von Ironbridge Supply',
      automatic: 'Diese E-Mail wurde automatisch versandt. Bitte antworten Sie nicht darauf.',
      linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    },
    welcome: {
      subject: 'Willkommen bei Ironbridge Supply: Bitte legen Sie Ihr Passwort fest',
      intro: 'für Sie wurde ein Konto im Online-Shop von Ironbridge Supply angelegt.',
      login: 'Ihr Benutzername: {login}',
      action: 'Bitte legen Sie zuerst Ihr Passwort fest:',
      button: 'Passwort festlegen',
      expiry: 'Der Link kann einmal verwendet werden und ist {hours} Stunden gültig.',
      ignore: 'Falls Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
    },
  },
  fr_FR: {
    common: {
      greeting: 'Bonjour {name},',
      greetingNoName: 'Bonjour,',
      signature: 'Cordialement,\nvotre équipe Ironbridge Supply',
      automatic: 'Cet e-mail a été envoyé automatiquement. Merci de ne pas y répondre.',
      linkHint: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    },
    welcome: {
      subject: 'Bienvenue chez Ironbridge Supply : veuillez définir votre mot de passe',
      intro: 'Un compte a été créé pour vous dans la boutique en ligne Ironbridge Supply.',
      login: "Votre nom d'utilisateur : {login}",
      action: 'Pour commencer, veuillez choisir votre mot de passe :',
      button: 'Définir le mot de passe',
      expiry: 'Le lien ne peut être utilisé qu’une seule fois et reste valable {hours} heures.',
      ignore: 'Si vous ne vous attendiez pas à cet e-mail, vous pouvez l’ignorer.',
    },
  },
  pl_PL: {
    common: {
      greeting: 'Dzień dobry {name},',
      greetingNoName: 'Dzień dobry,',
      signature: 'Z poważaniem\nzespół Ironbridge Supply',
      automatic: 'Ta wiadomość została wysłana automatycznie. Prosimy na nią nie odpowiadać.',
      linkHint: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    },
    welcome: {
      subject: 'Witamy w Ironbridge Supply: ustaw swoje hasło',
      intro: 'W sklepie internetowym Ironbridge Supply utworzono dla Ciebie konto.',
      login: 'Twoja nazwa użytkownika: {login}',
      action: 'Na początek ustaw swoje hasło:',
      button: 'Ustaw hasło',
      expiry: 'Link można użyć tylko raz i jest ważny przez {hours} godz.',
      ignore: 'Jeśli nie spodziewałeś się tej wiadomości, możesz ją zignorować.',
    },
  },
  ro_RO: {
    common: {
      greeting: 'Bună ziua, {name},',
      greetingNoName: 'Bună ziua,',
      signature: 'Cu stimă,\nechipa Ironbridge Supply',
      automatic: 'Acest e-mail a fost trimis automat. Vă rugăm să nu răspundeți la el.',
      linkHint: 'Dacă butonul nu funcționează, copiați această adresă în browser:',
    },
    welcome: {
      subject: 'Bun venit la Ironbridge Supply: vă rugăm să vă setați parola',
      intro: 'V-a fost creat un cont în magazinul online Ironbridge Supply.',
      login: 'Numele dumneavoastră de utilizator: {login}',
      action: 'Pentru a începe, vă rugăm să vă alegeți parola:',
      button: 'Setează parola',
      expiry: 'Linkul poate fi folosit o singură dată și este valabil {hours} ore.',
      ignore: 'Dacă nu vă așteptați la acest e-mail, îl puteți ignora.',
    },
  },
}

/** The recipient's language if the shop has it, else the shop's default. */
export function mailLocale(preferredLanguage: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(preferredLanguage ?? '')
    ? (preferredLanguage as Locale)
    : DEFAULT_LOCALE
}

const PLACEHOLDER = /\{(\w+)\}/
/** Templates split once: literal texts at even positions, placeholder names at odd ones. */
const splitTemplates = new Map<string, string[]>()
/** The mail texts are a few hundred; a template beyond that many is split on every use. */
const MAX_SPLIT_TEMPLATES = 2000

/**
 * A text with its `{placeholders}` filled; an unknown placeholder stays as it is. A decision's twenty mails
 * fill the same templates over and over, so each is split once rather than scanned by a replace callback.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  let parts = splitTemplates.get(template)
  if (!parts) {
    parts = template.split(PLACEHOLDER)
    if (splitTemplates.size < MAX_SPLIT_TEMPLATES) splitTemplates.set(template, parts)
  }
  let text = parts[0]!
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!
    text += (Object.hasOwn(values, key) ? String(values[key]) : `{${key}}`) + parts[i + 1]!
  }
  return text
}

/** Money formats by locale and currency: making one costs more than a whole mail's other text. */
const moneyFormats = new Map<string, Intl.NumberFormat>()

/** An amount in minor units, written as the recipient's language writes money. */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const key = `${locale} ${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency })
    // Locales are five and currencies come from the shop's few; the bound only guards against surprises.
    if (moneyFormats.size < 500) moneyFormats.set(key, format)
  }
  return format.format(minor / 100)
}
