/**
 * Whether a shopper sees prices (spec shell §6, commerce §5; ADR 0045): the one rule every price view, total,
 * tracking event and structured-data block of the shop follows.
 *
 * - `shown`: the prices, in the shopper's price display (gross or net). Guests and private customers always
 *   (price display is active unless the customer says otherwise, and only a business customer says so).
 * - `blank`: a business customer whose price display is off (`isPriceDisplayActive: false`) in a shop with
 *   no-price checkout (`noPriceCheckoutEnabled`): an empty price everywhere, and they order without prices.
 * - `on_demand`: such a customer in a shop without no-price checkout: the price texts' "price on demand"
 *   instead of each price, and no checkout (they ask for their prices first).
 *
 * The commerce API prices and totals everything as ICM does; only what the shop shows follows this.
 */
export type PriceVisibility = 'shown' | 'blank' | 'on_demand'

export type PriceVisibilityFacts = {
  /** Absent for a guest (no customer). */
  customerType?: 'PrivateCustomer' | 'SMBCustomer'
  /** The customer's `isPriceDisplayActive`; absent means active (ICM's default). */
  priceDisplayActive?: boolean
  /** The extra setting of the configuration include (spec shell §3). */
  noPriceCheckoutEnabled: boolean
}

export function priceVisibilityOf(facts: PriceVisibilityFacts): PriceVisibility {
  if (facts.customerType !== 'SMBCustomer' || facts.priceDisplayActive !== false) return 'shown'
  return facts.noPriceCheckoutEnabled ? 'blank' : 'on_demand'
}

/** Prices may be written into the page (and its tracking and structured data). */
export const showsPrices = (visibility: PriceVisibility) => visibility === 'shown'

/** The shopper may check out: with prices, or without them where no-price checkout is on. */
export const mayCheckOut = (visibility: PriceVisibility) => visibility !== 'on_demand'

/** A money value for the page, or undefined where the shopper may not see it. */
export function visibleAmount<T>(value: T | undefined, visibility: PriceVisibility): T | undefined {
  return showsPrices(visibility) ? value : undefined
}
