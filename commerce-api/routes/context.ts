import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import type { AccountSettings } from '../domain/configuration'
import type { PasskeySettings } from '../domain/passkeys'
import type { MailSettings } from '../mail/settings'

/**
 * The simulated payment provider's settings (PAYMENT_PAGE_URL, PAYMENT_SECRET, PAYMENT_FRAME_ANCESTORS);
 * unset means the defaults (the API's own address, a stored random secret, no framing).
 */
export type PaymentSettings = { pageUrl?: string; secret?: string; frameAncestors?: string[] }

/**
 * What every route module gets: the database, the one site it serves, the payment provider's settings, how
 * mail is sent (SMTP or the local mailbox), who may register and subscribe (REGISTRATION*, NEWSLETTER).
 */
export type ApiContext = {
  db: Db
  site: string
  payment: PaymentSettings
  mail: MailSettings
  accounts: AccountSettings
  /** Passkeys' relying party and origins (PASSKEY_*); null: the shop has none (an IP address). */
  passkeys: PasskeySettings | null
}
export type RouteModule = (app: FastifyInstance, ctx: ApiContext) => void
