import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  LOCALES,
  MAX_ITEM_QUANTITY,
  type Currency,
  type Locale,
} from './channel'

/** The channel's settings: what `GET configurations` reports and what the basket's rules read. */
export type ChannelSettings = {
  locales: readonly Locale[]
  defaultLocale: Locale
  currencies: readonly Currency[]
  defaultCurrency: Currency
  basket: {
    /** The terms and conditions must be accepted before an order is placed. */
    termsAndConditions: boolean
    /** Checkout may jump straight to the review step when the basket is already complete. */
    acceleration: boolean
    maxItemQuantity: number
  }
  shipping: {
    multipleShipmentsSupported: boolean
    desiredDeliveryDate: boolean
    desiredDeliveryDaysMin: number
    desiredDeliveryDaysMax: number
    deliveryExcludeSaturday: boolean
    deliveryExcludeSunday: boolean
  }
  pricing: {
    /** The price lists hold net prices; gross prices are computed with the market's tax rate. */
    priceType: 'net' | 'gross'
    privateCustomerPriceDisplayType: 'net' | 'gross'
    smbCustomerPriceDisplayType: 'net' | 'gross'
    /**
     * The configuration key "preferred price display type" (spec §9): a user may switch between gross and net
     * prices (the display-type switch, shell §2.7); off: everyone sees the display of their customer type.
     */
    preferredPriceDisplayTypeEnabled: boolean
  }
  advancedVariationHandling: boolean
  /**
   * Features whose presence the configuration announces. Only what the API implements may be on: a client
   * that believes in approvals or recurring orders would offer the shopper calls that do not exist.
   */
  features: { orderApproval: boolean; recurringOrders: boolean }
}

const SETTINGS: ChannelSettings = {
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  currencies: CURRENCIES,
  defaultCurrency: DEFAULT_CURRENCY,
  basket: { termsAndConditions: true, acceleration: false, maxItemQuantity: MAX_ITEM_QUANTITY },
  shipping: {
    multipleShipmentsSupported: false,
    desiredDeliveryDate: true,
    desiredDeliveryDaysMin: 2,
    desiredDeliveryDaysMax: 60,
    deliveryExcludeSaturday: true,
    deliveryExcludeSunday: true,
  },
  pricing: {
    priceType: 'net',
    privateCustomerPriceDisplayType: 'gross',
    smbCustomerPriceDisplayType: 'net',
    preferredPriceDisplayTypeEnabled: true,
  },
  advancedVariationHandling: false,
  // Requisitions with approval (ADR 0019) and recurring orders (ADR 0020) are built.
  features: { orderApproval: true, recurringOrders: true },
}

export const channelSettings = (): ChannelSettings => SETTINGS

export type CustomerKind = 'private' | 'business'

/**
 * Who may open an account and how (spec §4 "Registration and login", §9 "B2B/B2C registration enabled",
 * "newsletter enabled"): from the environment (config.ts: REGISTRATION, REGISTRATION_APPROVAL, NEWSLETTER).
 */
export type AccountSettings = {
  /** Which kinds of customer may register themselves. */
  registration: Record<CustomerKind, boolean>
  /** Which kinds of customer wait for the shop's approval before their first login. */
  approval: Record<CustomerKind, boolean>
  /** Customers may subscribe to the newsletter. */
  newsletter: boolean
}

/** Both kinds register; business customers wait for approval; the newsletter is offered. */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  registration: { private: true, business: true },
  approval: { private: false, business: true },
  newsletter: true,
}
