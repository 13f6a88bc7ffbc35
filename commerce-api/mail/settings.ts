/**
 * How the commerce API sends mail (SMTP_URL, MAIL_FROM, STOREFRONT_URL). The settings are process-wide:
 * mails are queued deep inside business transactions (`queueWelcomeMail(tx, user)`), which get no server
 * context, so `buildServer` sets them once with `configureMail` and the mail functions read them here.
 */

export const DEFAULT_MAIL_FROM = 'Ironbridge Supply <shop@ironbridge.test>'
export const DEFAULT_STOREFRONT_URL = 'http://localhost:3000'

export type MailSettings = {
  /**
   * nodemailer's SMTP transport URL (`smtp://user:pass@host:587`, `smtps://…`). Unset: the embedded default,
   * where every mail stays in the outbox and the API's local mailbox page (`/mailbox`) shows it.
   */
  smtpUrl?: string
  /** The sender of every mail. */
  from: string
  /** Where the shop's own mails go (SHOP_MAIL; a registration that waits for approval): default MAIL_FROM's address. */
  shop?: string
  /** Where the contact form's messages go (CONTACT_MAIL, issue 36): default the shop's address above. */
  contact?: string
  /** The storefront's public address, the base of every link in a mail. */
  storefrontUrl: string
  /**
   * The local mailbox's password (MAILBOX_TOKEN): when set, the mailbox pages answer only a caller sending it
   * (routes/mailbox.ts). Production has one always (config.ts refuses to start without).
   */
  mailboxToken?: string
}

/** The address part of `Name <address>` (or the whole text when it has none). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim()

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  from: DEFAULT_MAIL_FROM,
  shop: addressOf(DEFAULT_MAIL_FROM),
  storefrontUrl: DEFAULT_STOREFRONT_URL,
}

let current: MailSettings = DEFAULT_MAIL_SETTINGS

/** Sets the process's mail settings (buildServer does, from its options). */
export function configureMail(settings: Partial<MailSettings> = {}): MailSettings {
  current = {
    smtpUrl: settings.smtpUrl || undefined,
    from: settings.from || DEFAULT_MAIL_FROM,
    shop: settings.shop || addressOf(settings.from || DEFAULT_MAIL_FROM),
    contact: settings.contact || undefined,
    storefrontUrl: (settings.storefrontUrl || DEFAULT_STOREFRONT_URL).replace(/\/+$/, ''),
    mailboxToken: settings.mailboxToken || undefined,
  }
  return current
}

export const mailSettings = (): MailSettings => current

/** Where the shop's own mails go: SHOP_MAIL, else the sender's address. */
export const shopAddress = (settings: MailSettings = current) => settings.shop || addressOf(settings.from)

/** Where the contact form's messages go: CONTACT_MAIL, else the shop's address. */
export const contactAddress = (settings: MailSettings = current) => settings.contact || shopAddress(settings)

/** A page of the storefront in a mail's language (`en_US` → `/en/{path}`): the base of every mail's links. */
export const storefrontPage = (locale: string, path: string) =>
  new URL(`${current.storefrontUrl}/${locale.slice(0, 2)}/${path}`)

/** The local mailbox exists only in the embedded default: with SMTP, mail leaves and the page answers 404. */
export const mailboxEnabled = (settings: MailSettings = current) => !settings.smtpUrl
