/**
 * Which prices a shopper sees (spec §1 "price display mode", shell §2.7): the channel's display for their
 * customer type, unless the configuration enables the display-type switch ("preferred price display type")
 * and they chose otherwise — a logged-in user's choice is their ICM user attribute (kept in the session user
 * at login and when switched), an anonymous shopper's lives in the session.
 */
import type { Configuration } from '~/models/configuration'
import { priceDisplayOf, type PriceDisplay } from '~/models/price'
import type { ShopSession } from './session.server'

export function priceDisplayFor(session: ShopSession, settings: Configuration): PriceDisplay {
  const user = session.get('user')
  const standard = priceDisplayOf(user?.customerType, settings)
  if (!settings.displaySwitch) return standard
  return (user ? user.preferredDisplay : session.get('priceDisplay')) ?? standard
}

/** What the header's switch shows: the display in effect and whether the choice is kept in the account. */
export type DisplaySwitch = { display: PriceDisplay; saved: boolean }

export function displaySwitchOf(session: ShopSession, settings: Configuration): DisplaySwitch | null {
  if (!settings.displaySwitch) return null
  return { display: priceDisplayFor(session, settings), saved: session.get('user') !== undefined }
}
